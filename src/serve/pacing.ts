/**
 * How the server keeps one player from holding up the others (README, "Limits"): every game runs
 * on the server's one thread, so each session has a budget of that thread's time, spent by its
 * keys and its frames; a session over its budget waits (its input stays unread, its next frame
 * waits and shows the latest state), while the others play on.
 */
import type { FramePacer } from '../ui/loop';
import type { TokenBucket } from './limits';

/**
 * Times the work done for one session and spends it from its budget. Work within work (a frame
 * painted while a key is handled) is counted once, as part of the outer.
 */
export class WorkMeter {
  private depth = 0;

  constructor(
    readonly budget: TokenBucket,
    private readonly now: () => number = () => performance.now(),
  ) {}

  run<T>(work: () => T): T {
    if (this.depth > 0) return work();
    this.depth++;
    const began = this.now();
    try {
      return work();
    } finally {
      this.depth--;
      this.budget.spend(this.now() - began);
    }
  }

  /** Milliseconds before the session may have more of the thread (0: now). */
  waitMs(): number {
    return this.budget.waitMs();
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
}

/**
 * The frames of one session: painted at once while the session is within its budget of the
 * thread and its client takes what it is sent; otherwise the next frame waits, and frames asked
 * for meanwhile are one frame, of the latest state. A slow link then gets fewer frames rather
 * than every one late.
 */
export class SessionPacer implements FramePacer {
  private stuckSince: number | null = null;
  private stuckAt = 0;
  private said = false;
  private readonly now: () => number;

  constructor(private readonly options: PacerOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  wait(): number {
    const { meter, unsent, backlog, retryMs } = this.options;
    const left = unsent();
    if (left > backlog) {
      this.watchStall(left);
      return retryMs;
    }
    this.stuckSince = null;
    return meter.waitMs();
  }

  paint(draw: () => void): void {
    this.options.meter.run(draw);
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
