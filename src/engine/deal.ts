import seedrandom from 'seedrandom';
import { type Card, DECK_SIZE, unshuffledDeck } from './cards';
import { type Column, COLUMN_COUNT, type Position } from './position';
import type { Rules } from './rules';

/**
 * The 104 cards in shuffled order for a seed (README, "Deals: the seed contract", steps 1-3). This is a public
 * contract: the same seed must give the same deal in every version.
 */
export function shuffledDeck(seed: string, rules: Pick<Rules, 'suits'>): Card[] {
  const deck = unshuffledDeck(rules.suits);
  const rng = seedrandom(seed);
  for (let i = DECK_SIZE - 1; i >= 1; i--) {
    const j = Math.floor(rng() * (i + 1));
    const card = deck[i];
    deck[i] = deck[j];
    deck[j] = card;
  }
  return deck;
}

/** Columns that get a fifth face-down card: 1, 4, 7 and 10. */
const FIFTH_CARD_COLUMNS = [0, 3, 6, 9];

/** The initial position for a seed (README, "Deals: the seed contract", steps 4-5). */
export function dealPosition(seed: string, rules: Rules): Position {
  const deck = shuffledDeck(seed, rules);
  const piles: Card[][] = Array.from({ length: COLUMN_COUNT }, () => []);
  for (let k = 0; k < 40; k++) piles[k % COLUMN_COUNT].push(deck[k]);
  FIFTH_CARD_COLUMNS.forEach((c, k) => piles[c].push(deck[40 + k]));
  for (let c = 0; c < COLUMN_COUNT; c++) piles[c].push(deck[44 + c]);
  const columns: Column[] = piles.map((cards) => ({ cards, hidden: cards.length - 1 }));
  return { rules, columns, stock: deck.slice(54), dealt: 0, foundations: [] };
}
