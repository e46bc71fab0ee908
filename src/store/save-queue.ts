/**
 * Saves written in the background, for a process that plays many games at once (docs/saves.md,
 * "Saved games and statistics"): a session hands each new state over and goes on at once, while its
 * writes reach the disk one after the other, by the same atomic steps as a save written at once.
 * A state handed over while an earlier one is being written waits for it; a newer state handed
 * over meanwhile takes the waiting one's place, so a burst of actions costs two writes, not one
 * per action, and the last state is the one kept.
 */
import type { SaveShelf, Written } from './saves';
import type { SaveSink } from './sink';

type Step =
  | { readonly kind: 'write'; readonly id: string; text: string; readonly done: Deferred }
  | { readonly kind: 'remove' | 'release'; readonly id: string };

interface Deferred {
  readonly written: Promise<Written>;
  settle(written: Written): void;
}

function deferred(): Deferred {
  let settle: (written: Written) => void = () => undefined;
  const written = new Promise<Written>((resolve) => (settle = resolve));
  return { written, settle };
}

export class SaveQueue implements SaveSink {
  /** Writes settle once on disk, after the call returns. */
  readonly background = true;
  /** Steps not started yet, in order. */
  private readonly waiting: Step[] = [];
  /** The steps under way, until the last one waiting is done; null when there is nothing to do. */
  private running: Promise<void> | null = null;
  /** Why a write failed, until `takeFailure` hands it on. */
  private failure: string | null = null;

  constructor(private readonly store: SaveShelf) {}

  /**
   * Writes a slot's save after the steps before it. Resolves with how it went: a state that a
   * newer one replaced before its turn shares the newer one's outcome.
   */
  write(id: string, text: string): Promise<Written> {
    const last = this.waiting.at(-1);
    if (last?.kind === 'write' && last.id === id) {
      last.text = text;
      return last.done.written;
    }
    const done = deferred();
    this.push({ kind: 'write', id, text, done });
    return done.written;
  }

  /** Deletes a slot's save and gives up its lock, after the steps before. */
  remove(id: string): void {
    this.push({ kind: 'remove', id });
  }

  /** Gives up a slot's lock, after the steps before (its last write among them). */
  release(id: string): void {
    this.push({ kind: 'release', id });
  }

  /** Resolves once every step handed over so far is done. Never rejects. */
  flush(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** Why a write failed since this was last asked, or null: each failure is told once. */
  takeFailure(): string | null {
    const failure = this.failure;
    this.failure = null;
    return failure;
  }

  private push(step: Step): void {
    this.waiting.push(step);
    this.running ??= this.run();
  }

  private async run(): Promise<void> {
    // Starts on a later turn, so that `running` is set before the loop can end and clear it.
    await Promise.resolve();
    for (let step = this.waiting.shift(); step; step = this.waiting.shift()) {
      if (step.kind === 'write') {
        const written = await this.store.writeSoon(step.id, step.text);
        if (!written.ok) this.failure = written.reason;
        step.done.settle(written);
      } else if (step.kind === 'remove') this.store.remove(step.id);
      else this.store.release(step.id);
    }
    this.running = null;
  }
}
