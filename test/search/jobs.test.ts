/**
 * The solver's jobs (docs/solver.md, "The solver in the game"): a game crosses as its deal and line
 * of play, and each kind of job answers what it was asked.
 */
import { apply, newGame } from '../../src/engine';
import { fairChoice } from '../../src/search/fair';
import { gameView } from '../../src/search/view';
import { gameData, gameFromData, HINT_SEED, type Job, runJob } from '../../src/search/jobs';
import { lostGame } from '../helpers/lost-game';
import { easyGame, FOUR_SUITS, solveJob } from '../helpers/jobs';
import { playsToWin } from '../helpers/play-out';

jest.setTimeout(60_000);

describe('jobs', () => {
  it('a game crosses as its deal and line of play, and comes back at the same position', () => {
    const game = easyGame();
    const data = JSON.parse(JSON.stringify(gameData(game)));
    const back = gameFromData(data);
    if (typeof back === 'string') throw new Error(back);
    expect(back.position).toEqual(game.position);
    expect(gameFromData({ ...data, actions: [{ kind: 'remove', column: 0 }] })).toMatch(
      /^action 1 is illegal/,
    );
  });

  it('a solve job answers with a winning line the rules accept', () => {
    const game = easyGame();
    const result = runJob(solveJob(game));
    expect(result).toMatchObject({ kind: 'solved', result: 'won' });
    if (result.kind === 'solved') expect(playsToWin(game.position, result.line)).toBe(true);
  });

  it('a where-lost job finds the action that lost a lost game', () => {
    const game = lostGame();
    const result = runJob({ kind: 'where-lost', game: gameData(game), timeMs: 30_000 });
    if (result.kind !== 'where-lost') throw new Error(`answered ${result.kind}`);
    expect(result.found.end).toBe('lost');
    expect(result.found.losing?.number).toBe(result.found.firstLost);
  });

  it('a fair job answers the fair player’s choice, from the same worlds for the same position', () => {
    const game = newGame({ scheme: 'pysol', key: '40' }, FOUR_SUITS);
    const job: Job = { kind: 'fair', game: gameData(game), timeMs: 5_000 };
    // Told to stop at once, the player rates a single world: its choice is the same every time.
    const first = runJob(job, () => true);
    if (first.kind !== 'fair') throw new Error(`answered ${first.kind}`);
    const again = runJob(JSON.parse(JSON.stringify(job)), () => true);
    expect(again).toEqual({ ...first, choice: { ...first.choice, ms: expect.any(Number) } });
    const expected = fairChoice(gameView(game), { seed: HINT_SEED, cancelled: () => true });
    expect(first.choice.plan).toEqual(expected.plan);
    expect(first.choice.action).not.toBeNull();
    if (first.choice.action) expect(apply(game.position, first.choice.action).ok).toBe(true);
    // Given time, it thinks within it and still answers an action the rules accept.
    const thought = runJob({ ...job, timeMs: 300 });
    if (thought.kind !== 'fair') throw new Error(`answered ${thought.kind}`);
    expect(thought.choice.ms).toBeLessThan(3_000);
    expect(thought.choice.worlds).toBeGreaterThanOrEqual(1);
    if (thought.choice.action) expect(apply(game.position, thought.choice.action).ok).toBe(true);
  });

  it('a cancelled job stops with no answer worth having', () => {
    const result = runJob(solveJob(newGame('7', FOUR_SUITS)), () => true);
    expect(result).toMatchObject({ kind: 'solved', result: 'unknown', line: [] });
  });
});
