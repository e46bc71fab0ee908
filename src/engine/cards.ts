/**
 * Cards are small integers so that a position is cheap to copy and compare:
 * `(suit << 4) | rank`, rank 1 (ace) .. 13 (king), suit 0..3 in the order s h d c.
 */
export type Card = number;

/** Suit index: 0 spades, 1 hearts, 2 diamonds, 3 clubs. */
export type Suit = 0 | 1 | 2 | 3;

/** How many different suits the 104-card deck holds. */
export type SuitCount = 1 | 2 | 4;

export const SUIT_COUNTS: readonly SuitCount[] = [1, 2, 4];

/** Suit letters for notation, indexed by Suit. */
export const SUIT_LETTERS = 'shdc';
/** Rank letters for notation, indexed by rank (index 0 unused). */
export const RANK_LETTERS = '?A23456789TJQK';

const SUIT_GLYPHS = ['♠', '♥', '♦', '♣'];
const RANK_LABELS = ['?', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

export const ACE = 1;
export const KING = 13;
/** Cards in one complete suit, king down to ace. */
export const SUIT_LENGTH = 13;
/** Cards in the whole deck. */
export const DECK_SIZE = 104;

export function makeCard(rank: number, suit: Suit): Card {
  return (suit << 4) | rank;
}

export function rankOf(card: Card): number {
  return card & 15;
}

export function suitOf(card: Card): Suit {
  return (card >> 4) as Suit;
}

export function isRed(card: Card): boolean {
  const suit = suitOf(card);
  return suit === 1 || suit === 2;
}

/** The suit of run k (k = 0..7) of the unshuffled deck. */
export function suitOfRun(suits: SuitCount, k: number): Suit {
  return (k % suits) as Suit;
}

/** Notation: rank letter + suit letter, e.g. `Ts`, `Ah`. */
export function cardCode(card: Card): string {
  return RANK_LETTERS[rankOf(card)] + SUIT_LETTERS[suitOf(card)];
}

/** On-screen name: `10♥`, `Q♠`; in ASCII `10h`, `Qs`. */
export function cardLabel(card: Card, ascii = false): string {
  return (ascii ? ASCII_LABELS : LABELS)[card] ?? labelOf(card, ascii);
}

function labelOf(card: Card, ascii: boolean): string {
  const suit = suitOf(card);
  return RANK_LABELS[rankOf(card)] + (ascii ? SUIT_LETTERS[suit] : SUIT_GLYPHS[suit]);
}

/** Every card's label, made once: a screen shows dozens a frame, each a new string otherwise. */
const labels = (ascii: boolean): readonly string[] =>
  Array.from({ length: 4 << 4 }, (_, card) => labelOf(card, ascii));
const LABELS = labels(false);
const ASCII_LABELS = labels(true);

/** On-screen name of a suit. */
export function suitLabel(suit: Suit, ascii = false): string {
  return ascii ? SUIT_LETTERS[suit] : SUIT_GLYPHS[suit];
}

/** The 104 cards before shuffling: card i has rank (i mod 13) + 1 and the suit of run floor(i/13). */
export function unshuffledDeck(suits: SuitCount): Card[] {
  const deck: Card[] = [];
  for (let i = 0; i < DECK_SIZE; i++) {
    deck.push(makeCard((i % SUIT_LENGTH) + 1, suitOfRun(suits, Math.floor(i / SUIT_LENGTH))));
  }
  return deck;
}
