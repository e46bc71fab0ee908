/**
 * `spider serve` (README, "Playing over SSH"): an SSH server whose only service is the game.
 * Any public key is accepted and names the player (their games and statistics are kept in a
 * folder of their own); a client without a key plays as a guest. A session with a pty and a
 * shell request plays; everything else (commands, subsystems such as sftp, forwarding, agents,
 * X11) is refused. One process serves every player: a session's failure ends that session only.
 */
import { createHash } from 'crypto';
import * as net from 'net';
import * as path from 'path';
import { type Connection, Server, type ServerChannel, type Session } from 'ssh2';
import type { Rules } from '../engine';
import type { JobRunner } from '../search';
import { SolverShare } from '../host/solver-thread';
import { type DiskLimits, SERVER_DISK_LIMITS } from '../store/disk-limits';
import { SearchTurns } from '../host/search-turns';
import { cannotDrawOn } from '../ui/terminal-type';
import { algorithmNamed, keyProblem, loginProblem } from './auth';
import { fingerprint } from './host-key';
import { Coalesced, LoginQueue, Tally, TokenBucket } from './limits';
import { ReadGate } from './pacing';
import {
  type Player,
  playSession,
  type SessionBudget,
  type SessionEnd,
  type SessionLink,
  type Pty,
  resizeTerminal,
  type SessionControl,
  shownTo,
} from './player';

export interface ServeOptions {
  readonly listen: string;
  readonly port: number;
  /** Games at once, in all. */
  readonly maxSessions: number;
  /** Games at once from one client address. */
  readonly maxPerAddress: number;
  /** A game with no key for this long is ended (saved). */
  readonly idleMs: number;
  /** The host key, in OpenSSH's private key format. */
  readonly hostKey: string;
  /** The server's state folder: players' folders go in `players/` under it. */
  readonly stateDir: string;
  /** The rules of a player's new game. */
  readonly rules: Rules;
  readonly randomSeed: () => string;
  /** The solver every game shares (hints, the solver's answers), or null. */
  readonly solver: JobRunner | null;
  /** A line for the server's log. */
  readonly log: (line: string) => void;
  /** How long a connection may take to log in. */
  readonly loginMs?: number;
  /** How often a client is asked whether it is still there (README, "Limits"). */
  readonly keepaliveMs?: number;
  /** What each player may keep on disk (README, "Limits on disk"); `SERVER_DISK_LIMITS` if not given. */
  readonly diskLimits?: DiskLimits;
  /** How long a client may take none of a backlog of output before it is let go (README, "Limits"). */
  readonly outputStallMs?: number;
  /** Each session's share of the server's thread (README, "Limits"), if not the usual one. */
  readonly sessionBudget?: SessionBudget;
}

/**
 * Logins refused on one connection before it is closed, as OpenSSH's MaxAuthTries: a client
 * trying key after key, or signature after signature, gets no more than this.
 */
const MAX_LOGIN_FAILURES = 6;
/** Connections not logged in yet, from one address and in all: beyond these the oldest is closed. */
const PENDING_PER_ADDRESS = 8;
const PENDING_TOTAL = 256;
const LOGIN_MS = 20_000;
/**
 * A client is asked every 15 s whether it is there, and one that has answered none of 3 such
 * questions (nor sent anything else) is gone: a sleeping laptop or a network that dropped without
 * a word would otherwise hold its player's game, locked, until the idle timeout.
 */
const KEEPALIVE_MS = 15_000;
const KEEPALIVE_UNANSWERED = 3;
/** How long clients have to take their last words and close, when the server shuts down. */
const SHUTDOWN_GRACE_MS = 2000;
/**
 * The largest terminal a game draws on: a larger size from the client is taken as this one (the
 * game then draws in its top left, where it has far more room than it needs). The size decides
 * the memory a game's screen takes and what each frame costs the server's one thread, and it is
 * the client's to say: uncapped, one player could claim a million cells (about 300 MB); at
 * 400x150 a frame cost up to 11 ms, at 200x60 about 1 ms (README, "Screen speed").
 */
export const MAX_COLS = 200;
export const MAX_ROWS = 60;
const capped = (size: number, max: number, fallback: number) => Math.min(size || fallback, max);

/**
 * The client's terminal type, if it is a plain name (README, "Playing over SSH"); else xterm.
 * The terminal library reads a name with a `/` as the path of a terminfo file: a client could
 * make the server read any file of the host, or a device that never ends.
 */
export function terminalType(term: string | undefined): string {
  return term !== undefined && /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/.test(term) ? term : 'xterm';
}

/**
 * Bytes read from one connection, at most: this many at once, then this many a second (README,
 * "Limits"). Past them the server stops reading the socket until the client is within them, so a
 * flood is not even decrypted. Typing, with SSH's framing, is a few kB a second at most.
 */
const RAW_BURST = 64 * 1024;
const RAW_PER_SECOND = 16 * 1024;
/** Connections logged in from one address at once, at most, in games per address. */
const LOGGED_IN_PER_GAME = 2;

/** A burst of window sizes from a client within this many milliseconds is one resize. */
const RESIZE_MS = 50;

/** Requests on a connection before its game starts (pty, env, window sizes...). */
const REQUESTS_BEFORE_SHELL = 64;
/** The client's environment variables a game listens to: locale and colour. */
const ENV_TAKEN = new Set(['LANG', 'LC_ALL', 'LC_CTYPE', 'NO_COLOR']);

const ONLY_THE_GAME =
  'spider: this server only plays Spider; log in without a command (ssh -t -p PORT HOST)';

export interface RunningServer {
  /** The address and port it listens on. */
  readonly address: net.AddressInfo;
  /** Games being played now. */
  readonly sessions: number;
  /**
   * Tells every player why, ends every game (each saved), stops listening, and resolves once
   * every game is settled.
   */
  shutdown(reason: string): Promise<void>;
}

/** The folder name of a player's key: its SHA-256, in URL-safe base64. */
export function playerId(publicKey: Buffer): string {
  return createHash('sha256').update(publicKey).digest('base64url');
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const pending = new LoginQueue<net.Socket>(PENDING_PER_ADDRESS, PENDING_TOTAL);
  const games = new Tally();
  const controls = new Set<SessionControl>();
  const running = new Set<Promise<unknown>>();
  const sockets = new Set<net.Socket>();
  let closing = false;
  /** Connections still logging in, by address and port: what to do once they have. */
  const waiting = new Map<string, () => void>();
  const loginMs = options.loginMs ?? LOGIN_MS;
  const searchTurns = new SearchTurns();

  const keepaliveMs = options.keepaliveMs ?? KEEPALIVE_MS;
  /** The sockets of connections, by address and port. */
  const byKey = new Map<string, net.Socket>();
  /** What a connection's sessions ask of it, by address and port. */
  const links = new Map<string, SessionLink>();
  /** Connections logged in, by address. */
  const loggedIn = new Tally();
  const loggedInPerAddress = options.maxPerAddress * LOGGED_IN_PER_GAME;

  const ssh = new Server(
    {
      hostKeys: [options.hostKey],
      ident: 'spider',
      keepaliveInterval: keepaliveMs,
      keepaliveCountMax: KEEPALIVE_UNANSWERED,
    },
    (client, info) => connection(client, info.ip ?? 'unknown', info.port),
  );

  /** One client's connection, from its first packet to its last. */
  const connection = (client: Connection, address: string, port: number | undefined): void => {
    let player: Player | null = null;
    client.on('error', (error: Error & { level?: string }) => {
      // Otherwise the socket's end says it. A client that stopped answering cannot take a
      // polite close either: its socket goes at once, and with it the game (saved).
      if (error.level !== 'client-timeout') return;
      options.log(
        `${address}: no answer for ${seconds(keepaliveMs * (KEEPALIVE_UNANSWERED + 1))}: closed`,
      );
      byKey.get(socketKey(address, port))?.destroy();
    });
    let failures = 0;
    client.on('authentication', (ctx) => {
      if (ctx.method === 'publickey') {
        const request = {
          algo: ctx.key.algo,
          key: ctx.key.data,
          hashAlgo: ctx.hashAlgo,
          blob: ctx.blob,
          signature: ctx.signature,
        };
        // "Would this key do?", before the client signs: any key of a type taken is a player.
        const asking = ctx.signature === undefined;
        const problem = asking ? keyProblem(request) : loginProblem(request);
        if (problem !== null) {
          options.log(
            `${address}: a login refused: ${problem} (key ${fingerprint(ctx.key.data)}, ${algorithmNamed(request)})`,
          );
          if (++failures >= MAX_LOGIN_FAILURES) {
            options.log(`${address}: ${failures} logins refused: closed`);
            byKey.get(socketKey(address, port))?.destroy();
            return;
          }
          return ctx.reject();
        }
        if (asking) return ctx.accept();
        const id = playerId(ctx.key.data);
        player = {
          kind: 'key',
          id,
          fingerprint: fingerprint(ctx.key.data),
          folder: path.join(options.stateDir, 'players', id),
        };
        return ctx.accept();
      }
      if (ctx.method === 'keyboard-interactive' || ctx.method === 'password') {
        player = { kind: 'guest' };
        return ctx.accept();
      }
      ctx.reject(['publickey', 'keyboard-interactive', 'password']);
    });
    client.on('ready', () => {
      waiting.get(socketKey(address, port))?.();
      const who = player?.kind === 'key' ? player.fingerprint : 'a guest';
      // Many connections logged in from one place hold the server's memory and sockets with no
      // game to show for it: past twice the games an address may have, a new one is let go.
      if (loggedIn.of(address) >= loggedInPerAddress) {
        options.log(
          `${address}: ${who} let go: already ${loggedInPerAddress} connections logged in from there`,
        );
        byKey.get(socketKey(address, port))?.destroy();
        return;
      }
      const counted = loggedIn.add(address);
      client.once('close', counted);
      options.log(`${address}: logged in as ${who}`);
    });
    // A connection with no game holds no place for long: it has as long as a login to start one
    // (README, "Limits"), and as long again once its games have ended.
    let gamesHere = 0;
    let closed = false;
    let gameless: NodeJS.Timeout | null = null;
    const waitForGame = () => {
      if (gamesHere === 0 && gameless === null && !closed)
        gameless = setTimeout(() => client.end(), loginMs);
    };
    client.on('ready', waitForGame);
    client.on('close', () => {
      // A game still ending after the connection dropped arms nothing.
      closed = true;
      if (gameless !== null) clearTimeout(gameless);
      gameless = null;
    });
    const playing = {
      started: () => {
        gamesHere++;
        if (gameless !== null) clearTimeout(gameless);
        gameless = null;
      },
      ended: () => {
        gamesHere--;
        waitForGame();
      },
    };
    const link = links.get(socketKey(address, port)) ?? UNLINKED;
    client.on('session', (accept) => session(accept(), address, link, () => player, playing));
    // Nothing of the host is reachable: no forwarding either way, no agent, no X11.
    client.on('tcpip', (_accept, reject) => reject());
    client.on('openssh.streamlocal', (_accept, reject) => reject());
    client.on('request', (_accept, reject) => reject?.());
  };

  /** One session channel: a game if it asks for a pty and a shell, a refusal otherwise. */
  const session = (
    sess: Session,
    address: string,
    link: SessionLink,
    who: () => Player | null,
    playing: { started(): void; ended(): void },
  ): void => {
    let pty: Pty | null = null;
    let requests = 0;
    let started = false;
    const env: Record<string, string> = {};
    const refuse = (channel: ServerChannel, text: string) => {
      channel.stderr.write(`${text}\r\n`);
      channel.exit(1);
      channel.end();
    };
    const counted = () => ++requests <= REQUESTS_BEFORE_SHELL;
    sess.on('pty', (accept, reject, info) => {
      if (!counted() || started) return reject?.();
      pty = {
        term: terminalType(info.term),
        cols: capped(info.cols, MAX_COLS, 80),
        rows: capped(info.rows, MAX_ROWS, 24),
      };
      accept?.();
    });
    sess.on('env', (accept, reject, info) => {
      if (!counted() || !ENV_TAKEN.has(info.key) || info.val.length > 64) return reject?.();
      env[info.key] = info.val;
      accept?.();
    });
    sess.on('window-change', (accept, _reject, info) => {
      accept?.();
      if (!pty) return;
      pty = {
        ...pty,
        cols: capped(info.cols, MAX_COLS, pty.cols),
        rows: capped(info.rows, MAX_ROWS, pty.rows),
      };
      if (started) resizing.call();
    });
    let current: ServerChannel | null = null;
    // A burst of window sizes is one redraw, at the last of them.
    const resizing = new Coalesced(RESIZE_MS, () => {
      if (current && pty) resizeTerminal(current, pty.cols, pty.rows);
    });
    // A command, or a second shell, on a session that already has its channel (or is ending):
    // the library opens no channel for it, and answers nothing to the client (nor can `reject`),
    // so the game it already plays goes on.
    const opened = (accept: () => ServerChannel | undefined, reject?: () => void) => {
      const channel = accept();
      if (!channel) reject?.();
      return channel;
    };
    const onlyTheGame = (accept: () => ServerChannel | undefined, reject?: () => void) => {
      const channel = opened(accept, reject);
      if (channel) refuse(channel, ONLY_THE_GAME);
    };
    sess.on('exec', onlyTheGame);
    sess.on('subsystem', onlyTheGame);
    sess.on('sftp', (_accept, reject) => reject());
    sess.on('x11', (_accept, reject) => reject?.());
    sess.on('auth-agent', (_accept, reject) => reject?.());
    sess.on('signal', (accept) => accept?.());
    sess.on('shell', (accept, reject) => {
      const channel = opened(accept, reject);
      if (!channel) return;
      channel.on('error', () => undefined);
      const player = who();
      if (started || player === null) return refuse(channel, ONLY_THE_GAME);
      if (!pty) {
        return refuse(
          channel,
          'spider: the game needs a terminal: log in with ssh -t (or without a command)',
        );
      }
      if (cannotDrawOn(pty.term)) {
        return refuse(
          channel,
          'spider: your terminal (TERM=dumb) cannot move its cursor, so the game cannot draw on it; log in from a terminal such as xterm',
        );
      }
      if (closing) return refuse(channel, 'spider: the server is shutting down; try again later');
      if (games.total >= options.maxSessions) {
        options.log(`${address}: a game refused: the server is full`);
        return refuse(
          channel,
          `spider: the server is full (${options.maxSessions} game${options.maxSessions === 1 ? '' : 's'} at once); try again later`,
        );
      }
      if (games.of(address) >= options.maxPerAddress) {
        options.log(`${address}: a game refused: ${options.maxPerAddress} already from there`);
        return refuse(
          channel,
          `spider: already ${options.maxPerAddress} game${options.maxPerAddress === 1 ? '' : 's'} from your address; end one first`,
        );
      }
      started = true;
      current = channel;
      playing.started();
      const done = games.add(address);
      const game = playSession({
        channel,
        link,
        pty,
        env,
        player,
        rules: options.rules,
        randomSeed: options.randomSeed,
        solver: options.solver ? new SolverShare(options.solver) : null,
        idleMs: options.idleMs,
        diskLimits: options.diskLimits ?? SERVER_DISK_LIMITS,
        ...(options.outputStallMs === undefined ? {} : { outputStallMs: options.outputStallMs }),
        ...(options.sessionBudget === undefined ? {} : { budget: options.sessionBudget }),
        searchTurns,
        register: (control) => {
          controls.add(control);
          return () => controls.delete(control);
        },
      })
        .then(
          (end) => end,
          (error: unknown): SessionEnd => {
            // This session's bug ends this session, and the server goes on.
            const detail = error instanceof Error ? error.message : String(error);
            options.log(`${address}: a game failed: ${detail}`);
            channel.stderr.write(`spider: internal error: ${shownTo(player, detail)}\r\n`);
            return { status: 70, why: 'an internal error' };
          },
        )
        .then(({ status, why, unsaved }) => {
          resizing.cancel();
          done();
          playing.ended();
          // The player is told why; the log says that it happened, to look into.
          const kept = unsaved === true ? '; it could not be saved' : '';
          options.log(`${address}: a game ended: ${why} (status ${status})${kept}`);
          try {
            channel.exit(status);
            channel.end();
          } catch {
            // The connection is gone already.
          }
        });
      running.add(game);
      void game.finally(() => running.delete(game));
    });
  };

  const tcp = net.createServer((socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.setNoDelay(true); // a keystroke's frame goes out at once
    socket.on('error', () => undefined);
    // Too many connections logging in: the oldest make room (README, "Limits").
    for (const old of pending.add(socket, socket.remoteAddress ?? 'unknown')) old.destroy();
    const key = socketKey(socket.remoteAddress, socket.remotePort);
    byKey.set(key, socket);
    socket.once('close', () => byKey.delete(key));
    // Garbage, or a connection that never finishes logging in, does not hold a place.
    const timer = setTimeout(() => socket.destroy(), loginMs);
    const loggedIn = () => {
      clearTimeout(timer);
      pending.remove(socket);
      waiting.delete(key);
    };
    waiting.set(key, loggedIn);
    socket.once('close', loggedIn);
    ssh.injectSocket(socket);
    // After ssh2 has paused the socket for its start: a 'data' listener then does not start it.
    const gate = new ReadGate(socket);
    links.set(key, {
      hold: (who) => gate.hold(who),
      release: (who) => gate.release(who),
      unsent: () => socket.writableLength,
    });
    socket.once('close', () => links.delete(key));
    limitReading(socket, gate);
  });

  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(options.port, options.listen, () => {
      tcp.removeListener('error', reject);
      resolve();
    });
  });
  tcp.on('error', (error) => options.log(`listening: ${error.message}`));

  return {
    address: tcp.address() as net.AddressInfo,
    get sessions() {
      return games.total;
    },
    async shutdown(reason) {
      closing = true;
      tcp.close();
      for (const control of controls) control.end(reason);
      await Promise.allSettled([...running]);
      // What the players were told is on its way: their clients close, or are closed after a while.
      const open = [...sockets].map(
        (socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())),
      );
      const grace = setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, SHUTDOWN_GRACE_MS);
      await Promise.all(open);
      clearTimeout(grace);
    },
  };
}

/** A connection that is gone before its session asks: nothing to hold, nothing unsent. */
const UNLINKED: SessionLink = { hold: () => undefined, release: () => undefined, unsent: () => 0 };

/**
 * Stops reading `socket` while it is over its budget of bytes (see RAW_BURST), and reads again
 * once it is within it.
 */
function limitReading(socket: net.Socket, gate: ReadGate): void {
  const budget = new TokenBucket(RAW_BURST, RAW_PER_SECOND);
  let held = false;
  const check = () => {
    const wait = budget.waitMs();
    if (wait > 0) {
      if (!held) gate.hold(budget);
      held = true;
      setTimeout(check, wait).unref();
    } else if (held) {
      held = false;
      gate.release(budget);
    }
  };
  socket.on('data', (chunk: Buffer) => {
    budget.spend(chunk.length);
    if (!held) check();
  });
}

const seconds = (ms: number) => `${ms / 1000} s`;

const socketKey = (address: string | undefined, port: number | undefined) =>
  `${address ?? ''}|${port ?? ''}`;
