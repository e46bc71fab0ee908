/**
 * The solver's thread (docs/solver.md, "The solver in the game"): the build bundles it on its own
 * as `dist/solver-worker.js` (scripts/build.js), and `SolverThread` starts it on first use. It
 * runs the jobs one at a time, as they come, and answers each with its id. A job that asks for
 * the thread's own clock (a server's player's: docs/serve.md, "Playing over SSH") is timed by it
 * where the system tells it, else by the wall clock. Required anywhere but in a worker thread, it
 * does nothing.
 */
import { parentPort, workerData } from 'worker_threads';
import {
  type JobMessage,
  type JobProgress,
  type JobResult,
  type ResultMessage,
  runJob,
  type ThreadData,
} from '../search/jobs';
import { threadClock } from './thread-clock';
import { winnableCache } from './winnable-deal';

const port = parentPort;
if (port) {
  const cancel = new Int32Array((workerData as ThreadData).cancel);
  const ownClock = threadClock() ?? Date.now;
  // Winnable deals found before, kept on disk for the next time (docs/deals.md, "Winnable deals").
  const cache = winnableCache(process.env);
  port.on('message', ({ id, job }: JobMessage) => {
    let result: JobResult;
    try {
      const now = job.clock === 'thread' ? ownClock : Date.now;
      const told = (progress: JobProgress) => {
        const message: ResultMessage = { id, progress };
        port.postMessage(message);
      };
      result = runJob(job, () => Atomics.load(cancel, 0) === id, now, told, cache);
    } catch (error) {
      result = { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
    const answer: ResultMessage = { id, result };
    port.postMessage(answer);
  });
}
