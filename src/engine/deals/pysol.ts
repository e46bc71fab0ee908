import { PythonRandom } from './mt19937';
import { bySuit, lcgRandint, numberProblem, shuffleWith, twoCopies } from './numbered';
import { type DealScheme, layoutByIndex } from './scheme';

/** PySolFC takes game numbers up to 20 digits. */
const MAX = 99999999999999999999n;
/** From this number on PySolFC deals with Python's Mersenne Twister instead of the LCG. */
const FIRST_MT = 32000n;

/**
 * PySolFC's numbered deals of "Spider" (its game 11), "Spider (2 Suits)" (270) and "Spider
 * (1 Suit)" (269) (docs/deals.md, "Numbered deals: the same deal as in PySolFC or KPat").
 */
export const pysolScheme: DealScheme = {
  name: 'pysol',
  check: (key) => numberProblem(key, MAX, 'PySolFC'),
  deck: (suits) => twoCopies(bySuit({ 4: 'cshd', 2: 'cchh', 1: 'cccc' }, suits)),
  shuffle(deck, key) {
    const n = BigInt(key);
    if (n < FIRST_MT) return shuffleWith(deck, lcgRandint(Number(n)));
    const random = new PythonRandom(n);
    return shuffleWith(deck, (a, b) => a + Math.floor(random.random() * (b + 1 - a)));
  },
  layout: (S) =>
    layoutByIndex(
      S,
      (c) => {
        const rows = [0, 1, 2, 3].map((r) => 103 - 10 * r - c);
        const fifth = [0, 3, 6, 9].indexOf(c);
        return fifth < 0 ? rows : [...rows, 63 - fifth];
      },
      (c) => 59 - c,
      (k, c) => 49 - 10 * k - c,
    ),
};
