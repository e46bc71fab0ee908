import { byRank, lcgRandint, numberProblem, shuffleWith, twoCopies } from './numbered';
import { type DealScheme, layoutByIndex } from './scheme';

/** KPat's game numbers are positive 32-bit signed integers. */
const MAX = 2147483647n;

/**
 * KDE Patience's numbered Spider deals (docs/deals.md, "Numbered deals: the same deal as in PySolFC
 * or KPat").
 */
export const kpatScheme: DealScheme = {
  name: 'kpat',
  check: (key) => numberProblem(key, MAX, 'KPat'),
  deck: (suits) => twoCopies(byRank({ 4: 'cdhs', 2: 'hshs', 1: 'ssss' }, suits)),
  shuffle: (deck, key) => shuffleWith(deck, lcgRandint(Number(key))),
  layout: (S) =>
    layoutByIndex(
      S,
      (c) => {
        const rows = [0, 1, 2, 3].map((r) => 103 - 10 * r - c);
        return c < 4 ? [...rows, 63 - c] : rows;
      },
      (c) => 59 - ((c + 6) % 10),
      (k, c) => 40 - 10 * k + c,
    ),
};
