import type { ColumnIndex } from './position';

/**
 * Move the top part of a column's movable run. `count` is the number of cards; when it is
 * absent the engine chooses as the token `F-T` does (the part that fits, or the whole run into
 * an empty column).
 */
export interface MoveAction {
  readonly kind: 'move';
  readonly from: ColumnIndex;
  readonly to: ColumnIndex;
  readonly count?: number;
}

/** Deal one card face up onto each column from the stock. */
export interface DealAction {
  readonly kind: 'deal';
}

/** Remove the complete suit at the top of a column (the `keep-suits` variant). */
export interface RemoveAction {
  readonly kind: 'remove';
  readonly column: ColumnIndex;
}

/** Everything a player can do to a position. Plain values: they can be stored and replayed. */
export type Action = MoveAction | DealAction | RemoveAction;

export const DEAL: DealAction = { kind: 'deal' };

export function move(from: ColumnIndex, to: ColumnIndex, count?: number): MoveAction {
  return count === undefined ? { kind: 'move', from, to } : { kind: 'move', from, to, count };
}

export function remove(column: ColumnIndex): RemoveAction {
  return { kind: 'remove', column };
}
