import { COLUMN_COUNT, movesKept } from '../engine';
import type { Board } from './board-geometry';
import { Frame, type Role } from './frame';
import type { PanelHit } from './new-game';
import { drawNewGame } from './new-game-view';
import { drawSaves } from './saves-panel';
import { drawOverlay } from './overlays';
import { drawTableau } from './tableau';
import type { HelpAt, UiState } from './state';
import { drawStatusLine } from './status-line';
import { cardText } from './theme';
import { wrapWords } from './wrap';
import { cutToWidth } from '../notation';
import { whereLostProgressWords } from '../words/search';

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
  /** With the new-game panel open, where its values lie, for the mouse. */
  readonly panel?: readonly PanelHit[];
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

/**
 * Lays out the whole screen for a terminal of `width` x `height`. Pure, but for `spare`: a frame
 * of no further use, laid out in (cleared first) when it has the size, rather than a new one.
 */
export function layout(state: UiState, width: number, height: number, spare?: Frame): Layout {
  const w = Math.max(0, width);
  const h = Math.max(0, height);
  let frame: Frame;
  if (spare !== undefined && spare.width === w && spare.height === h) {
    spare.clear();
    frame = spare;
  } else frame = new Frame(w, h);
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
  const lines = message ? wrapped(message.text, width) : [];
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${cutToWidth(lines[maxLines - 1], width - 1)}${cutMark(state)}`;
  }
  const messageRows = Math.max(1, lines.length);
  const board = drawTableau(frame, state, stock, TOP_ROWS, height - TOP_ROWS - messageRows - 1);
  lines.forEach((line, i) =>
    frame.put(0, height - 1 - messageRows + i, line, message?.role ?? 'message'),
  );
  drawKeyLine(frame, state);
  if (state.overlay?.kind === 'new-game')
    return { frame, board, panel: drawNewGame(frame, state, state.overlay) };
  if (state.overlay?.kind === 'saves')
    return { frame, board, panel: drawSaves(frame, state.overlay, state.theme.ascii) };
  const turns = state.overlay ? drawOverlay(frame, state, state.overlay, board) : null;
  return turns ? { frame, board, helpNext: turns.next, helpPrev: turns.prev } : { frame, board };
}

/** The message's lines, wrapped again only when it or the width changed (a copy: it is cut). */
let lastWrapped = { text: '', width: -1, lines: [] as readonly string[] };
function wrapped(text: string, width: number): string[] {
  if (lastWrapped.text !== text || lastWrapped.width !== width)
    lastWrapped = { text, width, lines: wrapWords(text, width) };
  return [...lastWrapped.lines];
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

const MESSAGE_ROLES: Record<string, Role> = {
  info: 'message',
  error: 'error',
  hint: 'hint',
  win: 'win',
};

const CONFIRM_TEXT = {
  quit: 'Quit this game? y quits; any other key goes on playing.',
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
    // How far the search for where it went wrong has gone, as it tells (docs/solver.md, "Where it
    // went wrong"): it may take many seconds.
    const progress = state.solver.kind === 'where' ? state.solver.progress : undefined;
    const far = progress ? ` ${whereLostProgressWords(progress)}` : '';
    return { text: `${THINKING[kind]}${far}`, role: 'message' };
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
    'n new game  u undo  v see the board  w write the record  s statistics  q quit',
    'n new  u undo  v board  w write  s stats  q quit',
    'n new u undo v board q quit',
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
  // The panel closed to study the board: v brings it back (docs/playing.md, "The end of a game").
  wonClosed: [
    'v shows the panel  n new game  u undo  w write the record  s statistics  q quit',
    'v panel  n new  u undo  w write  s stats  q quit',
    'v panel n new u undo q quit',
  ],
  lostClosed: [
    'v shows the panel  u undo  R restart  n new game  w write  s stats  q quit',
    'v panel  u undo  R restart  n new  w write  q quit',
    'v panel u undo R restart n new q quit',
  ],
};

/** Under the statistics, any key closes them and does nothing else (`n` and `q` included). */
const STATS_KEY_LINES = ['any key closes the statistics'];
const BOARD_KEY_LINES = ['any key closes the board'];
const NAME_KEY_LINES = ['type your name  Enter keeps it  Esc leaves', 'Enter keeps  Esc leaves'];

/** Under the record panel (docs/playing.md, "The record panel"). */
const RECORD_KEY_LINES = [
  'Up/Down PgUp/PgDn scroll  c copies to the clipboard  other keys close',
  'arrows scroll  c copies  other keys close',
  'c copies  keys close',
];

/** The keys of the new-game panel (with saved games to list, or none) and of the saved games. */
const CHOOSING_KEY_LINES = {
  listed: [
    'arrows choose  Enter deals  s saved games  Esc back to the game',
    'Enter deals  Esc closes',
  ],
  none: ['arrows choose  Enter deals  Esc back to the game', 'Enter deals  Esc closes'],
  saves: ['Up/Down choose  Enter plays  x gives up  Esc back', 'Enter plays  x gives up  Esc back'],
};

function drawKeyLine(frame: Frame, state: UiState): void {
  const y = frame.height - 1;
  const overlay = state.overlay;
  const lines =
    overlay?.kind === 'won'
      ? PANEL_KEY_LINES[overlay.closed ? 'wonClosed' : 'won']
      : overlay?.kind === 'lost'
        ? overlay.closed
          ? PANEL_KEY_LINES.lostClosed
          : PANEL_KEY_LINES[overlay.wrong === undefined ? 'lost' : 'lostAnswered']
        : overlay?.kind === 'stats'
          ? STATS_KEY_LINES
          : overlay?.kind === 'board'
            ? BOARD_KEY_LINES
            : overlay?.kind === 'name'
              ? NAME_KEY_LINES
              : overlay?.kind === 'record'
                ? RECORD_KEY_LINES
                : overlay?.kind === 'new-game'
                  ? CHOOSING_KEY_LINES[overlay.saves > 0 ? 'listed' : 'none']
                  : overlay?.kind === 'saves'
                    ? CHOOSING_KEY_LINES.saves
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
