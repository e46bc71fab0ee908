import { ACE, type Card, rankOf, SUIT_LENGTH, type Suit } from './cards';
import type { Rules } from './rules';

/** Number of columns in the tableau. */
export const COLUMN_COUNT = 10;
/** Cards per deal from the stock. */
export const DEAL_SIZE = 10;
/** Deals in a full stock. */
export const DEALS = 5;
/** Face-down cards in the initial tableau. */
export const INITIAL_HIDDEN = 44;

/**
 * One column of the tableau. `cards[0]` is the deepest card and the last one is the top card;
 * the first `hidden` cards are face down. A non-empty column always has a face-up top card.
 */
export interface Column {
  readonly cards: readonly Card[];
  readonly hidden: number;
}

/**
 * A position: everything the rules need, nothing about how it was reached.
 * Positions are immutable and share unchanged columns, so keeping earlier ones for undo is cheap.
 */
export interface Position {
  readonly rules: Rules;
  readonly columns: readonly Column[];
  /** All 50 stock cards in dealing order; deal d uses cards 10d..10d+9. Never changes. */
  readonly stock: readonly Card[];
  /** Deals made so far, 0..5. */
  readonly dealt: number;
  /** The suit of each removed suit, in order of removal. */
  readonly foundations: readonly Suit[];
}

/** Columns are numbered 1..10 for people; inside the engine they are indices 0..9. */
export type ColumnIndex = number;

export function stockLeft(position: Position): number {
  return position.stock.length - position.dealt * DEAL_SIZE;
}

/** The stock cards not yet dealt, in dealing order. */
export function stockCards(position: Position): readonly Card[] {
  return position.stock.slice(position.dealt * DEAL_SIZE);
}

export function topCard(column: Column): Card | undefined {
  return column.cards[column.cards.length - 1];
}

export function faceUp(column: Column): readonly Card[] {
  return column.cards.slice(column.hidden);
}

/** True when `upper` may lie on `lower` inside a movable run: same suit, one rank lower. */
export function continuesRun(lower: Card, upper: Card): boolean {
  return upper + 1 === lower; // same suit bits and rank one lower, thanks to the encoding
}

/** True when a run headed by `head` may be put on `onto`: one rank lower, any suit. */
export function fitsOn(head: Card, onto: Card): boolean {
  return rankOf(head) + 1 === rankOf(onto);
}

/** Length of the column's movable run: the top card and every card continuing its same-suit sequence. */
export function movableRunLength(column: Column): number {
  const cards = column.cards;
  let i = cards.length - 1;
  if (i < column.hidden) return 0;
  while (i > column.hidden && continuesRun(cards[i - 1], cards[i])) i--;
  return cards.length - i;
}

/** True when the top 13 cards are face up and run king down to ace in one suit. */
export function hasCompleteSuitOnTop(column: Column): boolean {
  const cards = column.cards;
  const n = cards.length;
  if (n - column.hidden < SUIT_LENGTH || rankOf(cards[n - 1]) !== ACE) return false;
  for (let i = n - SUIT_LENGTH + 1; i < n; i++) {
    if (!continuesRun(cards[i - 1], cards[i])) return false;
  }
  return true;
}

export function totalHidden(position: Position): number {
  let hidden = 0;
  for (const column of position.columns) hidden += column.hidden;
  return hidden;
}

/** Every card of the position, wherever it is: tableau, undealt stock and foundations (always 104). */
export function countCards(position: Position): number {
  let n = stockLeft(position) + position.foundations.length * SUIT_LENGTH;
  for (const column of position.columns) n += column.cards.length;
  return n;
}
