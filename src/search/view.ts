/**
 * What the player sees (docs/solver.md, "The fair player"): the face-up cards, how many cards are
 * face down in each column, how many are left in the stock, and the removed suits; hence which
 * cards are still unseen. And the worlds: arrangements of the unseen cards that fit what is seen,
 * drawn from a seed and from what is unseen only.
 */
import seedrandom from 'seedrandom';
import { type Card, SUIT_LENGTH, type Suit, makeCard } from '../engine/cards';
import { deckOf } from '../engine/deals';
import type { Game } from '../engine/game';
import { DEAL_SIZE, type Position, stockLeft } from '../engine/position';
import type { Rules } from '../engine/rules';

/** What the player sees of a position. */
export interface View {
  readonly rules: Rules;
  /** The cards the game is played with: known to every player of the variant. */
  readonly deck: readonly Card[];
  /** Column 1 first: how many cards are face down, and the face-up cards, deepest first. */
  readonly columns: readonly { readonly hidden: number; readonly up: readonly Card[] }[];
  readonly stockLeft: number;
  /** Deals made. */
  readonly dealt: number;
  /** The suit of each removed suit, in order of removal. */
  readonly foundations: readonly Suit[];
}

/** What the player of a game sees now. */
export function gameView(game: Game): View {
  return viewOf(game.position, deckOf(game.deal, game.rules));
}

/** What the player sees of `position`, in a game played with `deck`. */
export function viewOf(position: Position, deck: readonly Card[]): View {
  return {
    rules: position.rules,
    deck,
    columns: position.columns.map((column) => ({
      hidden: column.hidden,
      up: column.cards.slice(column.hidden),
    })),
    stockLeft: stockLeft(position),
    dealt: position.dealt,
    foundations: position.foundations,
  };
}

/** The cards the player has not seen (face down or in the stock), in card order. */
export function unseenCards(view: View): Card[] {
  const counts = new Int32Array(64);
  for (const card of view.deck) counts[card]++;
  for (const column of view.columns) for (const card of column.up) counts[card]--;
  for (const suit of view.foundations)
    for (let rank = 1; rank <= SUIT_LENGTH; rank++) counts[makeCard(rank, suit)]--;
  const unseen: Card[] = [];
  for (let card = 0; card < counts.length; card++) {
    if (counts[card] < 0) throw new Error('the visible cards are more than the deck holds');
    for (let k = 0; k < counts[card]; k++) unseen.push(card);
  }
  const places = view.columns.reduce((sum, column) => sum + column.hidden, view.stockLeft);
  if (places !== unseen.length)
    throw new Error(`${unseen.length} unseen cards for ${places} face-down and stock places`);
  return unseen;
}

/** How worlds are drawn for a view: `sampleWorld`, unless the benchmark asks for another. */
export type Draw = (view: View, random: () => number) => Position;

/** A position that fits the view: the unseen cards shuffled into the face-down and stock places. */
export function sampleWorld(view: View, random: () => number): Position {
  const unseen = shuffled(unseenCards(view), random);
  let next = 0;
  const down = view.columns.map((column) => unseen.slice(next, (next += column.hidden)));
  return worldOf(view, down, unseen.slice(next));
}

/** Shuffles `cards` in place with `random` (every order as likely), and answers them. */
export function shuffled<T>(cards: T[], random: () => number): T[] {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/**
 * The position that fits `view` with `down[c]` face down in column c (deepest first) and
 * `undealt` left in the stock, in dealing order.
 */
export function worldOf(
  view: View,
  down: readonly (readonly Card[])[],
  undealt: readonly Card[],
): Position {
  const columns = view.columns.map((column, c) => ({
    cards: [...down[c], ...column.up],
    hidden: column.hidden,
  }));
  // The cards already dealt are in the tableau; their places in the stock are never read again.
  const stock = [...new Array<Card>(view.dealt * DEAL_SIZE).fill(0), ...undealt];
  return { rules: view.rules, columns, stock, dealt: view.dealt, foundations: view.foundations };
}

/**
 * The random numbers the worlds of `view` are drawn from, for `seed`: they depend on the seed and
 * on what is unseen and where, not on the order of the face-up cards.
 */
export function worldsRandom(view: View, seed: string): () => number {
  return seedrandom(`${seed}|${worldKey(view)}`);
}

function worldKey(view: View): string {
  const hidden = view.columns.map((column) => column.hidden).join(',');
  return `${hidden}|${view.stockLeft}|${unseenCards(view).join(',')}`;
}
