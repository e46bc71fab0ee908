/**
 * The locks that keep two sessions of one player from playing the same game (docs/saves.md,
 * "Saved games and statistics"): a lock file beside each save a spider process plays, naming the
 * process, its host and the session.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fsWords } from './errors';
import { CREATE_NEW, readRegularFile, removeFile } from './files';
import { randomHex } from './random-name';

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

/** Waits a few milliseconds without returning to the event loop (claims are synchronous). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The locks of one session in one folder of saves. */
export class SlotLocks {
  /**
   * Names the session in its lock files, beside the process and host: one process may run many
   * sessions (a server), each holding its own games.
   */
  readonly session = randomHex(8);

  /** Why the last lock file could not be put down (a full disk, no permission), if it could not. */
  problem: string | null = null;

  /** Lock files this session holds, by slot. */
  private readonly owned = new Map<string, string>();

  constructor(private readonly dir: string) {}

  /** Whether this session holds slot `id`. */
  owns(id: string): boolean {
    return this.owned.has(id);
  }

  /**
   * Takes a slot for this session. A lock held by another session, in this process or
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
   * docs/saves.md, "Saved games and statistics").
   */
  claim(id: string): boolean {
    if (this.owned.has(id)) return false;
    this.problem = null;
    let mine: string;
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      mine = this.putLock(id);
    } catch (error) {
      this.problem = fsWords(error);
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
    const lock = path.join(this.dir, `${id}.lock.${process.pid}-${randomHex(6)}`);
    const temporary = path.join(this.dir, `.${randomHex(8)}.tmp`);
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
   * Whether another live session holds slot `id`, by its lock files among `names` (the folder's),
   * as a claim would judge them; nothing is put down or removed.
   */
  heldElsewhere(id: string, names: readonly string[]): boolean {
    const mine = this.owned.get(id);
    return names
      .filter((name) => lockSlot(name) === id)
      .map((name) => path.join(this.dir, name))
      .some((lock) => lock !== mine && !this.isStale(lock));
  }

  /** Gives up this session's claim on a slot: only its own lock file is removed. */
  release(id: string): void {
    const mine = this.owned.get(id);
    if (mine === undefined) return;
    this.owned.delete(id);
    held.delete(mine);
    removeFile(mine);
  }
}

/**
 * The slots whose locks sessions of this process hold in `dir`, whether or not their saves are
 * written yet.
 */
export function slotsHeldIn(dir: string): string[] {
  const slots: string[] = [];
  for (const lock of held) {
    const name = path.basename(lock);
    if (path.dirname(lock) === dir) slots.push(name.slice(0, name.lastIndexOf('.lock.')));
  }
  return slots;
}

/** The slot a lock file (`<id>.lock`, or `<id>.lock.<pid>-<random>`) is of, or null. */
export function lockSlot(name: string): string | null {
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
