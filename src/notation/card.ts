import { type Card, makeCard, RANK_LETTERS, type Suit, SUIT_LETTERS } from '../engine';

/** Reads card notation (`Ts`, `Ah`, `Kd`); null when the text is not a card. */
export function parseCard(text: string): Card | null {
  if (text.length !== 2) return null;
  const rank = RANK_LETTERS.indexOf(text[0]);
  const suit = SUIT_LETTERS.indexOf(text[1]);
  if (rank < 1 || suit < 0) return null;
  return makeCard(rank, suit as Suit);
}

export { cardCode as formatCard } from '../engine';
