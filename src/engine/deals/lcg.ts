/**
 * The linear congruential generator of Microsoft's C library (`rand()`), which FreeCell made
 * famous and which PySolFC (game numbers below 32000) and KPat deal with: state x, starting at
 * the game number; each draw x = (x * 214013 + 2531011) mod 2^32, giving (x >> 16) & 0x7fff.
 */
export class Lcg {
  private x: number;

  constructor(seed: number) {
    this.x = seed >>> 0;
  }

  /** The next draw, 0..32767. */
  next(): number {
    // 214013 * x can exceed 2^53: multiply in two halves to stay exact.
    const hi = Math.imul(this.x, 214013) >>> 0;
    this.x = (hi + 2531011) >>> 0;
    return (this.x >>> 16) & 0x7fff;
  }

  /** a..b inclusive: a + draw mod (b + 1 - a). */
  randint(a: number, b: number): number {
    return a + (this.next() % (b + 1 - a));
  }
}
