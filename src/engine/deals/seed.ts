import seedrandom from 'seedrandom';
import { DECK_SIZE, unshuffledDeck } from '../cards';
import { type DealScheme, layoutByIndex, swap } from './scheme';

/** Longest seed, in characters (code points). */
export const MAX_SEED_LENGTH = 100;

/** Columns that get a fifth face-down card: 1, 4, 7 and 10. */
const FIFTH_CARD_COLUMNS = [0, 3, 6, 9];

/**
 * Deals by seed string, this program's own scheme (docs/deals.md, "Deals: the seed contract"). A
 * public contract: the same seed must give the same deal in every version.
 */
export const seedScheme: DealScheme = {
  name: 'seed',
  check(seed) {
    const length = Array.from(seed).length;
    if (length === 0) return 'a seed must not be empty';
    if (length > MAX_SEED_LENGTH)
      return `a seed has at most ${MAX_SEED_LENGTH} characters (this one has ${length})`;
    if (/\p{Cc}/u.test(seed)) return 'a seed must not contain control characters';
    if (/[\uD800-\uDFFF]/u.test(seed)) return 'a seed must be valid Unicode text';
    if (/^\s|\s$/u.test(seed)) return 'a seed must not start or end with white space';
    return null;
  },
  deck: unshuffledDeck,
  shuffle(deck, seed) {
    const cards = [...deck];
    const rng = seedrandom(seed);
    for (let i = DECK_SIZE - 1; i >= 1; i--) swap(cards, i, Math.floor(rng() * (i + 1)));
    return cards;
  },
  layout: (shuffled) =>
    layoutByIndex(
      shuffled,
      (c) => {
        const rows = [0, 1, 2, 3].map((r) => 10 * r + c);
        const fifth = FIFTH_CARD_COLUMNS.indexOf(c);
        return fifth < 0 ? rows : [...rows, 40 + fifth];
      },
      (c) => 44 + c,
      (d, c) => 54 + 10 * d + c,
    ),
};
