/**
 * How the server keeps one player from holding up the others (docs/serve.md, "Limits"): every game
 * runs on the server's one thread, so each session has a budget of that thread's time, spent by its
 * keys and its frames; a session over its budget waits (its input stays unread, its next frame
 * waits and shows the latest state), while the others play on.
 */
import type { Pacer } from '../ui/loop';
import type { TokenBucket } from './limits';

/**
 * How long one session's work may hold the thread in one turn of the event loop before what is
 * left waits for a later turn, so that other sessions' keys come in between (milliseconds).
 */
export const TURN_MS = 5;

/**
 * Times the work done for one session and spends it from its budget, as it goes. Work within
 * work (a key handled while its bytes are read) is counted once, as part of the outer.
 */
export class WorkMeter {
  private depth = 0;
  /** Where the time of the work under way was last counted up to. */
  private counted = 0;
  /** When this session's work in the current turn of the event loop began; null between turns. */
  private turnBegan: number | null = null;

  constructor(
    readonly budget: TokenBucket,
    private readonly now: () => number = () => performance.now(),
    /** Runs `run` once the current turn of the event loop is over. */
    private readonly afterTurn: (run: () => void) => void = (run) => setImmediate(run),
  ) {}

  run<T>(work: () => T): T {
    if (this.depth > 0) return work();
    this.depth++;
    this.counted = this.now();
    if (this.turnBegan === null) {
      this.turnBegan = this.counted;
      this.afterTurn(() => (this.turnBegan = null));
    }
    try {
      return work();
    } finally {
      this.depth--;
      this.count();
    }
  }

  /**
   * Milliseconds before the session may have more of the thread: 0 for now; 1 when its work has
   * held this turn long enough, and must go on in a later one.
   */
  waitMs(): number {
    if (this.depth > 0) this.count();
    const owed = this.budget.waitMs();
    const turn = this.turnBegan === null ? 0 : this.now() - this.turnBegan;
    return turn >= TURN_MS ? Math.max(1, owed) : owed;
  }

  private count(): void {
    const now = this.now();
    this.budget.spend(now - this.counted);
    this.counted = now;
  }
}

/**
 * Reading from a connection's socket, paused while anything asks it to be: a session whose input
 * waits, or a connection over its budget of bytes. Input not read stays in the client's and the
 * kernel's buffers, and TCP makes the client wait: it is neither read, nor decrypted, nor kept.
 */
export class ReadGate {
  private readonly holders = new Set<unknown>();

  constructor(private readonly socket: { pause(): unknown; resume(): unknown }) {}

  get held(): boolean {
    return this.holders.size > 0;
  }

  hold(who: unknown): void {
    if (this.holders.size === 0) this.socket.pause();
    this.holders.add(who);
  }

  release(who: unknown): void {
    if (this.holders.delete(who) && this.holders.size === 0) this.socket.resume();
  }
}

/** What a server's metrics are told of a session (docs/serve.md, "Metrics and health"), in ms. */
export interface SessionTimes {
  /** From a key's bytes arriving to the frame that answers it painted. */
  keyToFrame(ms: number): void;
  /** From a save handed to the store to it settling; `ok` when it is kept. */
  saved(ms: number, ok: boolean): void;
}

/** What `SessionPacer` looks at. */
export interface PacerOptions {
  readonly meter: WorkMeter;
  /** Bytes the game has written that the client has not taken yet. */
  readonly unsent: () => number;
  /** Past this many unsent bytes, frames wait for the client to take what it has. */
  readonly backlog: number;
  /** How long a frame waits before it looks again at a backlog. */
  readonly retryMs: number;
  /**
   * Called once when the backlog has not gone down for `stallMs`: a client that does not read
   * what it is sent (even one that keeps granting SSH window) is let go.
   */
  readonly stalled: () => void;
  readonly stallMs: number;
  readonly now?: () => number;
  /**
   * Told, once a frame is painted after a key was handled, the milliseconds since the oldest key
   * not answered yet arrived (`keyArrived`; docs/serve.md, "Metrics and health").
   */
  readonly answered?: (ms: number) => void;
}

/**
 * The frames of one session: painted at once while the session is within its budget of the
 * thread and its client takes what it is sent; otherwise the next frame waits, and frames asked
 * for meanwhile are one frame, of the latest state. A slow link then gets fewer frames rather
 * than every one late.
 */
export class SessionPacer implements Pacer {
  private stuckSince: number | null = null;
  private stuckAt = 0;
  private said = false;
  private readonly now: () => number;
  /** The work `run` is given next, as the last question asked says: a key, a frame, or neither. */
  private next: 'key' | 'frame' | null = null;
  /** When the oldest key not answered by a frame yet arrived, and whether it has been handled. */
  private keyAt: number | null = null;
  private handled = false;

  constructor(private readonly options: PacerOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** A key's bytes arrived from the client. */
  keyArrived(): void {
    this.keyAt ??= this.now();
  }

  workWait(): number {
    const wait = this.options.meter.waitMs();
    this.next = wait <= 0 ? 'key' : null;
    return wait;
  }

  frameWait(): number {
    const { meter, unsent, backlog, retryMs } = this.options;
    const left = unsent();
    this.next = null;
    if (left > backlog) {
      this.watchStall(left);
      return retryMs;
    }
    this.stuckSince = null;
    const wait = meter.waitMs();
    if (wait <= 0) this.next = 'frame';
    return wait;
  }

  run(work: () => void): void {
    const doing = this.next;
    this.next = null;
    this.options.meter.run(work);
    if (this.keyAt === null) return;
    if (doing === 'key') this.handled = true;
    else if (doing === 'frame' && this.handled) {
      this.options.answered?.(this.now() - this.keyAt);
      this.keyAt = null;
      this.handled = false;
    }
  }

  private watchStall(left: number): void {
    const now = this.now();
    if (this.stuckSince === null || left < this.stuckAt) {
      this.stuckSince = now;
      this.stuckAt = left;
      return;
    }
    if (!this.said && now - this.stuckSince >= this.options.stallMs) {
      this.said = true;
      this.options.stalled();
    }
  }
}
