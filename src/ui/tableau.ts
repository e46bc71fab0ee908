/**
 * The tableau on screen (docs/playing.md, "Screen"): the column numbers and the ten columns, in
 * the compact face (a card a row) or in large cards, boxed, where the terminal has room; and
 * where each screen row lies, for the mouse. Pure: state and size in, cells and geometry out.
 */
import {
  type Card,
  cardLabel,
  checkMove,
  type Column,
  COLUMN_COUNT,
  SUIT_LENGTH,
  suitLabel,
  suitOf,
} from '../engine';
import type { Board } from './board-geometry';
import { COMPACT, type ColumnRow, type ColumnShape, columnView } from './column-view';
import type { Frame, Role } from './frame';
import { hintOnScreen } from './questions';
import type { UiState } from './state';
import { cardRole, glyphs, type Theme } from './theme';

/** The face the cards are drawn with on a given screen. */
export type CardFace = 'small' | 'large';

/**
 * Large cards need a terminal this large: 8 columns a column (a box 6 wide and a gap), and rows
 * enough for a column not to fold at once. The choice goes by the terminal's size alone, so that
 * a longer message, which takes rows from the tableau, never changes the cards' size.
 */
export const LARGE_MIN_WIDTH = 80;
export const LARGE_MIN_HEIGHT = 20;
/** Where the size is left to the game (`auto`), large cards need a terminal this large. */
export const AUTO_LARGE_WIDTH = 100;
export const AUTO_LARGE_HEIGHT = 32;
/** A large card is at most this wide: room for its corners, not more. */
const LARGE_CARD_WIDTH = 9;

/** Rows a large card takes: covered, its top edge and its corner; on top, two more and its foot. */
const LARGE: Omit<ColumnShape, 'downRow'> = { cardRows: 2, topExtra: 3 };

/**
 * The cards' face on a terminal of `width` x `height`: large where the theme asks for it and they
 * fit, or, left to the game, where the terminal has room (docs/playing.md, "Screen").
 */
export function cardFace(theme: Theme, width: number, height: number): CardFace {
  const size = theme.cards ?? 'auto';
  if (size === 'small') return 'small';
  if (size === 'large')
    return width >= LARGE_MIN_WIDTH && height >= LARGE_MIN_HEIGHT ? 'large' : 'small';
  return width >= AUTO_LARGE_WIDTH && height >= AUTO_LARGE_HEIGHT ? 'large' : 'small';
}

/** Box-drawing pieces: rounded in Unicode, plain in ASCII; dashed for an empty column. */
function box(ascii: boolean) {
  return ascii
    ? { tl: '+', tr: '+', bl: '+', br: '+', h: '-', v: '|', dh: '-', dv: ':' }
    : { tl: '╭', tr: '╮', bl: '╰', br: '╯', h: '─', v: '│', dh: '╌', dv: '╎' };
}

/**
 * Draws the column numbers and the columns in `rows` rows from row `top`, and answers where they
 * lie: each column's screen rows, top first, each the row of its column it shows.
 */
export function drawTableau(
  frame: Frame,
  state: UiState,
  stock: Board['stock'],
  top: number,
  rows: number,
): Board {
  const columnWidth = Math.floor(frame.width / COLUMN_COUNT);
  const left = Math.floor((frame.width - columnWidth * COLUMN_COUNT) / 2);
  const { game, selection, theme } = state;
  const face = cardFace(theme, frame.width, frame.height);
  const cardWidth = Math.min(columnWidth - 2, LARGE_CARD_WIDTH);
  const columns: ColumnRow[][] = [];
  const hinted = selection ? null : hintedCards(state);
  // Where any column has face-down cards, every column keeps their row, so that the same row
  // means the same thing across the columns (docs/playing.md, "Screen").
  const downRow = game.position.columns.some((column) => column.hidden > 0);
  const shape: ColumnShape = face === 'large' ? { ...LARGE, downRow } : { ...COMPACT, downRow };

  for (let c = 0; c < COLUMN_COUNT; c++) {
    const x = left + c * columnWidth;
    const isFocus = state.focus === c;
    const isSource = selection?.column === c;
    // Over the middle of a large card; over the label of a small one.
    const numberX = face === 'large' ? x + 1 + Math.floor((cardWidth - 2) / 2) : x + 1;
    const role = isFocus || isSource ? 'focus' : 'header';
    frame.put(numberX, 1, String(c + 1).padStart(2), role, isFocus);

    const column = game.position.columns[c];
    const view = columnView(column, rows, shape);
    // The cards picked up, or else those the hint points at.
    const litFrom = isSource ? column.cards.length - selection.count : (hinted?.[c] ?? Infinity);
    const draw = face === 'large' ? drawLargeColumn : drawSmallColumn;
    const screenRows = draw(frame, theme, column, view, { x, y: top, litFrom, columnWidth });
    columns.push(screenRows);
  }
  return { left, columnWidth, top, rows, columns, stock };
}

/** Where a column is drawn and what it highlights. */
interface Place {
  readonly x: number;
  readonly y: number;
  /** Cards from this index on are highlighted (picked up, or pointed at by the hint). */
  readonly litFrom: number;
  readonly columnWidth: number;
}

/** The face-down cards: one glyph each where they fit, else a glyph and their count. */
function downText(theme: Theme, count: number, room: number): string {
  const g = glyphs(theme);
  return count <= room ? g.faceDown.repeat(count) : `${g.faceDown}${count}`;
}

/** A card's label right-aligned in three columns, made once a card (a frame shows dozens). */
const PADDED: [string[], string[]] = [[], []];
function paddedLabel(card: Card, ascii: boolean): string {
  const known = PADDED[ascii ? 1 : 0];
  return (known[card] ??= cardLabel(card, ascii).padStart(3));
}

/** The compact face: one row a card, its label under the column's number. */
function drawSmallColumn(
  frame: Frame,
  theme: Theme,
  column: Column,
  view: readonly ColumnRow[],
  { x, y: top, litFrom, columnWidth }: Place,
): ColumnRow[] {
  const g = glyphs(theme);
  const inner = columnWidth - 1;
  view.forEach((row, r) => {
    const y = top + r;
    switch (row.kind) {
      case 'empty':
        frame.put(x + 1, y, theme.ascii ? '--' : '╶╴', 'dim');
        break;
      case 'gap':
        break;
      case 'down':
        frame.put(x + 1, y, downText(theme, row.count, inner), 'face-down');
        break;
      case 'more':
        frame.put(x + 1, y, `${g.more}${row.count}`, 'fold');
        break;
      case 'card': {
        const card = column.cards[row.index];
        const highlight = row.index >= litFrom;
        if (row.folded > 0) frame.put(x, y, g.fold, 'fold');
        const label = paddedLabel(card, theme.ascii);
        frame.put(x + 1, y, highlight ? label + ' ' : label, cardRole(card), highlight, inner);
        break;
      }
    }
  });
  return [...view];
}

/**
 * Large cards, as boxes: each covered card shows its top edge and its corner (rank and suit); the
 * top card shows whole, its suit in the middle and its corner again at the foot. An empty column
 * is a dashed outline. Answers the row of the column each screen row shows.
 */
function drawLargeColumn(
  frame: Frame,
  theme: Theme,
  column: Column,
  view: readonly ColumnRow[],
  { x, y: top, litFrom, columnWidth }: Place,
): ColumnRow[] {
  const g = glyphs(theme);
  const b = box(theme.ascii);
  const width = Math.min(columnWidth - 2, LARGE_CARD_WIDTH);
  const inner = width - 2;
  const screen: ColumnRow[] = [];
  const line = (text: string, role: Role, highlight = false) => {
    frame.put(x + 1, top + screen.length, text, role, highlight, width);
  };
  const last = view.length - 1;
  view.forEach((row, r) => {
    switch (row.kind) {
      case 'gap':
        screen.push(row);
        return;
      case 'down':
        line(downText(theme, row.count, width), 'face-down');
        screen.push(row);
        return;
      case 'more':
        line(`${g.more}${row.count}`, 'fold');
        screen.push(row);
        return;
      case 'empty':
        line(b.tl + b.dh.repeat(inner) + b.tr, 'dim');
        screen.push(row);
        line(b.dv + ' '.repeat(inner) + b.dv, 'dim');
        screen.push(row);
        line(b.bl + b.dh.repeat(inner) + b.br, 'dim');
        screen.push(row);
        return;
      case 'card': {
        const card = column.cards[row.index];
        const role = cardRole(card);
        const lit = row.index >= litFrom;
        const label = cardLabel(card, theme.ascii);
        const rows = [
          b.tl + b.h.repeat(inner) + b.tr,
          b.v + label.padStart(3).padEnd(inner) + b.v,
          ...(r === last
            ? [
                b.v + centred(suitLabel(suitOf(card), theme.ascii), inner) + b.v,
                b.v + `${label.padStart(3)} `.padStart(inner) + b.v,
                b.bl + b.h.repeat(inner) + b.br,
              ]
            : []),
        ];
        rows.forEach((text, i) => {
          // A folded card's stretch is marked beside its top edge and corner.
          if (row.folded > 0 && i < 2) frame.put(x, top + screen.length, g.fold, 'fold');
          line(text, role, lit);
          screen.push(row);
        });
        return;
      }
    }
  });
  return screen;
}

/** `text` in the middle of `width` columns. */
function centred(text: string, width: number): string {
  const before = Math.floor((width - text.length) / 2);
  return (' '.repeat(Math.max(0, before)) + text).padEnd(width);
}

/**
 * The cards the hint on the message line points at, highlighted as picked-up cards are: for
 * each column, the first of them (its top cards from there on), or Infinity. A move shows the
 * cards it carries and the card they go onto; a removal, the complete suit.
 */
function hintedCards(state: UiState): number[] | null {
  const action = hintOnScreen(state);
  if (!action || action.kind === 'deal') return null;
  const columns = state.game.position.columns;
  const first = columns.map(() => Infinity);
  if (action.kind === 'remove') {
    first[action.column] = columns[action.column].cards.length - SUIT_LENGTH;
    return first;
  }
  const check = checkMove(state.game.position, action);
  if (!check.ok) return null;
  first[action.from] = columns[action.from].cards.length - check.count;
  first[action.to] = columns[action.to].cards.length - 1;
  return first;
}
