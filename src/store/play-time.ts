/**
 * The time a game has been played (docs/playing.md, "The clock"), as its save keeps it and its
 * clock shows it: the time between actions, at most `MAX_GAP_MS` for any one pause, and only
 * while the clock runs (the game on screen and not over).
 */

/** Idle time beyond this between two actions is not counted as playing time. */
export const MAX_GAP_MS = 5 * 60 * 1000;

export class PlayTime {
  private counted: number;
  private last: number;
  private stopped = false;

  constructor(
    private readonly now: () => Date,
    counted: number,
  ) {
    this.counted = counted;
    this.last = now().getTime();
  }

  /** The time counted up to the last action (or stop): what a save holds. */
  get ms(): number {
    return this.counted;
  }

  /** The time since the last action that counts, up to now. */
  private since(now: number): number {
    return this.stopped ? 0 : Math.min(Math.max(0, now - this.last), MAX_GAP_MS);
  }

  /** An action: the time since the last one counts, unless `counts` is false (the win panel). */
  tick(counts = true): number {
    const now = this.now().getTime();
    if (counts) this.counted += this.since(now);
    this.last = now;
    return this.counted;
  }

  /** Starts or stops the clock: the time up to a stop counts, the time until the next start not. */
  runs(running: boolean): void {
    if (running !== this.stopped) return;
    if (!running) this.tick();
    this.last = this.now().getTime();
    this.stopped = !running;
  }

  /** The time played up to now, as the next action will count it: what the clock shows. */
  shown(): number {
    return this.counted + this.since(this.now().getTime());
  }

  /** A new game: nothing played yet. */
  reset(): void {
    this.counted = 0;
    this.last = this.now().getTime();
  }
}
