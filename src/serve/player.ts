/**
 * One player's game over an SSH session (docs/serve.md, "Playing over SSH"): the session's channel
 * is the terminal, the pty request gives its type and size, window-change requests resize it. The
 * game is the same as on a local terminal; what belongs to the process there (signals, Ctrl-Z,
 * a crash) belongs to the session here, and the server ends it when it must.
 */
import * as fs from 'fs';
import * as path from 'path';
import { PassThrough } from 'stream';
import type { ServerChannel } from 'ssh2';
import type { DealId, Rules } from '../engine';
import { dealSearch } from '../host/deal-search';
import type { GameChoice } from './choice';
import type { JobRunner } from '../search';
import type { SearchTurns } from '../host/search-turns';
import type { GameHost } from '../ui/loop';
import type { PlayOptions } from '../ui/play';
import type { PgPlayer } from '../store/postgres/player';
import { holdUntilSaved } from './saved-frames';
import type { DiskLimits } from '../store/disk-limits';
import { fsReason } from '../store/errors';
import { folderAsHome, playerPlaces, type Places } from '../store/paths';
import { InputPump, limitUnsent, TokenBucket } from './limits';
import { SessionPacer, type SessionTimes, WorkMeter } from './pacing';
import {
  CANNOT_SUSPEND,
  duration,
  endedByServer,
  findingDeal,
  GUEST_HAS_NO_RECORDS,
  GUEST_NOT_KEPT,
  idleEnded,
  idleWarning,
  NO_SEARCH,
  RECORDS_SHOWN,
  recordsRefused,
  TAKEN_OVER,
} from '../words/serve';

/** The terminal a client asked for with its pty request. */
export interface Pty {
  term: string;
  cols: number;
  rows: number;
}

/** Who plays: a player known by their key, with a folder of their own, or a guest. */
export type Player =
  | {
      readonly kind: 'key';
      readonly id: string;
      readonly fingerprint: string;
      readonly folder: string;
    }
  | { readonly kind: 'guest' };

/** What a session asks of the connection it came on. */
export interface SessionLink {
  /** Stops reading the connection's socket while anything holds it (see `ReadGate`). */
  hold(who: unknown): void;
  release(who: unknown): void;
  /** Bytes written to the connection's socket that the client has not taken yet. */
  unsent(): number;
}

/** What a session asks of the server. */
export interface SessionContext {
  readonly channel: ServerChannel;
  readonly link: SessionLink;
  readonly pty: Pty;
  /** The client's locale and colour wishes, from its env requests. */
  readonly env: Readonly<Record<string, string>>;
  readonly player: Player;
  readonly rules: Rules;
  /** The game the player named when logging in (docs/serve.md, "Choosing the game at login"). */
  readonly choice?: GameChoice;
  /** What the player types to log in again (`ssh -t -p 2222 HOST`), for the words they are left. */
  readonly login: string;
  /** Players play only `rules`: the new-game panel chooses the deal alone. */
  readonly fixedRules?: boolean;
  readonly randomSeed: () => string;
  readonly version?: string;
  readonly solver: JobRunner | null;
  /** The lost-game search's turns, shared by every game of the server. */
  readonly searchTurns: SearchTurns;
  readonly idleMs: number;
  /** What each player may keep on disk (docs/serve.md, "Limits on disk"). */
  readonly diskLimits: DiskLimits;
  readonly board?: PlayOptions['board']; // the daily board (docs/serve.md, "The daily board")
  /** How long a client may take none of a backlog of output before it is let go. */
  readonly outputStallMs?: number;
  /** The session's share of the server's thread, if not the usual one. */
  readonly budget?: SessionBudget;
  /**
   * What the server's database holds of the player (docs/serve.md, "The database"), when it keeps
   * them there: their games and results, and the leases this session holds.
   */
  readonly engine?: PgPlayer;
  /** Told each key's time to its frame, and each save's time to settle (ms). */
  readonly timed?: SessionTimes;
  /** Lets the server end or warn this session: `end(reason)` ends the game, saved. */
  register(control: SessionControl): () => void;
}

export interface SessionControl {
  end(reason: string): void;
}

/**
 * Input beyond this many bytes at once, or this many a second after, waits: typing and mouse
 * drags come nowhere near (a key's cost: docs/measurements.md, "The server's time per key").
 */
const INPUT_BURST = 8 * 1024;
const INPUT_PER_SECOND = 2 * 1024;
/**
 * Input waiting past this many bytes stops the server reading the connection, until what waits
 * is down to a quarter of it.
 */
const INPUT_HELD = 16 * 1024;
/** A session's share of the server's thread: milliseconds of work at once, and a second. */
export interface SessionBudget {
  readonly burstMs: number;
  readonly perSecondMs: number;
}

/**
 * The usual share (docs/serve.md, "Limits"): 250 ms of work at once, refilled at 50 ms a second (5%
 * of the thread). A key and its frame cost well under a millisecond at 80x24, and about 1 ms for a
 * repaint of every cell at the largest size a game is drawn at, 200x60.
 */
const SESSION_BUDGET: SessionBudget = { burstMs: 250, perSecondMs: 50 };
/**
 * Output the client has not taken yet past which frames wait for it to take what it has (a
 * frame is a few KB), and how often a waiting frame looks again.
 */
const FRAME_BACKLOG = 256 * 1024;
const FRAME_RETRY_MS = 50;
/**
 * A client that has taken none of a backlog for this long is let go, its game saved: one that
 * reads nothing, even while it keeps granting SSH window.
 */
const OUTPUT_STALL_MS = 30_000;
/** Output the client has not taken yet, at most, whatever else: it is then let go. */
const OUTPUT_UNSENT = 4 * 1024 * 1024;
/** How long before an idle game is ended the player is warned. */
const IDLE_WARNING_MS = 60_000;

/** Whether the client's locale says its terminal takes UTF-8; no word from it means it does. */
function unicodeWanted(env: Readonly<Record<string, string>>): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG;
  if (!locale || locale === 'C.UTF-8') return true;
  return /utf-?8/i.test(locale);
}

/** How a session's game ended: its exit status, and why, for the server's log. */
export interface SessionEnd {
  readonly status: number;
  /** `the player quit`, `the connection closed`, `no key for 30 minutes`, or the server's reason. */
  readonly why: string;
  /** A player's game (not a guest's, which is never kept) whose last save failed. */
  readonly unsaved?: boolean;
}

/**
 * Plays the session's game until the player quits, the connection drops or the server ends it.
 * Resolves with the exit status sent to the client, and why the game ended.
 */
export async function playSession(context: SessionContext): Promise<SessionEnd> {
  const { channel, pty } = context;
  // The channel as blessed wants a terminal's output: its size, and 'resize' when it changes.
  const output = channel as unknown as NodeJS.WriteStream & { columns: number; rows: number };
  Object.assign(output, { columns: pty.cols, rows: pty.rows, isTTY: true });
  // Input reaches the game a slice at a time, so that one player's burst of keys does not hold
  // up the others' games, and within the session's budgets of bytes and of the server's thread:
  // what is over them waits, and past a point is not read from the connection at all.
  const input = new PassThrough() as unknown as NodeJS.ReadStream & PassThrough;
  const bytes = new TokenBucket(INPUT_BURST, INPUT_PER_SECOND);
  const share = context.budget ?? SESSION_BUDGET;
  const meter = new WorkMeter(new TokenBucket(share.burstMs, share.perSecondMs));
  const reader = {};
  const pump = new InputPump(
    (data) => {
      bytes.spend(data.length);
      meter.run(() => {
        if (!input.writableEnded) input.write(data);
      });
    },
    {
      wait: () => Math.max(bytes.waitMs(), meter.waitMs()),
      backlog: (waiting) => {
        if (waiting > INPUT_HELD) context.link.hold(reader);
        else if (waiting <= INPUT_HELD / 4) context.link.release(reader);
      },
    },
  );
  let lastInput = Date.now();
  let warned = false;
  channel.on('data', (data: Buffer) => {
    lastInput = Date.now();
    warned = false;
    pacer.keyArrived();
    pump.push(data);
  });
  // Why the game ended, for the log: the first of these to happen.
  let why: string | null = null;
  const hangUp = () => {
    why ??= 'the connection closed';
    input.end();
  };
  channel.on('close', hangUp);
  channel.on('error', hangUp);
  // A client that reads none of what the game draws is let go, its game saved. What it has not
  // taken is counted down to the socket: a client that grants SSH window but reads nothing
  // leaves it there rather than in the channel.
  const unsent = () => output.writableLength + context.link.unsent();
  const letGo = (reason: string) => {
    why ??= reason;
    input.end();
    channel.close();
  };
  limitUnsent(
    output,
    OUTPUT_UNSENT,
    () => letGo(`${OUTPUT_UNSENT / (1024 * 1024)} MB sent and not read`),
    unsent,
  );
  const stallMs = context.outputStallMs ?? OUTPUT_STALL_MS;
  const pacer = new SessionPacer({
    meter,
    unsent,
    backlog: FRAME_BACKLOG,
    retryMs: FRAME_RETRY_MS,
    stallMs,
    stalled: () => letGo(`nothing read for ${duration(stallMs)}`),
    ...(context.timed === undefined ? {} : { answered: context.timed.keyToFrame }),
  });

  let ended: string | null = null;
  let endGame: ((status: number) => void) | null = null;
  let tell: ((text: string) => void) | null = null;
  const control: SessionControl = {
    end(reason) {
      ended ??= reason;
      why ??= `${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
      endGame?.(0);
    },
  };
  const unregister = context.register(control);
  let ungate = (): Promise<void> => Promise.resolve();
  if (context.engine !== undefined) {
    // A frame shows an action only once its save is in the database (docs/serve.md, "When a
    // part fails"); a game another session took ends this one.
    ungate = holdUntilSaved(output, context.engine);
    context.engine.onLost = () => control.end(TAKEN_OVER);
  }
  // A minute's warning; with an idle timeout of under two minutes, half of it.
  const warning = Math.min(IDLE_WARNING_MS, context.idleMs / 2);
  const idle = setInterval(
    () => {
      const quiet = Date.now() - lastInput;
      if (quiet >= context.idleMs) {
        ended ??= idleEnded(context.idleMs);
        why ??= `no key for ${duration(context.idleMs)}`;
        endGame?.(0);
      } else if (quiet >= context.idleMs - warning && !warned) {
        warned = true;
        tell?.(idleWarning(warning));
      }
    },
    Math.min(10_000, Math.max(1000, context.idleMs / 10)),
  );
  idle.unref();

  const host: GameHost & { atExit(action: () => void): () => void } = {
    solver: context.solver ?? undefined,
    searchTurns: context.searchTurns,
    pacer,
    watch(end, say) {
      endGame = end;
      tell = say;
      return () => {
        endGame = null;
        tell = null;
      };
    },
    suspend: async () => 'unavailable',
    cannotSuspend: CANNOT_SUSPEND,
    // The session ends with the game; the server settles every game before it exits.
    atExit: () => () => undefined,
  };

  const { playInTerminal } = await import('../ui/play');
  const records = recordFolder(context.player, context.login);
  const env = { ...context.env, TERM: pty.term };
  const ascii = !unicodeWanted(context.env);
  const color = !context.env.NO_COLOR && pty.term !== 'dumb';
  const choice = context.choice;
  try {
    // A deal the player asked the solver for is found before the game opens, on its thread.
    const found =
      choice?.choose === undefined ? null : await searchedDeal(context, choice, choice.choose);
    if (found !== null && !found.ok) {
      if (found.message !== '') channel.stderr.write(`spider: ${found.message}\r\n`);
      return { status: found.status, why: found.why };
    }
    const deal = found?.deal ?? choice?.deal;
    const result = await playInTerminal({
      theme: { ascii, color, fourColor: false },
      scoring: 'woods',
      terminal: { input, output },
      env,
      randomSeed: context.randomSeed,
      ...(context.version === undefined ? {} : { version: context.version }),
      rules: choice?.rules ?? context.rules,
      explicitRules: choice?.named ?? {},
      ...(deal === undefined ? {} : { deal }),
      fresh: choice?.fresh === true,
      ...(context.fixedRules === true ? { fixedRules: true } : {}),
      host,
      records,
      places: placesOf(context.player, context.diskLimits, context.engine),
      ...(context.board === undefined ? {} : { board: context.board }),
      saving: 'in-background',
      ...(context.timed === undefined ? {} : { saveTimed: context.timed.saved }),
      remote: { login: context.login },
    });
    // The words the player is left go out whatever became of the game.
    await ungate();
    const lines = [result.summary];
    if (ended !== null)
      lines.unshift(endedByServer(ended, context.player.kind === 'guest', result));
    if (result.problem !== undefined) channel.stderr.write(`spider: ${result.problem}\r\n`);
    channel.write(`${lines.join('\n').replace(/\n/g, '\r\n')}\r\n`);
    return {
      status: result.status,
      why: why ?? result.problem ?? 'the player quit',
      unsaved: context.player.kind === 'key' && result.unsaved,
    };
  } finally {
    clearInterval(idle);
    pump.stop();
    unregister();
    context.link.release(reader);
  }
}

/**
 * The daily or a winnable deal the player named at login, found on the solver's thread while the
 * terminal says so (the server's other games go on meanwhile); the search stops if the player
 * leaves. Resolves with the deal, or with why there is none, for the player and for the log.
 */
function searchedDeal(
  context: SessionContext,
  choice: GameChoice,
  choose: 'daily' | 'winnable',
): Promise<
  | { readonly ok: true; readonly deal: DealId }
  | { readonly ok: false; readonly message: string; readonly status: number; readonly why: string }
> {
  const { channel, solver } = context;
  if (solver === null)
    return Promise.resolve({ ok: false, message: NO_SEARCH, status: 2, why: 'no solver' });
  channel.write(`${findingDeal(choose, choice.rules.suits)}\r\n`);
  const search = dealSearch({
    solver,
    version: context.version ?? 'unknown',
    randomSeed: context.randomSeed,
  });
  return new Promise((resolve) => {
    const gone = () => {
      cancel();
      resolve({ ok: false, message: '', status: 0, why: 'the connection closed' });
    };
    const cancel = search(
      { choose, rules: choice.rules, ...(choice.deal ? { from: choice.deal } : {}) },
      (found) => {
        channel.off('close', gone);
        resolve(
          found.ok
            ? found
            : { ok: false, message: found.message, status: 1, why: 'no deal was found' },
        );
      },
    );
    channel.once('close', gone);
  });
}

/**
 * Where `w` writes a record: the player's own folder, made if need be, named without the host's
 * paths (the player cannot reach them); a guest has none.
 */
function recordFolder(player: Player, login: string): NonNullable<PlayOptions['records']> {
  if (player.kind === 'guest') {
    return { refused: GUEST_HAS_NO_RECORDS };
  }
  const folder = path.join(player.folder, 'records');
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const fetch = `${login.replace(/^ssh -t /, 'ssh ')} record latest > game.txt`;
    return { folder, shown: RECORDS_SHOWN, fetch };
  } catch (error) {
    return { refused: recordsRefused(fsReason(error, folder)) };
  }
}

/**
 * `text` as the player may read it: their folder written `~` (docs/serve.md, "Playing over SSH").
 */
export function shownTo(player: Player, text: string): string {
  return player.kind === 'key' ? folderAsHome(text, player.folder) : text;
}

/** Where the player's games and statistics are kept: their own folder; a guest's nowhere. */
function placesOf(player: Player, limits: DiskLimits, engine?: PgPlayer): Places {
  if (player.kind === 'key')
    return { ...playerPlaces(player.folder, limits), ...(engine ? { engine } : {}) };
  const guest = () => GUEST_NOT_KEPT;
  return { state: '/nonexistent', data: '/nonexistent', stateProblem: guest, dataProblem: guest };
}
