/**
 * The solver's thread (docs/solver.md, "The solver in the game"): the build bundles it on its own
 * as `dist/solver-worker.js` (scripts/build.js), and `SolverThread` starts it on first use. It
 * runs the jobs one at a time, as they come, and answers each with its id. A job that asks for
 * the thread's own clock (a server's player's: docs/serve.md, "Playing over SSH") is timed by it
 * where the system tells it, else by the wall clock. Required anywhere but in a worker thread, it
 * does nothing.
 */
// The thread's entry point, where its clock is read: the search itself reads no file.
// eslint-disable-next-line no-restricted-imports -- the kernel's clock of this thread, below
import * as fs from 'fs';
import { parentPort, workerData } from 'worker_threads';
import {
  type JobMessage,
  type JobResult,
  type ResultMessage,
  runJob,
  type ThreadData,
} from './jobs';

/**
 * The clock of the calling thread's own work: the time it has spent on a core, in milliseconds,
 * which grows only while the thread runs; null where the system does not tell it. Linux says it
 * in `/proc/thread-self/schedstat` (its first field: nanoseconds on a core). The file is opened
 * once, by the thread itself, and read again from its start at each look: about a microsecond,
 * where the solver looks at its clock every few hundred.
 */
export function threadClock(): (() => number) | null {
  let fd: number;
  try {
    fd = fs.openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return null;
  }
  const buffer = Buffer.alloc(96);
  const read = (): number => {
    const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
    const ns = /^(\d+) /.exec(buffer.toString('latin1', 0, length))?.[1];
    return ns === undefined ? NaN : Number(ns) / 1e6;
  };
  try {
    if (Number.isFinite(read())) return read;
  } catch {
    // Not readable after all: as if it were not there.
  }
  fs.closeSync(fd);
  return null;
}

const port = parentPort;
if (port) {
  const cancel = new Int32Array((workerData as ThreadData).cancel);
  const ownClock = threadClock() ?? Date.now;
  port.on('message', ({ id, job }: JobMessage) => {
    let result: JobResult;
    try {
      const now = job.clock === 'thread' ? ownClock : Date.now;
      result = runJob(job, () => Atomics.load(cancel, 0) === id, now);
    } catch (error) {
      result = { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
    const answer: ResultMessage = { id, result };
    port.postMessage(answer);
  });
}
