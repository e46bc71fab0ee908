import { type Action, DEAL, type MoveAction, move, remove } from '../engine/actions';
import { checkDeal } from '../engine/apply';
import { type Card, rankOf, SUIT_LENGTH, type Suit, suitOf } from '../engine/cards';
import {
  type Column,
  COLUMN_COUNT,
  continuesRun,
  DEAL_SIZE,
  hasCompleteSuitOnTop,
  movableRunLength,
  type Position,
  stockLeft,
} from '../engine/position';

/**
 * Why a hint is worth playing. A move has one main reason; a build in suit may also turn a card
 * or empty its column.
 */
export type HintWhy =
  /** Remove the complete suit on top of a column (keep-suits games). */
  | { readonly kind: 'remove-suit'; readonly suit: Suit }
  /** The run lands on the next-higher card of its suit; `length` is the joined run (13: a suit). */
  | {
      readonly kind: 'builds-in-suit';
      readonly length: number;
      readonly also: 'turns-card' | 'empties-column' | null;
    }
  /** The source column keeps no face-up card, so its top face-down card turns. */
  | { readonly kind: 'turns-card' }
  /** The whole column leaves, and the empty column then has a use. */
  | { readonly kind: 'empties-column' }
  /** An off-suit build that uncovers a face-up card the run did not fit on. */
  | { readonly kind: 'builds'; readonly uncovers: Card }
  /** The run uncovers a card so that `next` (a build in suit or a turn) becomes possible. */
  | { readonly kind: 'opens'; readonly next: MoveAction }
  /** A run goes into an empty column so that the stock can be dealt. */
  | { readonly kind: 'fills-for-deal' }
  /** Deal a row; `alone` when no other hint exists. */
  | { readonly kind: 'deal'; readonly alone: boolean };

export interface Hint {
  readonly action: Action;
  /** Higher is better; only the order means anything. */
  readonly score: number;
  readonly why: HintWhy;
}

/** Suggests actions. The heuristic below implements it; a solver may later. */
export interface HintEngine {
  /** Useful actions, best first; an empty list means no useful action. */
  hints(position: Position): Hint[];
}

/*
 * Scores of the heuristic. A build in suit adds what else the move does (turn a card, empty a
 * column); the other reasons stand alone.
 */
const REMOVE = 1000;
const IN_SUIT = 100; // plus PER_JOINED for each card of the joined run
const PER_JOINED = 2;
const COMPLETES = 200; // the joined run is a whole suit
const TURNS = 50; // plus 2 for each face-down card fewer than 5 in the source column
const EMPTIES = 45;
const INTO_EMPTY_COST = 30; // taken from a turn into an empty column: the column is used up
const BUILDS = 15;
const OPENS = 10;
const FILLS = 3;
const DEAL_LAST = 1;

function turnScore(hidden: number): number {
  return TURNS + 2 * (5 - Math.min(hidden, 5));
}

/** Index of the head (deepest card) of the column's movable run; the column's length when empty. */
function runStart(column: Column): number {
  return column.cards.length - movableRunLength(column);
}

/** Whether the column's movable run lies directly on face-down cards (moving it turns a card). */
function runOnFaceDown(column: Column): boolean {
  return column.hidden > 0 && runStart(column) === column.hidden;
}

/**
 * A move in `columns` that makes progress around column `c`: its whole run onto a card (in suit,
 * or turning a card), or another whole run onto its top card (in suit, or turning a card).
 * Column `avoid` takes no part. Only face-up cards and face-down counts are read.
 */
function progressAround(columns: readonly Column[], c: number, avoid: number): MoveAction | null {
  const column = columns[c];
  const n = column.cards.length;
  if (n === 0) return null;
  const start = runStart(column);
  const head = column.cards[start];
  const turns = runOnFaceDown(column);
  for (let t = 0; t < COLUMN_COUNT; t++) {
    const target = columns[t].cards;
    if (t === c || t === avoid || target.length === 0) continue;
    const onto = target[target.length - 1];
    if (rankOf(onto) === rankOf(head) + 1 && (turns || continuesRun(onto, head))) {
      return move(c, t, n - start);
    }
  }
  const top = column.cards[n - 1];
  for (let s = 0; s < COLUMN_COUNT; s++) {
    const source = columns[s];
    if (s === c || s === avoid || source.cards.length === 0) continue;
    const sourceStart = runStart(source);
    const sourceHead = source.cards[sourceStart];
    if (
      rankOf(sourceHead) + 1 === rankOf(top) &&
      (continuesRun(top, sourceHead) || runOnFaceDown(source))
    ) {
      return move(s, c, source.cards.length - sourceStart);
    }
  }
  return null;
}

/**
 * The progress move that becomes possible when column `c`'s whole run leaves for column `to`
 * and uncovers a face-up card: one found by `progressAround`, or, when `to` is not an empty
 * column (so no empty column is used up), the uncovered run turning a card from an empty
 * column. Nothing is turned, so nothing hidden is read.
 */
function opensFollowUp(columns: readonly Column[], c: number, to: number): MoveAction | null {
  const column = columns[c];
  const start = runStart(column);
  if (start <= column.hidden || column.cards.length - start >= SUIT_LENGTH) return null;
  const after = columns.slice();
  after[c] = { cards: column.cards.slice(0, start), hidden: column.hidden };
  const next = progressAround(after, c, to);
  if (next || columns[to].cards.length === 0 || !runOnFaceDown(after[c])) return next;
  for (let e = 0; e < COLUMN_COUNT; e++) {
    if (columns[e].cards.length === 0) return move(c, e, start - column.hidden);
  }
  return null;
}

/** Whether a whole run (not a complete suit) lies on a face-up card, so it could fill a column. */
function canFill(column: Column): boolean {
  const start = runStart(column);
  return start > column.hidden && column.cards.length - start < SUIT_LENGTH;
}

/**
 * What an empty column would be good for: a run turning a card, a move it opens, or only
 * holding a run so that the stock can be dealt. `movedOnto` is the column the run that emptied
 * it went to; moving that run back is no use.
 */
function emptyColumnUse(
  columns: readonly Column[],
  emptied: number,
  movedOnto: number,
): 'turns' | 'opens' | 'fill' | null {
  for (let c = 0; c < COLUMN_COUNT; c++) {
    if (c !== emptied && runOnFaceDown(columns[c]) && movableRunLength(columns[c]) < SUIT_LENGTH)
      return 'turns';
  }
  for (let c = 0; c < COLUMN_COUNT; c++) {
    if (c !== emptied && c !== movedOnto && opensFollowUp(columns, c, emptied)) return 'opens';
  }
  for (let c = 0; c < COLUMN_COUNT; c++) {
    if (c !== emptied && c !== movedOnto && canFill(columns[c])) return 'fill';
  }
  return null;
}

/** The move that best fills an empty column so that a deal becomes possible. */
function fillMove(columns: readonly Column[], empty: number): MoveAction | null {
  let best: MoveAction | null = null;
  let bestKey = -1;
  for (let c = 0; c < COLUMN_COUNT; c++) {
    const column = columns[c];
    if (!canFill(column)) continue;
    const start = runStart(column);
    const key = rankOf(column.cards[start]) * 16 + (column.cards.length - start);
    if (key > bestKey) {
      best = move(c, empty, column.cards.length - start);
      bestKey = key;
    }
  }
  if (best) return best;
  // Every run is a whole column: split the longest, leaving its deepest card.
  let longest = 1;
  for (let c = 0; c < COLUMN_COUNT; c++) {
    const run = movableRunLength(columns[c]);
    if (run > longest && run < SUIT_LENGTH) {
      best = move(c, empty, run - 1);
      longest = run;
    }
  }
  return best;
}

function heuristic(position: Position): Hint[] {
  const columns = position.columns;
  const hints: Hint[] = [];
  const add = (action: Action, score: number, why: HintWhy) => hints.push({ action, score, why });

  for (let c = 0; c < COLUMN_COUNT; c++) {
    const column = columns[c];
    if (hasCompleteSuitOnTop(column)) {
      add(remove(c), REMOVE, {
        kind: 'remove-suit',
        suit: suitOf(column.cards[column.cards.length - 1]),
      });
    }
  }

  const firstEmpty = columns.findIndex((column) => column.cards.length === 0);
  const stockCanDeal = stockLeft(position) >= DEAL_SIZE;
  let intoEmpty = false;

  for (let from = 0; from < COLUMN_COUNT; from++) {
    const source = columns[from];
    const n = source.cards.length;
    if (n === 0) continue;
    // Only whole movable runs: a part of a run already lies on its same-suit next-higher card.
    const start = runStart(source);
    const count = n - start;
    if (count >= SUIT_LENGTH) continue; // a complete suit: removed, not moved
    const head = source.cards[start];
    const turns = source.hidden > 0 && start === source.hidden;
    const empties = start === 0;

    for (let to = 0; to < COLUMN_COUNT; to++) {
      const target = columns[to];
      if (to === from || target.cards.length === 0) continue;
      const onto = target.cards[target.cards.length - 1];
      if (rankOf(onto) !== rankOf(head) + 1) continue;
      const inSuit = continuesRun(onto, head);
      const length = inSuit ? count + movableRunLength(target) : 0;
      let score = 0;
      let also: 'turns-card' | 'empties-column' | null = null;
      if (turns) {
        score += turnScore(source.hidden);
        also = 'turns-card';
      } else if (empties && length < SUIT_LENGTH) {
        // Nothing turns (and no suit is completed), so the position after is all visible.
        const after = columns.slice();
        after[from] = { cards: [], hidden: 0 };
        after[to] = { cards: target.cards.concat(source.cards), hidden: target.hidden };
        const use = emptyColumnUse(after, from, to);
        if (use === 'turns' || use === 'opens') {
          score += EMPTIES;
          also = 'empties-column';
        } else if (
          inSuit &&
          use === null &&
          stockCanDeal &&
          checkDeal({ ...position, columns: after }) !== null
        ) {
          // The column would have to be filled again, by splitting a run, before a deal.
          continue;
        }
      }
      let why: HintWhy;
      if (inSuit) {
        score += IN_SUIT + PER_JOINED * length + (length === SUIT_LENGTH ? COMPLETES : 0);
        why = { kind: 'builds-in-suit', length, also };
      } else if (also !== null) {
        why = { kind: also };
      } else {
        if (empties) continue; // an empty column nobody needs
        const below = source.cards[start - 1];
        if (rankOf(below) !== rankOf(onto)) {
          score = BUILDS;
          why = { kind: 'builds', uncovers: below };
        } else {
          // From one off-suit parent to another: pointless unless it opens a move.
          const next = opensFollowUp(columns, from, to);
          if (!next) continue;
          score = OPENS;
          why = { kind: 'opens', next };
        }
      }
      add(move(from, to, count), score, why);
    }

    if (firstEmpty >= 0 && !empties) {
      // After the builds, which keep the empty column. Empty columns are all alike: only the
      // first is offered.
      if (turns) {
        add(move(from, firstEmpty, count), turnScore(source.hidden) - INTO_EMPTY_COST, {
          kind: 'turns-card',
        });
        intoEmpty = true;
      } else {
        const next = opensFollowUp(columns, from, firstEmpty);
        if (next) {
          add(move(from, firstEmpty, count), OPENS, { kind: 'opens', next });
          intoEmpty = true;
        }
      }
    }
  }

  const dealRefused = checkDeal(position) !== null;
  if (firstEmpty >= 0 && dealRefused && stockCanDeal && !intoEmpty) {
    const fill = fillMove(columns, firstEmpty);
    if (fill) add(fill, FILLS, { kind: 'fills-for-deal' });
  }
  if (!dealRefused) add(DEAL, DEAL_LAST, { kind: 'deal', alone: hints.length === 0 });

  // Array sort is stable: equal scores keep the order above (removes, moves by column, deal).
  return hints.sort((a, b) => b.score - a.score);
}

/**
 * A fair heuristic: it reads only what the player sees (face-up cards, how many cards are face
 * down in each column, how many are left in the stock), and looks one move ahead at most where
 * nothing would be turned.
 */
export const heuristicHints: HintEngine = { hints: heuristic };
