/**
 * The game of test/fixtures/lost-after-last-deal.txt: a 1-suit game whose last action, a deal,
 * leaves no progress possible, decided by a search of 550 positions (README, "Lost").
 */
import * as fs from 'fs';
import * as path from 'path';
import { type Action, type Game, newGame, play, type Rules } from '../../src/engine';
import { parseAction } from '../../src/notation';

export const LOST_GAME_FILE = path.join(__dirname, '..', 'fixtures', 'lost-after-last-deal.txt');
export const LOST_GAME_RULES: Rules = { suits: 1, relaxed: 0, keepSuits: false };

const words = fs.readFileSync(LOST_GAME_FILE, 'utf8').trim().split('\n').pop()?.split(' ') ?? [];

/** Actions in the record; the last one is the deal that loses. */
export const LOST_GAME_ACTIONS = words.length;

/**
 * The game after its first `count` actions (all of them by default), with fresh positions
 * every time, so that nothing is known about their status yet.
 */
export function lostGame(count = LOST_GAME_ACTIONS): Game {
  let game = newGame('15', LOST_GAME_RULES);
  for (const word of words.slice(0, count)) {
    const outcome = play(game, parseAction(word) as Action);
    if (!outcome.ok) throw new Error(`test record: ${word} refused`);
    game = outcome.game;
  }
  return game;
}
