/**
 * What one server lets its players and their connections have (docs/serve.md, "Playing over SSH"):
 * counts per client address, and a budget on how fast a session's input may arrive.
 */

/** Counts of things (connections, sessions) per client address, and in all. */
export class Tally {
  private readonly byAddress = new Map<string, number>();
  private all = 0;

  get total(): number {
    return this.all;
  }

  of(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }

  /** Counts one more for `address`; returns the function that counts it off, once. */
  add(address: string): () => void {
    this.byAddress.set(address, this.of(address) + 1);
    this.all++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.all--;
      const left = this.of(address) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    };
  }
}

/**
 * A token bucket: `burst` at once, refilled at `perSecond`, of whatever a client spends (bytes of
 * input, milliseconds of the server's thread). What is spent is counted even past the bucket's
 * bottom; the client then waits (`waitMs`) until it has paid it back.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
  }

  spend(amount: number): void {
    this.refill();
    this.tokens -= amount;
  }

  /** Whether `amount` can be spent without owing. */
  has(amount: number): boolean {
    this.refill();
    return this.tokens >= amount;
  }

  /** Whether the whole burst is there again. */
  full(): boolean {
    this.refill();
    return this.tokens >= this.burst;
  }

  /** Milliseconds until nothing is owed (0: now). */
  waitMs(): number {
    this.refill();
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.perSecond) * 1000);
  }
}

/**
 * Connections still logging in, oldest first. When one address, or everyone, has too many, the
 * oldest of them makes room for the newest: a flood of connections that never log in cannot
 * keep a player out, since the player's own connection logs in well before it would be the
 * oldest.
 */
export class LoginQueue<T> {
  private readonly waiting = new Map<T, string>();

  constructor(
    private readonly perAddress: number,
    private readonly total: number,
  ) {}

  get size(): number {
    return this.waiting.size;
  }

  /** Adds a connection from `address`; returns the connections to close to make room. */
  add(item: T, address: string): T[] {
    const evicted: T[] = [];
    const same = [...this.waiting].filter(([, from]) => from === address).map(([other]) => other);
    while (same.length >= this.perAddress) evicted.push(same.shift() as T);
    for (const other of evicted) this.waiting.delete(other);
    for (const [other] of this.waiting) {
      if (this.waiting.size < this.total) break;
      this.waiting.delete(other);
      evicted.push(other);
    }
    this.waiting.set(item, address);
    return evicted;
  }

  /** The connection logged in, or closed. */
  remove(item: T): void {
    this.waiting.delete(item);
  }
}

/** How an `InputPump` hands input on: slices, their turns, and when it must wait. */
export interface PumpOptions {
  /** Bytes at most a turn. */
  readonly slice?: number;
  /** Runs the next slice on a later turn of the event loop. */
  readonly later?: (run: () => void) => void;
  /** Milliseconds before the next slice may go (0: now): the session's budgets. */
  readonly wait?: () => number;
  /** Runs `run` after `ms` milliseconds. */
  readonly after?: (ms: number, run: () => void) => void;
  /** Told the bytes waiting whenever that changes: the server stops reading past a point. */
  readonly backlog?: (bytes: number) => void;
}

/**
 * Hands a session's input to its game a slice at a time: `slice` bytes, then the rest on a later
 * turn of the event loop (`later`), so that other players' keys, and their games' frames, come in
 * between. The server plays every game on one thread: a burst of keys handed over whole would
 * hold up every other game until each of its keys was played (docs/serve.md, "Playing over SSH").
 * A slice never ends inside an escape sequence (it ends before the last ESC byte in it) or a
 * UTF-8 character, which the game would read as other keys. While the session is over a budget
 * (`wait`), its input waits, whole, for as long as it must: none of it is dropped.
 */
export class InputPump {
  private readonly pending: Buffer[] = [];
  private bytes = 0;
  private waiting = false;
  private stopped = false;
  private readonly slice: number;
  private readonly later: (run: () => void) => void;
  private readonly wait: () => number;
  private readonly after: (ms: number, run: () => void) => void;
  private readonly backlog: (bytes: number) => void;

  constructor(
    private readonly write: (data: Buffer) => void,
    options: PumpOptions = {},
  ) {
    this.slice = options.slice ?? 512;
    this.later = options.later ?? ((run) => setImmediate(run));
    this.wait = options.wait ?? (() => 0);
    this.after = options.after ?? ((ms, run) => setTimeout(run, ms));
    this.backlog = options.backlog ?? (() => undefined);
  }

  /** Queues `data`; the first slice goes at once when nothing is waiting. */
  push(data: Buffer): void {
    if (this.stopped) return;
    this.pending.push(data);
    this.bytes += data.length;
    this.backlog(this.bytes);
    if (!this.waiting) this.pump();
  }

  /**
   * Drops what waits, for a session that has ended: its input is read no more, and nothing is
   * left queued behind a timer (a dropped connection's backlog would take seconds to drain).
   */
  stop(): void {
    this.stopped = true;
    this.pending.length = 0;
    this.bytes = 0;
  }

  private pump(): void {
    this.waiting = false;
    if (this.bytes === 0 || this.stopped) return;
    const ms = this.wait();
    if (ms > 0) {
      this.waiting = true;
      this.after(ms, () => this.pump());
      return;
    }
    // A key typed alone is one buffer: it goes as it came, not copied.
    const parts = this.pending.splice(0);
    const head = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    const end = sliceEnd(head, this.slice);
    if (end < head.length) this.pending.push(head.subarray(end));
    this.bytes = head.length - end;
    this.backlog(this.bytes);
    if (end < head.length) {
      this.waiting = true;
      this.later(() => this.pump());
    }
    if (end > 0) this.write(head.subarray(0, end));
  }
}

const ESC = 0x1b;

/**
 * Where a slice of at most `most` bytes of `data` may end (see `InputPump`): before the last ESC
 * in it, if one is past its start (a key's escape sequence is far shorter than a slice, so one
 * at the start ends within it), and never on a UTF-8 continuation byte.
 */
export function sliceEnd(data: Buffer, most: number): number {
  if (data.length <= most) return data.length;
  const esc = data.lastIndexOf(ESC, most);
  let end = esc > 0 ? esc : most;
  while (end > 0 && (data[end] & 0xc0) === 0x80) end--;
  return end > 0 ? end : most;
}

/**
 * Calls `over` once when more than `limit` bytes written to `stream` are still unsent (`unsent`,
 * by default what the stream itself holds): a client that reads nothing (or its link far slower
 * than the game draws) would otherwise make the server hold every frame in memory.
 */
export function limitUnsent(
  stream: NodeJS.WritableStream & { writableLength: number },
  limit: number,
  over: () => void,
  unsent: () => number = () => stream.writableLength,
): void {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  let said = false;
  stream.write = ((...args: unknown[]) => {
    const ok = write(...args);
    if (!said && unsent() > limit) {
      said = true;
      over();
    }
    return ok;
  }) as typeof stream.write;
}

/**
 * Runs `apply` once, `ms` after the first of a burst of calls (it reads the latest state itself):
 * a client's flood of window sizes costs one redraw every `ms`, not one each.
 */
export class Coalesced {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ms: number,
    private readonly apply: () => void,
  ) {}

  call(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.apply();
    }, this.ms);
    this.timer.unref();
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * New connections per address, at most `perMinute` a minute, in a burst of as many
 * (docs/serve.md, "Limits"): a token bucket for each address that connected lately. Addresses
 * whose bucket is full again are forgotten, so the memory stays bounded by the addresses of the
 * last minute.
 */
export class ConnectionRate {
  private readonly buckets = new Map<string, TokenBucket>();
  private taken = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether one more connection from `address` may be taken now (and counts it if so). */
  take(address: string): boolean {
    if (++this.taken % 1024 === 0) this.forget();
    let bucket = this.buckets.get(address);
    if (bucket === undefined) {
      bucket = new TokenBucket(this.perMinute, this.perMinute / 60, this.now);
      this.buckets.set(address, bucket);
    }
    if (!bucket.has(1)) return false;
    bucket.spend(1);
    return true;
  }

  /** Forgets the addresses that could connect a whole burst again. */
  private forget(): void {
    for (const [address, bucket] of this.buckets) if (bucket.full()) this.buckets.delete(address);
  }
}
