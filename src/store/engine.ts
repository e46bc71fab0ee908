/**
 * Where a player's games and results are kept (docs/serve.md, "Where a server keeps its players"):
 * the files of their folders, unless their places name another engine, such as the database a
 * server shares with others. A session asks through these alone, so both keep the same promises:
 * a save after every action, and no two sessions on one game.
 */
import type { GameResult } from '../stats/result';
import type { Folded } from './fold';
import {
  type Appended,
  appendResult,
  type HistoryDigest,
  readDigest,
  RECENT_BYTES,
  slotsRecorded,
} from './history';
import { foldWhenOver } from './fold';
import type { Places } from './paths';
import { SaveStore, type SaveShelf } from './saves';
import type { SavesList } from './saves-list';

/** The player's history of results, as the statistics ask for it (`ResultBook`). */
export interface History {
  /** Why the history cannot be kept, or null when it can. */
  problem(): string | null;
  /** Of `slots`, those whose result is among the most recent ones. */
  recorded(slots: readonly string[]): Set<string>;
  /** Adds a result. */
  append(result: GameResult): Appended;
  /** The history's figures; `known`: the last ones read, answered as they are when nothing changed. */
  digest(known: HistoryDigest | null, maxBytes: number): HistoryDigest;
  /** Folds a history kept within `limitBytes` when it is over it, in the background. */
  foldWhenOver(limitBytes: number): Promise<Folded> | null;
}

/** An engine other than the folders: what it keeps of one player, for one connection. */
export interface StoreEngine {
  shelf(): SaveShelf;
  history(): History;
  /** The player's unfinished games, as `listSaves` lists them. */
  listSaves(options: { readonly playing?: string; readonly most?: number }): SavesList;
  /** The text of a save, as `saveText` gives it. */
  saveText(
    slot: string,
  ): { readonly ok: true; readonly text: string } | { readonly ok: false; readonly why: string };
  /** Whether the player has played before (a save, or a result). */
  playedBefore(): boolean;
}

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
