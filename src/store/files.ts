/**
 * How the store opens, appends to and replaces its files: one set of flags for every file it
 * keeps (saves, locks, the history, the winnable-deal cache). A file is never opened through a
 * link planted at its name (O_NOFOLLOW) and never waits on a FIFO there (O_NONBLOCK); what was
 * opened is then checked to be a regular file, so a file swapped in between a check and the read
 * cannot slip through.
 */
import * as fs from 'fs';
import * as path from 'path';
import { writeOnSaveThread } from './save-thread';

const { O_APPEND, O_CREAT, O_DIRECTORY, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_RDONLY, O_WRONLY } =
  fs.constants;

/** What every store file is opened with: never through a link, never waiting on a FIFO. */
const SAFE = O_NOFOLLOW | O_NONBLOCK;
/** An existing file, to be read. */
export const READ_EXISTING = O_RDONLY | SAFE;
/** A new file of our own: fails if anything at all is at the name, a link or a FIFO included. */
export const CREATE_NEW = O_CREAT | O_EXCL | O_WRONLY | SAFE;
/** An existing file, to add to its end. */
export const APPEND_EXISTING = O_APPEND | O_WRONLY | SAFE;
/** A file to add to its end, created (mode 0600) when missing. */
export const APPEND_OR_CREATE = O_APPEND | O_CREAT | O_WRONLY | SAFE;
/** A folder, opened to be synced. */
const FOLDER = O_RDONLY | O_DIRECTORY | O_NONBLOCK;

/** Reads up to `size` bytes of an open file. */
export function readAll(fd: number, size: number): Buffer {
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
export function readRegularFile(file: string, maxBytes: number): string | null {
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

/** How adding a line to a file went (`appendLine`). */
export type LineAdded = 'added' | 'not a regular file' | 'too large' | 'cut short';

/**
 * Adds `line` to the end of `file` in a single write (O_APPEND: lines of two processes never
 * mix), creating the file (mode 0600) when missing. Nothing is written to a name that holds
 * anything but a regular file, nor to a file larger than `maxBytes`. Throws what the file system
 * throws.
 */
export function appendLine(file: string, line: string, maxBytes = Infinity): LineAdded {
  const fd = fs.openSync(file, APPEND_OR_CREATE, 0o600);
  try {
    const info = fs.fstatSync(fd);
    if (!info.isFile()) return 'not a regular file';
    if (info.size > maxBytes) return 'too large';
    const bytes = Buffer.from(line, 'utf8');
    // Only a full disk writes less than a whole line: said, rather than half a line retried.
    return fs.writeSync(fd, bytes) < bytes.length ? 'cut short' : 'added';
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Replaces `file` with `text` atomically: written in full to `temporary` (a new file of our own),
 * synced, renamed over `file`, and the rename made durable. A kill at any moment leaves either the
 * old file or the new one, never half of one. Throws what the file system throws, the temporary
 * removed.
 */
export function writeAtomic(file: string, temporary: string, text: string): void {
  const fd = fs.openSync(temporary, CREATE_NEW, 0o600);
  try {
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
  } catch (error) {
    removeFile(temporary);
    throw error;
  }
  syncDirectory(path.dirname(file));
}

/**
 * A callback of `fs` as a promise. Lighter on the process's own thread than the file handles of
 * `fs.promises`, each an object of its own with events and a finaliser: a server writes a save an
 * action, and its thread is what every game waits on.
 */
function soon<T>(call: (done: (error: NodeJS.ErrnoException | null, value: T) => void) => void) {
  return new Promise<T>((resolve, reject) =>
    call((error, value) => (error ? reject(error) : resolve(value))),
  );
}

/**
 * `writeAtomic` by the same steps, each on Node's thread pool: the process goes on meanwhile.
 * Without `syncFolder`, the rename is left for the file system to make durable (ext4 commits within
 * seconds, and the next file synced commits it too): for a file that replaces one already durable,
 * so that a power cut leaves that one at worst, whole.
 */
export async function writeAtomicSoon(
  file: string,
  temporary: string,
  text: string,
  syncFolder = true,
): Promise<void> {
  // The same steps on the save thread, in a server that has one.
  const elsewhere = writeOnSaveThread(file, temporary, text, syncFolder);
  if (elsewhere !== null) return elsewhere;
  const fd = await soon<number>((done) => fs.open(temporary, CREATE_NEW, 0o600, done));
  try {
    try {
      const bytes = Buffer.from(text, 'utf8');
      // A write may take less than asked (a nearly full disk): write the rest, or fail.
      for (let at = 0; at < bytes.length;) {
        at += await soon<number>((done) => fs.write(fd, bytes, at, bytes.length - at, null, done));
      }
      await soon<void>((done) => fs.fsync(fd, done));
    } finally {
      await soon<void>((done) => fs.close(fd, done));
    }
    await fs.promises.rename(temporary, file);
  } catch (error) {
    await soon<void>((done) => fs.unlink(temporary, done)).catch(() => undefined);
    throw error;
  }
  if (syncFolder) await syncDirectorySoon(path.dirname(file));
}

/** Removes a file if it is there. */
export function removeFile(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch {
    // Already gone.
  }
}

/** Closes a file, whatever happens. */
export function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // nothing to do
  }
}

/** Makes a rename durable: fsync of the folder holding it (where the platform allows it). */
export function syncDirectory(dir: string): void {
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
export async function syncDirectorySoon(dir: string): Promise<void> {
  let fd: number | undefined;
  try {
    fd = await soon<number>((done) => fs.open(dir, FOLDER, done));
    await soon<void>((done) => fs.fsync(fd as number, done));
  } catch {
    // As in syncDirectory.
  } finally {
    const open = fd;
    if (open !== undefined) await soon<void>((done) => fs.close(open, done)).catch(() => undefined);
  }
}
