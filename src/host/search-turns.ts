/**
 * Turns for the lost-game search among the games of one process (a server's players): one
 * search runs at a time, the others wait, so a process holds one search's memory (tens of MB at
 * worst) however many games ask at once.
 */
export class SearchTurns {
  private readonly waiting: (() => void)[] = [];
  private busy = false;

  /** Asks for a turn: `start` runs once it is this one's. Returns the function that gives it up. */
  take(start: () => void): () => void {
    let state: 'waiting' | 'running' | 'done' = 'waiting';
    const begin = () => {
      // Given up after its turn came but before it began: the turn goes on.
      if (state === 'done') return this.next();
      state = 'running';
      start();
    };
    if (this.busy) this.waiting.push(begin);
    else {
      this.busy = true;
      begin();
    }
    return () => {
      if (state === 'done') return;
      if (state === 'running') this.next();
      else {
        // Still in the queue, it leaves it; else its turn has come, and `begin` hands it on.
        const at = this.waiting.indexOf(begin);
        if (at >= 0) this.waiting.splice(at, 1);
      }
      state = 'done';
    };
  }

  private next(): void {
    const following = this.waiting.shift();
    if (following) setImmediate(following);
    else this.busy = false;
  }
}
