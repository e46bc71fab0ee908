/**
 * The thread that runs the solver's jobs (docs/solver.md, "The solver in the game"): a job answers
 * once, a cancelled job never answers and makes way for the next, and a thread that cannot start
 * says why. Shared by a server's players (docs/serve.md, "Playing over SSH"): their questions take
 * turns, each is timed by its thread's own clock, and one that waits too long is told why.
 */
import * as os from 'os';
import { Worker } from 'worker_threads';
import { apply, newGame } from '../../src/engine';
import {
  gameData,
  type Job,
  type JobProgress,
  type JobResult,
  solutionOf,
} from '../../src/search/jobs';
import { SolverPair, SolverShare, SolverThread } from '../../src/host/solver-thread';
import { threadClock } from '../../src/host/thread-clock';
import { bundle } from '../helpers/bundle';
import { easyGame, FOUR_SUITS, solveJob } from '../helpers/jobs';
import { LOST_GAME_ACTIONS, lostGame } from '../helpers/lost-game';
import { playsToWin } from '../helpers/play-out';
import { until } from '../helpers/slow-disk';

jest.setTimeout(60_000);

describe('SolverThread', () => {
  let file: string;
  let thread: SolverThread | undefined;
  beforeAll(() => {
    file = bundle('src/host/solver-worker.ts');
  });
  afterEach(() => thread?.close());

  const answer = (t: SolverThread, job: Job) =>
    new Promise<JobResult>((resolve) => {
      t.run(job, resolve);
    });

  it('answers a job from its own thread', async () => {
    thread = new SolverThread(file);
    const game = easyGame();
    const result = await answer(thread, solveJob(game));
    expect(result).toMatchObject({ kind: 'solved', result: 'won' });
    if (result.kind === 'solved') expect(playsToWin(game.position, result.line)).toBe(true);
  });

  it('a cancelled job never answers, and the next one does at once', async () => {
    thread = new SolverThread(file);
    const answers: string[] = [];
    // A 4-suit deal the solver does not settle in 10 s: it runs until it is told to stop.
    const hard = newGame({ scheme: 'pysol', key: '1008' }, FOUR_SUITS);
    const cancel = thread.run(solveJob(hard, 60_000), () => answers.push('hard'));
    const queued = thread.run(solveJob(), () => answers.push('queued'));
    queued(); // cancelled before it started: it never runs
    cancel();
    const began = Date.now();
    const next = await answer(thread, solveJob());
    expect(next).toMatchObject({ kind: 'solved', result: 'won' });
    expect(Date.now() - began).toBeLessThan(8_000);
    expect(answers).toEqual([]);
  });

  it('a thread that cannot start answers why, and nothing answers after close', async () => {
    thread = new SolverThread(`${file}.missing.js`);
    const result = await answer(thread, solveJob());
    expect(result.kind).toBe('failed');
    if (result.kind === 'failed') expect(result.reason).toMatch(/missing/);
    const closed = new SolverThread(file);
    const answers: JobResult[] = [];
    closed.run(solveJob(), (r) => answers.push(r));
    closed.close();
    closed.run(solveJob(), (r) => answers.push(r));
    await new Promise((r) => setTimeout(r, 200));
    expect(answers).toEqual([]);
  });
});

describe('SolverPair: the solver on both cores', () => {
  let file: string;
  let pair: SolverPair | undefined;
  beforeAll(() => {
    file = bundle('src/host/solver-worker.ts');
  });
  afterEach(() => pair?.close());

  const answer = (p: SolverPair, job: Job) =>
    new Promise<JobResult>((resolve) => {
      p.run(job, resolve);
    });

  it('answers with the first win, a line the rules accept', async () => {
    pair = new SolverPair(file);
    const game = easyGame();
    const result = await answer(pair, solveJob(game));
    expect(result).toMatchObject({ kind: 'solved', result: 'won' });
    if (result.kind === 'solved') expect(playsToWin(game.position, result.line)).toBe(true);
  });

  it('unknown when both threads gave up, after the time asked for', async () => {
    pair = new SolverPair(file);
    const hard = newGame({ scheme: 'pysol', key: '1008' }, FOUR_SUITS);
    const result = await answer(pair, solveJob(hard, 500));
    expect(result).toMatchObject({ kind: 'solved', result: 'unknown', line: [] });
    if (result.kind === 'solved') {
      expect(result.ms).toBeGreaterThanOrEqual(500);
      expect(result.positions).toBeGreaterThan(0);
    }
  });

  it('answers a fair job with the player’s choice', async () => {
    pair = new SolverPair(file);
    const game = easyGame();
    const result = await answer(pair, { kind: 'fair', game: gameData(game), timeMs: 200 });
    if (result.kind !== 'fair') throw new Error(`answered ${JSON.stringify(result)}`);
    expect(result.choice.action).toEqual(result.choice.plan[0]);
    if (result.choice.action) expect(apply(game.position, result.choice.action).ok).toBe(true);
  });

  it('a where-lost job tells how far it has gone before it answers, and nothing after', async () => {
    pair = new SolverPair(file);
    const told: JobProgress[] = [];
    const job: Job = { kind: 'where-lost', game: gameData(lostGame()), timeMs: 60_000 };
    const result = await new Promise<JobResult>((resolve) => {
      pair!.run(job, resolve, undefined, (progress) => told.push(progress));
    });
    if (result.kind !== 'where-lost') throw new Error(`answered ${JSON.stringify(result)}`);
    expect(result.found.losing).not.toBeNull();
    // The search takes over a second on a core: it told a few times, at most every 250 ms.
    expect(told.length).toBeGreaterThan(0);
    expect(told.length).toBeLessThanOrEqual(Math.ceil(result.found.ms / 250) + 1);
    for (const { kind, progress } of told) {
      expect(kind).toBe('where-lost');
      expect(progress.actions).toBe(LOST_GAME_ACTIONS);
    }
    const count = told.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(told).toHaveLength(count);
    // Cancelled, it tells no more.
    const later: JobProgress[] = [];
    const cancel = pair.run(
      job,
      () => undefined,
      undefined,
      (progress) => later.push(progress),
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    cancel();
    const heard = later.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(later).toHaveLength(heard);
  });

  it('a cancelled job never answers, from either thread', async () => {
    pair = new SolverPair(file);
    const answers: JobResult[] = [];
    const cancel = pair.run(solveJob(), (r) => answers.push(r));
    cancel();
    const next = await answer(pair, solveJob());
    expect(next).toMatchObject({ kind: 'solved', result: 'won' });
    expect(answers).toEqual([]);
  });

  it('says how many questions wait for their turn and how many are under way', async () => {
    pair = new SolverPair(file);
    expect(pair.load()).toEqual({ waiting: 0, running: 0 });
    const hard = newGame({ scheme: 'pysol', key: '1008' }, FOUR_SUITS);
    // A solve question takes both threads: the next two wait.
    const cancels = [{}, {}, {}].map((asker) =>
      pair!.run(solveJob(hard, 60_000), () => undefined, asker),
    );
    expect(pair.load()).toEqual({ waiting: 2, running: 1 });
    cancels[0](); // no longer counted; the next starts once the threads have stopped
    expect(pair.load()).toEqual({ waiting: 2, running: 0 });
    await until(() => pair!.load().running === 1);
    expect(pair.load()).toEqual({ waiting: 1, running: 1 });
    cancels.forEach((cancel) => cancel());
    expect(pair.load()).toEqual({ waiting: 0, running: 0 });
  });
});

describe('the thread’s own clock', () => {
  it('grows while the thread works, not while it waits', () => {
    const clock = threadClock();
    if (clock === null) throw new Error('this system does not tell a thread its own time');
    const before = clock();
    const began = Date.now();
    while (Date.now() - began < 200); // work
    const worked = clock() - before;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300); // wait
    const waited = clock() - before - worked;
    expect(worked).toBeGreaterThan(20); // at least a share of a core, on a loaded machine
    expect(worked).toBeLessThanOrEqual(220);
    expect(waited).toBeLessThan(20);
  });
});

describe('SolverPair shared by players (SolverShare)', () => {
  let file: string;
  let pair: SolverPair | undefined;
  beforeAll(() => {
    file = bundle('src/host/solver-worker.ts');
  });
  afterEach(() => pair?.close());

  /** A 4-suit deal neither variant settles in a few seconds: each question takes its whole time. */
  const busyGame = newGame({ scheme: 'pysol', key: '1010' }, FOUR_SUITS);
  /** A 4-suit deal only the second variant wins, in about 770,000 positions. */
  const winnable = newGame({ scheme: 'pysol', key: '1008' }, FOUR_SUITS);

  const ask = (runner: { run: SolverShare['run'] }, job: Job) =>
    new Promise<JobResult>((resolve) => {
      runner.run(job, resolve);
    });

  it('a player’s where-lost question tells its own player how far it has gone', async () => {
    pair = new SolverPair(file);
    const [a, b] = [new SolverShare(pair), new SolverShare(pair)];
    const told = { a: 0, b: 0 };
    const job: Job = { kind: 'where-lost', game: gameData(lostGame()), timeMs: 60_000 };
    const answered = Promise.all([
      new Promise((resolve) => a.run(job, resolve, undefined, () => told.a++)),
      new Promise((resolve) => b.run(job, resolve)),
    ]);
    await answered;
    expect(told.a).toBeGreaterThan(0);
    expect(told.b).toBe(0);
  });

  it('takes the players’ questions in turns, whoever asked more first', async () => {
    pair = new SolverPair(file);
    const [a, b, c] = [new SolverShare(pair), new SolverShare(pair), new SolverShare(pair)];
    const order: string[] = [];
    const asked = (share: SolverShare, name: string) =>
      new Promise<void>((resolve) =>
        share.run(solveJob(busyGame, 150), () => {
          order.push(name);
          resolve();
        }),
      );
    // While c's question has both threads, a asks three questions, then b three.
    const all = [asked(c, 'c1')];
    for (const n of [1, 2, 3]) all.push(asked(a, `a${n}`));
    for (const n of [1, 2, 3]) all.push(asked(b, `b${n}`));
    await Promise.all(all);
    expect(order).toEqual(['c1', 'a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
  });

  it('a share closed cancels its own questions only: the others are answered', async () => {
    pair = new SolverPair(file);
    const [gone, stays] = [new SolverShare(pair), new SolverShare(pair)];
    const answers: string[] = [];
    gone.run(solveJob(busyGame, 60_000), () => answers.push('gone, under way'));
    gone.run(solveJob(), () => answers.push('gone, waiting'));
    const began = Date.now();
    const staying = ask(stays, solveJob());
    gone.close();
    gone.run(solveJob(), () => answers.push('gone, after its close'));
    expect(await staying).toMatchObject({ kind: 'solved', result: 'won' });
    // The question under way stopped at once: the other player did not wait for its minute.
    expect(Date.now() - began).toBeLessThan(20_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(answers).toEqual([]);
  });

  it('a question that waits too long for its turn is told the solver is busy, and with whom', async () => {
    pair = new SolverPair(file, 300);
    const [a, b, c] = [new SolverShare(pair), new SolverShare(pair), new SolverShare(pair)];
    const answers: JobResult[] = [];
    a.run(solveJob(busyGame, 60_000), (r) => answers.push(r)); // both threads, for a minute
    const began = Date.now();
    const waiting = ask(b, solveJob());
    c.run({ kind: 'fair', game: gameData(easyGame()), timeMs: 60_000 }, (r) => answers.push(r));
    const told = await waiting;
    expect(Date.now() - began).toBeGreaterThanOrEqual(290);
    expect(told).toEqual({
      kind: 'failed',
      reason:
        "it is busy with 2 other players' questions, and yours waited 0.3 s for its turn; ask again in a moment",
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(answers).toEqual([
      expect.objectContaining({
        kind: 'failed',
        reason: expect.stringMatching(/1 other player's question,/),
      }),
    ]);
    a.close();
  });

  // Solver time is counted on the threads' own clocks, so a busy machine only makes it later.
  it('a player’s question answers the same alone and beside 12 players asking over and over, on busy cores', async () => {
    pair = new SolverPair(file);
    const player = new SolverShare(pair);
    // How much of the solver's time the win takes, given plenty: the question is then asked
    // with twice that.
    const plenty = await ask(player, solveJob(winnable, 20_000));
    const first = solutionOf(plenty);
    expect(first.result).toBe('won');
    const job = solveJob(winnable, Math.ceil(2 * first.ms));
    const alone = solutionOf(await ask(player, job));
    expect(alone.result).toBe('won');

    // Twelve players ask about a deal of their own, each again as soon as it is answered; the
    // cores are busy besides (the server's thread, the players' connections): more threads
    // that work than there are cores.
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const spinners = Array.from(
      { length: os.cpus().length + 2 },
      () =>
        new Worker(
          "const s = new Int32Array(require('worker_threads').workerData); while (Atomics.load(s, 0) === 0);",
          { eval: true, workerData: stop.buffer },
        ),
    );
    const others = Array.from({ length: 12 }, () => new SolverShare(pair as SolverPair));
    const answered = new Set<SolverShare>();
    let meanwhile = -1; // the others' answers while the player waits; -1 until it asks
    let asking = true;
    const keepAsking = async (share: SolverShare) => {
      while (asking) {
        await ask(share, solveJob(busyGame, 100));
        answered.add(share);
        if (meanwhile >= 0) meanwhile++;
      }
    };
    const load = others.map(keepAsking);
    try {
      while (answered.size < others.length) await new Promise((r) => setTimeout(r, 20));
      meanwhile = 0;
      const beside = solutionOf(await ask(player, job));
      const waitedFor = meanwhile;
      expect({ result: beside.result, line: beside.line }).toEqual({
        result: alone.result,
        line: alone.line,
      });
      // It waited for the questions under way, not for each of the twelve.
      expect(waitedFor).toBeLessThanOrEqual(2);
    } finally {
      asking = false;
      Atomics.store(stop, 0, 1);
      await Promise.all(spinners.map((spinner) => spinner.terminate()));
      await Promise.all(load);
    }
  }, 240_000);
});
