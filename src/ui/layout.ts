import { cardLabel, checkMove, COLUMN_COUNT, movesKept, SUIT_LENGTH } from '../engine';
import type { Board } from './board-geometry';
import { type ColumnRow, columnView } from './column-view';
import { Frame, type Role } from './frame';
import { drawOverlay } from './overlays';
import { hintOnScreen } from './questions';
import type { HelpAt, UiState } from './state';
import { drawStatusLine } from './status-line';
import { cardRole, cardText, glyphs } from './theme';
import { wrapWords } from './wrap';
import { cutToWidth } from '../notation';

/** The smallest terminal the game is drawn in; below it a "too small" notice is shown. */
export const MIN_WIDTH = 50;
export const MIN_HEIGHT = 15;

/** Rows above the tableau (status line, column numbers); below it are the message and key lines. */
const TOP_ROWS = 2;

export type { Board } from './board-geometry';

/**
 * A laid-out screen: the cells to paint, the board geometry when the board is showing, and with
 * the help open, where its keys turn it to at this size (`?` on, `b` or Backspace back).
 */
export interface Layout {
  readonly frame: Frame;
  readonly board: Board | null;
  readonly helpNext?: HelpAt;
  readonly helpPrev?: HelpAt;
}

/** What a mouse position points at. */
export type Hit =
  | { readonly kind: 'column'; readonly column: number; readonly index: number | null }
  | { readonly kind: 'stock' };

export function tooSmall(width: number, height: number): boolean {
  return width < MIN_WIDTH || height < MIN_HEIGHT;
}

/** Whether a terminal of this size shows the board: `layout` gives a `board` exactly then. */
export function showsBoard(width: number, height: number): boolean {
  return !tooSmall(width, height);
}

/** What ends a text cut short: one column, ASCII where the theme is. */
const cutMark = (state: UiState) => (state.theme.ascii ? '>' : '…');

/** Lays out the whole screen for a terminal of `width` x `height`. Pure. */
export function layout(state: UiState, width: number, height: number): Layout {
  const frame = new Frame(Math.max(0, width), Math.max(0, height));
  if (!showsBoard(width, height)) {
    drawTooSmall(frame);
    return { frame, board: null };
  }
  const stock = drawStatusLine(frame, state);
  // A message takes as many lines as it needs, up to half the rows below the top: the tableau
  // gives them up (it folds runs to fit). Only a longer one ends in … (docs/playing.md, "Playing").
  // The help and the statistics are read on their own, and at small sizes reach down over the
  // message rows: the message waits behind them, rather than show in pieces round their edges.
  const reading = state.overlay?.kind === 'help' || state.overlay?.kind === 'stats';
  const message = reading ? null : messageFor(state);
  const maxLines = Math.max(1, Math.floor((height - TOP_ROWS - 1) / 2));
  const lines = message ? wrapWords(message.text, width) : [];
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${cutToWidth(lines[maxLines - 1], width - 1)}${cutMark(state)}`;
  }
  const messageRows = Math.max(1, lines.length);
  const board = drawTableau(frame, state, stock, height - TOP_ROWS - messageRows - 1);
  lines.forEach((line, i) =>
    frame.put(0, height - 1 - messageRows + i, line, message?.role ?? 'message'),
  );
  drawKeyLine(frame, state);
  const turns = state.overlay ? drawOverlay(frame, state, state.overlay, board) : null;
  return turns ? { frame, board, helpNext: turns.next, helpPrev: turns.prev } : { frame, board };
}

function drawTooSmall(frame: Frame): void {
  const lines = [
    'Terminal too small',
    // Wrapped, not cut: the size it needs is what matters most.
    ...wrapWords(
      `${frame.width}x${frame.height}: Spider needs at least ${MIN_WIDTH}x${MIN_HEIGHT}.`,
      frame.width,
    ),
    'Make the window larger;',
    'the game is waiting.',
  ];
  const top = Math.max(0, Math.floor((frame.height - lines.length) / 2));
  lines.forEach((line, i) => {
    const shown = line.slice(0, frame.width);
    frame.put(
      Math.max(0, Math.floor((frame.width - shown.length) / 2)),
      top + i,
      shown,
      i === 0 ? 'error' : 'plain',
    );
  });
}

function drawTableau(frame: Frame, state: UiState, stock: Board['stock'], rows: number): Board {
  const columnWidth = Math.floor(frame.width / COLUMN_COUNT);
  const left = Math.floor((frame.width - columnWidth * COLUMN_COUNT) / 2);
  const top = TOP_ROWS;
  const { game, selection, theme } = state;
  const g = glyphs(theme);
  const columns: ColumnRow[][] = [];
  const hinted = selection ? null : hintedCards(state);

  for (let c = 0; c < COLUMN_COUNT; c++) {
    const x = left + c * columnWidth;
    const number = String(c + 1);
    const isFocus = state.focus === c;
    const isSource = selection?.column === c;
    frame.put(x + 1, 1, number.padStart(2), isFocus || isSource ? 'focus' : 'header', isFocus);

    const column = game.position.columns[c];
    const view = columnView(column, rows);
    columns.push(view);
    // The cards picked up, or else those the hint points at.
    const litFrom = isSource ? column.cards.length - selection.count : (hinted?.[c] ?? Infinity);
    view.forEach((row, r) => {
      const y = top + r;
      const inner = columnWidth - 1;
      switch (row.kind) {
        case 'empty':
          frame.put(x + 1, y, theme.ascii ? '--' : '╶╴', 'dim');
          break;
        case 'down': {
          const shown =
            row.count <= inner ? g.faceDown.repeat(row.count) : `${g.faceDown}${row.count}`;
          frame.put(x + 1, y, shown, 'face-down');
          break;
        }
        case 'more':
          frame.put(x + 1, y, `${g.more}${row.count}`, 'fold');
          break;
        case 'card': {
          const card = column.cards[row.index];
          const highlight = row.index >= litFrom;
          if (row.folded > 0) frame.put(x, y, g.fold, 'fold');
          const label = cardLabel(card, theme.ascii).padStart(3);
          frame.put(x + 1, y, highlight ? label + ' ' : label, cardRole(card), highlight, inner);
          break;
        }
      }
    });
  }
  return { left, columnWidth, top, rows, columns, stock };
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

const MESSAGE_ROLES: Record<string, Role> = {
  info: 'message',
  error: 'error',
  hint: 'hint',
  win: 'win',
};

const CONFIRM_TEXT = {
  quit: 'Quit this game? y quits; any other key goes on playing.',
  new: 'Abandon this game for a new deal? y for a new game; any other key goes on.',
  restart: 'Restart this deal from the beginning? y restarts; any other key goes on.',
  winnable: 'The solver sees face-down cards: asking is a peek. c asks; other keys go on.',
  demo: 'The solver sees face-down cards: its demo is a peek. a starts; other keys go on.',
  where: 'The solver sees face-down cards: asking is a peek. g asks; other keys go on.',
};

const THINKING = {
  winnable: 'Can I still win? The solver is thinking; play on meanwhile.',
  demo: 'Demo: the solver is thinking; any key stops it.',
  where: 'Where did it go wrong? The solver looks back over the game; play on meanwhile.',
  whereLost: 'Where did it go wrong? The solver looks back over the game.',
  hint: 'Hint: the fair player is thinking; any key stops it.',
};

/** What the message line says now, and how it is coloured; null when it says nothing. */
function messageFor(state: UiState): { text: string; role: Role } | null {
  if (state.confirm) return { text: CONFIRM_TEXT[state.confirm], role: 'error' };
  if (state.message) return { text: state.message.text, role: MESSAGE_ROLES[state.message.kind] };
  if (state.selection) {
    const { column, count, explicit } = state.selection;
    const cards = count === 1 ? '1 card' : `${count} cards`;
    // The same column again sends exactly these cards to their best place (docs/playing.md,
    // "Playing").
    const again = `(${column + 1} again: best place)`;
    if (!explicit)
      return {
        text: `Column ${column + 1}: ${cards} picked up. Where to? 1-0 ${again}, Esc cancels`,
        role: 'message',
      };
    // Part of a run, whose head may lie in a fold on screen: the line names it.
    const picked = state.game.position.columns[column].cards;
    const head = cardText(picked[picked.length - count], state.theme);
    // Short enough for one line at 80 columns, however long the names (10, 12 cards, 10♥).
    const which = count === 1 ? `${head} picked up` : `${cards} from ${head}`;
    return {
      text: `Column ${column + 1}: ${which}. Where to? 1-0 ${again}, Esc cancels`,
      role: 'message',
    };
  }
  if (state.solver) {
    // On the lost panel there is no play to go on with while it looks.
    const kind =
      state.solver.kind === 'where' && state.status === 'lost' ? 'whereLost' : state.solver.kind;
    return { text: THINKING[kind], role: 'message' };
  }
  if (state.status !== 'won' && state.status !== 'lost' && movesKept(state.game) === 0) {
    return {
      text: 'Pick a column with 1-9 and 0, then where to put its run. ? shows help.',
      role: 'message',
    };
  }
  return null;
}

const KEY_LINES = [
  '1-0 pick/drop  d deal  u undo  r redo  h hint  e expand  ? help  q quit',
  '1-0 move  d deal  u undo  r redo  h hint  ? help  q quit',
  '1-0 move d deal u undo h hint ? help q quit',
];

/** Keep-suits games need x to remove a suit: it is named before the expand key gives way. */
const KEEP_SUITS_KEY_LINES = [
  '1-0 move  d deal  u undo  r redo  h hint  e expand  x remove  ? help  q quit',
  '1-0 move  d deal  u undo  r redo  h hint  x remove  ? help  q quit',
  '1-0 move d deal u undo h hint x remove ? help q quit',
  '1-0 move d deal u undo h hint x suit ? help q quit',
];

/** With the game over, only the end panel's keys do anything: the key line names them. */
const PANEL_KEY_LINES = {
  won: [
    'n new game  u undo  w write the record  s statistics  q quit',
    'n new  u undo  w write  s stats  q quit',
    'n new u undo q quit',
  ],
  lost: [
    'u undo  R restart  n new game  g where it went wrong  w write  s stats  q quit',
    'u undo  R restart  n new  g where lost  w write  q quit',
    'u undo R restart n new q quit',
  ],
  // Once the panel shows where it went wrong, g has nothing more to tell.
  lostAnswered: [
    'u undo  R restart  n new game  w write the record  s statistics  q quit',
    'u undo  R restart  n new  w write  s stats  q quit',
    'u undo R restart n new q quit',
  ],
};

/** Under the statistics, any key closes them and does nothing else (`n` and `q` included). */
const STATS_KEY_LINES = ['any key closes the statistics'];

function drawKeyLine(frame: Frame, state: UiState): void {
  const y = frame.height - 1;
  const overlay = state.overlay;
  const lines =
    overlay?.kind === 'won'
      ? PANEL_KEY_LINES.won
      : overlay?.kind === 'lost'
        ? PANEL_KEY_LINES[overlay.wrong === undefined ? 'lost' : 'lostAnswered']
        : overlay?.kind === 'stats'
          ? STATS_KEY_LINES
          : state.game.rules.keepSuits
            ? KEEP_SUITS_KEY_LINES
            : KEY_LINES;
  const line = lines.find((l) => l.length <= frame.width) ?? lines[lines.length - 1];
  frame.put(0, y, line, 'key');
}

/** What a screen position points at, on the board. */
export function hitTest(board: Board, x: number, y: number): Hit | null {
  if (
    board.stock &&
    y === board.stock.y &&
    x >= board.stock.x &&
    x < board.stock.x + board.stock.width
  ) {
    return { kind: 'stock' };
  }
  const column = Math.floor((x - board.left) / board.columnWidth);
  if (column < 0 || column >= COLUMN_COUNT || y < 1 || y >= board.top + board.rows) return null;
  const row = board.columns[column][y - board.top];
  if (!row || row.kind !== 'card') return { kind: 'column', column, index: null };
  return { kind: 'column', column, index: row.index };
}
