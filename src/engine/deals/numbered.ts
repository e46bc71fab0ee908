import { type Card, makeCard, SUIT_LETTERS, type Suit, type SuitCount } from '../cards';
import { Lcg } from './lcg';
import { swap } from './scheme';

/** Why `key` is not a game number from 1 to `max` (decimal, no leading zeros), or null. */
export function numberProblem(key: string, max: bigint, program: string): string | null {
  if (!/^[1-9][0-9]*$/.test(key) || BigInt(key) > max)
    return `${program} game numbers are whole numbers from 1 to ${max} without leading zeros`;
  return null;
}

/** Suits by letter (`shdc`). */
export function suitsOf(letters: string): Suit[] {
  return Array.from(letters, (l) => SUIT_LETTERS.indexOf(l) as Suit);
}

/** Two copies of 52 cards listed by `card(i)` for i = 0..51. */
export function twoCopies(card: (i: number) => Card): Card[] {
  const copy = Array.from({ length: 52 }, (_, i) => card(i));
  return [...copy, ...copy];
}

/** Suit letters of the four suit places of a deck, for each suit count. */
export type SuitSets = Record<SuitCount, string>;

/** A card of a deck built suit by suit (ranks A..K within each of the four suit places). */
export const bySuit = (sets: SuitSets, suits: SuitCount) => (i: number) =>
  makeCard((i % 13) + 1, suitsOf(sets[suits])[Math.floor(i / 13)]);

/** A card of a deck built rank by rank (the four suit places within each rank A..K). */
export const byRank = (sets: SuitSets, suits: SuitCount) => (i: number) =>
  makeCard(Math.floor(i / 4) + 1, suitsOf(sets[suits])[i % 4]);

/** The shuffle both numbered schemes share: for n = 103 down to 1, swap n with randint(0, n). */
export function shuffleWith(
  deck: readonly Card[],
  randint: (a: number, b: number) => number,
): Card[] {
  const cards = [...deck];
  for (let n = cards.length - 1; n >= 1; n--) swap(cards, n, randint(0, n));
  return cards;
}

/** The LCG's randint for a game number. */
export function lcgRandint(n: number): (a: number, b: number) => number {
  const lcg = new Lcg(n);
  return (a, b) => lcg.randint(a, b);
}
