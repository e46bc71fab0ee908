/**
 * Where a player's games and results are kept (docs/serve.md, "Where a server keeps its players"):
 * the files of their folders, unless their places name another engine, such as the database a
 * server shares with others. A session asks through these alone, so both keep the same promises:
 * a save after every action, and no two sessions on one game.
 */
import type { DealId, Rules } from '../engine';
import type { LoadedSave } from '../notation/save';
import type { GameResult } from '../stats/result';
import type { DiskLimits } from './disk-limits';
import type { Folded } from './fold';
import type { Appended, HistoryDigest } from './history';
import type { SetAside } from './news';
import type { Claimed, Scan, Shelf } from './save-scan';

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
  /** A record `w` wrote (`name`, `text`) and those it removed to make room: kept here too. */
  recordWritten?(name: string, text: string, removed: readonly string[]): void;
  /** The player's records, newest first, when kept here. */
  records?(): ReadonlyArray<{
    readonly name: string;
    readonly written: Date;
    readonly text: string;
  }>;
}

export type Written = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * What a session asks of the store of one player's saves, whichever engine keeps them
 * (docs/serve.md, "Where a server keeps its players"): the files of a folder (`SaveStore`), or a
 * database a server shares with others.
 */
export interface SaveShelf extends Shelf {
  /** What the player may keep (docs/serve.md, "Limits on disk"); no limit unless given. */
  readonly limits: DiskLimits | undefined;
  /** Whether a slot has a save. */
  has(id: string): boolean;
  /** A new slot name: sortable by time, unique across processes and hosts. */
  newId(now?: Date): string;
  /** Why slot `id`, which has no save yet, may not have one, or null when it may. */
  room(id: string): string | null;
  /** Writes a save, kept when the call returns. Never throws. */
  write(id: string, text: string): Written;
  /** The same write, settling once it is kept. Never rejects. */
  writeSoon(id: string, text: string): Promise<Written>;
  /** Gives up this session's claim on a slot; `finished`: its game is over. */
  release(id: string, finished?: boolean): void;
  /** Looks through the saves (see `scanSaves`). */
  scan(now?: Date): Scan;
  /** Where a session saving in the background writes, when the shelf keeps its own order. */
  sink?(): SaveSink;
  /** Replays a claimed save; one that fails is set aside and released. */
  load(entry: Claimed, now?: Date): { ok: true; save: LoadedSave } | { ok: false; news: SetAside };
}

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

/** One unfinished game, as the list shows it. */
export interface SavedGame {
  /** Where it is kept: what `switchSave` and `giveUpSave` take. */
  readonly slot: string;
  readonly deal: DealId;
  readonly rules: Rules;
  /** Moves in its line of play (undone ones not counted). */
  readonly moves: number;
  /** Playing time (docs/saves.md, "Saved games and statistics"). */
  readonly elapsedMs: number;
  /** When it was last saved (ISO 8601). */
  readonly saved: string;
  /** Open in a live session: this one ('here', the game in play) or another, or null. */
  readonly open: 'here' | 'elsewhere' | null;
}

/** The player's unfinished games, most recently saved first. */
export interface SavesList {
  readonly games: readonly SavedGame[];
  /** How many more unfinished games there are, beyond those asked for (as far as names tell). */
  readonly more: number;
  /** Saves that could not be read (damaged, or their permissions): not listed. */
  readonly skipped: number;
  /** Why the folder of saves cannot be used or looked through, or null. */
  readonly problem: string | null;
}
