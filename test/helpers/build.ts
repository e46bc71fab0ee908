import {
  type Action,
  type Card,
  type Column,
  COLUMN_COUNT,
  DEFAULT_RULES,
  type Game,
  newGame,
  play,
  type Position,
  type Rules,
  SUIT_LETTERS,
  type Suit,
} from '../../src/engine';
import { parseAction, parseCard } from '../../src/notation';

/** A card from notation, failing the test on a typo. */
export function card(code: string): Card {
  const c = parseCard(code);
  if (c === null) throw new Error(`test helper: '${code}' is not a card`);
  return c;
}

/**
 * A column from a compact description: card codes deepest first, with `|` between the
 * face-down and the face-up cards (`'7c Ad | Kh Qh'`). Without `|` every card is face up;
 * `''` is an empty column.
 */
export function column(text: string): Column {
  const [down, up] = text.includes('|') ? text.split('|') : ['', text];
  const words = (s: string) => s.split(/\s+/).filter(Boolean).map(card);
  const hidden = words(down);
  return { cards: [...hidden, ...words(up)], hidden: hidden.length };
}

/** The cards of one complete suit, king first (deepest) down to ace. */
export function suitRun(suit: string): string {
  return 'KQJT98765432A'
    .split('')
    .map((r) => r + suit)
    .join(' ');
}

export interface PositionSpec {
  /** Up to 10 column descriptions; missing columns are empty. */
  columns: string[];
  /** Undealt stock cards in dealing order (a multiple of 10). */
  stock?: string[];
  /** Suit letters of the removed suits, in order. */
  foundations?: string;
  rules?: Partial<Rules>;
}

/** A position for a rule test. It need not hold all 104 cards. */
export function position(spec: PositionSpec): Position {
  const columns = Array.from({ length: COLUMN_COUNT }, (_, c) => column(spec.columns[c] ?? ''));
  return {
    rules: { ...DEFAULT_RULES, ...spec.rules },
    columns,
    stock: (spec.stock ?? []).map(card),
    dealt: 0,
    foundations: (spec.foundations ?? '').split('').map((s) => SUIT_LETTERS.indexOf(s) as Suit),
  };
}

/** A game whose start is the given position (rule tests start from positions no seed deals). */
export function gameAt(start: Position, seed = 'test'): Game {
  return { ...newGame(seed, start.rules), start, position: start };
}

/** The column numbers as the boards show them. */
export const COLUMN_NUMBERS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];

/**
 * The game of `seed` after the actions of `record` (space-separated notation), played through
 * the rules, failing the test on one they refuse. Fresh positions every time, so that nothing is
 * known yet of their status.
 */
export function playedOut(seed: string, rules: Rules, record: string | readonly string[]): Game {
  let game = newGame(seed, rules);
  for (const word of typeof record === 'string' ? record.split(' ') : record) {
    const outcome = play(game, parseAction(word) as Action);
    if (!outcome.ok) throw new Error(`test record: ${word} refused`);
    game = outcome.game;
  }
  return game;
}

/** A column written back in the same compact form, for readable assertions. */
export function describeColumn(col: Column): string {
  const codes = col.cards.map((c) => `${'?A23456789TJQK'[c & 15]}${SUIT_LETTERS[c >> 4]}`);
  const down = codes.slice(0, col.hidden).join(' ');
  const up = codes.slice(col.hidden).join(' ');
  return col.hidden > 0 ? `${down} | ${up}` : up;
}

/** Every column of a position in compact form. */
export function showColumns(position: Position): string[] {
  return position.columns.map(describeColumn);
}
