/** Jobs for the solver that the tests of the jobs and of the solver's threads ask alike. */
import { type Game, newGame, play } from '../../src/engine';
import { gameData, type Job } from '../../src/search/jobs';

export const ONE_SUIT = { suits: 1, relaxed: 0, keepSuits: false } as const;
export const FOUR_SUITS = { suits: 4, relaxed: 0, keepSuits: false } as const;

/** A 1-suit game a few moves in: the solver wins it in well under a second. */
export function easyGame(): Game {
  let game = newGame('1', ONE_SUIT);
  const outcome = play(game, { kind: 'deal' });
  if (outcome.ok) game = outcome.game;
  return game;
}

/** Solving `game` (the easy one unless told), for `timeMs` of the solver's time. */
export const solveJob = (game = easyGame(), timeMs = 20_000): Job => ({
  kind: 'solve',
  game: gameData(game),
  timeMs,
});
