/**
 * Following the fair player's hints one action at a time (docs/playing.md, "Hints"): asked afresh
 * at each step it may turn back and forth between two plans of the same worth; following its plan
 * to the end, as `spider autoplay` does, it gets on.
 */
import { type Game, newGame, play, positionHash, replay } from '../../src/engine';
import { parseAction } from '../../src/notation';
import { type FairChoice, fairChoice, gameView, HINT_SEED, planGoesOn } from '../../src/search';

jest.setTimeout(60_000);

// Seed 11, 1 suit, after 75 actions of following the hints: two 5-card runs and an empty column.
const LINE =
  '1-3 7-3 2-4 4-6 3-6 1-6 5-1 5-7 5-6 8-9 7-10 2-7 6-10 10-5 3-4 3-4 3-1 2-10 5-1 5-7 6-7 7-5 2-7 ' +
  '7-8 10-8 4-8 d 2-7 3-10 4-2 3-9 3-9 8-3 2-8 8-10 8-2 2-8 1-2 9-1 8-1 8-3 9-8/1 2-9 10-2 5-10 2-5 ' +
  '1-3 3-1 5-3/6 1-9 3-5 7-3/1 3-2 4-3 d 7-5 4-5 3-5 5-7 1-5 8-1 7-6 8-9 6-3/3 6-9 9-5 2-8 1-8 2-1/1 ' +
  '1-7 10-5 7-1 7-10 9-7/2 7-5';

function start(): Game {
  const actions = LINE.split(' ').map((token) => parseAction(token)!);
  const replayed = replay(newGame('11', { suits: 1, relaxed: 0, keepSuits: false }), actions);
  if (replayed.failure) throw new Error('the line does not replay');
  return replayed.game;
}

/** Plays `steps` hinted actions; returns how often the most visited position was reached. */
function followHints(steps: number, followPlans: boolean): number {
  let game = start();
  let plan: FairChoice | null = null;
  const visits = new Map<string, number>();
  for (let i = 0; i < steps && game.position.foundations.length < 8; i++) {
    const choice: FairChoice =
      plan ?? fairChoice(gameView(game), { timeMs: 5_000, seed: HINT_SEED });
    if (choice.action === null) break;
    const before = game.position;
    const played = play(game, choice.action);
    if (!played.ok) throw new Error('the hint was illegal');
    game = played.game;
    plan = followPlans ? planGoesOn(choice, before, game.position) : null;
    const { lo, hi } = positionHash(game.position);
    visits.set(`${lo}:${hi}`, (visits.get(`${lo}:${hi}`) ?? 0) + 1);
  }
  return Math.max(...visits.values());
}

it('asked afresh at each step, the hint sends a run back and forth', () => {
  expect(followHints(6, false)).toBeGreaterThanOrEqual(3);
});

it('following each plan to its end, no position comes back three times', () => {
  expect(followHints(20, true)).toBeLessThan(3);
});
