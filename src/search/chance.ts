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
    [100, 96, 87, 68, 41, 21, 8, 8, 7, 7],
    [99, 97, 92, 84, 64, 48, 21, 7, 6, 6],
    [98, 95, 92, 91, 74, 63, 43, 16, 12, 11],
    [96, 94, 88, 88, 88, 69, 57, 36, 14, 13],
    [95, 95, 92, 84, 91, 85, 65, 51, 35, 53],
    [81, 81, 81, 75, 84, 88, 78, 68, 54, 54],
  ],
  4: [
    [93, 79, 50, 18, 6, 1, 1, 1, 6, 6],
    [67, 67, 66, 25, 13, 6, 1, 1, 3, 3],
    [66, 66, 65, 46, 20, 15, 5, 1, 2, 2],
    [38, 38, 43, 47, 21, 18, 9, 5, 3, 3],
    [31, 31, 31, 29, 34, 22, 13, 7, 4, 3],
    [19, 19, 19, 19, 29, 22, 18, 14, 10, 9],
  ],
};

export function winChance(view: View): number {
  if (view.foundations.length === SUITS_TO_WIN) return 1;
  const hidden = view.columns.reduce((sum, column) => sum + column.hidden, 0);
  const deals = Math.min(5, Math.floor(view.stockLeft / DEAL_SIZE));
  const bucket = Math.min(9, Math.ceil(hidden / 5));
  return CHANCES[view.rules.suits][deals][bucket] / 100;
}
