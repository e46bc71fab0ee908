/**
 * Where a server keeps its daily board (docs/serve.md, "The daily board"): its players' names and
 * the results of each day's deal. Behind one asynchronous interface, so that more than one engine
 * can keep it: files under the server's state folder (`board-files.ts`), or a database shared by
 * several servers. An engine checks nothing of a name but whether another player has it: a name
 * reaches it read (`readName`), its key the form two names are compared in.
 */
import type { DailyEntry, NamedEntry } from '../stats/board';

export type { DailyEntry, NamedEntry } from '../stats/board';

/** How claiming a name went: the player has it now, or another player has it. */
export type NameClaim = { readonly ok: true } | { readonly ok: false; readonly why: 'taken' };

/**
 * A server's board. Every method may reject (a file or a database that fails): the caller says so
 * to the player, and the game goes on.
 */
export interface Board {
  /** The player's name, or null when they have none yet. */
  nameOf(player: string): Promise<string | null>;
  /**
   * Gives the player `name` (as `readName` made it), whose `key` no other player's name may have;
   * their former name, if any, is free at once. Two players claiming one key at once: one has it.
   */
  setName(player: string, name: string, key: string): Promise<NameClaim>;
  /** Adds a result of a daily deal; a player may have many a day. */
  addDaily(entry: DailyEntry): Promise<void>;
  /** Every result of `day` (`YYYY-MM-DD`), each with its player's name now (null: none). */
  day(day: string): Promise<readonly NamedEntry[]>;
}

/** A player's id as a board keeps it: their key's fingerprint in URL-safe base64. */
export const PLAYER_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** A day as a board keeps it. */
export const DAY = /^\d{4}-\d{2}-\d{2}$/;
