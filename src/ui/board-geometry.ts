/**
 * Where the tableau lies on screen: what the layout works out, the overlays draw beside and the
 * input turns mouse positions with. A module of its own so that the overlays, which the layout
 * draws, need not import the layout back.
 */
import type { ColumnRow } from './column-view';

/** Where the tableau lies on screen, for turning mouse positions into columns and cards. */
export interface Board {
  readonly left: number;
  readonly columnWidth: number;
  readonly top: number;
  readonly rows: number;
  /**
   * Each column's screen rows from `top`, top first: the row of the column each shows (a large
   * card takes several screen rows, each of them that card: docs/playing.md, "Screen").
   */
  readonly columns: readonly (readonly ColumnRow[])[];
  /** The stock's cells on the status line (a click deals). */
  readonly stock: { readonly x: number; readonly y: number; readonly width: number } | null;
}
