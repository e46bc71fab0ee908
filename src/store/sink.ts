/**
 * Where a session's writes go (docs/saves.md, "Saved games and statistics"): straight to disk, the
 * process waiting for it, or through a SaveQueue, in the background.
 */
import type { SaveShelf, SaveSink } from './engine';

export type { SaveSink };

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
