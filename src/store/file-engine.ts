/**
 * The engine a player's places name, or the files of their folders (docs/serve.md, "Where a
 * server keeps its players").
 */
import { foldWhenOver } from './fold';
import type { History } from './engine';
import { appendResult, readDigest, RECENT_BYTES, slotsRecorded } from './history';
import type { Places } from './paths';
import { type SaveShelf, SaveStore } from './saves';

/** The store of the player's saves. */
export function shelfOf(places: Places): SaveShelf {
  return places.engine?.shelf() ?? new SaveStore(places);
}

/** The player's history of results. */
export function historyOf(places: Places): History {
  return places.engine?.history() ?? fileHistory(places);
}

/** The history in the `games.jsonl` file of the player's data folder. */
function fileHistory(places: Places): History {
  return {
    problem: () => places.dataProblem(),
    recorded: (slots) => slotsRecorded(places.data, slots, RECENT_BYTES),
    append: (result) => appendResult(places.data, result),
    digest: (known, maxBytes) => readDigest(places.data, known, maxBytes),
    foldWhenOver: (limitBytes) => foldWhenOver(places.data, limitBytes),
  };
}
