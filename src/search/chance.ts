/**
 * The fair player's estimated chance to win from a position (docs/solver.md, "The fair player"): a
 * table made from its own games by `npm run bench:chances`, made again whenever the player changes.
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
    [100, 97, 90, 63, 33, 21, 9, 8, 8, 8],
    [99, 96, 95, 86, 63, 46, 23, 8, 10, 10],
    [98, 98, 95, 95, 75, 61, 39, 16, 18, 18],
    [96, 95, 92, 98, 87, 75, 56, 34, 22, 22],
    [97, 94, 88, 93, 90, 81, 70, 52, 36, 28],
    [95, 95, 98, 96, 98, 87, 82, 69, 60, 57],
  ],
  4: [
    [99, 93, 64, 32, 11, 1, 1, 1, 1, 1],
    [94, 90, 67, 49, 26, 10, 3, 1, 1, 1],
    [96, 94, 68, 66, 33, 23, 9, 2, 2, 2],
    [94, 76, 59, 66, 55, 30, 17, 5, 1, 1],
    [77, 77, 60, 46, 56, 46, 32, 16, 6, 8],
    [86, 86, 86, 71, 55, 55, 41, 31, 22, 21],
  ],
};

export function winChance(view: View): number {
  if (view.foundations.length === SUITS_TO_WIN) return 1;
  const hidden = view.columns.reduce((sum, column) => sum + column.hidden, 0);
  const deals = Math.min(5, Math.floor(view.stockLeft / DEAL_SIZE));
  const bucket = Math.min(9, Math.ceil(hidden / 5));
  return CHANCES[view.rules.suits][deals][bucket] / 100;
}
