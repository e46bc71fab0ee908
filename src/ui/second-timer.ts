/**
 * The timer that redraws a game as its clock's second turns (docs/playing.md, "The clock"): the
 * status line shows whole seconds, so a draw is due once a second while the clock runs.
 */
export class SecondTimer {
  private timer: NodeJS.Timeout | undefined;
  /** The played time, in ms, that the timer wakes at (a whole second), or -1 when none runs. */
  private due = -1;

  constructor(private readonly wake: () => void) {}

  /**
   * Read at every draw: sets the timer for the next whole second after `playedMs`, or stops it
   * when the clock does not run on screen. A draw within the same second keeps the timer it has
   * (a server draws hundreds of frames a second).
   */
  follow(playedMs: number, running: boolean): void {
    const due = running ? playedMs - (playedMs % 1000) + 1000 : -1;
    if (due === this.due) return;
    this.stop();
    if (due < 0) return;
    this.due = due;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.due = -1;
        this.wake();
      },
      due - playedMs + 5,
    );
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.due = -1;
  }
}
