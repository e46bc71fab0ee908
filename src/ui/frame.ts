/**
 * What the screen should show, cell by cell: the pure output of layout, painted by the blessed
 * adapter and read back as text by tests. Roles name what a cell is; the theme turns them into
 * colours, so layout never deals with escape codes.
 */

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
   * Writes text from (x, y), one cell per character, clipped at the frame's edge and at
   * `maxWidth`. Every character used on screen is one cell wide (card glyphs included).
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
    for (const ch of text) {
      if (col >= end) break;
      if (col >= 0) {
        const cell = this.cells[y * this.width + col];
        cell.ch = ch;
        cell.role = role;
        cell.highlight = highlight;
      }
      col++;
    }
    return col;
  }

  /** Fills a rectangle with spaces of a role (clearing what was there). */
  fill(x: number, y: number, width: number, height: number, role: Role = 'plain'): void {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + height); row++) {
      for (let col = Math.max(0, x); col < Math.min(this.width, x + width); col++) {
        const cell = this.cells[row * this.width + col];
        cell.ch = ' ';
        cell.role = role;
        cell.highlight = false;
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
