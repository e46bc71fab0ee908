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

/** Told how long a save took from being handed over to settling, and whether it is kept. */
export type SaveTimed = (ms: number, ok: boolean) => void;

/**
 * `sink`, each write timed from being handed over to settling, for a server's metrics
 * (docs/serve.md, "Metrics and health"); the rest as it is.
 */
export function timedSink(sink: SaveSink, timed: SaveTimed): SaveSink {
  return {
    background: sink.background,
    write: (id, text) => {
      const start = performance.now();
      const written = sink.write(id, text);
      if (written instanceof Promise)
        void written.then((result) => timed(performance.now() - start, result.ok));
      else timed(performance.now() - start, written.ok);
      return written;
    },
    remove: (id) => sink.remove(id),
    release: (id) => sink.release(id),
    takeFailure: () => sink.takeFailure(),
    flush: () => sink.flush(),
  };
}
