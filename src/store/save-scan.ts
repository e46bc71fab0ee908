/**
 * Looking through the saves at a start (docs/measurements.md, "Start-up"): what is in the folder,
 * which saves wait only for the statistics, which are another session's, and which cannot be used;
 * and the unfinished games, read as the choice of one needs them.
 */
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
  savedAtOf,
  temporarySlot,
} from './save-names';
import type { SetAside, Unreadable } from './news';

/**
 * At most this many of the saves that are not named by the time of their last save (held by a
 * session, waiting for the statistics, of an earlier version) are read at a start: the newest by
 * their names.
 */
const MAX_SLOTS = 200;

/**
 * A save file's text, or why it could not be read; `denied`: its permissions forbid it; `gone`:
 * it is not there (any more).
 */
export type Read =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: string; readonly denied?: true; readonly gone?: true };

/** What the scan asks of the store of saves (`SaveShelf`); `names` lists its folder (or throws). */
export interface Shelf {
  /** The folder of save files. */
  readonly dir: string;
  /** Why no save can be kept, or null: nothing in such a folder is read. */
  readonly problem: string | null;
  /** Why the last lock file could not be put down, if it could not. */
  readonly lockProblem: string | null;
  names(): string[];
  claim(id: string): boolean;
  /** Gives up this session's claim on a slot, its save as it is. */
  letGo(id: string): void;
  remove(id: string): void;
  release(id: string): void;
  read(id: string): Read;
  /** Notes what a save's header, just read, says of slot `id`. */
  noteHeader(id: string, header: SaveHeader): void;
  /** Sets a bad save aside and releases it. */
  giveUp(id: string, reason: string, now: Date): SetAside;
  unreadable(id: string, reason: string): Unreadable;
}

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
 * Looks through the saves, reading as few as the choice of a game allows (docs/measurements.md,
 * "Start-up"): the saves named by the time they were last saved are read newest first, as they are
 * asked for (`Unfinished.find`); the others are read now: a save another session holds, or held
 * when it ended (killed: it takes over its lock), one waiting for the statistics, one of an
 * earlier version. Sets aside the ones that cannot be used, and claims those waiting only for
 * the statistics; the caller claims the unfinished game it chooses, and releases the others.
 */
export function scanSaves(store: Shelf, now: Date): Scan {
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
    all = store.names();
  } catch (error) {
    // No folder (not yet, or a file in the way: saving says so): no saves. Any other failure
    // hides the saves there: the player is told.
    if (!['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? ''))
      scan.unlisted = fsWords(error);
    return scan;
  }
  const names = sortNames(all);
  // A temporary is what a session killed between writing and renaming left, or a slot whose
  // first save never got there: once its slot is claimed, no one can be writing it (docs/saves.md,
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
function readOthers(store: Shelf, scan: ScanSoFar, names: Names, now: Date): void {
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
  store: Shelf,
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
  store: Shelf,
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
export function claimOrSay(store: Shelf, scan: ScanSoFar, id: string, now: Date): boolean {
  if (store.claim(id)) return true;
  notClaimed(store, scan, id, now);
  return false;
}

/** Notes why slot `id` could not be claimed: another session holds it, or nothing can be locked. */
function notClaimed(store: Shelf, scan: ScanSoFar, id: string, now: Date): void {
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
function removeTemporaries(store: Shelf, names: readonly string[], id: string): void {
  for (const name of names.filter((n) => isTemporaryOf(n, id))) {
    removeFile(path.join(store.dir, name));
  }
}

/**
 * The unfinished games a scan found, most recently saved first (docs/measurements.md, "Start-up"):
 * those read by the scan, and those named by the time of their last save, each read only once every
 * game saved later has been looked at. A start that resumes the most recent game reads one save,
 * however many there are.
 */
export class Unfinished {
  /** The scan this belongs to: what reading more finds is added to it. */
  scan: ScanSoFar | null = null;
  /** Read, most recently saved first. */
  private readonly read: Claimed[] = [];
  /** Of those, the slots this session holds. */
  private readonly claimed = new Set<string>();
  /**
   * Not read yet: slots named by the time of their last save. The most recent is picked out
   * one at a time (a start mostly wants one), and the rest sorted once many have been.
   */
  private unread: string[] = [];
  /** How many have been picked out; past `PICKED_ONE_BY_ONE`, `unread` is sorted, latest last. */
  private picked = 0;
  private sorted = false;
  /** Where in `unread` the slot `peek` gave is, or -1. */
  private at = -1;

  constructor(
    private readonly store: Shelf,
    private readonly now: Date,
  ) {}

  /** Adds a save read, in its place by the time its header says. */
  add(entry: Claimed, claimed: boolean): void {
    const at = Date.parse(entry.header.saved);
    const i = this.read.findIndex((other) => Date.parse(other.header.saved) < at);
    this.read.splice(i < 0 ? this.read.length : i, 0, entry);
    if (claimed) this.claimed.add(entry.id);
  }

  /**
   * Slots named by the time of their last save, to be read as they are needed; `latest`: where
   * the most recent of them is, if known.
   */
  later(ids: string[], latest = -1): void {
    this.unread = ids;
    this.picked = 0;
    this.sorted = false;
    this.at = latest;
  }

  /**
   * The most recent of the unread slots, by their names (a name by save time sorts as its
   * time), or undefined when none is left. It stays unread until `pop`.
   */
  private peek(): string | undefined {
    const unread = this.unread;
    if (this.picked >= PICKED_ONE_BY_ONE) {
      if (!this.sorted) unread.sort();
      this.sorted = true;
      this.at = unread.length - 1;
    } else if (this.at < 0) {
      for (let i = 0; i < unread.length; i++)
        if (this.at < 0 || unread[i] > unread[this.at]) this.at = i;
    }
    return this.at < 0 ? undefined : unread[this.at];
  }

  /** Takes the slot `peek` gave out of the unread ones. */
  private pop(): void {
    const unread = this.unread;
    unread[this.at] = unread[unread.length - 1];
    unread.pop();
    this.picked++;
    this.at = -1;
  }

  /** The saves read so far, most recently saved first. */
  readSoFar(): readonly Claimed[] {
    return [...this.read];
  }

  /**
   * The most recently saved game that `wanted` accepts, claimed for this session, or undefined
   * when there is none. A save is read only when every one saved later has been, and found not
   * wanted: a save's name says when it was saved no later than the save itself.
   */
  find(wanted: (save: Claimed) => boolean): Claimed | undefined {
    for (let i = 0; ; i++) {
      this.readFor(i);
      const entry = this.read[i];
      if (entry === undefined) return undefined;
      if (!wanted(entry)) continue;
      const taken = this.take(entry);
      if (taken !== null) return taken;
      i = -1; // taken by another session since it was read, or changed: looked at afresh
    }
  }

  /** No longer one to choose from: the caller has dealt with it (its claim is the caller's). */
  drop(entry: Claimed): void {
    const i = this.read.indexOf(entry);
    if (i >= 0) this.read.splice(i, 1);
    this.claimed.delete(entry.id);
  }

  /** Removes a save found to be recorded already (docs/saves.md, "Saved games and statistics"). */
  remove(entry: Claimed): void {
    const taken = this.take(entry);
    if (taken !== null) {
      this.store.remove(taken.id);
      this.drop(taken);
    }
  }

  /** Releases the slots of the games read and claimed but not chosen. */
  release(): void {
    for (const id of this.claimed) this.store.release(id);
    this.claimed.clear();
  }

  /** Reads the unread saves that may have been saved later than the `i`-th read one. */
  private readFor(i: number): void {
    const scan = this.scan;
    if (scan === null) return;
    for (let id = this.peek(); id !== undefined; id = this.peek()) {
      const known = this.read[i];
      // A name by save time says when its save was saved: one of later is read first.
      if (known !== undefined && Date.parse(known.header.saved) > (savedAtOf(id) ?? Infinity))
        return;
      this.pop();
      if (!isSaveName(`${id}.txt`)) continue; // the shape of a name by save time, and no more
      const found = sortSlot(this.store, scan, id, this.now, false);
      if (found !== null) this.add(found.entry, found.claimed);
    }
  }

  /**
   * Claims a save read, and reads it again (another session may have played it since): the save
   * as it is now, or null when it is not the same (taken, gone, finished, set aside, or played:
   * then in its place by its new time, claimed).
   */
  private take(entry: Claimed): Claimed | null {
    if (this.claimed.has(entry.id)) return entry;
    this.drop(entry);
    const scan = this.scan;
    if (scan === null || !claimOrSay(this.store, scan, entry.id, this.now)) return null;
    const found = sortSlot(this.store, scan, entry.id, this.now, true);
    if (found === null) return null;
    this.add(found.entry, true);
    return found.entry.text === entry.text ? found.entry : null;
  }
}

/** Unread saves picked out one by one before the rest are sorted (a search by deal reads all). */
const PICKED_ONE_BY_ONE = 16;
