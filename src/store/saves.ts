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
import { MAX_INPUT_BYTES } from './input';
import { folderProblem, type Places } from './paths';

/**
 * Larger save files are not read. A real game is a few kilobytes, but any record the program
 * accepts (up to MAX_INPUT_BYTES) can be continued, saved and resumed, with room for the save's
 * header, its undone actions and the moves played after it.
 */
export const MAX_SAVE_BYTES = 2 * MAX_INPUT_BYTES;
/** At most this many save files are looked at on start. */
const MAX_SLOTS = 200;

export type Written = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * A save found in its slot, with the slot claimed by this session: its header, read at once,
 * and its text, replayed only when the game is wanted (`SaveStore.load`).
 */
export interface Claimed {
  readonly id: string;
  readonly header: SaveHeader;
  readonly text: string;
}

/** What looking through the saves found. */
export interface Scan {
  /** Unfinished games this session has claimed, most recently saved first. */
  readonly unfinished: Claimed[];
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

/** A save file's text, or why it could not be read; `denied`: its permissions forbid it. */
type Read =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: string; readonly denied?: true };

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
 * Orders saves most recently saved first. Their times are ISO 8601 in UTC, which sort as plain
 * text: `localeCompare` would load the locale's collation first, 5 ms of a start with saves.
 */
export function newestFirst(a: Claimed, b: Claimed): number {
  const [x, y] = [a.header.saved, b.header.saved];
  return x === y ? 0 : x < y ? 1 : -1;
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

  /** Whether a slot has a save on disk. */
  has(id: string): boolean {
    return fs.existsSync(this.file(id));
  }

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

  /** Gives up this session's claim on a slot: only its own lock file is removed. */
  release(id: string): void {
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
    let created = false;
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const fd = fs.openSync(temporary, CREATE_NEW, 0o600);
      created = true;
      try {
        // writeSync may write less than asked (a nearly full disk): write the rest, or fail.
        const bytes = Buffer.from(text, 'utf8');
        for (let done = 0; done < bytes.length;) {
          done += fs.writeSync(fd, bytes, done, bytes.length - done);
        }
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(temporary, this.file(id));
      syncDirectory(this.dir);
      return { ok: true };
    } catch (error) {
      if (created) removeFile(temporary);
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
    let created = false;
    try {
      await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 });
      const handle = await fs.promises.open(temporary, CREATE_NEW, 0o600);
      created = true;
      try {
        await handle.writeFile(text, 'utf8'); // the whole text, or a failure
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temporary, this.file(id));
      await syncDirectorySoon(this.dir);
      return { ok: true };
    } catch (error) {
      if (created) await fs.promises.unlink(temporary).catch(() => undefined);
      return this.failed(error, temporary);
    }
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

  /** Deletes a slot's save and lock (the game is over or abandoned). */
  remove(id: string): void {
    removeFile(this.file(id));
    this.release(id);
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
   * Looks through the saves: claims every one not open elsewhere, replays it, sets aside the
   * ones that fail, and sorts the rest into unfinished and finished games. The caller keeps the
   * claims it wants and releases the others.
   */
  scan(now = new Date()): Scan {
    const scan: { -readonly [K in keyof Scan]: Scan[K] } = {
      unfinished: [],
      finished: [],
      inUse: 0,
      unlockable: null,
      unlisted: null,
      elsewhere: [],
      setAside: [],
      unreadable: [],
    };
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
    const names = all.filter(isSaveName);
    for (const name of names.sort().reverse().slice(0, MAX_SLOTS)) {
      const id = name.slice(0, -'.txt'.length);
      if (!this.claim(id)) {
        if (this.lockProblem !== null) {
          // Not another session's: no lock can be put down here. The save stays as it is.
          scan.unlockable = this.lockProblem;
          continue;
        }
        scan.inUse++;
        // Read, never replayed nor set aside: the game is another session's.
        const read = this.read(id);
        const header = read.ok ? readSaveHeader(read.text, now.toISOString()) : read;
        if (header.ok) scan.elsewhere.push(header.header);
        continue;
      }
      // Claimed, the slot has no other writer: a temporary of its save is what a session
      // killed between writing and renaming left (README, "Saved games and statistics").
      this.removeTemporaries(all, id);
      const read = this.read(id);
      if (!read.ok && read.denied) {
        // Not damaged, and nothing to set aside: the game is there, once it may be read.
        scan.unreadable.push(this.deniedWords(id, read.reason));
        this.release(id);
        continue;
      }
      const header = read.ok ? readSaveHeader(read.text, now.toISOString()) : read;
      if (!read.ok || !header.ok) {
        scan.setAside.push(this.giveUp(id, header.ok ? 'unreadable' : header.reason, now));
        continue;
      }
      const entry: Claimed = { id, header: header.header, text: read.text };
      const { status, abandoned } = header.header;
      if (status === 'won' || status === 'lost' || abandoned) scan.finished.push(entry);
      else scan.unfinished.push(entry);
    }
    // A slot whose first save was never renamed has only its temporary: once claimed, no one
    // can be writing it (README, "Saved games and statistics").
    const saved = new Set(names.map((name) => name.slice(0, -'.txt'.length)));
    const orphans = new Set(
      all.map(temporarySlot).filter((id): id is string => id !== null && !saved.has(id)),
    );
    for (const id of orphans) {
      if (!this.claim(id)) continue;
      this.removeTemporaries(all, id);
      this.release(id);
    }
    scan.unfinished.sort(newestFirst);
    return scan;
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
    this.release(id);
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

const { O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_RDONLY, O_WRONLY } = fs.constants;
/** A new file of our own: fails if anything at all is at the name, a link or a FIFO included. */
const CREATE_NEW = O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_WRONLY;
/** An existing file, never through a link and never waiting on a FIFO. */
const READ_EXISTING = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;

/** Reads up to `size` bytes of an open file. */
function readAll(fd: number, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let filled = 0;
  while (filled < size) {
    const n = fs.readSync(fd, bytes, filled, size - filled, filled);
    if (n === 0) break; // the file shrank meanwhile
    filled += n;
  }
  return bytes.subarray(0, filled);
}

/** A small regular file's text, or null when the name holds anything else (FIFO, device, link). */
function readRegularFile(file: string, maxBytes: number): string | null {
  let fd: number;
  try {
    fd = fs.openSync(file, READ_EXISTING);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return null;
    throw error;
  }
  try {
    const info = fs.fstatSync(fd);
    if (!info.isFile()) return null;
    return readAll(fd, Math.min(info.size, maxBytes)).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether a file name in the folder is a save's: `<id>.txt`. */
function isSaveName(name: string): boolean {
  return /^[\w.-]+\.txt$/.test(name) && !name.startsWith('.');
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

/** Removes a file if it is there. */
function removeFile(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch {
    // Already gone.
  }
}

/** A folder, opened to be synced. */
const FOLDER = O_RDONLY | fs.constants.O_DIRECTORY | O_NONBLOCK;

/** Makes a rename durable: fsync of the folder holding it (where the platform allows it). */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, FOLDER);
    fs.fsyncSync(fd);
  } catch {
    // Some file systems refuse to sync a folder; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** syncDirectory without holding up the process. */
async function syncDirectorySoon(dir: string): Promise<void> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(dir, FOLDER);
    await handle.sync();
  } catch {
    // As in syncDirectory.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
