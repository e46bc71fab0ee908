/**
 * Where a game went wrong (docs/solver.md, "Where it went wrong"): the last position of the line
 * from which a win was possible, the action that lost it, and honest ranges when the solver cannot
 * tell.
 */
import { actionsKept, type Action, newGame, play, type Game } from '../../src/engine';
import { formatAction } from '../../src/notation';
import {
  solve,
  whereLost,
  WHERE_LOST_PROGRESS_MS,
  type WhereLostBudget,
  type WhereLostProgress,
} from '../../src/search';
import { whereLostSentence } from '../../src/words/search';
import { playedOut } from '../helpers/build';
import { lostGame, LOST_GAME_ACTIONS } from '../helpers/lost-game';

const run = (game: Game, budget: WhereLostBudget = {}) =>
  whereLost(game.start, actionsKept(game), budget);

it('finds the action that lost a 1-suit game played into a dead end', () => {
  const game = lostGame();
  const found = run(game);
  expect(found).toMatchObject({ actions: LOST_GAME_ACTIONS, start: 'winnable', end: 'lost' });
  const { lastWinnable, firstLost, losing } = found;
  expect(firstLost).toBe(lastWinnable! + 1);
  expect(losing).toMatchObject({ number: firstLost });
  // The record's last action, a deal, left no progress possible (test/fixtures).
  expect(losing).toMatchObject({ number: LOST_GAME_ACTIONS, action: { kind: 'deal' } });
  expect(formatAction(losing!.action)).toBe('d');
  // The claim, checked directly: winnable just before, lost just after.
  expect(
    solve(lostGame(lastWinnable!).position, { timeMs: Infinity, positions: 1_000_000 }).result,
  ).toBe('won');
  expect(
    solve(lostGame(firstLost!).position, { timeMs: Infinity, positions: 1_000_000 }).result,
  ).toBe('lost');
  expect(whereLostSentence(found)).toBe(
    `You could still have won after move ${lastWinnable}; move ${firstLost}, ${formatAction(losing!.action)}, lost it.`,
  );
  // The winning line plays from the last winnable position to a win.
  let after = lostGame(lastWinnable!);
  for (const action of found.winningLine) {
    const outcome = play(after, action);
    if (!outcome.ok) throw new Error('illegal winning line');
    after = outcome.game;
  }
  expect(after.position.foundations).toHaveLength(8);
  // Binary search: far fewer positions looked at than the line holds.
  expect(found.searched.length).toBeLessThanOrEqual(
    Math.ceil(Math.log2(LOST_GAME_ACTIONS + 1)) + 2,
  );
  expect(found.stopped).toBeNull();
});

it('a game still winnable at its end: one search, and it says so', () => {
  const game = lostGame(5);
  const found = run(game);
  expect(found).toMatchObject({
    start: 'winnable',
    end: 'winnable',
    lastWinnable: 5,
    firstLost: null,
    losing: null,
  });
  expect(found.searched).toHaveLength(1);
  expect(whereLostSentence(found)).toBe(
    'You can still win from here (after move 5): the solver found a way.',
  );
});

it('a won game needs no search', () => {
  const start = newGame('1', { suits: 1, relaxed: 0, keepSuits: false });
  const line = solve(start.position, { timeMs: Infinity, positions: 1_000_000 }).line;
  let game = start;
  for (const action of line) game = (play(game, action) as { ok: true; game: Game }).game;
  const found = run(game);
  expect(found).toMatchObject({
    start: 'winnable',
    end: 'won',
    lastWinnable: line.length,
    searched: [],
  });
  expect(whereLostSentence(found)).toBe('You won: the game could be won all along.');
});

it('unknown answers leave a range, said as such', () => {
  // A budget too small for the solver to settle anything but the rules' own verdict.
  const found = run(lostGame(), { positionsEach: 1 });
  expect(found).toMatchObject({
    start: 'unknown',
    end: 'lost',
    lastWinnable: null,
    firstLost: LOST_GAME_ACTIONS,
    losing: null,
  });
  expect(found.searched.map((s) => s.after).sort((a, b) => a - b)).toEqual(
    Array.from({ length: LOST_GAME_ACTIONS + 1 }, (_, i) => i),
  );
  expect(whereLostSentence(found)).toBe(
    `The solver could not tell whether the deal could be won; after move ${LOST_GAME_ACTIONS} it was lost.`,
  );
});

it('stops when cancelled or out of time, and reports what it had', () => {
  let asked = 0;
  const cancelled = run(lostGame(), { cancelled: () => ++asked > 1 });
  expect(cancelled.stopped).toBe('cancelled');
  let clock = 0;
  const before = lostGame(LOST_GAME_ACTIONS - 1); // one deal before the end: not lost yet
  const late = run(before, { timeMs: 10, now: () => (clock += 1000) });
  expect(late).toMatchObject({ stopped: 'time', lastWinnable: null, firstLost: null });
  expect(whereLostSentence(late)).toBe(
    'The solver could not tell whether this game could ever be won.',
  );
});

it('an end lost by the rules is known without the time to search (docs/rules.md, "Lost")', () => {
  let clock = 0;
  const late = run(lostGame(), { timeMs: 10, now: () => (clock += 1000) });
  expect(late).toMatchObject({
    stopped: 'time',
    end: 'lost',
    lastWinnable: null,
    firstLost: LOST_GAME_ACTIONS,
    searched: [{ after: LOST_GAME_ACTIONS, result: 'lost', positions: 0, ms: expect.any(Number) }],
  });
  expect(whereLostSentence(late)).toMatch(
    new RegExp(`after move ${LOST_GAME_ACTIONS} it was lost`),
  );
});

it('an end the rules take long to call lost is known too, however short the time', () => {
  // Seed 792 with 1 suit after these random moves: the rules look at about 150,000 positions
  // before they call it lost.
  let clock = 0;
  const late = run(slowLost(), { timeMs: 10, now: () => (clock += 1000) });
  expect(late).toMatchObject({ end: 'lost', firstLost: 33, stopped: 'time' });
  expect(late.searched).toEqual([
    { after: 33, result: 'lost', positions: 0, ms: expect.any(Number) },
  ]);
  expect(late.searched[0].ms).toBeGreaterThan(0); // the rules' look, timed by the clock given
});

it("stops the rules' look at the end when cancelled: the end is then not known", () => {
  let asked = 0;
  const stopped = run(slowLost(), { cancelled: () => ++asked > 3 });
  expect(stopped).toMatchObject({ end: 'unknown', firstLost: null, stopped: 'cancelled' });
  expect(stopped.searched).toEqual([]);
  expect(asked).toBeLessThan(10);
});

/** A fresh game each time, so that nothing is known of its positions' status yet. */
function slowLost(): Game {
  return playedOut('792', { suits: 1, relaxed: 0, keepSuits: false }, SLOW_LOST);
}

const SLOW_LOST =
  '1-9/1 5-1/1 1-7/1 d 9-2/1 2-7/2 7-6/3 9-5/1 7-6/1 5-9/1 d 9-2/1 10-5/1 4-7/1 8-3/1 6-3/1 ' +
  '5-10/2 d 8-2/1 d 7-3/1 9-2/1 8-2/1 d 9-1/1 2-3/3 6-7/1 10-9/1 3-9/4 2-6/1 10-7/1 7-8/3 10-1/1';

it('the result is plain data: it survives a structured clone unchanged', () => {
  const found = run(lostGame());
  expect(structuredClone(found)).toEqual(found);
});

it('an illegal line is a bug of the caller', () => {
  const game = newGame('1', { suits: 1, relaxed: 0, keepSuits: false });
  const bad: Action[] = [{ kind: 'move', from: 0, to: 0 }];
  expect(() => whereLost(game.start, bad)).toThrow(/action 1 of the line is illegal/);
});

describe('how far it has gone (docs/solver.md, "Where it went wrong")', () => {
  it('tells the position it looks at, the moves looked at and the positions, now and then', () => {
    const game = lostGame();
    const told: WhereLostProgress[] = [];
    let clock = 0;
    const now = () => (clock += 1); // a millisecond a look at the clock
    const found = run(game, { now, timeMs: Infinity, progress: (p) => told.push(p) });
    expect(found.losing).not.toBeNull();
    expect(told.length).toBeGreaterThan(2);
    // At most once every 250 ms of its clock.
    for (let i = 1; i < told.length; i++)
      expect(told[i].ms - told[i - 1].ms).toBeGreaterThanOrEqual(WHERE_LOST_PROGRESS_MS);
    // Never going back: the moves looked at and the positions only grow, up to the answer's.
    for (let i = 1; i < told.length; i++) {
      expect(told[i].looked).toBeGreaterThanOrEqual(told[i - 1].looked);
      expect(told[i].positions).toBeGreaterThanOrEqual(told[i - 1].positions);
    }
    for (const p of told) {
      expect(p.actions).toBe(LOST_GAME_ACTIONS);
      expect(p.at).toBeGreaterThanOrEqual(0);
      expect(p.at).toBeLessThanOrEqual(LOST_GAME_ACTIONS);
      expect(p.looked).toBeLessThanOrEqual(found.searched.length);
    }
    // The positions told are about right: an estimate, within a few looks at the cancel.
    expect(told[told.length - 1].positions).toBeLessThanOrEqual(found.positions * 1.1 + 5_000);
    // It looked at more than one position of the line, and said so.
    expect(new Set(told.map((p) => p.at)).size).toBeGreaterThan(1);
  });

  it('tells nothing more often than asked, and nothing when nobody listens', () => {
    const game = lostGame();
    const told: WhereLostProgress[] = [];
    let clock = 0;
    const now = () => (clock += 0.01);
    run(game, { now, timeMs: Infinity, progressEveryMs: 1e9, progress: (p) => told.push(p) });
    expect(told).toEqual([]);
  });
});
