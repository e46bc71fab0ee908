/**
 * Work shared among threads, for the benchmarks that play many games or worlds: each thread runs
 * the module at `file`, which answers every task posted to it with one message (`serveTasks`).
 */
import { isMainThread, parentPort, Worker, workerData } from 'worker_threads';

/**
 * In a thread `onThreads` started for the module `file` (its `__filename`): answers each task
 * posted to it with `work(task)`. Elsewhere, and in a thread of another module that imports this
 * one, it does nothing.
 */
export function serveTasks<T, R>(file: string, work: (task: T) => R): void {
  if (!isMainThread && workerData === file)
    parentPort?.on('message', (task: T) => parentPort?.postMessage(work(task)));
}

/**
 * Runs every task on `threads` threads of `file` at once and answers the results in the tasks'
 * order; `onDone` hears of each as it ends.
 */
export async function onThreads<T, R>(
  file: string,
  tasks: readonly T[],
  threads: number,
  onDone?: (result: R, task: T) => void,
): Promise<R[]> {
  const workers = Array.from(
    { length: Math.max(1, Math.min(threads, tasks.length)) },
    () => new Worker(file, { workerData: file }),
  );
  const results: R[] = new Array(tasks.length);
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        while (next < tasks.length) {
          const at = next++;
          results[at] = await new Promise<R>((resolve, reject) => {
            const failed = (error: Error) => reject(error);
            worker.once('error', failed);
            worker.once('message', (answer: R) => {
              worker.off('error', failed);
              resolve(answer);
            });
            worker.postMessage(tasks[at]);
          });
          onDone?.(results[at], tasks[at]);
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}
