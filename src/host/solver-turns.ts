/**
 * The questions waiting for the solver's threads, taken in turns across those who ask
 * (docs/serve.md, "Playing over SSH", "One process, many players"): a server's players. Each
 * asker's questions go in the order asked; among askers, the next question is that of the asker
 * served longest ago: whose last question started first, or who came to ask first, for one never
 * served yet. So askers who keep asking take turns, round and round, one who comes joins the end of
 * the round, and a player who asks now and then waits only for the questions under way, never
 * behind the many that others keep asking. Pure: no clock, no threads.
 */
export class SolverTurns<T> {
  /** The askers with questions waiting, in the order they came to wait; each one's in order. */
  private readonly waiting = new Map<object, T[]>();
  /**
   * When each asker was last served: the moment its last question started, or that it first
   * asked, counted in questions started and askers come.
   */
  private readonly served = new WeakMap<object, number>();
  private count = 0;

  /** Questions waiting. */
  get size(): number {
    let size = 0;
    for (const questions of this.waiting.values()) size += questions.length;
    return size;
  }

  add(asker: object, question: T): void {
    if (!this.served.has(asker)) this.served.set(asker, ++this.count);
    const questions = this.waiting.get(asker);
    if (questions) questions.push(question);
    else this.waiting.set(asker, [question]);
  }

  /** Takes the question out of its place in line; false when it was not waiting. */
  remove(asker: object, question: T): boolean {
    const questions = this.waiting.get(asker);
    const at = questions?.indexOf(question) ?? -1;
    if (!questions || at < 0) return false;
    questions.splice(at, 1);
    if (questions.length === 0) this.waiting.delete(asker);
    return true;
  }

  /** The question whose turn it is, out of the line; undefined when none waits. */
  next(): T | undefined {
    let turn: object | undefined;
    let last = Infinity;
    for (const asker of this.waiting.keys()) {
      const at = this.served.get(asker) as number;
      if (at < last) {
        turn = asker;
        last = at;
      }
    }
    if (turn === undefined) return undefined;
    const questions = this.waiting.get(turn) as T[];
    const question = questions.shift() as T;
    if (questions.length === 0) this.waiting.delete(turn);
    this.served.set(turn, ++this.count);
    return question;
  }
}
