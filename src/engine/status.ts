import { hasLegalAction } from './apply';
import { SUIT_LENGTH } from './cards';
import { hasCompleteSuitOnTop, type Position, stockLeft } from './position';

/** Where a game stands. */
export type Status = 'playing' | 'won' | 'lost';

/** Suits in a complete game. */
export const SUITS_TO_WIN = 8;

/**
 * Won: all 8 suits removed; or, with keep-suits, the stock is empty and every column is either
 * empty or exactly the 13 cards of one complete suit.
 */
export function isWon(position: Position): boolean {
  if (position.foundations.length === SUITS_TO_WIN) return true;
  if (!position.rules.keepSuits || stockLeft(position) > 0) return false;
  return position.columns.every(
    (column) =>
      column.cards.length === 0 ||
      (column.cards.length === SUIT_LENGTH && hasCompleteSuitOnTop(column)),
  );
}

/** Lost means no action of any kind is legal; it says nothing about whether progress is possible. */
export function status(position: Position): Status {
  if (isWon(position)) return 'won';
  return hasLegalAction(position) ? 'playing' : 'lost';
}
