/**
 * The solver off the input path (README, "The solver in the game"): a worker thread that runs
 * solver jobs one at a time, started on first use, so a start never pays for it. A job answers
 * once through its callback, or never if it is cancelled first; a job under way when cancelled
 * is told to stop through shared memory (see `ThreadData`), and the next one starts as soon as
 * it has. A thread that fails answers its job with the reason, and a new one starts for the
 * next job.
 */
import type { Worker } from 'worker_threads';
import type { Job, JobMessage, JobResult, JobRunner, ResultMessage, ThreadData } from './jobs';
import type { Variant } from './solver';

/**
 * Node's worker_threads, loaded with the first thread: loading it costs more than a millisecond,
 * which a start that never asks the solver does not pay (README, "Start-up").
 */
function workerClass(): typeof Worker {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (require('worker_threads') as typeof import('worker_threads')).Worker;
}

interface Pending {
  readonly id: number;
  readonly job: Job;
  readonly done: (result: JobResult) => void;
  cancelled: boolean;
}

export class SolverThread implements JobRunner {
  private worker: Worker | null = null;
  private readonly cancelSlot = new Int32Array(new SharedArrayBuffer(4));
  private queue: Pending[] = [];
  private running: Pending | null = null;
  private nextId = 1;
  private closed = false;

  /** `file`: the thread's code, `dist/solver-worker.js` beside the bundle. */
  constructor(private readonly file: string) {}

  run(job: Job, done: (result: JobResult) => void): () => void {
    const pending: Pending = { id: this.nextId++, job, done, cancelled: this.closed };
    if (!this.closed) {
      this.queue.push(pending);
      this.next();
    }
    return () => this.cancel(pending);
  }

  close(): void {
    this.closed = true;
    for (const pending of this.queue) pending.cancelled = true;
    if (this.running) this.running.cancelled = true;
    this.queue = [];
    this.running = null;
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
  }

  private cancel(pending: Pending): void {
    if (pending.cancelled) return;
    pending.cancelled = true;
    if (this.running === pending) Atomics.store(this.cancelSlot, 0, pending.id);
    else this.queue = this.queue.filter((other) => other !== pending);
  }

  private next(): void {
    if (this.running || this.queue.length === 0) return;
    const pending = this.queue.shift() as Pending;
    this.running = pending;
    const worker = this.thread();
    if (!worker) return;
    worker.ref(); // a job under way keeps the process alive until it answers
    const message: JobMessage = { id: pending.id, job: pending.job };
    worker.postMessage(message);
  }

  private thread(): Worker | null {
    if (this.worker) return this.worker;
    let worker: Worker;
    try {
      const data: ThreadData = { cancel: this.cancelSlot.buffer as SharedArrayBuffer };
      const Thread = workerClass();
      worker = new Thread(this.file, { workerData: data });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setImmediate(() => this.finished(null, { kind: 'failed', reason }));
      return null;
    }
    worker.on('message', (message: ResultMessage) => {
      if (this.running?.id === message.id) this.finished(worker, message.result);
    });
    worker.on('error', (error) => this.lost(worker, error.message));
    worker.on('exit', (code) => this.lost(worker, `its thread ended with status ${code}`));
    this.worker = worker;
    return worker;
  }

  /** The job under way answered (or could not start). */
  private finished(worker: Worker | null, result: JobResult): void {
    const pending = this.running;
    this.running = null;
    if (this.queue.length === 0) worker?.unref();
    if (pending && !pending.cancelled) pending.done(result);
    this.next();
  }

  /** The thread failed or ended: its job answers why; the next job starts a new thread. */
  private lost(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.finished(null, { kind: 'failed', reason: `The solver stopped: ${reason}` });
  }
}

/**
 * The solver on both cores (README, "Solver"): two threads, each searching a solve job in its own
 * variant. The first win answers and stops the other thread; so does a proven loss. Otherwise the
 * answer comes when both have given theirs: unknown, with the positions of both. Other jobs run
 * on the first thread alone.
 */
export class SolverPair implements JobRunner {
  private readonly threads: [SolverThread, SolverThread];

  constructor(file: string) {
    this.threads = [new SolverThread(file), new SolverThread(file)];
  }

  run(job: Job, done: (result: JobResult) => void): () => void {
    if (job.kind !== 'solve') return this.threads[0].run(job, done);
    const answers: JobResult[] = [];
    let answered = false;
    const cancels = this.threads.map((thread, variant) =>
      thread.run({ ...job, variant: variant as Variant }, (result) => {
        if (answered) return;
        answers.push(result);
        const settled = result.kind === 'solved' && result.result !== 'unknown';
        if (!settled && answers.length < 2) return;
        answered = true;
        for (const cancel of cancels) cancel();
        done(settled ? result : combined(answers));
      }),
    );
    return () => {
      answered = true;
      for (const cancel of cancels) cancel();
    };
  }

  close(): void {
    for (const thread of this.threads) thread.close();
  }
}

/** Two answers, neither a win nor a loss: unknown after both searches, or why both failed. */
function combined(answers: readonly JobResult[]): JobResult {
  const solved = answers.filter((answer) => answer.kind === 'solved');
  if (solved.length === 0) return answers[0];
  return {
    kind: 'solved',
    result: 'unknown',
    line: [],
    positions: solved.reduce((sum, answer) => sum + answer.positions, 0),
    ms: Math.max(...solved.map((answer) => answer.ms)),
  };
}

/**
 * One game's share of a solver that several games use (a server's players): its jobs queue with
 * the others', and closing the share cancels only its own jobs, never the solver.
 */
export class SolverShare implements JobRunner {
  private readonly cancels = new Set<() => void>();
  private closed = false;

  constructor(private readonly solver: JobRunner) {}

  run(job: Job, done: (result: JobResult) => void): () => void {
    if (this.closed) return () => undefined;
    const cancel = this.solver.run(job, (result) => {
      this.cancels.delete(cancel);
      done(result);
    });
    this.cancels.add(cancel);
    return () => {
      this.cancels.delete(cancel);
      cancel();
    };
  }

  close(): void {
    this.closed = true;
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
  }
}
