import { ACE, type Card, cardLabel, KING, rankOf } from './cards';
import type { ColumnIndex } from './position';
import type { RelaxedLevel } from './rules';

/**
 * Why an action was refused. A value, not an exception: the screen and the headless commands
 * phrase it with `explain`, in the glyphs they use.
 */
export type Refusal =
  | { readonly why: 'no-such-column'; readonly column: number }
  | { readonly why: 'same-column'; readonly column: ColumnIndex }
  | { readonly why: 'empty-source'; readonly column: ColumnIndex }
  | {
      readonly why: 'bad-count';
      readonly column: ColumnIndex;
      readonly count: number;
      readonly run: number;
    }
  | { readonly why: 'does-not-fit'; readonly card: Card; readonly onto: Card }
  | {
      readonly why: 'nothing-fits';
      readonly column: ColumnIndex;
      readonly head: Card;
      readonly top: Card;
      readonly onto: Card;
    }
  | { readonly why: 'stock-empty' }
  | { readonly why: 'deal-empty-column'; readonly column: ColumnIndex }
  | {
      readonly why: 'deal-not-in-order';
      readonly empty: ColumnIndex;
      readonly column: ColumnIndex;
      readonly relaxed: RelaxedLevel;
      readonly faceDown: boolean;
    }
  | { readonly why: 'no-complete-suit'; readonly column: ColumnIndex }
  | { readonly why: 'suits-leave-at-once' }
  | { readonly why: 'nothing-to-undo' }
  | { readonly why: 'nothing-to-redo' };

const ORDER_WORDS: Record<RelaxedLevel, string> = {
  0: '',
  1: 'one same-suit sequence',
  2: 'one descending sequence',
  3: '',
};

/**
 * A sentence a player can read. Columns are named 1..10; cards as on screen (`10♥`, or `10h`
 * with `ascii`), or by `name` when given (scripts want notation such as `Th`).
 */
export function explain(refusal: Refusal, ascii = false, name?: (card: Card) => string): string {
  const card = name ?? ((c: Card) => cardLabel(c, ascii));
  const col = (c: ColumnIndex) => `column ${c + 1}`;
  switch (refusal.why) {
    case 'no-such-column':
      return `there is no column ${refusal.column}; columns are 1 to 10`;
    case 'same-column':
      return `a run can't move onto its own column (${col(refusal.column)})`;
    case 'empty-source':
      return `${col(refusal.column)} is empty: nothing to move`;
    case 'bad-count':
      return refusal.count < 1
        ? `a move takes at least one card`
        : `${col(refusal.column)} can move ${refusal.run} card${refusal.run === 1 ? '' : 's'} together, not ${countText(refusal.count)}`;
    case 'does-not-fit':
      if (rankOf(refusal.onto) === ACE) return `nothing goes onto an ace (${card(refusal.onto)})`;
      if (rankOf(refusal.card) === KING)
        return `${card(refusal.card)} can only go into an empty column`;
      return `${card(refusal.card)} does not fit on ${card(refusal.onto)}`;
    case 'nothing-fits':
      if (rankOf(refusal.onto) === ACE) return `nothing goes onto an ace (${card(refusal.onto)})`;
      if (refusal.head === refusal.top && rankOf(refusal.top) === KING) {
        return `${card(refusal.top)} can only go into an empty column`;
      }
      return refusal.head === refusal.top
        ? `${card(refusal.top)} does not fit on ${card(refusal.onto)}`
        : `no card of ${col(refusal.column)}'s run ${card(refusal.head)}..${card(refusal.top)} fits on ${card(refusal.onto)}`;
    case 'stock-empty':
      return `can't deal: the stock is empty`;
    case 'deal-empty-column':
      return `can't deal: ${col(refusal.column)} is empty; fill it first (relaxed 0)`;
    case 'deal-not-in-order':
      return refusal.faceDown
        ? `can't deal: ${col(refusal.empty)} is empty and ${col(refusal.column)} still has face-down cards (relaxed ${refusal.relaxed})`
        : `can't deal: ${col(refusal.empty)} is empty and ${col(refusal.column)} is not ${ORDER_WORDS[refusal.relaxed]} (relaxed ${refusal.relaxed})`;
    case 'no-complete-suit':
      return `${col(refusal.column)} has no complete suit (king to ace) on top`;
    case 'suits-leave-at-once':
      return 'this game removes complete suits by itself (by hand only with --keep-suits)';
    case 'nothing-to-undo':
      return 'nothing to undo';
    case 'nothing-to-redo':
      return 'nothing to redo';
  }
}

/** A count of cards as a message writes it: one too long to be a whole number there is "so many". */
function countText(count: number): string {
  return Number.isSafeInteger(count) ? String(count) : 'so many';
}
