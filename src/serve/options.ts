/**
 * What `spider serve` is started with (docs/serve.md, "Playing over SSH"): where it listens, its
 * limits, its host key and state folder, and what every game it plays shares.
 */
import type { Rules } from '../engine';
import type { JobRunner } from '../search';
import type { Board } from '../store/board';
import type { DiskLimits } from '../store/disk-limits';
import type { PgNode } from '../store/postgres/node';
import type { Answer, Asker, LoginChoice } from './choice';
import type { BanList } from './ban-list';
import type { Log } from './log';
import type { SessionBudget } from './player';

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
  /**
   * Where the daily board is kept (docs/serve.md, "The daily board"); without it, the server has
   * no board.
   */
  readonly board?: Board;
  /** The rules of a player's new game. */
  readonly rules: Rules;
  /**
   * Reads the command a login sends as the game it names (docs/serve.md, "Choosing the game at
   * login"); without it, a command is refused.
   */
  readonly login?: (command: string) => LoginChoice;
  /**
   * Answers a login's command that asks a question (`records`, `record NAME`, `stats`, `saves`),
   * or null when it asks none (it names a game, then).
   */
  readonly ask?: (command: string, asker: Asker) => Promise<Answer> | null;
  /**
   * The host name (and port, when not the one listened on) players reach the server by, for the
   * words the game leaves them (`ssh -t -p 2222 HOST` logs in again); the listening address if
   * not given.
   */
  readonly shownAs?: { readonly host: string; readonly port?: number };
  /**
   * The addresses of the load balancers whose connections start with a PROXY protocol header
   * (`--proxy-from`; docs/serve.md, "Behind a load balancer"); from any other, none is read.
   */
  readonly proxies?: readonly string[];
  /**
   * Where to serve the metrics and health (`--metrics`; docs/serve.md, "Metrics and health"); not
   * served unless given.
   */
  readonly metricsAt?: { readonly host: string; readonly port: number };
  /** The keys and addresses banned at the start (docs/serve.md, "The ban list"). */
  readonly bans?: BanList;
  /** New connections from one address in a minute, at most (docs/serve.md, "Limits"). */
  readonly connectionsPerMinute?: number;
  /**
   * The database players' games and results are kept in (`--store`; docs/serve.md, "The
   * database"); their folders under `stateDir` unless given.
   */
  readonly store?: PgNode;
  /** Players play only `rules` (`--fixed-rules`): the new-game panel chooses the deal alone. */
  readonly fixedRules?: boolean;
  readonly randomSeed: () => string;
  /** The program's version, which the cache of winnable deals is kept by. */
  readonly version?: string;
  /** The solver every game shares (hints, the solver's answers), or null. */
  readonly solver: JobRunner | null;
  /** An entry of the server's log (docs/serve.md, "The log"). */
  readonly log: Log;
  /** How long a connection may take to log in. */
  readonly loginMs?: number;
  /** How often a client is asked whether it is still there (docs/serve.md, "Limits"). */
  readonly keepaliveMs?: number;
  /**
   * What each player may keep on disk (docs/serve.md, "Limits on disk"); `SERVER_DISK_LIMITS` if
   * not given.
   */
  readonly diskLimits?: DiskLimits;
  /**
   * How long a client may take none of a backlog of output before it is let go (docs/serve.md,
   * "Limits").
   */
  readonly outputStallMs?: number;
  /**
   * Each session's share of the server's thread (docs/serve.md, "Limits"), if not the usual one.
   */
  readonly sessionBudget?: SessionBudget;
}
