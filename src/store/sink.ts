/**
 * Where a session's writes go (docs/saves.md, "Saved games and statistics"): straight to disk, the
 * process waiting for it, or through a SaveQueue, in the background.
 */
import type { SaveShelf, Written } from './saves';

export interface SaveSink {
  /**
   * Whether writes reach the disk in the background: a write settles later, and a failure is
   * told at the next action (`takeFailure`). Else each write is on disk when it returns.
   */
  readonly background: boolean;
  /** Writes a slot's save. */
  write(id: string, text: string): Written | Promise<Written>;
  /** Deletes a slot's save and gives up its lock. */
  remove(id: string): void;
  /** Gives up a slot's lock, its save as it is. */
  release(id: string): void;
  /** Why a write in the background failed since this was last asked, or null. */
  takeFailure(): string | null;
  /** Resolves once every write handed over so far is on disk (or has failed). */
  flush(): Promise<void>;
}

/** Writes straight to the store: each save is on disk before the call returns. */
export function atOnce(store: SaveShelf): SaveSink {
  return {
    background: false,
    write: (id, text) => store.write(id, text),
    remove: (id) => store.remove(id),
    release: (id) => store.release(id),
    takeFailure: () => null,
    flush: () => Promise.resolve(),
  };
}
