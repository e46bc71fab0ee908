/**
 * The fair player's estimated chance to win from a position (README, "The fair player"): a table
 * made from its own games by `npm run bench:chances`, made again whenever the player changes.
 */
import { DEAL_SIZE } from '../engine/position';
import { SUITS_TO_WIN } from '../engine/status';
import type { SuitCount } from '../engine/cards';
import type { View } from './view';

/**
 * The chance that this player wins from here, from its own record: of its games (PySolFC games 1
 * to 200 per suit count) that reached a position with as many deals left and about as many cards
 * face down, the share it went on to win, in percent (with half a game for and against, so that
 * no share is certain; a bucket of fewer than 8 games takes in its neighbours). Per suit count,
 * a row per deals left (0 to 5), a column per 5 face-down cards (none, 1-5, 6-10, ..., 41-45).
 */
const CHANCES: Record<SuitCount, readonly (readonly number[])[]> = {
  1: [
    [99, 99, 94, 82, 57, 44, 32, 37, 37, 37],
    [99, 98, 99, 99, 88, 69, 44, 38, 38, 38],
    [99, 97, 99, 99, 97, 88, 76, 64, 50, 50],
    [99, 96, 96, 97, 98, 98, 88, 70, 63, 64],
    [98, 98, 98, 99, 97, 97, 97, 86, 80, 70],
    [97, 96, 97, 98, 98, 99, 98, 92, 90, 88],
  ],
  2: [
    [100, 97, 87, 70, 44, 22, 13, 8, 8, 8],
    [99, 97, 95, 87, 71, 48, 26, 13, 13, 13],
    [99, 95, 92, 91, 82, 67, 47, 26, 15, 15],
    [97, 98, 94, 88, 87, 69, 56, 45, 27, 25],
    [96, 95, 98, 93, 94, 86, 68, 54, 43, 47],
    [95, 95, 97, 95, 93, 88, 83, 73, 63, 61],
  ],
  4: [
    [99, 90, 65, 30, 15, 3, 1, 1, 1, 1],
    [95, 97, 78, 44, 26, 13, 4, 1, 1, 1],
    [90, 90, 86, 57, 28, 25, 10, 1, 2, 2],
    [88, 88, 88, 80, 43, 33, 23, 6, 4, 4],
    [68, 68, 68, 65, 44, 35, 31, 15, 3, 3],
    [78, 78, 78, 78, 65, 46, 40, 32, 22, 20],
  ],
};

export function winChance(view: View): number {
  if (view.foundations.length === SUITS_TO_WIN) return 1;
  const hidden = view.columns.reduce((sum, column) => sum + column.hidden, 0);
  const deals = Math.min(5, Math.floor(view.stockLeft / DEAL_SIZE));
  const bucket = Math.min(9, Math.ceil(hidden / 5));
  return CHANCES[view.rules.suits][deals][bucket] / 100;
}
