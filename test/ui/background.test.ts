/**
 * The game's background work (src/ui/background.ts): what the state on screen asks for starts,
 * what it no longer asks for stops, and answers come back as commands on a later turn.
 */
import { newGame, play, statusSearch } from '../../src/engine';
import type { Job, JobProgress, JobResult, JobRunner } from '../../src/search';
import { SearchTurns } from '../../src/host/search-turns';
import { Background } from '../../src/ui/background';
import { type Command, initialState } from '../../src/ui/controller';
import { HINT_THINK_MS } from '../../src/ui/questions';
import type { UiState } from '../../src/ui/state';
import { lostGame } from '../helpers/lost-game';

const THEME = { ascii: false, color: false, fourColor: false };
const RULES = { suits: 1, relaxed: 0, keepSuits: false } as const;

/** A runner that keeps its jobs for the test to answer. */
function fakeRunner() {
  const jobs: {
    job: Job;
    done: (r: JobResult) => void;
    progress?: (p: JobProgress) => void;
    cancelled: boolean;
  }[] = [];
  let closed = false;
  const runner: JobRunner = {
    run(job, done, _asker, progress) {
      const entry = { job, done, progress, cancelled: false };
      jobs.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
    close() {
      closed = true;
    },
  };
  return { runner, jobs, closed: () => closed };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

function asking(state: UiState): UiState {
  return { ...state, solver: { kind: 'winnable', position: state.game.position } };
}

const WON: JobResult = { kind: 'solved', result: 'won', line: [], positions: 1, ms: 1 };

describe('solver jobs', () => {
  const game = newGame('1', RULES);
  const start = asking(initialState(game, THEME, 'woods'));

  it('a question starts one job for the game on screen; its answer comes back as a command', () => {
    const { runner, jobs } = fakeRunner();
    const reports: Command[] = [];
    const work = new Background((c) => reports.push(c), runner);
    work.follow(start);
    work.follow({ ...start, focus: 3 }); // the same position: the same job goes on
    expect(jobs).toHaveLength(1);
    expect(jobs[0].job).toMatchObject({ kind: 'solve', game: { deal: game.deal, actions: [] } });
    jobs[0].done(WON);
    expect(reports).toEqual([{ kind: 'solved', position: game.position, result: WON }]);
  });

  it('how far a job has gone comes back as a command, for the job under way only', () => {
    const { runner, jobs } = fakeRunner();
    const reports: Command[] = [];
    const work = new Background((c) => reports.push(c), runner);
    const where = { ...start, solver: { kind: 'where' as const, position: game.position } };
    work.follow(where);
    const far: JobProgress = {
      kind: 'where-lost',
      progress: { actions: 0, at: 0, looked: 0, positions: 512, ms: 250 },
    };
    jobs[0].progress?.(far);
    expect(reports).toEqual([{ kind: 'progress', position: game.position, progress: far }]);
    work.follow({ ...where, solver: null });
    jobs[0].progress?.(far);
    expect(reports).toHaveLength(1);
  });

  it('a new position cancels the job, and a new question starts another', () => {
    const { runner, jobs } = fakeRunner();
    const work = new Background(() => undefined, runner);
    work.follow(start);
    const moved = play(game, { kind: 'deal' });
    if (!moved.ok) throw new Error('deal refused');
    const next = initialState(moved.game, THEME, 'woods');
    work.follow(next);
    expect(jobs[0].cancelled).toBe(true);
    expect(jobs).toHaveLength(1);
    work.follow(asking(next));
    expect(jobs).toHaveLength(2);
    expect(jobs[1].job.kind !== 'winnable-deal' && jobs[1].job.game.actions).toEqual([
      { kind: 'deal' },
    ]);
  });

  it('stop cancels the job and closes the thread', () => {
    const { runner, jobs, closed } = fakeRunner();
    const work = new Background(() => undefined, runner);
    work.follow(start);
    work.stop();
    expect(jobs[0].cancelled).toBe(true);
    expect(closed()).toBe(true);
    work.follow(asking(start));
    expect(jobs).toHaveLength(1);
  });

  it('another question about the same position is another job: the first is cancelled', () => {
    const { runner, jobs } = fakeRunner();
    const work = new Background(() => undefined, runner);
    work.follow(start);
    work.follow({ ...start, solver: { kind: 'hint', position: game.position } });
    expect(jobs).toHaveLength(2);
    expect(jobs[0].cancelled).toBe(true);
    expect(jobs[1].job).toMatchObject({ kind: 'fair', timeMs: HINT_THINK_MS });
  });

  it('without a solver, the question is answered that it cannot run, on a later turn', async () => {
    const reports: Command[] = [];
    const work = new Background((c) => reports.push(c), null);
    work.follow(start);
    expect(reports).toEqual([]);
    await turn();
    expect(reports).toEqual([
      {
        kind: 'solved',
        position: game.position,
        result: { kind: 'failed', reason: 'the solver does not run here' },
      },
    ]);
  });
});

describe('the lost-game search', () => {
  it('runs in slices between turns and reports the status it decides', async () => {
    const state = initialState(lostGame(), THEME, 'woods');
    expect(state.status).toBeNull(); // 550 positions: more than the game decides at once
    const reports: Command[] = [];
    const work = new Background((c) => reports.push(c), null);
    work.follow(state);
    expect(reports).toEqual([]);
    while (reports.length === 0) await turn();
    expect(reports).toEqual([{ kind: 'settled', position: state.game.position, status: 'lost' }]);
  });

  it('is dropped when the position leaves the screen', async () => {
    const state = initialState(lostGame(), THEME, 'woods');
    const reports: Command[] = [];
    const work = new Background((c) => reports.push(c), null);
    work.follow(state);
    work.follow({ ...state, status: 'playing' });
    // The same search for a state that stays: by the time it answers, the other would have.
    const kept: Command[] = [];
    new Background((c) => kept.push(c), null).follow(initialState(lostGame(), THEME, 'woods'));
    while (kept.length === 0) await turn();
    await turn();
    expect(reports).toEqual([]);
  });

  it('is given up when the game stops: nothing waits for it, and the next to ask searches anew', async () => {
    const state = initialState(lostGame(), THEME, 'woods');
    const reports: Command[] = [];
    const work = new Background((c) => reports.push(c), null);
    work.follow(state); // its first slice is due on a later turn
    const underWay = statusSearch(state.game.position); // the game's own, shared
    work.stop();
    expect(underWay.step()).toBeNull(); // given up: it no longer moves
    expect(statusSearch(state.game.position)).not.toBe(underWay);
    await turn();
    expect(reports).toEqual([]);
  });
});

describe('the lost-game search with turns shared among games', () => {
  it('runs one search at a time: the next starts when the one before settles', async () => {
    const turns = new SearchTurns();
    const order: string[] = [];
    const a = initialState(lostGame(), THEME, 'woods');
    const b = initialState(lostGame(), THEME, 'woods');
    const first = new Background(() => order.push('a'), null, turns);
    const second = new Background(() => order.push('b'), null, turns);
    first.follow(a);
    second.follow(b);
    while (order.length < 2) await turn();
    expect(order).toEqual(['a', 'b']);
  });

  it('gives the turn on when a search is dropped, and a waiting one that is dropped never runs', async () => {
    const turns = new SearchTurns();
    const order: string[] = [];
    const a = initialState(lostGame(), THEME, 'woods');
    const first = new Background(() => order.push('a'), null, turns);
    const second = new Background(() => order.push('b'), null, turns);
    const third = new Background(() => order.push('c'), null, turns);
    first.follow(a);
    second.follow(initialState(lostGame(), THEME, 'woods'));
    third.follow(initialState(lostGame(), THEME, 'woods'));
    second.stop(); // waiting: withdrawn
    first.follow({ ...a, status: 'playing' }); // running: dropped, the turn goes on
    while (order.length === 0) await turn();
    for (let i = 0; i < 50; i++) await turn();
    expect(order).toEqual(['c']);
  });
});

describe("the demo's pace", () => {
  it('a step is due after the pace, for the position on screen, and not for one left', async () => {
    const game = newGame('1', RULES);
    const state: UiState = {
      ...initialState(game, THEME, 'woods'),
      solver: { kind: 'demo', position: game.position, line: [{ kind: 'deal' }], played: 0 },
    };
    const reports: Command[] = [];
    const work = new Background((c) => reports.push(c), null);
    work.follow(state);
    work.follow({ ...state, focus: 2 }); // the same position: the same timer
    while (reports.length === 0) await turn();
    expect(reports).toEqual([{ kind: 'step', position: game.position }]);
    work.follow(state);
    work.follow({ ...state, solver: null }); // stopped: the timer goes
    work.stop();
    const other: Command[] = [];
    new Background((c) => other.push(c), null).follow(state);
    while (other.length === 0) await turn();
    expect(reports).toHaveLength(1);
  });
});
