/**
 * The games a server plays at once (docs/serve.md, "Playing over SSH"): whether one more may start,
 * each game from its start to its end in the log, and ending them all when the server shuts down.
 */
import type { ServerChannel } from 'ssh2';
import { SolverShare } from '../host/solver-thread';
import { SERVER_DISK_LIMITS } from '../store/disk-limits';
import { SearchTurns } from '../host/search-turns';
import { Tally } from './limits';
import * as path from 'path';
import { playerPlaces } from '../store/paths';
import { boardHooks } from './board';
import type { Answer, BoardAccess, GameChoice, LoginChoice } from './choice';
import { error, info, warning } from './log';
import type { ServerMetrics } from './metrics';
import type { ServeOptions } from './options';
import {
  type Player,
  playSession,
  type Pty,
  type SessionControl,
  type SessionEnd,
  type SessionLink,
  shownTo,
} from './player';
import {
  fullFromAddress,
  internalError,
  ONLY_THE_GAME,
  serverFull,
  sshLogin,
  SHUTTING_DOWN,
  BANNED,
  BANNED_ENDED,
  TAKE_OVER_ASK,
  TAKEN_OVER,
  DATABASE_DOWN,
} from '../words/serve';
import type { DiskLimits } from '../store/disk-limits';
import type { PgNode } from '../store/postgres/node';
import type { PgPlayer } from '../store/postgres/player';

/** A game asked for on a session channel: where it plays, for whom, on what terminal. */
export interface GameRequest {
  readonly channel: ServerChannel;
  readonly address: string;
  readonly link: SessionLink;
  readonly pty: Pty;
  readonly env: Readonly<Record<string, string>>;
  readonly player: Player;
  /** The game the player named when logging in. */
  readonly choice?: GameChoice;
}

/** A game being played for a player with a key: how to end it, and its end. */
interface LiveGame {
  control: SessionControl | null;
  done: Promise<unknown>;
}

export class Games {
  /** The games of each player with a key now, by the player's id, oldest first. */
  private readonly live = new Map<string, LiveGame[]>();
  private readonly tally = new Tally();
  /** How to end each game being played, and whose it is. */
  private readonly controls = new Map<
    SessionControl,
    { readonly address: string; readonly player: Player; readonly game: LiveGame }
  >();
  private readonly running = new Set<Promise<unknown>>();
  /** The lost-game search's turns, shared by every game of the server. */
  private readonly searchTurns = new SearchTurns();
  private closing = false;

  /** Where the server listens, once it does: the port a player logs in again on. */
  private listening: { readonly address: string; readonly port: number } | null = null;

  constructor(
    private readonly options: ServeOptions,
    private readonly metrics: ServerMetrics,
    /** What the ban list bans now (docs/serve.md, "The ban list"). */
    private readonly banned: Banned | null = null,
  ) {}

  /** The server listens now, on `address`. */
  listeningOn(address: { readonly address: string; readonly port: number }): void {
    this.listening = address;
  }

  /** What a player types to log in again. */
  private loginAgain(): string {
    const shown = this.options.shownAs;
    const host = shown?.host ?? this.listening?.address ?? 'HOST';
    return sshLogin(host, shown?.port ?? this.listening?.port ?? 22);
  }

  /** Games being played now. */
  get total(): number {
    return this.tally.total;
  }

  /** The answer to a login's command that asks a question, or null when it asks none. */
  ask(command: string, player: Player): Promise<Answer> | null {
    const limits = this.options.diskLimits ?? SERVER_DISK_LIMITS;
    const store = this.options.store;
    const asker =
      player.kind === 'key'
        ? {
            places: playerPlaces(player.folder, limits),
            records: path.join(player.folder, 'records'),
            login: this.loginAgain(),
            ...(store === undefined
              ? {}
              : {
                  load: async () => ({
                    ...playerPlaces(player.folder, limits),
                    engine: await store.player(player.id, limits, false),
                  }),
                }),
          }
        : { places: null, records: null, login: this.loginAgain() };
    const board = this.boardOf(player);
    return this.options.ask?.(command, board ? { ...asker, board } : asker) ?? null;
  }

  /** The daily board as `player` reaches it, if the server keeps one. */
  private boardOf(player: Player): BoardAccess | undefined {
    const { board, rules } = this.options;
    if (board === undefined) return undefined;
    return {
      board,
      rules,
      player: player.kind === 'key' ? player.id : null,
      login: this.loginAgain(),
    };
  }

  /** The game a login's command names, or why it is refused. */
  login(command: string): LoginChoice {
    return this.options.login?.(command) ?? { ok: false, message: ONLY_THE_GAME };
  }

  /**
   * Ends, saved, every game whose player `banned` says is banned, by address or key (docs/serve.md,
   * "The ban list"); resolves with how many once they are settled.
   */
  async endBanned(banned: Banned): Promise<number> {
    const ending = [...this.controls].filter(([, { address, player }]) =>
      isBanned(banned, address, player),
    );
    for (const [control] of ending) control.end(BANNED_ENDED);
    await Promise.allSettled(ending.map(([, { game }]) => game.done));
    return ending.length;
  }

  /** Why a game from `address` may not start now, as its player is told; null if it may. */
  refusal(address: string, player: Player): string | null {
    const { maxSessions, maxPerAddress, log } = this.options;
    if (this.banned !== null && isBanned(this.banned, address, player)) {
      this.metrics.refused(this.banned.address(address) ? 'banned_address' : 'banned_key');
      log(
        warning('a game refused: banned', { address, player: playerName(player), event: 'banned' }),
      );
      return BANNED;
    }
    if (this.closing) {
      this.metrics.refused('shutting_down');
      return SHUTTING_DOWN;
    }
    if (this.tally.total >= maxSessions) {
      this.metrics.refused('full');
      log(warning('a game refused: the server is full', { address, event: 'refused' }));
      return serverFull(maxSessions);
    }
    if (this.tally.of(address) >= maxPerAddress) {
      this.metrics.refused('per_address');
      log(
        warning(`a game refused: ${maxPerAddress} already from there`, {
          address,
          event: 'refused',
        }),
      );
      return fullFromAddress(maxPerAddress);
    }
    return null;
  }

  /**
   * Plays the game `request` asks for until it ends, then calls `ended` and closes its channel with
   * the game's exit status.
   */
  play(request: GameRequest, ended: () => void): void {
    const { channel, address, player } = request;
    const done = this.tally.add(address);
    const entry: LiveGame = { control: null, done: Promise.resolve() };
    const game = this.offerTakeOver(request)
      .then((here) => {
        if (!here) return { status: 0, why: 'the connection closed' };
        if (player.kind === 'key') this.live.set(player.id, [...this.liveOf(player.id), entry]);
        return this.stored(request, entry);
      })
      .then(({ status, why, unsaved }: SessionEnd) => {
        ended();
        done();
        // The player is told why; the log says that it happened, to look into.
        const kept = unsaved === true ? '; it could not be saved' : '';
        const said = unsaved === true ? warning : info;
        const fields = { address, player: playerName(player), event: 'game-ended' };
        this.options.log(said(`a game ended: ${why} (status ${status})${kept}`, fields));
        try {
          channel.exit(status);
          channel.end();
        } catch {
          // The connection is gone already.
        }
      });
    entry.done = game;
    this.running.add(game);
    void game.finally(() => {
      this.running.delete(game);
      if (player.kind !== 'key') return;
      const left = this.liveOf(player.id).filter((other) => other !== entry);
      if (left.length > 0) this.live.set(player.id, left);
      else this.live.delete(player.id);
    });
  }

  private liveOf(id: string): LiveGame[] {
    return this.live.get(id) ?? [];
  }

  /**
   * A player whose game is open in another session of this server (a connection that dropped
   * without a word, a laptop that slept) is asked whether to take it over (docs/serve.md, "Your
   * game back at once"): on y the other session is told and ended, its game saved with its last
   * action, and this one goes on once it is. Resolves false when the player left meanwhile.
   */
  private async offerTakeOver({ channel, address, player }: GameRequest): Promise<boolean> {
    if (player.kind !== 'key') return true;
    const newest = this.liveOf(player.id).at(-1);
    const store = this.options.store;
    // Another server's session, through the database they share (docs/serve.md, "The database").
    const elsewhere =
      newest === undefined && store !== undefined
        ? await store.heldElsewhere(player.id).catch(() => false)
        : false;
    if (newest === undefined && !elsewhere) return true;
    channel.write(`${TAKE_OVER_ASK}\r\n`);
    const key = await firstKey(channel);
    if (key === null) return false;
    if (key !== 'y' && key !== 'Y') return true;
    if (newest === undefined) {
      const taken = await store?.takeOver(player.id).catch(() => 0);
      const games = taken === 1 ? 'a game' : `${taken ?? 0} games`;
      this.options.log(
        info(`${games} taken over by a new login, from another session`, {
          address,
          player: player.fingerprint,
          event: 'taken-over',
        }),
      );
      return true;
    }
    this.options.log(
      info('a game taken over by a new login', {
        address,
        player: player.fingerprint,
        event: 'taken-over',
      }),
    );
    newest.control?.end(TAKEN_OVER);
    await newest.done;
    return true;
  }

  /**
   * The session's game, with what the database holds of its player when the server keeps its
   * players there (docs/serve.md, "The database"), whose games are let go once it is over; a
   * database that cannot be read refuses the game.
   */
  private async stored(request: GameRequest, entry: LiveGame): Promise<SessionEnd> {
    const { channel, address, player } = request;
    const store = this.options.store;
    if (store === undefined || player.kind !== 'key') return this.session(request, entry);
    const loaded = await loadEngine(
      store,
      player.id,
      this.options.diskLimits ?? SERVER_DISK_LIMITS,
    );
    if (!loaded.ok) {
      this.options.log(
        error(`a game refused: the database: ${loaded.why}`, { address, event: 'refused' }),
      );
      channel.stderr.write(`${DATABASE_DOWN}\r\n`);
      return { status: 1, why: 'the database could not be read' };
    }
    try {
      return await this.session({ ...request, engine: loaded.engine }, entry);
    } finally {
      await store.ended(loaded.engine);
    }
  }

  /**
   * Tells every player why, ends every game (each saved), and resolves once every game is
   * settled; no game starts after.
   */
  async shutdown(reason: string): Promise<void> {
    this.closing = true;
    for (const control of this.controls.keys()) control.end(reason);
    await Promise.allSettled([...this.running]);
  }

  /** The session's game, to its end; a failure of its code ends it, and the server goes on. */
  private session(
    {
      channel,
      address,
      link,
      pty,
      env,
      player,
      choice,
      engine,
    }: GameRequest & {
      engine?: PgPlayer;
    },
    entry: LiveGame,
  ): Promise<SessionEnd> {
    const options = this.options;
    const access = this.boardOf(player);
    // The board's hooks read the player's name first (docs/serve.md, "The daily board").
    const log = (line: string) =>
      options.log(warning(line, { address, player: playerName(player), event: 'board' }));
    const hooks = access === undefined ? Promise.resolve(undefined) : boardHooks(access, log);
    return hooks
      .then((board) =>
        playSession({
          channel,
          link,
          pty,
          env,
          player,
          login: this.loginAgain(),
          rules: options.rules,
          ...(choice === undefined ? {} : { choice }),
          ...(options.fixedRules === true ? { fixedRules: true } : {}),
          randomSeed: options.randomSeed,
          ...(options.version === undefined ? {} : { version: options.version }),
          solver: options.solver ? new SolverShare(options.solver) : null,
          idleMs: options.idleMs,
          diskLimits: options.diskLimits ?? SERVER_DISK_LIMITS,
          ...(options.outputStallMs === undefined ? {} : { outputStallMs: options.outputStallMs }),
          ...(options.sessionBudget === undefined ? {} : { budget: options.sessionBudget }),
          searchTurns: this.searchTurns,
          ...(engine === undefined ? {} : { engine }),
          ...(board === undefined ? {} : { board }),
          timed: {
            keyToFrame: (ms) => this.metrics.keyToFrame(ms),
            // A guest's game is never kept: its saves, refused, are no store's failing.
            saved: (ms, ok) => (player.kind === 'key' ? this.metrics.saved(ms, ok) : undefined),
          },
          register: (control) => {
            this.controls.set(control, { address, player, game: entry });
            entry.control = control;
            return () => {
              this.controls.delete(control);
              entry.control = null;
            };
          },
        }),
      )
      .then(
        (end) => end,
        (failure: unknown): SessionEnd => {
          // This session's bug ends this session, and the server goes on.
          const detail = failure instanceof Error ? failure.message : String(failure);
          options.log(
            error(`a game failed: ${detail}`, {
              address,
              player: playerName(player),
              event: 'game-failed',
            }),
          );
          channel.stderr.write(`${internalError(shownTo(player, detail))}\r\n`);
          return { status: 70, why: 'an internal error' };
        },
      );
  }
}

/** What the database holds of the player, for `play`'s session; refused with why if it cannot be read. */
async function loadEngine(
  store: PgNode,
  id: string,
  limits: DiskLimits,
): Promise<{ ok: true; engine: PgPlayer } | { ok: false; why: string }> {
  try {
    return { ok: true, engine: await store.player(id, limits) };
  } catch (error) {
    return { ok: false, why: (error as Error).message };
  }
}

/** What the ban list bans: addresses, and keys by their fingerprints. */
export interface Banned {
  address(address: string): boolean;
  key(print: string): boolean;
}

function isBanned(banned: Banned, address: string, player: Player): boolean {
  return banned.address(address) || (player.kind === 'key' && banned.key(player.fingerprint));
}

/** The player as the log names them: their key's fingerprint, or `guest`. */
export function playerName(player: Player): string {
  return player.kind === 'key' ? player.fingerprint : 'guest';
}

/** The first key the player presses on `channel`, or null when the channel closes first. */
function firstKey(channel: ServerChannel): Promise<string | null> {
  return new Promise((resolve) => {
    const key = (data: Buffer) => {
      channel.off('close', gone);
      resolve(data.toString('utf8').charAt(0));
    };
    const gone = () => {
      channel.off('data', key);
      resolve(null);
    };
    channel.once('data', key);
    channel.once('close', gone);
  });
}
