/**
 * Games in progress on disk: one save file per game in the `games` folder of the player's state
 * folder (locally $XDG_STATE_HOME/spider/games), each guarded by a lock file while a spider
 * process plays it. Two sessions of the same player (two SSH logins) therefore never write the
 * same file: the second one resumes another unfinished game or starts a new one, and says why.
 *
 * Every write is atomic (a temporary file, fsync, rename, fsync of the directory), so a kill at
 * any moment leaves either the previous save or the new one, never half of one.
 */
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { type LoadedSave, parseSave, readSaveHeader, type SaveHeader } from '../notation/save';
import type { DiskLimits } from './disk-limits';
import { fsReason, fsWords } from './errors';
import {
  CREATE_NEW,
  READ_EXISTING,
  readAll,
  readRegularFile,
  removeFile,
  syncDirectorySoon,
  writeAtomic,
  writeAtomicSoon,
} from './files';
import { MAX_INPUT_BYTES } from './input';
import { folderProblem, type Places } from './paths';

/**
 * Larger save files are not read. A real game is a few kilobytes, but any record the program
 * accepts (up to MAX_INPUT_BYTES) can be continued, saved and resumed, with room for the save's
 * header, its undone actions and the moves played after it.
 */
export const MAX_SAVE_BYTES = 2 * MAX_INPUT_BYTES;
/**
 * At most this many of the saves that are not named by the time of their last save (held by a
 * session, waiting for the statistics, of an earlier version) are read at a start: the newest by
 * their names.
 */
const MAX_SLOTS = 200;

export type Written = { readonly ok: true } | { readonly ok: false; readonly reason: string };

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
  /** Saves that could not be used, each moved aside: a sentence for the player. */
  readonly setAside: string[];
  /**
   * Saves this user may not read (their permissions): each left where it is, untouched, with a
   * sentence for the player saying why and what to do. Nothing says they are damaged.
   */
  readonly unreadable: string[];
}

/** A scan as it goes on: `Unfinished` adds what it finds while it is asked for games. */
type ScanSoFar = { -readonly [K in keyof Scan]: Scan[K] };

/**
 * A save file's text, or why it could not be read; `denied`: its permissions forbid it; `gone`:
 * it is not there (any more).
 */
type Read =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: string; readonly denied?: true; readonly gone?: true };

/**
 * The name of a save no session holds: `<YYYYMMDD>T<HHMMSSmmm>-s-<8 random letters or digits>`,
 * the time (UTC) its save says it was saved (README, "Start-up"). A session gives its game that
 * name when it lets the game go (`SaveStore.release`), so that a start can tell the most recently
 * saved game from the names alone and read only that one. A game in play keeps the name it had,
 * and a session holds its lock meanwhile; a new game's slot is named by when it was dealt
 * (`newId`), as are the saves of earlier versions.
 */
const NAMED_BY_SAVE_TIME = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)(\d{3})-s-[0-9a-z]{8}$/;

/**
 * Whether a slot's name (or its file's) has the shape of a name by save time
 * (`NAMED_BY_SAVE_TIME`), as cheaply as that can be told: a start looks at every name. What its
 * digits say is read when it is needed.
 */
function looksNamedBySaveTime(name: string): boolean {
  return name.charCodeAt(8) === 84 /* T */ && name.startsWith('-s-', 18);
}

/** When the save in slot `id` was saved, by its name (milliseconds), or null if not so named. */
export function savedAtOf(id: string): number | null {
  const m = NAMED_BY_SAVE_TIME.exec(id);
  if (m === null) return null;
  const time = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`);
  return Number.isNaN(time) ? null : time;
}

/** A new slot name for a save last saved at `saved` (an ISO 8601 time). */
export function idBySaveTime(saved: string): string {
  const stamp = new Date(saved).toISOString().replace(/[-:.Z]/g, '');
  return `${stamp}-s-${randomBytes(6).readUIntBE(0, 6).toString(36).padStart(10, '0').slice(-8)}`;
}

/** Whether a save's header says its game waits only for the statistics: won, lost or given up. */
function isFinished(header: SaveHeader): boolean {
  return header.status === 'won' || header.status === 'lost' || header.abandoned;
}

/** What a save's own text says of it, without parsing the whole of it. */
function headerFacts(text: string): { saved: string; finished: boolean } | null {
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const saved = /^saved: (\S+)$/m.exec(head)?.[1];
  if (saved === undefined || Number.isNaN(Date.parse(saved))) return null;
  return { saved, finished: /^(status: (won|lost)|abandoned: yes)$/m.test(head) };
}

/**
 * Lock files the sessions of this process hold: a lock naming this process and not in here is
 * stale. Claims in one process never overlap (they are synchronous), so a lock in here is an
 * owner's, never a claimant's.
 */
const held = new Set<string>();

/** How many times a claim steps back for another claimant before it says the game is in use. */
const CLAIM_ATTEMPTS = 8;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: a process of another user's; after a restart, often a daemon with a low number.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A reused process number is not our game: on Linux, check that it is a spider (anyone may
  // read what another user's process was started with).
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('spider');
  } catch {
    return true;
  }
}

/**
 * Orders saves most recently saved first, by the time their headers say (`localeCompare` on the
 * text would load the locale's collation first, 5 ms of a start with saves).
 */
export function newestFirst(a: Claimed, b: Claimed): number {
  return Date.parse(b.header.saved) - Date.parse(a.header.saved);
}

/** Waits a few milliseconds without returning to the event loop (claims are synchronous). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export class SaveStore {
  /** The folder of save files. */
  readonly dir: string;

  /**
   * Why no save can be kept (no home, a folder others can write to), or null. Asked again while
   * there is one: a folder mended while a game is played is used from then on.
   */
  get problem(): string | null {
    // A folder found good is not looked at again (a server asks on every save, for every
    // player, on one thread); one with a problem is, until it is mended.
    if (this.known === null) return null;
    this.known = this.places.stateProblem() ?? folderProblem(this.dir);
    return this.known;
  }

  /** The problem last found; undefined before the first look. */
  private known: string | null | undefined;

  /**
   * Names the session this store serves in its lock files, beside the process and host: one
   * process may run many sessions (a server), each holding its own games.
   */
  readonly session = randomBytes(8).toString('hex');

  /** What the player may keep on disk (README, "Limits on disk"); no limit unless given. */
  readonly limits: DiskLimits | undefined;

  /** Keeps the saves in the `games` folder of `places.state`. */
  constructor(private readonly places: Places) {
    this.dir = path.join(places.state, 'games');
    this.limits = places.limits;
  }

  private file(id: string): string {
    return path.join(this.dir, `${id}.txt`);
  }

  /** Whether a slot has a save on disk (under the name it was given when let go, if it was). */
  has(id: string): boolean {
    return fs.existsSync(this.file(this.renamed.get(id) ?? id));
  }

  /**
   * What this store knows of the save in each slot it has read or written: when it was saved,
   * and whether its game waits only for the statistics. Decides the name a slot is given when it
   * is let go (`release`).
   */
  private readonly facts = new Map<string, { saved: string; finished: boolean }>();

  /** Slots this store renamed when it let them go: their new names. */
  private readonly renamed = new Map<string, string>();

  /** Why the last lock file could not be put down (a full disk, no permission), if it could not. */
  lockProblem: string | null = null;

  /** Lock files this store's session holds, by slot. */
  private readonly owned = new Map<string, string>();

  /** A new slot name: sortable by time, unique across processes and hosts. */
  newId(now = new Date()): string {
    const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
    const random = Math.floor(Math.random() * 36 ** 4)
      .toString(36)
      .padStart(4, '0');
    return `${stamp}-${process.pid}-${random}`;
  }

  /**
   * Takes a slot for this store's session. A lock held by another session, in this process or
   * another live one, is respected; a lock left by a process that is gone (killed, or the machine
   * restarted) is taken over; a lock from another host is respected, since its process cannot be
   * checked from here.
   *
   * Every claimant first puts down a lock file of its own (`<id>.lock.<pid>-<random>`, complete
   * from the moment it appears), then looks at all the slot's locks. Of two claimants, the one
   * that looks second sees the other's lock, so at most one of them finds no live lock but its
   * own: that one owns the slot and clears away the stale locks. The others take their lock back
   * and, if the live locks they saw go away (claimants stepping back too), try again after a
   * random pause. Taking over a stale lock is therefore safe whatever the timing (see the
   * README, "Two sessions at once").
   */
  claim(id: string): boolean {
    if (this.problem || this.owned.has(id)) return false;
    this.lockProblem = null;
    let mine: string;
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      mine = this.putLock(id);
    } catch (error) {
      this.lockProblem = fsWords(error);
      return false;
    }
    for (let attempt = 1; ; attempt++) {
      const others = this.locksOf(id).filter((lock) => lock !== mine);
      const live = others.filter((lock) => !this.isStale(lock));
      if (live.length === 0) {
        for (const stale of others) removeFile(stale);
        held.add(mine);
        this.owned.set(id, mine);
        return true;
      }
      // Someone else holds the slot, or is claiming it at this very moment: step back.
      removeFile(mine);
      // A lock of this process's, or one that has been there a while, is an owner, not a
      // claimant: the game is in use.
      if (attempt === CLAIM_ATTEMPTS || live.some((lock) => held.has(lock) || isSettled(lock)))
        return false;
      pause(5 + Math.random() * 20 * attempt);
      const still = new Set(this.locksOf(id));
      if (live.some((lock) => still.has(lock))) return false; // a real owner: the game is in use
      try {
        mine = this.putLock(id);
      } catch {
        return false;
      }
    }
  }

  /**
   * Puts down a lock file naming this session (process, host and session token): written in
   * full under a private name, then linked to its lock name, so no one ever reads it
   * half-written.
   */
  private putLock(id: string): string {
    const lock = path.join(this.dir, `${id}.lock.${process.pid}-${randomBytes(6).toString('hex')}`);
    const temporary = path.join(this.dir, `.${randomBytes(8).toString('hex')}.tmp`);
    const fd = fs.openSync(temporary, CREATE_NEW, 0o600);
    try {
      const owner = { pid: process.pid, host: os.hostname(), session: this.session };
      fs.writeSync(fd, JSON.stringify(owner));
      fs.closeSync(fd);
      fs.linkSync(temporary, lock);
    } finally {
      removeFile(temporary);
    }
    return lock;
  }

  /** Every lock file of a slot, the plain `<id>.lock` of earlier versions included. */
  private locksOf(id: string): string[] {
    const plain = `${id}.lock`;
    try {
      return fs
        .readdirSync(this.dir)
        .filter(
          (name) =>
            name === plain ||
            (name.startsWith(`${plain}.`) && isLockTail(name.slice(plain.length + 1))),
        )
        .map((name) => path.join(this.dir, name));
    } catch {
      return [];
    }
  }

  private isStale(lock: string): boolean {
    try {
      const text = readRegularFile(lock, 4096);
      // A FIFO, a device or a link where a lock should be: no spider made that.
      if (text === null) return true;
      const owner = JSON.parse(text) as { pid?: unknown; host?: unknown };
      if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return true;
      if (owner.host !== os.hostname()) return false;
      // Our own pid but not our lock: a game killed in a PID namespace (a container) that
      // gives every start the same pid.
      if (owner.pid === process.pid) return !held.has(lock);
      return !isAlive(owner.pid);
    } catch {
      // Gone meanwhile (its claimant stepped back, its owner left), unreadable or garbage:
      // it holds nothing, since no live spider writes that.
      return true;
    }
  }

  /**
   * Gives up this session's claim on a slot: only its own lock file is removed. A save whose
   * name does not say when it was saved is renamed first (README, "Start-up"): an unfinished
   * game to the time its save says (`NAMED_BY_SAVE_TIME`), so that a start finds the most recent
   * game by the names alone; a game that waits for the statistics to a name that does not look
   * so, so that every start reads it. Only a save this store has read or written is renamed: its
   * contents are known. If the rename fails, the save keeps its name. `finished`: the game's
   * moves say it is over, whatever its header says (a status not decided when it was written).
   */
  release(id: string, finished = false): void {
    const facts = this.facts.get(id);
    if (facts !== undefined && this.owned.has(id)) {
      const named = savedAtOf(id);
      const target =
        facts.finished || finished
          ? named === null
            ? null
            : this.newId()
          : named === Date.parse(facts.saved)
            ? null
            : idBySaveTime(facts.saved);
      if (target !== null && !fs.existsSync(this.file(target))) {
        try {
          fs.renameSync(this.file(id), this.file(target));
          this.renamed.set(id, target);
          // Made durable soon, without holding up the process (a server plays on meanwhile).
          void syncDirectorySoon(this.dir);
        } catch {
          // Kept under its name: found by reading, as a save of an earlier version is.
        }
      }
    }
    this.letGo(id);
  }

  /** Gives up this session's claim on a slot, its save as it is: only its own lock is removed. */
  private letGo(id: string): void {
    this.facts.delete(id);
    const mine = this.owned.get(id);
    if (mine === undefined) return;
    this.owned.delete(id);
    held.delete(mine);
    removeFile(mine);
  }

  /**
   * Writes a save atomically. Never throws: a failure comes back as a reason. The process waits
   * for the disk (fsync): a game on its own terminal is saved so, before the screen shows the
   * action.
   */
  write(id: string, text: string): Written {
    if (this.problem) return { ok: false, reason: this.problem };
    const full = this.room(id);
    if (full !== null) return { ok: false, reason: full };
    const temporary = this.temporary(id);
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      writeAtomic(this.file(id), temporary, text);
      this.learn(id, text);
      return { ok: true };
    } catch (error) {
      return this.failed(error, temporary);
    }
  }

  /**
   * The same write by the same steps, without holding up the process: each step runs on Node's
   * thread pool, and the promise settles once the save is on disk. For a process playing many
   * games at once (see SaveQueue). Never rejects: a failure comes back as a reason.
   */
  async writeSoon(id: string, text: string): Promise<Written> {
    if (this.problem) return { ok: false, reason: this.problem };
    const full = this.room(id);
    if (full !== null) return { ok: false, reason: full };
    const temporary = this.temporary(id);
    try {
      await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 });
      await writeAtomicSoon(this.file(id), temporary, text);
      this.learn(id, text);
      return { ok: true };
    } catch (error) {
      return this.failed(error, temporary);
    }
  }

  /** Notes what the save just written to slot `id` holds, for the name it is given when let go. */
  private learn(id: string, text: string): void {
    const facts = headerFacts(text);
    if (facts === null) this.facts.delete(id);
    else this.facts.set(id, facts);
  }

  /**
   * A new temporary file for a slot's save: an unpredictable name, created there and then
   * (O_EXCL) and never through a link planted at it (O_NOFOLLOW), nor blocking on a FIFO
   * (O_NONBLOCK): nothing outside the folder is written.
   */
  private temporary(id: string): string {
    return path.join(this.dir, `.${id}.${randomBytes(8).toString('hex')}.tmp`);
  }

  /** Why a write failed: the temporary's name means nothing to the player, the folder is what to fix. */
  private failed(error: unknown, temporary: string): Written {
    const failure = error as NodeJS.ErrnoException & { dest?: string };
    // Renaming over a save that may not be replaced (marked immutable, say) is the save's fault,
    // not its folder's: the folder takes the new file, the rename over the old one fails.
    if (failure.syscall === 'rename' && failure.code === 'EPERM' && failure.dest)
      return { ok: false, reason: `the save there may not be replaced (${failure.dest})` };
    const at = failure.path;
    return { ok: false, reason: `${fsWords(error)} (${at && at !== temporary ? at : this.dir})` };
  }

  /**
   * Why slot `id`, which has no save yet, may not have one: the player has as many saved games
   * as their limit allows (README, "Limits on disk"), or null when it may. Counted are the saves
   * in the folder, finished or not, and the slots that sessions of this process have taken for a
   * new game and not written yet; never `id` itself. Nothing is removed to make room.
   */
  room(id: string): string | null {
    const most = this.limits?.saves;
    if (most === undefined || this.owned.has(id) || this.has(id)) return null;
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return null; // no folder yet: no saves (or saving fails, and says why)
    }
    const slots = new Set(names.filter(isSaveName).map((name) => name.slice(0, -'.txt'.length)));
    for (const lock of held) {
      const name = path.basename(lock);
      if (path.dirname(lock) === this.dir) slots.add(name.slice(0, name.lastIndexOf('.lock.')));
    }
    slots.delete(id);
    const saved = slots.size;
    if (saved < most) return null;
    const games = `${saved} saved game${saved === 1 ? '' : 's'}`;
    return saved === most
      ? `you have ${games} on this server, as many as it keeps for you; finish or give up one of them to make room`
      : `you have ${games} on this server, and it keeps ${most} for you; finish or give up ${saved - most + 1} of them to make room`;
  }

  /**
   * Deletes a slot's save and lock (the game is over or abandoned). A save that cannot be
   * removed keeps its name: the history names its slot (README, "Saved games and statistics").
   */
  remove(id: string): void {
    removeFile(this.file(id));
    this.letGo(id);
  }

  /** Moves a bad save aside with a timestamp; returns where it went, or why it could not. */
  private setAside(id: string, now: Date): string {
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const aside = path.join(this.dir, `${id}.bad-${stamp}`);
    try {
      fs.renameSync(this.file(id), aside);
      return `moved to ${aside}`;
    } catch (error) {
      return `could not be moved aside: ${fsReason(error, aside)}`;
    }
  }

  /**
   * Looks through the saves, reading as few as the choice of a game allows (README, "Start-up"):
   * the saves named by the time they were last saved are read newest first, as they are asked
   * for (`Unfinished.find`); the others are read now: a save another session holds, or held
   * when it ended (killed: it takes over its lock), one waiting for the statistics, one of an
   * earlier version. Sets aside the ones that cannot be used, and claims those waiting only for
   * the statistics; the caller claims the unfinished game it chooses, and releases the others.
   */
  scan(now = new Date()): Scan {
    const scan: ScanSoFar = {
      unfinished: new Unfinished(this, now),
      finished: [],
      inUse: 0,
      unlockable: null,
      unlisted: null,
      elsewhere: [],
      setAside: [],
      unreadable: [],
    };
    scan.unfinished.scan = scan;
    if (this.problem) return scan; // nothing in an untrusted folder is read
    let all: string[];
    try {
      all = fs.readdirSync(this.dir);
    } catch (error) {
      // No folder (not yet, or a file in the way: saving says so): no saves. Any other failure
      // hides the saves there: the player is told.
      if (!['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? ''))
        scan.unlisted = fsWords(error);
      return scan;
    }
    // A temporary is what a session killed between writing and renaming left, or a slot whose
    // first save never got there: once its slot is claimed, no one can be writing it (README,
    // "Saved games and statistics"). Cleared first, before anything of the slot is known.
    // One look at each name, as cheap as can be: thousands of saves cost little more than the
    // folder's listing. A name by save time is checked in full when its save is read.
    const byTime: string[] = [];
    const others: string[] = [];
    const locked = new Set<string>();
    const temporaries = new Set<string>();
    let latest = -1; // where in `byTime` the most recent is, so that a start compares once
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
    for (const id of temporaries) {
      if (!this.claim(id)) continue;
      this.removeTemporaries(all, id);
      this.letGo(id);
    }
    // Named by the time of their last save and held by no session: that name is the truth. A
    // save held, or held when its session ended (killed), may have been saved since.
    if (locked.size > 0) {
      others.push(...byTime.filter((id) => locked.has(id)));
      byTime.splice(0, byTime.length, ...byTime.filter((id) => !locked.has(id)));
      latest = -1;
    }
    for (const id of others.sort().reverse().slice(0, MAX_SLOTS)) {
      let claimed = false;
      if (locked.has(id)) {
        if (!this.claimOrSay(scan, id, now)) continue;
        claimed = true; // a lock left by a session that is gone, taken over
      }
      const found = this.sort(scan, id, now, claimed);
      if (found !== null) scan.unfinished.add(found.entry, found.claimed);
    }
    scan.unfinished.later(byTime, latest);
    return scan;
  }

  /**
   * Reads slot `id`'s header (`claimed`: this session holds the slot) and deals with what it
   * finds: a save that cannot be used is set aside, and one whose game waits for the statistics
   * is claimed into `scan.finished`, each read again once the slot is claimed, so as to act on
   * what no other session can change any more. An unfinished game comes back, claimed or not as
   * it was; null when there is nothing more to do with the slot.
   */
  sort(
    scan: ScanSoFar,
    id: string,
    now: Date,
    claimed: boolean,
  ): { entry: Claimed; claimed: boolean } | null {
    for (;;) {
      const found = this.look(scan, id, now);
      if (found === null) {
        if (claimed) this.letGo(id);
        return null;
      }
      if (!('bad' in found) && !isFinished(found.header)) return { entry: found, claimed };
      if (!claimed) {
        if (!this.claimOrSay(scan, id, now)) return null;
        claimed = true;
        continue;
      }
      if ('bad' in found) scan.setAside.push(this.giveUp(id, found.bad, now));
      else scan.finished.push(found);
      return null;
    }
  }

  /**
   * Reads the header of slot `id`'s save: the save, or why it cannot be used; null when it is
   * gone, or when its permissions forbid reading it (left as it is: the player is told).
   */
  private look(scan: ScanSoFar, id: string, now: Date): Claimed | { bad: string } | null {
    const read = this.read(id);
    if (!read.ok && read.gone) return null; // renamed or removed since the folder was listed
    if (!read.ok && read.denied) {
      // Not damaged, and nothing to set aside: the game is there, once it may be read.
      scan.unreadable.push(this.deniedWords(id, read.reason));
      return null;
    }
    const header = read.ok ? readSaveHeader(read.text, now.toISOString()) : read;
    if (!read.ok || !header.ok) return { bad: header.ok ? 'unreadable' : header.reason };
    this.facts.set(id, { saved: header.header.saved, finished: isFinished(header.header) });
    return { id, header: header.header, text: read.text };
  }

  /** Claims slot `id` for the scan, or notes why not (in use, or no lock can be put down). */
  claimOrSay(scan: ScanSoFar, id: string, now: Date): boolean {
    if (this.claim(id)) return true;
    this.notClaimed(scan, id, now);
    return false;
  }

  /** Notes why slot `id` could not be claimed: another session holds it, or nothing can be locked. */
  private notClaimed(scan: ScanSoFar, id: string, now: Date): void {
    if (this.lockProblem !== null) {
      // Not another session's: no lock can be put down here. The save stays as it is.
      scan.unlockable = this.lockProblem;
      return;
    }
    scan.inUse++;
    // Read, never replayed nor set aside: the game is another session's.
    const read = this.read(id);
    const header = read.ok ? readSaveHeader(read.text, now.toISOString()) : read;
    if (header.ok) scan.elsewhere.push(header.header);
  }

  /** Removes the temporaries of slot `id`'s save among `names` (the slot must be claimed). */
  private removeTemporaries(names: readonly string[], id: string): void {
    for (const name of names.filter((n) => isTemporaryOf(n, id))) {
      removeFile(path.join(this.dir, name));
    }
  }

  /**
   * Replays a claimed save: the game itself. A save that fails is set aside, its claim
   * released, and the sentence for the player comes back instead.
   */
  load(
    entry: Claimed,
    now = new Date(),
  ): { ok: true; save: LoadedSave } | { ok: false; message: string } {
    const parsed = parseSave(entry.text, now.toISOString());
    return parsed.ok ? parsed : { ok: false, message: this.giveUp(entry.id, parsed.reason, now) };
  }

  /** Sets a bad save aside and releases it; returns what to tell the player. */
  private giveUp(id: string, reason: string, now: Date): string {
    const message = `Your saved game ${id}.txt could not be used (${reason}); ${this.setAside(id, now)}.`;
    this.letGo(id);
    return message;
  }

  /** What to tell the player of a save its permissions keep from being read. */
  private deniedWords(id: string, reason: string): string {
    return (
      `Your saved game ${id}.txt can't be read (${reason}); it is left as it is. ` +
      `Make it readable to you (chmod 600 ${this.file(id)}) to play it again.`
    );
  }

  /** A save file's text, read without following links or blocking on a FIFO. */
  private read(id: string): Read {
    const file = this.file(id);
    let bytes: Buffer;
    let fd: number | undefined;
    try {
      // One open, without blocking on a FIFO or following a link, then checks on what was
      // opened: a file swapped in between a check and the read cannot slip through.
      fd = fs.openSync(file, READ_EXISTING);
      const info = fs.fstatSync(fd);
      if (!info.isFile()) return { ok: false, reason: 'it is not a regular file' };
      if (info.size > MAX_SAVE_BYTES)
        return { ok: false, reason: `it is too large (${info.size} bytes)` };
      bytes = readAll(fd, info.size);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') return { ok: false, reason: 'it is a symbolic link' };
      if (code === 'ENOENT') return { ok: false, reason: fsReason(error, file), gone: true };
      if (code === 'EACCES' || code === 'EPERM')
        return { ok: false, reason: fsWords(error), denied: true };
      return { ok: false, reason: fsReason(error, file) };
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, reason: 'it is not UTF-8 text' };
    }
    return { ok: true, text };
  }
}

/**
 * The unfinished games a scan found, most recently saved first (README, "Start-up"): those read
 * by the scan, and those named by the time of their last save, each read only once every game
 * saved later has been looked at. A start that resumes the most recent game reads one save,
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
    private readonly store: SaveStore,
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

  /** Removes a save found to be recorded already (README, "Saved games and statistics"). */
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
      const found = this.store.sort(scan, id, this.now, false);
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
    if (scan === null || !this.store.claimOrSay(scan, entry.id, this.now)) return null;
    const found = this.store.sort(scan, entry.id, this.now, true);
    if (found === null) return null;
    this.add(found.entry, true);
    return found.entry.text === entry.text ? found.entry : null;
  }
}

/** Unread saves picked out one by one before the rest are sorted (a search by deal reads all). */
const PICKED_ONE_BY_ONE = 16;

/** Whether a file name in the folder is a save's: `<id>.txt`. */
function isSaveName(name: string): boolean {
  return /^[\w.-]+\.txt$/.test(name) && !name.startsWith('.');
}

/** The slot a lock file (`<id>.lock`, or `<id>.lock.<pid>-<random>`) is of, or null. */
function lockSlot(name: string): string | null {
  const at = name.lastIndexOf('.lock');
  if (at <= 0) return null;
  const tail = name.slice(at + '.lock'.length);
  return tail === '' || (tail.startsWith('.') && isLockTail(tail.slice(1)))
    ? name.slice(0, at)
    : null;
}

/** A lock name's tail after `<id>.lock.`: the claimant's pid and a random part. */
function isLockTail(tail: string): boolean {
  return /^\d+-[0-9a-f]+$/.test(tail);
}

/** A lock put down more than a second ago: its process owns the slot, it is not claiming it. */
function isSettled(lock: string): boolean {
  try {
    return fs.lstatSync(lock).mtimeMs < Date.now() - 1000;
  } catch {
    return false;
  }
}

/** The slot a save's temporary file (`.<slot>.<16 hex digits>.tmp`) is of, or null. */
function temporarySlot(name: string): string | null {
  return /^\.([\w.-]+)\.[0-9a-f]{16}\.tmp$/.exec(name)?.[1] ?? null;
}

/** Whether `name` is a temporary file of slot `id`'s save (see `temporary`). */
function isTemporaryOf(name: string, id: string): boolean {
  return name.startsWith(`.${id}.`) && /^[0-9a-f]{16}\.tmp$/.test(name.slice(id.length + 2));
}
