/**
 * The solver's thread (README, "The solver in the game"): the build bundles it on its own as
 * `dist/solver-worker.js` (scripts/build.js), and `SolverThread` starts it on first use. It
 * runs the jobs one at a time, as they come, and answers each with its id. Required anywhere
 * but in a worker thread, it does nothing.
 */
import { parentPort, workerData } from 'worker_threads';
import {
  type JobMessage,
  type JobResult,
  type ResultMessage,
  runJob,
  type ThreadData,
} from './jobs';

const port = parentPort;
if (port) {
  const cancel = new Int32Array((workerData as ThreadData).cancel);
  port.on('message', ({ id, job }: JobMessage) => {
    let result: JobResult;
    try {
      result = runJob(job, () => Atomics.load(cancel, 0) === id);
    } catch (error) {
      result = { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
    const answer: ResultMessage = { id, result };
    port.postMessage(answer);
  });
}
