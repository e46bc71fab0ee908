/**
 * What the screen should show, cell by cell: the pure output of layout, painted by the blessed
 * adapter and read back as text by tests. Roles name what a cell is; the theme turns them into
 * colours, so layout never deals with escape codes.
 */
import { graphemes, graphemeWidth } from '../notation/width';

/** What a cell shows, for the theme to colour. */
export type Role =
  | 'plain'
  | 'dim'
  | 'title'
  | 'header'
  | 'focus'
  | 'spade'
  | 'heart'
  | 'diamond'
  | 'club'
  | 'face-down'
  | 'fold'
  | 'message'
  | 'error'
  | 'hint'
  | 'win'
  | 'key'
  | 'panel';

export interface Cell {
  /**
   * What the cell shows: one grapheme cluster. A double-width character fills its cell and the
   * next, which holds '' (a continuation, drawn by the character before it).
   */
  ch: string;
  role: Role;
  /** Drawn inverted: the selected run, the focused column number. */
  highlight: boolean;
}

export class Frame {
  readonly cells: Cell[];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.cells = Array.from({ length: width * height }, () => ({
      ch: ' ',
      role: 'plain' as Role,
      highlight: false,
    }));
  }

  at(x: number, y: number): Cell {
    return this.cells[y * this.width + x];
  }

  /**
   * Writes text from (x, y), clipped at the frame's edge and at `maxWidth` columns; returns the
   * column after it. Each grapheme cluster takes the columns a terminal gives it: a double-width
   * character takes two cells (or none, when only one is left), and one that takes no room is
   * left out, so the frame always holds what the terminal will show, column for column.
   */
  put(
    x: number,
    y: number,
    text: string,
    role: Role = 'plain',
    highlight = false,
    maxWidth = Infinity,
  ): number {
    if (y < 0 || y >= this.height) return x;
    let col = x;
    const end = Math.min(this.width, x + maxWidth);
    for (const g of graphemes(text)) {
      const width = graphemeWidth(g);
      if (width === 0) continue;
      if (col + width > end) break;
      if (col >= 0) this.set(col, y, g, role, highlight);
      // The second half of a character cut by the left edge shows as a space.
      if (width === 2 && col + 1 >= 0) this.set(col + 1, y, col >= 0 ? '' : ' ', role, highlight);
      col += width;
    }
    return col;
  }

  /** Sets one cell, blanking the other half of any double-width character it cuts in two. */
  private set(x: number, y: number, ch: string, role: Role, highlight: boolean): void {
    const row = y * this.width;
    const cell = this.cells[row + x];
    if (cell.ch === '' && x > 0 && ch !== '') this.cells[row + x - 1].ch = ' ';
    const next = x + 1 < this.width ? this.cells[row + x + 1] : undefined;
    if (next && next.ch === '' && cell.ch !== '') next.ch = ' ';
    cell.ch = ch;
    cell.role = role;
    cell.highlight = highlight;
  }

  /** Fills a rectangle with spaces of a role (clearing what was there). */
  fill(x: number, y: number, width: number, height: number, role: Role = 'plain'): void {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + height); row++) {
      for (let col = Math.max(0, x); col < Math.min(this.width, x + width); col++) {
        this.set(col, row, ' ', role, false);
      }
    }
  }

  /** One line of text, trailing spaces trimmed. */
  line(y: number): string {
    let text = '';
    for (let x = 0; x < this.width; x++) text += this.cells[y * this.width + x].ch;
    return text.trimEnd();
  }

  /** The whole frame as text, one line per row: what a player would read. */
  text(): string {
    return Array.from({ length: this.height }, (_, y) => this.line(y)).join('\n');
  }
}
