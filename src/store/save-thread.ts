/**
 * Saves written on a thread of their own (docs/saves.md, "Saved games and statistics"): a server
 * writes a save an action, and each step of it handed to Node's thread pool (open, write, fsync,
 * close, rename) is a hop between threads that costs the process's own thread, which every game
 * waits on, about as much as drawing the frame. Here the whole save is one message: the thread
 * takes the same steps as `writeAtomic`, one save after another, and answers when it is on disk.
 *
 * Started by a server at its start (`useSaveThread`); a process that does not start it writes
 * through the thread pool as before.
 */
import type { Worker } from 'worker_threads';

/** The thread's code: `writeAtomic`'s steps (files.ts), with the same flags. */
const SOURCE = `
const { parentPort } = require('worker_threads');
const fs = require('fs');
const path = require('path');
const { O_CREAT, O_EXCL, O_WRONLY, O_NOFOLLOW, O_NONBLOCK, O_RDONLY, O_DIRECTORY } = fs.constants;
const CREATE_NEW = O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_NONBLOCK;
const FOLDER = O_RDONLY | O_DIRECTORY | O_NONBLOCK;
function write({ file, temporary, text, syncFolder }) {
  const fd = fs.openSync(temporary, CREATE_NEW, 0o600);
  try {
    try {
      const bytes = Buffer.from(text, 'utf8');
      for (let done = 0; done < bytes.length; ) done += fs.writeSync(fd, bytes, done, bytes.length - done);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    try { fs.unlinkSync(temporary); } catch {}
    throw error;
  }
  if (!syncFolder) return;
  let folder;
  try {
    folder = fs.openSync(path.dirname(file), FOLDER);
    fs.fsyncSync(folder);
  } catch {
  } finally {
    if (folder !== undefined) fs.closeSync(folder);
  }
}
parentPort.on('message', (job) => {
  try {
    write(job);
    parentPort.postMessage({ id: job.id });
  } catch (e) {
    const { message, code, syscall, path: at, dest } = e;
    parentPort.postMessage({ id: job.id, error: { message: String(message), code, syscall, path: at, dest } });
  }
});
`;

interface Answer {
  readonly id: number;
  readonly error?: {
    message: string;
    code?: string;
    syscall?: string;
    path?: string;
    dest?: string;
  };
}

interface Waiting {
  resolve(): void;
  reject(error: Error): void;
}

/** The thread, started on the first save; started anew after it dies. */
class SaveThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private next = 0;

  write(file: string, temporary: string, text: string, syncFolder: boolean): Promise<void> {
    const id = this.next++;
    const worker = this.thread();
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // The process stays up while a save is on its way, and only then.
      if (this.waiting.size === 1) worker.ref();
      worker.postMessage({ id, file, temporary, text, syncFolder });
    });
  }

  private thread(): Worker {
    if (this.worker !== null) return this.worker;
    /* eslint-disable-next-line @typescript-eslint/no-require-imports */
    const { Worker } = require('worker_threads') as typeof import('worker_threads');
    const worker = new Worker(SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (answer: Answer) => this.answered(worker, answer));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', () => this.lost(worker, new Error('the save thread stopped')));
    this.worker = worker;
    return worker;
  }

  private answered(worker: Worker, answer: Answer): void {
    const waiting = this.waiting.get(answer.id);
    if (waiting === undefined) return;
    this.waiting.delete(answer.id);
    if (this.waiting.size === 0) worker.unref();
    if (answer.error === undefined) waiting.resolve();
    else waiting.reject(Object.assign(new Error(answer.error.message), answer.error));
  }

  /** Every save under way fails with why (each is a failed save, told as one); the next starts it anew. */
  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const failed = [...this.waiting.values()];
    this.waiting.clear();
    for (const waiting of failed) waiting.reject(error);
  }
}

let shared: SaveThread | null = null;

/** Makes this process write its background saves on a thread of their own (see above). */
export function useSaveThread(): void {
  shared ??= new SaveThread();
}

/**
 * `writeAtomicSoon`'s work on the save thread, or null when the process has none: resolves once
 * the save is on disk, rejects with the file system's error (its code, call and paths).
 */
export function writeOnSaveThread(
  file: string,
  temporary: string,
  text: string,
  syncFolder: boolean,
): Promise<void> | null {
  return shared === null ? null : shared.write(file, temporary, text, syncFolder);
}
