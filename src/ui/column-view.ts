import { type Column, continuesRun } from '../engine';

/** One row of a column on screen. */
export type ColumnRow =
  /** All the face-down cards, drawn compactly on one row. */
  | { readonly kind: 'down'; readonly count: number }
  /**
   * The face-down row of a column with no face-down card, left blank so that the same row means
   * the same thing in every column (docs/playing.md, "Screen").
   */
  | { readonly kind: 'gap' }
  /** A face-up card; `folded` cards of its same-suit run lie hidden between it and the row above. */
  | { readonly kind: 'card'; readonly index: number; readonly folded: number }
  /** Face-up cards too deep to show: `count` of them, the deepest first. */
  | { readonly kind: 'more'; readonly count: number }
  /** The column is empty. */
  | { readonly kind: 'empty' };

/**
 * How the rows of a column are measured: whether it keeps a face-down row even with no face-down
 * card (when another column has some), the screen rows each card takes, and the rows the top
 * card takes beyond that (a large card shows whole: docs/playing.md, "Screen").
 */
export interface ColumnShape {
  readonly downRow: boolean;
  readonly cardRows: number;
  readonly topExtra: number;
}

/** Today's compact face: one row a card; the face-down row only where there are face-down cards. */
export const COMPACT: ColumnShape = { downRow: false, cardRows: 1, topExtra: 0 };

/** Maximal same-suit descending runs of the face-up cards, as [first, last] card indices, deepest first. */
function segments(column: Column): [number, number][] {
  const result: [number, number][] = [];
  const cards = column.cards;
  for (let i = column.hidden; i < cards.length; i++) {
    if (i > column.hidden && continuesRun(cards[i - 1], cards[i])) result[result.length - 1][1] = i;
    else result.push([i, i]);
  }
  return result;
}

/**
 * How a column is drawn in `maxRows` screen rows. Face-down cards take one row (a blank one where
 * `shape.downRow` keeps it in a column without any). When the face-up cards do not fit, the
 * longest same-suit runs fold first to their head and their last card (the cards between are
 * implied: same suit, consecutive ranks); if that is still too tall, the deepest rows give way to
 * a "more" marker. The top card and the head of every run always stay visible.
 */
export function columnView(column: Column, maxRows: number, shape = COMPACT): readonly ColumnRow[] {
  // Columns are immutable and a move changes one or two: the others are drawn as the frame before.
  const known = views.get(column);
  if (
    known !== undefined &&
    known.maxRows === maxRows &&
    known.shape.downRow === shape.downRow &&
    known.shape.cardRows === shape.cardRows &&
    known.shape.topExtra === shape.topExtra
  )
    return known.rows;
  const rows = viewOf(column, maxRows, shape);
  views.set(column, { maxRows, shape, rows });
  return rows;
}

/** The view each column was last drawn with, and the room and shape it was drawn in. */
const views = new WeakMap<
  Column,
  { readonly maxRows: number; readonly shape: ColumnShape; readonly rows: readonly ColumnRow[] }
>();

function viewOf(column: Column, maxRows: number, shape: ColumnShape): readonly ColumnRow[] {
  const rows: ColumnRow[] =
    column.hidden > 0
      ? [{ kind: 'down', count: column.hidden }]
      : shape.downRow
        ? [{ kind: 'gap' }]
        : [];
  if (column.cards.length === 0) return [...rows, { kind: 'empty' }];
  // Rows of cards that fit: each takes `cardRows` screen rows, the top one `topExtra` more.
  const available = Math.max(
    1,
    Math.floor((maxRows - rows.length - shape.topExtra) / shape.cardRows),
  );
  const runs = segments(column);
  let needed = column.cards.length - column.hidden;

  // Fold the longest runs first; a run of length L folds to 2 rows.
  const folded = new Set<number>();
  const byLength = runs
    .map((_, i) => i)
    .sort((a, b) => runs[b][1] - runs[b][0] - (runs[a][1] - runs[a][0]) || a - b);
  for (const i of byLength) {
    if (needed <= available) break;
    const length = runs[i][1] - runs[i][0] + 1;
    if (length < 3) break;
    folded.add(i);
    needed -= length - 2;
  }

  const cardRows: ColumnRow[] = [];
  runs.forEach(([first, last], i) => {
    if (folded.has(i)) {
      cardRows.push({ kind: 'card', index: first, folded: 0 });
      cardRows.push({ kind: 'card', index: last, folded: last - first - 1 });
    } else {
      for (let index = first; index <= last; index++)
        cardRows.push({ kind: 'card', index, folded: 0 });
    }
  });

  if (cardRows.length > available) {
    const kept = cardRows.slice(cardRows.length - Math.max(1, available - 1));
    const firstKept = kept[0];
    const deepest = firstKept.kind === 'card' ? firstKept.index - firstKept.folded : column.hidden;
    rows.push({ kind: 'more', count: deepest - column.hidden });
    rows.push(...kept);
  } else {
    rows.push(...cardRows);
  }
  return rows;
}

/** The deepest card index a row stands for (a folded row stands for its whole folded stretch). */
export function rowFirstIndex(row: ColumnRow): number {
  return row.kind === 'card' ? row.index - row.folded : -1;
}
