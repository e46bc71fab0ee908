import { type Action, DEAL, type MoveAction, move, remove } from './actions';
import { rankOf, SUIT_LENGTH, suitOf, type Suit } from './cards';
import {
  type Column,
  COLUMN_COUNT,
  DEAL_SIZE,
  hasCompleteSuitOnTop,
  fitsOn,
  movableRunLength,
  type Position,
  stockLeft,
} from './position';
import type { Refusal } from './refusal';

/** The result of trying an action: the new position, or why the rules refuse it. */
export type Outcome =
  | { readonly ok: true; readonly position: Position }
  | { readonly ok: false; readonly refusal: Refusal };

/** How many cards a move carries, or why it is refused. */
export type MoveCheck =
  { readonly ok: true; readonly count: number } | { readonly ok: false; readonly refusal: Refusal };

const refused = (refusal: Refusal) => ({ ok: false, refusal }) as const;

function isColumn(c: number): boolean {
  return Number.isInteger(c) && c >= 0 && c < COLUMN_COUNT;
}

/**
 * Checks a move and works out how many cards it carries. Without an explicit count, the part of
 * the run whose head is one rank below the destination's top card moves, or the whole run when
 * the destination is empty.
 */
export function checkMove(position: Position, action: MoveAction): MoveCheck {
  const { from, to, count } = action;
  if (!isColumn(from)) return refused({ why: 'no-such-column', column: from + 1 });
  if (!isColumn(to)) return refused({ why: 'no-such-column', column: to + 1 });
  if (from === to) return refused({ why: 'same-column', column: from });
  const source = position.columns[from];
  const run = movableRunLength(source);
  if (run === 0) return refused({ why: 'empty-source', column: from });
  const target = position.columns[to].cards;
  const top = source.cards[source.cards.length - 1];
  if (count !== undefined) {
    if (!Number.isInteger(count) || count < 1 || count > run) {
      return refused({ why: 'bad-count', column: from, count, run });
    }
    if (target.length === 0) return { ok: true, count };
    const head = source.cards[source.cards.length - count];
    const onto = target[target.length - 1];
    if (!fitsOn(head, onto)) return refused({ why: 'does-not-fit', card: head, onto });
    return { ok: true, count };
  }
  if (target.length === 0) return { ok: true, count: run };
  const onto = target[target.length - 1];
  // The run's ranks climb by one from the top card, so the fitting head is found by arithmetic.
  const fitting = rankOf(onto) - rankOf(top);
  if (fitting >= 1 && fitting <= run) return { ok: true, count: fitting };
  const head = source.cards[source.cards.length - run];
  return refused({ why: 'nothing-fits', column: from, head, top, onto });
}

/** Why a deal is refused now, or null when it is allowed. */
export function checkDeal(position: Position): Refusal | null {
  if (stockLeft(position) < DEAL_SIZE) return { why: 'stock-empty' };
  const columns = position.columns;
  const empty = columns.findIndex((column) => column.cards.length === 0);
  if (empty < 0) return null;
  const relaxed = position.rules.relaxed;
  if (relaxed === 0) return { why: 'deal-empty-column', column: empty };
  if (relaxed === 3) return null;
  for (let c = 0; c < COLUMN_COUNT; c++) {
    const column = columns[c];
    if (column.cards.length === 0) continue;
    if (column.hidden > 0) {
      return { why: 'deal-not-in-order', empty, column: c, relaxed, faceDown: true };
    }
    if (!isOrdered(column, relaxed === 1)) {
      return { why: 'deal-not-in-order', empty, column: c, relaxed, faceDown: false };
    }
  }
  return null;
}

/** Whether a whole column descends by one rank from its deepest card (and keeps one suit). */
function isOrdered(column: Column, sameSuit: boolean): boolean {
  const cards = column.cards;
  for (let i = 1; i < cards.length; i++) {
    if (rankOf(cards[i]) + 1 !== rankOf(cards[i - 1])) return false;
    if (sameSuit && suitOf(cards[i]) !== suitOf(cards[i - 1])) return false;
  }
  return true;
}

/** Why removing the suit on top of a column is refused, or null when it is allowed. */
export function checkRemove(position: Position, column: number): Refusal | null {
  if (!isColumn(column)) return { why: 'no-such-column', column: column + 1 };
  if (hasCompleteSuitOnTop(position.columns[column])) return null;
  // Where suits leave at once, only an arranged position can hold one to remove by hand; the
  // player who pressed x is better told why there is never one.
  return position.rules.keepSuits
    ? { why: 'no-complete-suit', column }
    : { why: 'suits-leave-at-once' };
}

/** A column after cards left its top: the new top card turns face up. */
function afterLeaving(cards: readonly number[], hidden: number): Column {
  return { cards, hidden: hidden < cards.length ? hidden : Math.max(0, cards.length - 1) };
}

function withoutTopSuit(column: Column): Column {
  return afterLeaving(column.cards.slice(0, column.cards.length - SUIT_LENGTH), column.hidden);
}

/** Default rules: every complete suit on top of a column goes to the foundations, columns 1..10 in order. */
function removeCompleteSuits(
  columns: Column[],
  foundations: readonly Suit[],
  only?: number,
): readonly Suit[] {
  let removed: Suit[] | undefined;
  const first = only ?? 0;
  const last = only ?? COLUMN_COUNT - 1;
  for (let c = first; c <= last; c++) {
    while (hasCompleteSuitOnTop(columns[c])) {
      const cards = columns[c].cards;
      removed ??= foundations.slice();
      removed.push(suitOf(cards[cards.length - 1]));
      columns[c] = withoutTopSuit(columns[c]);
    }
  }
  return removed ?? foundations;
}

/** The position after an action: built in one place, so every position has the same shape. */
function successor(
  position: Position,
  columns: readonly Column[],
  foundations: readonly Suit[],
  dealt: number,
): Position {
  return { rules: position.rules, columns, stock: position.stock, dealt, foundations };
}

function applyMove(position: Position, from: number, to: number, count: number): Position {
  const columns = position.columns.slice();
  const source = columns[from];
  const cut = source.cards.length - count;
  columns[from] = afterLeaving(source.cards.slice(0, cut), source.hidden);
  const target = columns[to];
  columns[to] = { cards: target.cards.concat(source.cards.slice(cut)), hidden: target.hidden };
  // Only the destination can have been completed by a move.
  const foundations = position.rules.keepSuits
    ? position.foundations
    : removeCompleteSuits(columns, position.foundations, to);
  return successor(position, columns, foundations, position.dealt);
}

function applyDeal(position: Position): Position {
  const base = position.dealt * DEAL_SIZE;
  const columns = position.columns.map((column, c) => ({
    cards: column.cards.concat(position.stock[base + c]),
    hidden: column.hidden,
  }));
  const foundations = position.rules.keepSuits
    ? position.foundations
    : removeCompleteSuits(columns, position.foundations);
  return successor(position, columns, foundations, position.dealt + 1);
}

function applyRemove(position: Position, column: number): Position {
  const columns = position.columns.slice();
  const cards = columns[column].cards;
  const foundations = position.foundations.concat(suitOf(cards[cards.length - 1]));
  columns[column] = withoutTopSuit(columns[column]);
  return successor(position, columns, foundations, position.dealt);
}

/** Plays an action if the rules allow it. Never throws for an illegal action. */
export function apply(position: Position, action: Action): Outcome {
  switch (action.kind) {
    case 'move': {
      const check = checkMove(position, action);
      if (!check.ok) return check;
      return { ok: true, position: applyMove(position, action.from, action.to, check.count) };
    }
    case 'deal': {
      const refusal = checkDeal(position);
      return refusal ? refused(refusal) : { ok: true, position: applyDeal(position) };
    }
    case 'remove': {
      const refusal = checkRemove(position, action.column);
      return refusal
        ? refused(refusal)
        : { ok: true, position: applyRemove(position, action.column) };
    }
  }
}

/**
 * Plays an action already known to be legal (from `legalActions`), with its count resolved.
 * The fast path for search; the caller vouches for legality.
 */
export function applyLegal(position: Position, action: Action): Position {
  switch (action.kind) {
    case 'move':
      return applyMove(
        position,
        action.from,
        action.to,
        action.count ?? movableRunLength(position.columns[action.from]),
      );
    case 'deal':
      return applyDeal(position);
    case 'remove':
      return applyRemove(position, action.column);
  }
}

/**
 * Every legal action, each move with its count, in a stable order: moves by source column,
 * then by count, then by destination; then removes; then the deal.
 */
export function legalActions(position: Position): Action[] {
  const actions: Action[] = [];
  const columns = position.columns;
  for (let from = 0; from < COLUMN_COUNT; from++) {
    const source = columns[from];
    const run = movableRunLength(source);
    if (run === 0) continue;
    for (let count = 1; count <= run; count++) {
      const head = source.cards[source.cards.length - count];
      for (let to = 0; to < COLUMN_COUNT; to++) {
        if (to === from) continue;
        const target = columns[to].cards;
        if (target.length === 0 || fitsOn(head, target[target.length - 1])) {
          actions.push(move(from, to, count));
        }
      }
    }
  }
  for (let c = 0; c < COLUMN_COUNT; c++) {
    if (hasCompleteSuitOnTop(columns[c])) actions.push(remove(c));
  }
  if (checkDeal(position) === null) actions.push(DEAL);
  return actions;
}

/** Whether any action at all is legal; cheaper than `legalActions(p).length > 0`. */
export function hasLegalAction(position: Position): boolean {
  const columns = position.columns;
  let empty = false;
  let nonEmpty = false;
  for (const column of columns) {
    if (column.cards.length === 0) empty = true;
    else nonEmpty = true;
    if (hasCompleteSuitOnTop(column)) return true;
  }
  if (empty && nonEmpty) return true; // any run can move into an empty column
  if (checkDeal(position) === null) return true;
  for (let from = 0; from < COLUMN_COUNT; from++) {
    const source = columns[from];
    const run = movableRunLength(source);
    if (run === 0) continue;
    const topRank = rankOf(source.cards[source.cards.length - 1]);
    for (let to = 0; to < COLUMN_COUNT; to++) {
      const target = columns[to].cards;
      if (to === from || target.length === 0) continue;
      const fitting = rankOf(target[target.length - 1]) - topRank;
      if (fitting >= 1 && fitting <= run) return true;
    }
  }
  return false;
}
