/**
 * Games in progress on disk: one save file per game in $XDG_STATE_HOME/spider/games, each
 * guarded by a lock file while a spider process plays it. Two sessions of the same player (two
 * SSH logins) therefore never write the same file: the second one resumes another unfinished
 * game or starts a new one, and says why.
 *
 * Every write is atomic (a temporary file, fsync, rename, fsync of the directory), so a kill at
 * any moment leaves either the previous save or the new one, never half of one.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { type Position, status } from '../engine';
import { type LoadedSave, parseSave } from '../notation/save';
import { fsReason } from './errors';
import { stateDir } from './paths';

/** Larger save files are not read: a real game is a few kilobytes. */
export const MAX_SAVE_BYTES = 4 * 1024 * 1024;
/** At most this many save files are looked at on start. */
const MAX_SLOTS = 200;

export type Written = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** A save read from its slot, with the slot claimed by this process. */
export interface Claimed extends LoadedSave {
  readonly id: string;
}

/** What looking through the saves found. */
export interface Scan {
  /** Unfinished games this process has claimed, most recently saved first. */
  readonly unfinished: Claimed[];
  /** Won or lost games left by a session that ended before the player left them (claimed too). */
  readonly finished: Claimed[];
  /** Games open in another running spider. */
  readonly inUse: number;
  /** Saves that could not be used, each moved aside: a sentence for the player. */
  readonly setAside: string[];
}

/** Lock files this process holds: a lock naming this process and not in here is stale. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A reused process number is not our game: on Linux, check that it is a spider.
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('spider');
  } catch {
    return true;
  }
}

export class SaveStore {
  /** The folder of save files. */
  readonly dir: string;

  constructor(env: NodeJS.ProcessEnv) {
    this.dir = path.join(stateDir(env), 'games');
  }

  private file(id: string): string {
    return path.join(this.dir, `${id}.txt`);
  }

  private lock(id: string): string {
    return path.join(this.dir, `${id}.lock`);
  }

  /** A new slot name: sortable by time, unique across processes and hosts. */
  newId(now = new Date()): string {
    const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
    const random = Math.floor(Math.random() * 36 ** 4)
      .toString(36)
      .padStart(4, '0');
    return `${stamp}-${process.pid}-${random}`;
  }

  /**
   * Takes a slot for this process. A lock left by a process that is gone (killed, or the machine
   * restarted) is taken over; a lock from another host is respected, since its process cannot be
   * checked from here.
   */
  claim(id: string): boolean {
    const lock = this.lock(id);
    const body = JSON.stringify({ pid: process.pid, host: os.hostname() });
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
        fs.writeFileSync(lock, body, { flag: 'wx', mode: 0o600 });
        held.add(lock);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
        if (!this.isStale(lock)) return false;
        try {
          fs.unlinkSync(lock);
        } catch {
          return false;
        }
      }
    }
    return false;
  }

  private isStale(lock: string): boolean {
    try {
      const owner = JSON.parse(fs.readFileSync(lock, 'utf8')) as { pid?: unknown; host?: unknown };
      if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return true;
      if (owner.host !== os.hostname()) return false;
      // Our own pid but not our lock: a game killed in a PID namespace (a container) that
      // gives every start the same pid.
      if (owner.pid === process.pid) return !held.has(lock);
      return !isAlive(owner.pid);
    } catch {
      // Unreadable or garbage: no live spider writes that.
      return true;
    }
  }

  release(id: string): void {
    held.delete(this.lock(id));
    try {
      fs.unlinkSync(this.lock(id));
    } catch {
      // Already gone: nothing to release.
    }
  }

  /** Writes a save atomically. Never throws: a failure comes back as a reason. */
  write(id: string, text: string): Written {
    const file = this.file(id);
    const temporary = path.join(this.dir, `.${id}.${process.pid}.tmp`);
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const fd = fs.openSync(temporary, 'w', 0o600);
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
      fs.renameSync(temporary, file);
      syncDirectory(this.dir);
      return { ok: true };
    } catch (error) {
      try {
        fs.unlinkSync(temporary);
      } catch {
        // Never created, or already gone.
      }
      return { ok: false, reason: fsReason(error, this.dir) };
    }
  }

  /** Deletes a slot's save and lock (the game is over or abandoned). */
  remove(id: string): void {
    try {
      fs.unlinkSync(this.file(id));
    } catch {
      // Already gone.
    }
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
      setAside: [],
    };
    let names: string[];
    try {
      names = fs
        .readdirSync(this.dir)
        .filter((n) => /^[\w.-]+\.txt$/.test(n) && !n.startsWith('.'));
    } catch {
      return scan; // no folder yet: no saves
    }
    for (const name of names.sort().reverse().slice(0, MAX_SLOTS)) {
      const id = name.slice(0, -'.txt'.length);
      if (!this.claim(id)) {
        scan.inUse++;
        continue;
      }
      const loaded = this.load(id, now);
      if (!loaded.ok) {
        scan.setAside.push(
          `Your saved game ${name} could not be used (${loaded.reason}); ${this.setAside(id, now)}.`,
        );
        this.release(id);
        continue;
      }
      const entry: Claimed = { ...loaded.save, id };
      if (isOver(loaded.save.game.position)) scan.finished.push(entry);
      else scan.unfinished.push(entry);
    }
    scan.unfinished.sort((a, b) => b.saved.localeCompare(a.saved));
    return scan;
  }

  private load(
    id: string,
    now: Date,
  ): { ok: true; save: LoadedSave } | { ok: false; reason: string } {
    const file = this.file(id);
    let bytes: Buffer;
    try {
      const info = fs.statSync(file);
      // A pipe or device under a save's name would block reading it.
      if (!info.isFile()) return { ok: false, reason: 'it is not a regular file' };
      if (info.size > MAX_SAVE_BYTES)
        return { ok: false, reason: `it is too large (${info.size} bytes)` };
      bytes = fs.readFileSync(file);
    } catch (error) {
      return { ok: false, reason: fsReason(error, file) };
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, reason: 'it is not UTF-8 text' };
    }
    const parsed = parseSave(text, now.toISOString());
    return parsed.ok ? { ok: true, save: parsed.save } : parsed;
  }
}

function isOver(position: Position): boolean {
  return status(position) !== 'playing';
}

/** Makes a rename durable: fsync of the folder holding it (where the platform allows it). */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some file systems refuse to sync a folder; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
