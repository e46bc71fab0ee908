import { drawBoard, drawName } from './board-panel';
import { cardLabel, gameScores, movesKept, SCORING_NAMES } from '../engine';
import type { Frame } from './frame';
import { panel } from './panel';
import { drawRecord } from './record-panel';
import { HELP_PAGES, HELP_WIDTH, helpLines } from './help';
import type { Board } from './board-geometry';
import type { HelpAt, Overlay, UiState } from './state';
import { cardRole } from './theme';
import { wrapWords } from './wrap';
import { DealName, grouped as count, rulesSummary, textWidth } from '../notation';
import { averageWinMs, formatDuration, type GameStats, winPercent } from '../stats';

const NONE = '-';

/** Where the help's keys turn it to at this size: `?` on, `b` or Backspace back. */
export interface HelpTurns {
  readonly next: HelpAt;
  readonly prev: HelpAt;
}

/** Draws the panel; for the help, answers where its keys turn it to at this size. */
export function drawOverlay(
  frame: Frame,
  state: UiState,
  overlay: Overlay,
  board: Board,
): HelpTurns | null {
  const ascii = state.theme.ascii;
  // An end panel closed to study the board under it draws nothing until it is opened again.
  if ((overlay.kind === 'won' || overlay.kind === 'lost') && overlay.closed) return null;
  switch (overlay.kind) {
    case 'help':
      return drawHelp(frame, state, overlay);
    case 'choose-expand':
      panel(frame, 34, 1, 'Expand', ascii);
      frame.put(
        Math.floor((frame.width - 34) / 2),
        Math.max(1, Math.floor((frame.height - 3) / 2) - 1) + 1,
        'Which column? 1-0, Esc cancels',
        'panel',
      );
      break;
    case 'expand':
      drawExpanded(frame, state, overlay.column, board);
      break;
    case 'won': {
      const scores = gameScores(state.game);
      const moves = movesKept(state.game);
      const time = state.playedMs === null ? [] : [`time played ${formatDuration(state.playedMs)}`];
      // The solver played (the demo): not the player's win, and no record (docs/rules.md, "Won
      // with help").
      const lines = [
        ...(state.game.helped
          ? [`Won with help in ${moves} moves:`, 'the demo played; no record.']
          : [`You won in ${moves} moves!`]),
        ...time,
        '',
        ...SCORING_NAMES.map(
          (name) =>
            `${name.padEnd(10)} ${String(scores[name]).padStart(4)}${name === state.scoring ? '  <' : ''}`,
        ),
        `peeks      ${String(state.game.peeks).padStart(4)}`,
        // Which of the three scores the status line shows, and so the one the < marks.
        '< shown on the status line',
        '',
        'n new game   u undo   q quit',
      ];
      endPanel(frame, 30, state.game.helped ? 'Won with help' : 'Won', lines, 'win', ascii);
      break;
    }
    case 'lost': {
      // Lost is decided from what the player sees (docs/rules.md, "Lost"), so it can be said at
      // once. Where it went wrong needs the solver: asked with g, a peek (docs/solver.md, "Where it
      // went wrong").
      const lines = [
        'No progress is possible:',
        'no move can turn a card, deal',
        'or complete a suit any more.',
        '',
        ...(overlay.wrong === undefined ? [] : [...wrapWords(overlay.wrong, 32), '']),
        'u undo   R restart   n new game',
        overlay.wrong === undefined ? 'q quit   g where it went wrong' : 'q quit',
        // Closed to study the board, and opened again (docs/playing.md, "The end of a game").
        'v hides this panel (v shows it)',
      ];
      endPanel(frame, 32, 'Lost', lines, 'error', ascii);
      break;
    }
    case 'stats':
      drawStats(frame, state, overlay.stats);
      break;
    case 'record':
      drawRecord(frame, overlay, ascii);
      break;
    case 'board':
      drawBoard(frame, overlay, ascii);
      break;
    case 'name':
      drawName(frame, overlay, ascii);
      break;
  }
  return null;
}

/**
 * The statistics of the game's rules (docs/saves.md, "Saved games and statistics"), in a panel any
 * key closes.
 */
function drawStats(frame: Frame, state: UiState, stats: GameStats): void {
  const width = 40;
  const s = stats.line;
  const what = `${rulesSummary(stats.rules)}${stats.daily ? ', daily deals' : ''}`;
  const average = s === null ? null : averageWinMs(s);
  const lines = [
    ...wrapWords(what, width),
    ...(s === null
      ? stats.read
        ? ['', 'No game of these rules finished yet.']
        : []
      : [
          '',
          `Played ${count(s.played)}: won ${count(s.won)} (${winPercent(s)})`,
          `Lost ${count(s.lost)}, abandoned ${count(s.abandoned)}`,
          // Not the player's wins (docs/rules.md, "Won with help"): said only where there are some.
          ...(s.wonWithHelp > 0 ? [`Won with help ${count(s.wonWithHelp)} (not counted)`] : []),
          `Streak ${count(s.currentStreak)}, best ${count(s.bestStreak)}`,
          `Best ${state.scoring} score ${s.bestScore === null ? NONE : count(s.bestScore[state.scoring])}`,
          `Fewest moves ${s.fewestMoves === null ? NONE : count(s.fewestMoves)}`,
          `Fastest win ${s.fastestWinMs === null ? NONE : formatDuration(s.fastestWinMs)}`,
          `Average win ${average === null ? NONE : formatDuration(average)}`,
          `Won without peeks ${count(s.wonWithoutPeeks)}`,
          `Time played ${formatDuration(s.timePlayedMs)}`,
        ]),
    ...(stats.others > 0
      ? [
          '',
          ...wrapWords(
            `${count(stats.others)} more under other rules${stats.daily ? ' or not daily' : ''}.`,
            width,
          ),
        ]
      : []),
    ...(stats.note === null ? [] : ['', ...wrapWords(stats.note, width)]),
  ];
  const titled = wrapWords(what, width).length;
  // Rows for the lines above the footer: on a short terminal the blank lines go first, then the
  // last lines; the footer always shows.
  const room = Math.max(1, frame.height - 5);
  const shown =
    lines.length + 1 <= room
      ? [...lines, '']
      : lines.filter((line, i) => i < titled || line !== '').slice(0, room);
  const inner = panel(frame, width, shown.length + 1, 'Statistics', state.theme.ascii);
  shown.forEach((line, i) =>
    frame.put(inner.x, inner.y + i, line, i < titled ? 'title' : 'panel', false, inner.width),
  );
  frame.put(inner.x, inner.y + inner.height - 1, 'any key closes', 'key', false, inner.width);
}

/** The panel at the end of a game: a titled box whose first line is in the outcome's colour. */
function endPanel(
  frame: Frame,
  width: number,
  title: string,
  lines: readonly string[],
  first: 'win' | 'error',
  ascii: boolean,
): void {
  const inner = panel(frame, width, lines.length, title, ascii);
  lines.forEach((line, i) =>
    frame.put(inner.x, inner.y + i, line, i === 0 ? first : 'panel', false, inner.width),
  );
}

/**
 * The help: its pages laid out for the panel and split into as many screens as the terminal's
 * height needs, so every line can be read even at the smallest size. `?` turns the screens on,
 * `b` or Backspace back; a resize keeps the page (the screen of it, or its last where it now
 * takes fewer). Answers the screens those keys turn to.
 */
function drawHelp(frame: Frame, state: UiState, at: HelpAt): HelpTurns {
  const width = Math.max(1, Math.min(HELP_WIDTH, frame.width - 6));
  const rows = Math.max(1, frame.height - 5); // the panel's borders and footer, and the status line
  // Each page's screens, and whether each begins with its page's title.
  const pages = HELP_PAGES.map((helpPage) => {
    let wrapped = helpLines(helpPage, width);
    if (wrapped.length > rows) wrapped = wrapped.filter((line) => line !== '');
    const chunks: { lines: string[]; titled: boolean }[] = [];
    for (let i = 0; i < wrapped.length; i += rows)
      chunks.push({ lines: wrapped.slice(i, i + rows), titled: i === 0 });
    return chunks;
  });
  const screens = pages.flat();
  const page = at.page % pages.length;
  const screen = Math.min(at.screen, pages[page].length - 1);
  const index = pages.slice(0, page).reduce((sum, chunks) => sum + chunks.length, 0) + screen;
  const shown = screens[index];
  // The seed is on the status line too: where the footer has no room for it, it goes.
  const turn = `${index + 1}/${screens.length}: ? next, b back, other keys close.`;
  const named = `${turn} ${DealName(state.game.deal)}`;
  const footer = textWidth(named) <= width ? named : turn;
  const inner = panel(
    frame,
    width,
    Math.min(rows, Math.max(...screens.map((s) => s.lines.length))) + 1,
    'Spider help',
    state.theme.ascii,
  );
  shown.lines.forEach((line, i) =>
    frame.put(
      inner.x,
      inner.y + i,
      line,
      i === 0 && shown.titled ? 'title' : 'panel',
      false,
      inner.width,
    ),
  );
  frame.put(inner.x, inner.y + inner.height - 1, footer, 'key', false, inner.width);
  const before = (page + pages.length - 1) % pages.length;
  return {
    next:
      screen + 1 < pages[page].length
        ? { page, screen: screen + 1 }
        : { page: (page + 1) % pages.length, screen: 0 },
    prev:
      screen > 0
        ? { page, screen: screen - 1 }
        : { page: before, screen: pages[before].length - 1 },
  };
}

/** Woods' "expand": one column shown whole, its face-up cards in as many side-by-side lists as needed. */
function drawExpanded(frame: Frame, state: UiState, c: number, board: Board): void {
  const column = state.game.position.columns[c];
  const up = column.cards.length - column.hidden;
  const rowsAvailable = Math.max(1, board.rows - 2);
  const lists = Math.max(1, Math.ceil(up / rowsAvailable));
  const rows = Math.min(rowsAvailable, Math.max(1, up));
  const title = `Column ${c + 1}: ${up} face up, ${column.hidden} face down`;
  const width = Math.max(title.length + 2, lists * 6, 30);
  const inner = panel(frame, width, rows + 1, title, state.theme.ascii);
  if (up === 0)
    frame.put(inner.x, inner.y, column.cards.length === 0 ? '(empty)' : '(no face-up card)', 'dim');
  for (let i = 0; i < up; i++) {
    const card = column.cards[column.hidden + i];
    const x = inner.x + Math.floor(i / rows) * 6;
    frame.put(
      x,
      inner.y + (i % rows),
      cardLabel(card, state.theme.ascii).padStart(3),
      cardRole(card),
      false,
      inner.width,
    );
  }
  frame.put(
    inner.x,
    inner.y + inner.height - 1,
    'deepest first; Esc or e closes',
    'key',
    false,
    inner.width,
  );
}
