/**
 * Games in progress on disk: one save file per game in the `games` folder of the player's state
 * folder (locally $XDG_STATE_HOME/spider/games), each guarded by a lock file while a spider
 * process plays it. Two sessions of the same player (two SSH logins) therefore never write the
 * same file: the second one resumes another unfinished game or starts a new one, and says why.
 *
 * Every write is atomic (a temporary file, fsync, rename, fsync of the directory), so a kill at
 * any moment leaves either the previous save or the new one, never half of one.
 */
import * as fs from 'fs';
import * as path from 'path';
import { type LoadedSave, parseSave, type SaveHeader } from '../notation/save';
import type { DiskLimits } from './disk-limits';
import type { SaveShelf, Written } from './engine';
import { fsReason, fsWords } from './errors';
import {
  READ_EXISTING,
  readAll,
  removeFile,
  syncDirectorySoon,
  writeAtomic,
  writeAtomicSoon,
} from './files';
import { MAX_INPUT_BYTES } from './input';
import { slotsHeldIn, SlotLocks } from './locks';
import { headerFacts, idBySaveTime, isFinished, isSaveName, savedAtOf } from './save-names';
import type { SetAside, Unreadable } from './news';
import { type Claimed, type Read, type Scan, scanSaves } from './save-scan';
import { folderProblem, type Places } from './paths';
import { randomHex } from './random-name';

/**
 * Larger save files are not read. A real game is a few kilobytes, but any record the program
 * accepts (up to MAX_INPUT_BYTES) can be continued, saved and resumed, with room for the save's
 * header, its undone actions and the moves played after it.
 */
export const MAX_SAVE_BYTES = 2 * MAX_INPUT_BYTES;
export type { SaveShelf, Written };

/** A new slot name: sortable by time, unique across processes and hosts. */
export function newSlotId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const random = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `${stamp}-${process.pid}-${random}`;
}

export class SaveStore implements SaveShelf {
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

  /** What the player may keep on disk (docs/serve.md, "Limits on disk"); no limit unless given. */
  readonly limits: DiskLimits | undefined;

  /** Keeps the saves in the `games` folder of `places.state`. */
  constructor(private readonly places: Places) {
    this.dir = path.join(places.state, 'games');
    this.limits = places.limits;
    this.locks = new SlotLocks(this.dir);
  }

  private file(id: string): string {
    return path.join(this.dir, `${id}.txt`);
  }

  /** The names in the folder of saves (throws as fs.readdirSync does). */
  names(): string[] {
    return fs.readdirSync(this.dir);
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

  /** The locks of this store's session on the slots it plays. */
  private readonly locks: SlotLocks;
  /** Whether `writeSoon` has made the folder (or found it there). */
  private folderMade = false;
  /** Slots whose save `writeSoon` wrote with its name made durable (the folder synced). */
  private readonly durable = new Set<string>();

  /** Names the session this store serves in its lock files (see SlotLocks). */
  get session(): string {
    return this.locks.session;
  }

  /** Whether another live session holds slot `id`, by its lock files among `names` (the folder's). */
  heldElsewhere(id: string, names: readonly string[]): boolean {
    return this.locks.heldElsewhere(id, names);
  }

  /** Why the last lock file could not be put down (a full disk, no permission), if it could not. */
  get lockProblem(): string | null {
    return this.locks.problem;
  }

  /** A new slot name: sortable by time, unique across processes and hosts. */
  newId(now = new Date()): string {
    return newSlotId(now);
  }

  /**
   * Takes a slot for this store's session (see SlotLocks.claim); never in a folder that must not
   * be used.
   */
  claim(id: string): boolean {
    if (this.problem) return false;
    return this.locks.claim(id);
  }

  /**
   * Gives up this session's claim on a slot: only its own lock file is removed. A save whose
   * name does not say when it was saved is renamed first (docs/measurements.md, "Start-up"): an
   * unfinished game to the time its save says (`NAMED_BY_SAVE_TIME`), so that a start finds the
   * most recent game by the names alone; a game that waits for the statistics to a name that does
   * not look so, so that every start reads it. Only a save this store has read or written is
   * renamed: its contents are known. If the rename fails, the save keeps its name. `finished`: the
   * game's moves say it is over, whatever its header says (a status not decided when it was
   * written).
   */
  release(id: string, finished = false): void {
    const facts = this.facts.get(id);
    if (facts !== undefined && this.locks.owns(id)) {
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
  letGo(id: string): void {
    this.durable.delete(id);
    this.facts.delete(id);
    this.locks.release(id);
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
      // A save that replaces one this store made durable leaves its rename to the file system: the
      // folder synced an action cost the server's thread as much as the rest of the save.
      const file = this.file(id);
      await this.inFolder(() => writeAtomicSoon(file, temporary, text, !this.durable.has(id)));
      this.durable.add(id);
      this.learn(id, text);
      return { ok: true };
    } catch (error) {
      return this.failed(error, temporary);
    }
  }

  /**
   * Runs `write` in the folder, made the first time (not again each action: that cost the server a
   * call to the disk a key), and made again if it is gone since.
   */
  private async inFolder(write: () => Promise<void>): Promise<void> {
    const make = () => fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 });
    if (!this.folderMade) await make();
    this.folderMade = true;
    try {
      await write();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // A folder made anew holds no save made durable.
      this.durable.clear();
      await make();
      await write();
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
    return path.join(this.dir, `.${id}.${randomHex(8)}.tmp`);
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
   * as their limit allows (docs/serve.md, "Limits on disk"), or null when it may. Counted are the
   * saves in the folder, finished or not, and the slots that sessions of this process have taken
   * for a new game and not written yet; never `id` itself. Nothing is removed to make room.
   */
  room(id: string): string | null {
    const most = this.limits?.saves;
    if (most === undefined || this.locks.owns(id) || this.has(id)) return null;
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return null; // no folder yet: no saves (or saving fails, and says why)
    }
    const slots = new Set(names.filter(isSaveName).map((name) => name.slice(0, -'.txt'.length)));
    for (const slot of slotsHeldIn(this.dir)) slots.add(slot);
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
   * removed keeps its name: the history names its slot (docs/saves.md, "Saved games and
   * statistics").
   */
  remove(id: string): void {
    removeFile(this.file(id));
    this.letGo(id);
  }

  /** Moves a bad save aside with a timestamp; returns where it went, or why it could not. */
  private setAside(id: string, now: Date): SetAside['aside'] {
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const aside = path.join(this.dir, `${id}.bad-${stamp}`);
    try {
      fs.renameSync(this.file(id), aside);
      return { moved: aside };
    } catch (error) {
      return { failed: fsReason(error, aside) };
    }
  }

  /** Looks through the saves (see `scanSaves`). */
  scan(now = new Date()): Scan {
    return scanSaves(this, now);
  }

  /** Notes what a save's header, just read, says of slot `id`. */
  noteHeader(id: string, header: SaveHeader): void {
    this.facts.set(id, { saved: header.saved, finished: isFinished(header) });
  }

  /**
   * Replays a claimed save: the game itself. A save that fails is set aside, its claim
   * released, and what became of it comes back instead.
   */
  load(
    entry: Claimed,
    now = new Date(),
  ): { ok: true; save: LoadedSave } | { ok: false; news: SetAside } {
    const parsed = parseSave(entry.text, now.toISOString());
    return parsed.ok ? parsed : { ok: false, news: this.giveUp(entry.id, parsed.reason, now) };
  }

  /** Sets a bad save aside and releases it; returns what became of it. */
  giveUp(id: string, reason: string, now: Date): SetAside {
    const news: SetAside = {
      kind: 'save-set-aside',
      file: `${id}.txt`,
      reason,
      aside: this.setAside(id, now),
    };
    this.letGo(id);
    return news;
  }

  /** What to tell the player of a save its permissions keep from being read. */
  unreadable(id: string, reason: string): Unreadable {
    return { kind: 'save-unreadable', file: `${id}.txt`, reason, path: this.file(id) };
  }

  /** A save file's text, read without following links or blocking on a FIFO. */
  read(id: string): Read {
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
