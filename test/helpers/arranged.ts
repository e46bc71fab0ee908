import {
  type Card,
  type Column,
  COLUMN_COUNT,
  DEALS,
  DEAL_SIZE,
  type Game,
  makeCard,
  type Rules,
  type Suit,
  suitOfRun,
  SUIT_LENGTH,
} from '../../src/engine';
import { gameAt } from './build';

/** A small deterministic generator, so an arranged position is fixed by one integer. */
function lcg(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

/**
 * A game whose start holds all 104 cards arranged in same-suit descending segments, some columns
 * face up throughout and some empty, and part of the stock already dealt. Random play from here
 * completes suits and meets relaxed deals far more often than play from a shuffled deal, so the
 * invariants are checked on those paths too. Such a start need not be reachable from a real deal.
 */
export function arrangedGame(rules: Rules, seed: number): Game {
  const random = lcg(seed);
  if (random(3) === 0) return tidyGame(rules, random);
  const segments: Card[][] = [];
  for (let run = 0; run < 8; run++) {
    const suit: Suit = suitOfRun(rules.suits, run);
    const cards = Array.from({ length: SUIT_LENGTH }, (_, i) => makeCard(SUIT_LENGTH - i, suit)); // K..A
    let start = 0;
    while (start < SUIT_LENGTH) {
      const length = 1 + random(SUIT_LENGTH - start);
      segments.push(cards.slice(start, start + length));
      start += length;
    }
  }
  for (let i = segments.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [segments[i], segments[j]] = [segments[j], segments[i]];
  }
  const sequence = segments.flat();
  const dealsLeft = random(DEALS + 1);
  const stockCards = sequence.splice(sequence.length - dealsLeft * DEAL_SIZE);
  const dealt = DEALS - dealsLeft;
  // Cards before `dealt * 10` in the stock array are never read; zero stands in for them.
  const stock = [...new Array<Card>(dealt * DEAL_SIZE).fill(0), ...stockCards];

  const piles: Card[][] = Array.from({ length: COLUMN_COUNT }, () => []);
  const emptyColumn = random(3) === 0 ? random(COLUMN_COUNT) : -1;
  let from = 0;
  for (const segment of segments) {
    const taken = Math.min(segment.length, sequence.length - from);
    if (taken <= 0) break;
    let c = random(COLUMN_COUNT);
    if (c === emptyColumn) c = (c + 1) % COLUMN_COUNT;
    piles[c].push(...sequence.slice(from, from + taken));
    from += taken;
  }
  const columns: Column[] = piles.map((cards) => ({
    cards,
    hidden: cards.length === 0 || random(2) === 0 ? 0 : random(cards.length),
  }));
  return gameFrom(rules, columns, stock, dealt);
}

function gameFrom(rules: Rules, columns: Column[], stock: Card[], dealt: number): Game {
  return gameAt({ rules, columns, stock, dealt, foundations: [] }, 'arranged');
}

/**
 * Every column face up and one same-suit sequence from its deepest card, two or more columns
 * empty, and cards left in the stock: the position where the relaxed levels allow a deal.
 */
function tidyGame(rules: Rules, random: (n: number) => number): Game {
  const dealsLeft = 1 + random(DEALS);
  const dealt = DEALS - dealsLeft;
  let tableau = 8 * SUIT_LENGTH - dealsLeft * DEAL_SIZE;
  const piles: Card[][] = [];
  const stockCards: Card[] = [];
  for (let run = 0; run < 8; run++) {
    const suit: Suit = suitOfRun(rules.suits, run);
    const cards = Array.from({ length: SUIT_LENGTH }, (_, i) => makeCard(SUIT_LENGTH - i, suit));
    const kept = Math.min(tableau, SUIT_LENGTH);
    if (kept > 0) piles.push(cards.slice(0, kept));
    stockCards.push(...cards.slice(kept));
    tableau -= kept;
  }
  while (piles.length < COLUMN_COUNT) piles.splice(random(piles.length + 1), 0, []);
  const stock = [...new Array<Card>(dealt * DEAL_SIZE).fill(0), ...stockCards];
  return gameFrom(
    rules,
    piles.map((cards) => ({ cards, hidden: 0 })),
    stock,
    dealt,
  );
}
