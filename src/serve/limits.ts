/**
 * What one server lets its players and their connections have (README, "Playing over SSH"):
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
 * A token bucket for input bytes: `burst` bytes at once, refilled at `perSecond`. Typing, and
 * mouse drags, stay far below it; a paste of a book, or a flood, does not.
 */
export class InputBudget {
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

  /** Whether `bytes` more may come in now; if so they are counted. */
  take(bytes: number): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (bytes > this.tokens) return false;
    this.tokens -= bytes;
    return true;
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
