/**
 * What the screen should show, cell by cell: the pure output of layout, painted by the blessed
 * adapter and read back as text by tests. Roles name what a cell is; the theme turns them into
 * colours, so layout never deals with escape codes.
 */
import { graphemes, graphemeWidth, isNarrow } from '../notation/width';

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

/**
 * The cells of a frame, row by row, held as three arrays (what each cell shows, its role, whether
 * it is highlighted) rather than an object a cell: a frame is laid out for every paint, and a large
 * terminal (400x150, say) would otherwise make 60,000 objects each time,
 * whose allocation and collection cost more than the drawing.
 */
/**
 * Blank frames' cells, by their number, for the last few sizes asked for: every frame of a game has
 * its terminal's size, and a server draws on a few sizes at a time.
 */
const blanks = new Map<number, { readonly chars: string[]; readonly roles: Role[] }>();
const BLANKS_KEPT = 8;

function blankOf(size: number): { readonly chars: string[]; readonly roles: Role[] } {
  let blank = blanks.get(size);
  if (blank === undefined) {
    blank = {
      chars: new Array<string>(size).fill(' '),
      roles: new Array<Role>(size).fill('plain'),
    };
    if (blanks.size >= BLANKS_KEPT) blanks.delete(blanks.keys().next().value as number);
  } else blanks.delete(size); // the most recent goes last
  blanks.set(size, blank);
  return blank;
}

export class Frame {
  /** What each cell shows (see `Cell.ch`), at `y * width + x`. */
  readonly chars: string[];
  readonly roles: Role[];
  /** 1 where the cell is highlighted. */
  readonly highlights: Uint8Array;
  /**
   * For each row, a column from which on every cell is still blank (a space, plain, not
   * highlighted): painting compares no further than this in two frames.
   */
  readonly ends: Uint16Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const size = width * height;
    // Copies of a blank frame of this size: copying an array is far quicker than filling one.
    const blank = blankOf(size);
    this.chars = blank.chars.slice();
    this.roles = blank.roles.slice();
    this.highlights = new Uint8Array(size);
    this.ends = new Uint16Array(height);
  }

  /**
   * Makes every cell blank again, to be laid out anew (see `layout`): a game draws hundreds of
   * frames, and a frame painted two frames ago is reused rather than made again as garbage.
   */
  clear(): void {
    for (let y = 0; y < this.height; y++) {
      const row = y * this.width;
      for (let i = row; i < row + this.ends[y]; i++) {
        this.chars[i] = ' ';
        this.roles[i] = 'plain';
        this.highlights[i] = 0;
      }
      this.ends[y] = 0;
    }
  }

  /** A copy of one cell. */
  at(x: number, y: number): Cell {
    const i = y * this.width + x;
    return { ch: this.chars[i], role: this.roles[i], highlight: this.highlights[i] === 1 };
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
    if (isNarrow(text)) {
      // One column a character (most text on screen): no grapheme to measure.
      for (let i = 0; i < text.length && col < end; i++, col++)
        if (col >= 0) this.set(col, y, text[i], role, highlight);
      return col;
    }
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
    const i = y * this.width + x;
    const chars = this.chars;
    // The cell after it may be blanked below.
    if (this.ends[y] < x + 2) this.ends[y] = Math.min(this.width, x + 2);
    if (chars[i] === '' && x > 0 && ch !== '') chars[i - 1] = ' ';
    if (x + 1 < this.width && chars[i + 1] === '' && chars[i] !== '') chars[i + 1] = ' ';
    chars[i] = ch;
    this.roles[i] = role;
    this.highlights[i] = highlight ? 1 : 0;
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
    for (let x = 0; x < this.width; x++) text += this.chars[y * this.width + x];
    return text.trimEnd();
  }

  /** The whole frame as text, one line per row: what a player would read. */
  text(): string {
    return Array.from({ length: this.height }, (_, y) => this.line(y)).join('\n');
  }
}
