/**
 * Looking through the saves at a start (README, "Start-up"): what is in the folder, which saves
 * wait only for the statistics, which are another session's, and which cannot be used.
 */
import * as fs from 'fs';
import * as path from 'path';
import { readSaveHeader, type SaveHeader } from '../notation/save';
import { fsWords } from './errors';
import { removeFile } from './files';
import { lockSlot } from './locks';
import {
  isFinished,
  isSaveName,
  isTemporaryOf,
  looksNamedBySaveTime,
  temporarySlot,
} from './save-names';
import type { SaveStore, SetAside, Unreadable } from './saves';
import { Unfinished } from './unfinished';

/**
 * At most this many of the saves that are not named by the time of their last save (held by a
 * session, waiting for the statistics, of an earlier version) are read at a start: the newest by
 * their names.
 */
const MAX_SLOTS = 200;

/**
 * A save found in its slot: its header, read at once, and its text, replayed only when the game
 * is wanted (`SaveStore.load`), once this session has claimed the slot.
 */
export interface Claimed {
  readonly id: string;
  readonly header: SaveHeader;
  readonly text: string;
}

/** What looking through the saves found. */
export interface Scan {
  /**
   * Unfinished games, most recently saved first, read only as far as they are asked for: each
   * one `find` gives is claimed by this session.
   */
  readonly unfinished: Unfinished;
  /**
   * Games waiting only for the statistics (claimed too): won or lost games a session left
   * before the player did, and abandoned games whose result could not be recorded then.
   */
  readonly finished: Claimed[];
  /** Games open in another running spider. */
  readonly inUse: number;
  /** Why a save's slot could not be locked (the folder cannot be written): none is in use then. */
  readonly unlockable: string | null;
  /** Why the folder of saves could not be looked through (not that it is not there yet). */
  readonly unlisted: string | null;
  /** The headers of those games, where they could be read (to name them). */
  readonly elsewhere: SaveHeader[];
  /** Saves that could not be used, each moved aside (or not, and why). */
  readonly setAside: SetAside[];
  /**
   * Saves this user may not read (their permissions): each left where it is, untouched, and
   * why. Nothing says they are damaged.
   */
  readonly unreadable: Unreadable[];
}

/** A scan as it goes on: `Unfinished` adds what it finds while it is asked for games. */
export type ScanSoFar = { -readonly [K in keyof Scan]: Scan[K] };

/**
 * Orders saves most recently saved first, by the time their headers say (`localeCompare` on the
 * text would load the locale's collation first, 5 ms of a start with saves).
 */
export function newestFirst(a: Claimed, b: Claimed): number {
  return Date.parse(b.header.saved) - Date.parse(a.header.saved);
}

/**
 * Looks through the saves, reading as few as the choice of a game allows (README, "Start-up"):
 * the saves named by the time they were last saved are read newest first, as they are asked
 * for (`Unfinished.find`); the others are read now: a save another session holds, or held
 * when it ended (killed: it takes over its lock), one waiting for the statistics, one of an
 * earlier version. Sets aside the ones that cannot be used, and claims those waiting only for
 * the statistics; the caller claims the unfinished game it chooses, and releases the others.
 */
export function scanSaves(store: SaveStore, now: Date): Scan {
  const scan: ScanSoFar = {
    unfinished: new Unfinished(store, now),
    finished: [],
    inUse: 0,
    unlockable: null,
    unlisted: null,
    elsewhere: [],
    setAside: [],
    unreadable: [],
  };
  scan.unfinished.scan = scan;
  if (store.problem) return scan; // nothing in an untrusted folder is read
  let all: string[];
  try {
    all = fs.readdirSync(store.dir);
  } catch (error) {
    // No folder (not yet, or a file in the way: saving says so): no saves. Any other failure
    // hides the saves there: the player is told.
    if (!['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? ''))
      scan.unlisted = fsWords(error);
    return scan;
  }
  const names = sortNames(all);
  // A temporary is what a session killed between writing and renaming left, or a slot whose
  // first save never got there: once its slot is claimed, no one can be writing it (README,
  // "Saved games and statistics"). Cleared first, before anything of the slot is known.
  for (const id of names.temporaries) {
    if (!store.claim(id)) continue;
    removeTemporaries(store, all, id);
    store.letGo(id);
  }
  readOthers(store, scan, names, now);
  scan.unfinished.later(names.byTime, names.latest);
  return scan;
}

/** The names in the folder of saves, by what they are. */
interface Names {
  /** Slots named by the time of their last save, and held by no session. */
  readonly byTime: string[];
  /** Where in `byTime` the most recent is (so that a start compares once), or -1. */
  readonly latest: number;
  /** The other slots with a save. */
  readonly others: string[];
  /** Slots with a lock file. */
  readonly locked: ReadonlySet<string>;
  /** Slots with a temporary file. */
  readonly temporaries: ReadonlySet<string>;
}

/**
 * Sorts the folder's names. One look at each name, as cheap as can be: thousands of saves cost
 * little more than the folder's listing. A name by save time is checked in full when its save is
 * read.
 */
function sortNames(all: readonly string[]): Names {
  let byTime: string[] = [];
  const others: string[] = [];
  const locked = new Set<string>();
  const temporaries = new Set<string>();
  let latest = -1;
  for (const name of all) {
    if (name.length === 33 && looksNamedBySaveTime(name) && name.endsWith('.txt')) {
      const id = name.slice(0, 29);
      if (latest < 0 || id > byTime[latest]) latest = byTime.length;
      byTime.push(id);
    } else if (isSaveName(name)) others.push(name.slice(0, -'.txt'.length));
    else if (name.startsWith('.')) {
      const slot = temporarySlot(name);
      if (slot !== null) temporaries.add(slot);
    } else if (name.includes('.lock')) {
      const slot = lockSlot(name);
      if (slot !== null) locked.add(slot);
    }
  }
  // Named by the time of their last save and held by no session: that name is the truth. A
  // save held, or held when its session ended (killed), may have been saved since.
  if (locked.size > 0) {
    others.push(...byTime.filter((id) => locked.has(id)));
    byTime = byTime.filter((id) => !locked.has(id));
    latest = -1;
  }
  return { byTime, latest, others, locked, temporaries };
}

/** Reads the saves not named by save time (or locked), the newest `MAX_SLOTS` by their names. */
function readOthers(store: SaveStore, scan: ScanSoFar, names: Names, now: Date): void {
  for (const id of names.others.sort().reverse().slice(0, MAX_SLOTS)) {
    let claimed = false;
    if (names.locked.has(id)) {
      if (!claimOrSay(store, scan, id, now)) continue;
      claimed = true; // a lock left by a session that is gone, taken over
    }
    const found = sortSlot(store, scan, id, now, claimed);
    if (found !== null) scan.unfinished.add(found.entry, found.claimed);
  }
}

/**
 * Reads slot `id`'s header (`claimed`: this session holds the slot) and deals with what it
 * finds: a save that cannot be used is set aside, and one whose game waits for the statistics
 * is claimed into `scan.finished`, each read again once the slot is claimed, so as to act on
 * what no other session can change any more. An unfinished game comes back, claimed or not as
 * it was; null when there is nothing more to do with the slot.
 */
export function sortSlot(
  store: SaveStore,
  scan: ScanSoFar,
  id: string,
  now: Date,
  claimed: boolean,
): { entry: Claimed; claimed: boolean } | null {
  for (;;) {
    const found = look(store, scan, id, now);
    if (found === null) {
      if (claimed) store.letGo(id);
      return null;
    }
    if (!('bad' in found) && !isFinished(found.header)) return { entry: found, claimed };
    if (!claimed) {
      if (!claimOrSay(store, scan, id, now)) return null;
      claimed = true;
      continue;
    }
    if ('bad' in found) scan.setAside.push(store.giveUp(id, found.bad, now));
    else scan.finished.push(found);
    return null;
  }
}

/**
 * Reads the header of slot `id`'s save: the save, or why it cannot be used; null when it is
 * gone, or when its permissions forbid reading it (left as it is: the player is told).
 */
function look(
  store: SaveStore,
  scan: ScanSoFar,
  id: string,
  now: Date,
): Claimed | { bad: string } | null {
  const read = store.read(id);
  if (!read.ok && read.gone) return null; // renamed or removed since the folder was listed
  if (!read.ok && read.denied) {
    // Not damaged, and nothing to set aside: the game is there, once it may be read.
    scan.unreadable.push(store.unreadable(id, read.reason));
    return null;
  }
  const header = read.ok ? readSaveHeader(read.text, now.toISOString()) : read;
  if (!read.ok || !header.ok) return { bad: header.ok ? 'unreadable' : header.reason };
  store.noteHeader(id, header.header);
  return { id, header: header.header, text: read.text };
}

/** Claims slot `id` for the scan, or notes why not (in use, or no lock can be put down). */
export function claimOrSay(store: SaveStore, scan: ScanSoFar, id: string, now: Date): boolean {
  if (store.claim(id)) return true;
  notClaimed(store, scan, id, now);
  return false;
}

/** Notes why slot `id` could not be claimed: another session holds it, or nothing can be locked. */
function notClaimed(store: SaveStore, scan: ScanSoFar, id: string, now: Date): void {
  if (store.lockProblem !== null) {
    // Not another session's: no lock can be put down here. The save stays as it is.
    scan.unlockable = store.lockProblem;
    return;
  }
  scan.inUse++;
  // Read, never replayed nor set aside: the game is another session's.
  const read = store.read(id);
  const header = read.ok ? readSaveHeader(read.text, now.toISOString()) : read;
  if (header.ok) scan.elsewhere.push(header.header);
}

/** Removes the temporaries of slot `id`'s save among `names` (the slot must be claimed). */
function removeTemporaries(store: SaveStore, names: readonly string[], id: string): void {
  for (const name of names.filter((n) => isTemporaryOf(n, id))) {
    removeFile(path.join(store.dir, name));
  }
}
