/**
 * The game of test/fixtures/lost-after-last-deal.txt: a 1-suit game whose last action, a deal,
 * leaves no progress possible, decided by a search of 550 positions (docs/rules.md, "Lost").
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Game, Rules } from '../../src/engine';
import { playedOut } from './build';

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
  return playedOut('15', LOST_GAME_RULES, words.slice(0, count));
}

/** Seed 2 with 1 suit after these actions (random play). */
const NEARLY_GLANCED =
  'd 7-10/1 3-2/1 5-10/1 2-10/1 d 2-5/1 6-10/1 6-9/1 9-7/1 2-6/1 d 8-9/2 9-5/2 8-5/1 5-9/3 d ' +
  '2-7/1 7-6/1 d 10-4/1 6-5/1 6-3/1 6-8/1 5-1/1 7-9/1 1-5/1 3-5/1 9-6/1 6-9/1 10-4/2 9-6/1 ' +
  '10-9/2 5-8/1 10-4/2 4-9/5 3-1/1 9-6/6 8-3/4 3-7/1 4-9/1 3-6/3 6-4/3 6-9/5 9-10/2 2-8/1';

/**
 * A lost game that a search of 108 positions decides: more than a start looks at before its
 * first frame, fewer than the quick look of a save or of a move (docs/rules.md, "Lost"). Fresh
 * positions every time.
 */
export function nearlyGlancedLost(): Game {
  return playedOut('2', LOST_GAME_RULES, NEARLY_GLANCED);
}

/**
 * Seed 3 with 4 suits after these actions (from `autoplay --open`): not lost, but the rules look
 * at a million positions, seconds of work, before they say so (docs/rules.md, "Lost").
 */
export const SLOW_TO_SETTLE =
  '5-9 1-10 10-2 1-9 1-3 4-1 4-2 7-2 7-1 7-4 7-6 7-3 4-3 7-4 3-4 3-5 4-7 d 1-4 8-5 d 7-3 4-7 ' +
  '7-8 8-2 1-9 3-2 3-7 6-7 3-7 3-8 6-3 6-3 6-5 10-8 10-8 d 10-8 1-10 d 2-5 5-3 1-4 1-6 5-4 8-2 d ' +
  '1-3 1-4 7-1 9-10 1-2 1-2 3-1 3-10';

export const TANGLED_GAME_FILE = path.join(__dirname, '..', 'fixtures', 'tangled-game.txt');

const tangledWords = fs
  .readFileSync(TANGLED_GAME_FILE, 'utf8')
  .split('\n')
  .filter((line) => /^[0-9d]/.test(line))
  .join(' ')
  .split(' ');

/**
 * The game of test/fixtures/tangled-game.txt: 4 suits, 1,000 actions, lost, but deciding it takes
 * the lost-game search 622,080 positions (docs/rules.md, "Lost"). Fresh positions every time.
 */
export function tangledGame(): Game {
  return playedOut('115', { suits: 4, relaxed: 0, keepSuits: false }, tangledWords);
}
