/**
 * Saves written on a thread of their own (docs/saves.md, "Saved games and statistics"): a server
 * writes a save an action, and each step of it handed to Node's thread pool (open, write, fsync,
 * close, rename) is a hop between threads that costs the process's own thread, which every game
 * waits on, about as much as drawing the frame. Here the whole save is one message: the thread
 * takes the same steps as `writeAtomic`, one save after another, and answers when it is on disk;
 * the saves of the next few milliseconds go with it in one message (see GATHER_MS).
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
parentPort.on('message', (jobs) => {
  const answers = [];
  for (const job of jobs) {
    try {
      write(job);
      answers.push({ id: job.id });
    } catch (e) {
      const { message, code, syscall, path: at, dest } = e;
      answers.push({ id: job.id, error: { message: String(message), code, syscall, path: at, dest } });
    }
  }
  parentPort.postMessage(answers);
});
`;

/**
 * How long a save waits for others to go with it to the thread. Waking the thread for a message
 * costs the process's own thread about 60 µs on a virtual machine (an idle thread is woken through
 * the kernel), a tenth of what a key costs: saves of many games sent together wake it once.
 */
const GATHER_MS = 20;

interface Job {
  readonly id: number;
  readonly file: string;
  readonly temporary: string;
  readonly text: string;
  readonly syncFolder: boolean;
}

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
  /** Saves gathered to go to the thread together, and the timer that sends them. */
  private gathered: Job[] = [];
  private sending: NodeJS.Timeout | null = null;

  write(file: string, temporary: string, text: string, syncFolder: boolean): Promise<void> {
    const id = this.next++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.gathered.push({ id, file, temporary, text, syncFolder });
      // The timer keeps the process up until they are sent; the thread, until they are written.
      this.sending ??= setTimeout(() => this.send(), GATHER_MS);
    });
  }

  private send(): void {
    this.sending = null;
    const jobs = this.gathered;
    this.gathered = [];
    try {
      const worker = this.thread();
      worker.ref();
      worker.postMessage(jobs);
    } catch (error) {
      // No thread to be had (the system refused one): these saves fail, each told why; the next
      // tries again.
      for (const job of jobs) {
        const waiting = this.waiting.get(job.id);
        this.waiting.delete(job.id);
        waiting?.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  private thread(): Worker {
    if (this.worker !== null) return this.worker;
    /* eslint-disable-next-line @typescript-eslint/no-require-imports */
    const { Worker } = require('worker_threads') as typeof import('worker_threads');
    const worker = new Worker(SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (answers: Answer[]) => {
      for (const answer of answers) this.answered(worker, answer);
    });
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
    // Those it was sent; those still gathered go to the next.
    const unsent = new Set(this.gathered.map((job) => job.id));
    const failed: Waiting[] = [];
    for (const [id, waiting] of this.waiting) {
      if (unsent.has(id)) continue;
      this.waiting.delete(id);
      failed.push(waiting);
    }
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
