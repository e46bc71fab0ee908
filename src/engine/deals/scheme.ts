import type { Card, SuitCount } from '../cards';
import { type Column, COLUMN_COUNT, type Position } from '../position';
import type { Rules } from '../rules';

/** The ways a deal is named: by a seed string, or by another program's game number. */
export type SchemeName = 'seed' | 'pysol' | 'kpat';

/** A deal: its scheme and its key in that scheme (the seed, or the game number in decimal). */
export interface DealId {
  readonly scheme: SchemeName;
  readonly key: string;
  /** How the deal was chosen, when the program chose it as proven winnable. */
  readonly origin?: DealOrigin;
}

/**
 * A deal the program chose because the solver won it (docs/deals.md, "Winnable deals"): the first
 * winnable deal of the sequence that starts at `from`.
 */
export interface DealOrigin {
  /** Where the sequence started: the deal asked for (or picked at random), or the date's seed. */
  readonly from: { readonly scheme: SchemeName; readonly key: string };
  /** The daily deal's local date, `YYYY-MM-DD` (docs/deals.md, "The daily deal"). */
  readonly daily?: string;
}

/**
 * One way of naming deals (docs/deals.md, "Deals"): which keys it takes, the deck before shuffling,
 * the shuffle (its generator), and where the shuffled cards go. Adding a scheme is one new file
 * implementing this, listed in deals/index.ts.
 */
export interface DealScheme {
  readonly name: SchemeName;
  /** Why a key is not one of this scheme's, or null. */
  check(key: string): string | null;
  /** The 104 cards before shuffling. */
  deck(suits: SuitCount): Card[];
  /** The deck shuffled for a key (a new array). */
  shuffle(deck: readonly Card[], key: string): Card[];
  /** The starting columns and the stock (in dealing order) from the shuffled deck. */
  layout(shuffled: readonly Card[]): Layout;
}

/** Columns as card lists deepest first, each with how many of its cards are face down. */
export interface Layout {
  readonly columns: readonly { readonly cards: readonly Card[]; readonly hidden: number }[];
  /** The stock in dealing order: deal d puts stock[10d + c] onto column c + 1. */
  readonly stock: readonly Card[];
}

/** The starting position a scheme deals for a key. */
export function dealWith(scheme: DealScheme, key: string, rules: Rules): Position {
  const { columns, stock } = scheme.layout(scheme.shuffle(scheme.deck(rules.suits), key));
  if (columns.length !== COLUMN_COUNT)
    throw new Error(`${scheme.name}: not ${COLUMN_COUNT} columns`);
  return {
    rules,
    columns: columns.map((c): Column => ({ cards: [...c.cards], hidden: c.hidden })),
    stock: [...stock],
    dealt: 0,
    foundations: [],
  };
}

/**
 * Layouts that take cards by index from the shuffled deck: each column's face-down cards
 * (deepest first) and face-up card, and the stock's cards in dealing order.
 */
export function layoutByIndex(
  shuffled: readonly Card[],
  down: (column: number) => number[],
  up: (column: number) => number,
  stock: (deal: number, column: number) => number,
): Layout {
  const columns = Array.from({ length: COLUMN_COUNT }, (_, c) => {
    const hidden = down(c).map((i) => shuffled[i]);
    return { cards: [...hidden, shuffled[up(c)]], hidden: hidden.length };
  });
  const cards: Card[] = [];
  for (let d = 0; d < 5; d++)
    for (let c = 0; c < COLUMN_COUNT; c++) cards.push(shuffled[stock(d, c)]);
  return { columns, stock: cards };
}

/** Swaps two cards of a deck in place. */
export function swap(deck: Card[], i: number, j: number): void {
  const card = deck[i];
  deck[i] = deck[j];
  deck[j] = card;
}
