/**
 * The solver off the input path (docs/solver.md, "The solver in the game"): a worker thread that
 * runs solver jobs one at a time, started on first use, so a start never pays for it. A job answers
 * once through its callback, or never if it is cancelled first; a job under way when cancelled
 * is told to stop through shared memory (see `ThreadData`), and the next one starts as soon as
 * it has. A thread that fails answers its job with the reason, and a new one starts for the
 * next job.
 */
import type { Worker } from 'worker_threads';
import type {
  Job,
  JobMessage,
  JobProgress,
  JobResult,
  JobRunner,
  ResultMessage,
  ThreadData,
} from '../search/jobs';
import type { Variant } from '../search/solver';
import { SolverTurns } from './solver-turns';

/**
 * Node's worker_threads, loaded with the first thread: loading it costs more than a millisecond,
 * which a start that never asks the solver does not pay (docs/measurements.md, "Start-up").
 */
function workerClass(): typeof Worker {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (require('worker_threads') as typeof import('worker_threads')).Worker;
}

interface Pending {
  readonly id: number;
  readonly job: Job;
  readonly done: (result: JobResult) => void;
  readonly progress?: (progress: JobProgress) => void;
  cancelled: boolean;
}

export class SolverThread implements JobRunner {
  private worker: Worker | null = null;
  private readonly cancelSlot = new Int32Array(new SharedArrayBuffer(4));
  private queue: Pending[] = [];
  private running: Pending | null = null;
  private nextId = 1;
  private closed = false;

  /**
   * `file`: the thread's code, `dist/solver-worker.js` beside the bundle. `idle` hears each time
   * the thread has no job left, a cancelled one included once it has stopped.
   */
  constructor(
    private readonly file: string,
    private readonly idle: () => void = () => undefined,
  ) {}

  /** Whether a job is under way (or stopping, once cancelled) or waiting. */
  get busy(): boolean {
    return this.running !== null || this.queue.length > 0;
  }

  /** One job after another: no turns to keep, so `asker` makes no difference. */
  run(
    job: Job,
    done: (result: JobResult) => void,
    _asker?: object,
    progress?: (progress: JobProgress) => void,
  ): () => void {
    const pending: Pending = { id: this.nextId++, job, done, progress, cancelled: this.closed };
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
      const running = this.running;
      if (running?.id !== message.id) return;
      if ('progress' in message) {
        if (!running.cancelled) running.progress?.(message.progress);
      } else this.finished(worker, message.result);
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
    if (!this.busy && !this.closed) this.idle();
  }

  /** The thread failed or ended: its job answers why; the next job starts a new thread. */
  private lost(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.finished(null, { kind: 'failed', reason: `The solver stopped: ${reason}` });
  }
}

/** How long a question may wait for its turn on the solver's threads (milliseconds). */
export const MAX_WAIT_MS = 30_000;

/** A question for the solver, from the time it is asked until it is answered or given up. */
interface Question {
  readonly job: Job;
  readonly done: (result: JobResult) => void;
  readonly progress?: (progress: JobProgress) => void;
  readonly asker: object;
  /** Parts to run, each on a thread: the two variants of a solve job, else the job itself. */
  readonly parts: number;
  /** Parts started. */
  started: number;
  readonly answers: JobResult[];
  readonly cancels: (() => void)[];
  /** Answered, or given up. */
  over: boolean;
  wait: NodeJS.Timeout | null;
}

/**
 * The solver on both cores (docs/solver.md, "Solver"): two threads, each searching a solve job in
 * its own variant. The first win answers and stops the other thread; so does a proven loss.
 * Otherwise the answer comes when both have given theirs: unknown, with the positions of both.
 * Other jobs run on one thread.
 *
 * Its questions wait in turns across those who ask (`SolverTurns`; docs/serve.md, "Playing over
 * SSH": a server's players, each through a `SolverShare`), and a thread that comes free takes the
 * other variant of a solve job under way before anything else, then the question whose turn it is.
 * A question that waits longer than `maxWaitMs` for its turn is answered that the solver is busy,
 * and with whom.
 */
export class SolverPair implements JobRunner {
  private readonly threads: [SolverThread, SolverThread];
  private readonly turns = new SolverTurns<Question>();
  /** Questions with a part under way and a part still to start, oldest first. */
  private halfStarted: Question[] = [];
  /** Questions neither answered nor given up. */
  private readonly open = new Set<Question>();
  private closed = false;

  constructor(
    file: string,
    private readonly maxWaitMs = MAX_WAIT_MS,
  ) {
    const idle = () => this.dispatch();
    this.threads = [new SolverThread(file, idle), new SolverThread(file, idle)];
  }

  /** `asker`: whose question it is, for the turns (by default, the pair's own user). */
  run(
    job: Job,
    done: (result: JobResult) => void,
    asker: object = this,
    progress?: (progress: JobProgress) => void,
  ): () => void {
    if (this.closed) return () => undefined;
    const question: Question = {
      job,
      done,
      progress,
      asker,
      parts: job.kind === 'solve' ? 2 : 1,
      started: 0,
      answers: [],
      cancels: [],
      over: false,
      wait: null,
    };
    this.open.add(question);
    this.turns.add(asker, question);
    this.dispatch();
    if (question.started === 0) {
      question.wait = setTimeout(() => this.waitedTooLong(question), this.maxWaitMs);
      question.wait.unref();
    }
    return () => this.cancel(question);
  }

  load(): { waiting: number; running: number } {
    let running = 0;
    for (const question of this.open) if (question.started > 0) running++;
    return { waiting: this.open.size - running, running };
  }

  close(): void {
    this.closed = true;
    for (const question of this.open) {
      question.over = true;
      if (question.wait) clearTimeout(question.wait);
    }
    this.open.clear();
    for (const thread of this.threads) thread.close();
  }

  /** Gives each free thread work: a solve job's other variant first, then the next turn. */
  private dispatch(): void {
    if (this.closed) return;
    for (const thread of this.threads) {
      if (thread.busy) continue;
      const question = this.halfStarted[0] ?? this.turns.next();
      if (question === undefined) return;
      this.start(question, thread);
    }
  }

  private start(question: Question, thread: SolverThread): void {
    const part = question.started++;
    if (question.wait) clearTimeout(question.wait);
    question.wait = null;
    if (part === 0 && question.parts > 1) this.halfStarted.push(question);
    if (question.started === question.parts)
      this.halfStarted = this.halfStarted.filter((other) => other !== question);
    const job = question.parts > 1 ? { ...question.job, variant: part as Variant } : question.job;
    // How far it has gone comes only from a job that runs on one thread (where-lost); it is
    // passed on as long as the question is open.
    const told = (progress: JobProgress) => {
      if (!question.over) question.progress?.(progress);
    };
    question.cancels.push(
      thread.run(job, (result) => this.answered(question, result), undefined, told),
    );
  }

  private answered(question: Question, result: JobResult): void {
    if (question.over) return;
    question.answers.push(result);
    const settled =
      question.parts === 1 || (result.kind === 'solved' && result.result !== 'unknown');
    if (!settled && question.answers.length < question.parts) return;
    this.end(question);
    question.done(settled ? result : combined(question.answers));
  }

  private cancel(question: Question): void {
    if (question.over) return;
    this.turns.remove(question.asker, question);
    this.end(question);
  }

  /** The question is answered or given up: its parts under way stop, and those to come never start. */
  private end(question: Question): void {
    question.over = true;
    if (question.wait) clearTimeout(question.wait);
    this.open.delete(question);
    this.halfStarted = this.halfStarted.filter((other) => other !== question);
    for (const cancel of question.cancels) cancel();
  }

  private waitedTooLong(question: Question): void {
    if (question.over || question.started > 0) return;
    this.turns.remove(question.asker, question);
    this.end(question);
    question.done({
      kind: 'failed',
      reason: busy(this.othersThan(question.asker), this.maxWaitMs),
    });
  }

  /** How many askers other than `asker` have a question under way or waiting. */
  private othersThan(asker: object): number {
    const askers = new Set([...this.open].map((question) => question.asker));
    askers.delete(asker);
    return askers.size;
  }
}

/** Why a question that waited too long for its turn is not answered, in words. */
function busy(others: number, waitedMs: number): string {
  const whose =
    others === 0
      ? 'other questions'
      : `${others} other player${others === 1 ? "'s" : "s'"} question${others === 1 ? '' : 's'}`;
  return `it is busy with ${whose}, and yours waited ${waitedMs / 1000} s for its turn; ask again in a moment`;
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
 * One game's share of a solver that several games use (a server's players): its questions take
 * turns with the others' (see `SolverPair`), each is timed by the solver thread's own clock, so
 * that its budget buys the same search however busy the cores are (docs/serve.md, "Playing over
 * SSH"), and closing the share cancels only its own jobs, never the solver.
 */
export class SolverShare implements JobRunner {
  private readonly cancels = new Set<() => void>();
  private closed = false;

  constructor(private readonly solver: JobRunner) {}

  run(
    job: Job,
    done: (result: JobResult) => void,
    _asker?: object,
    progress?: (progress: JobProgress) => void,
  ): () => void {
    if (this.closed) return () => undefined;
    // The share is the asker: its questions take their turns as this game's.
    const cancel = this.solver.run(
      { ...job, clock: 'thread' },
      (result) => {
        this.cancels.delete(cancel);
        done(result);
      },
      this,
      progress,
    );
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
