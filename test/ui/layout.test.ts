import {
  cardLabel,
  DEAL,
  type Game,
  markHelped,
  move,
  newGame,
  play,
  type Rules,
} from '../../src/engine';
import { columnView } from '../../src/ui/column-view';
import { initialState } from '../../src/ui/controller';
import { HELP_PAGES, helpLines } from '../../src/ui/help';
import { hitTest, layout, MIN_HEIGHT, MIN_WIDTH } from '../../src/ui/layout';
import type { HelpAt, UiState } from '../../src/ui/state';
import { column, COLUMN_NUMBERS, gameAt, position, suitRun } from '../helpers/build';

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const THEME = { ascii: false, color: true, fourColor: false };

function stateFor(game: Game, changes: Partial<UiState> = {}): UiState {
  return { ...initialState(game, THEME, 'woods'), ...changes };
}

describe.each([
  [80, 24],
  [60, 16],
  [120, 40],
  [MIN_WIDTH, MIN_HEIGHT],
])('layout of a deal at %ix%i', (width, height) => {
  const game = newGame('42', RULES);
  const view = layout(stateFor(game), width, height);
  const lines = view.frame.text().split('\n');

  it('fills exactly the terminal', () => {
    expect(lines).toHaveLength(height);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(width);
  });

  it('shows the seed, the score, the moves and the deals left on the status line', () => {
    expect(lines[0]).toContain('seed 42');
    // Woods' score of a deal is 0, named by its scoring where there is room, else by "score".
    expect(lines[0]).toMatch(/\b(woods|score) 0 +moves 0\b/);
    expect(lines[0]).toMatch(/d(eals )?5/);
  });

  it('numbers the ten columns', () => {
    expect(lines[1].trim().split(/\s+/)).toEqual(COLUMN_NUMBERS);
  });

  it("shows each column's face-down cards compactly and its face-up card under its number", () => {
    const board = view.board!;
    game.position.columns.forEach((col, c) => {
      const x = board.left + c * board.columnWidth;
      const down = lines[board.top].slice(x, x + board.columnWidth).trim();
      // One glyph per card where they fit (5 need a column 6 wide), else a count.
      expect(down).toBe(board.columnWidth > col.hidden ? '▒'.repeat(col.hidden) : `▒${col.hidden}`);
      // The top card's label: on the row under the face-down row, or in a large card (where the
      // terminal has room, docs/playing.md, "Screen") on the row under its top edge.
      const large = width >= 100;
      const row = board.top + 1 + (large ? 1 : 0);
      const top = lines[row]
        .slice(x, x + board.columnWidth)
        .replace(/[│]/g, '')
        .trim();
      expect(top).toBe(cardLabel(col.cards[col.cards.length - 1]));
    });
  });

  it('keeps the message, whole, and the key line at the bottom', () => {
    const board = view.board!;
    const message = lines.slice(board.top + board.rows, height - 1).join(' ');
    expect(message).toBe('Pick a column with 1-9 and 0, then where to put its run. ? shows help.');
    expect(lines[height - 1]).toMatch(/d deal/);
    expect(lines[height - 1]).toMatch(/q quit/);
  });
});

describe('long messages', () => {
  const game = newGame('42', RULES);
  const long =
    'Your saved game 20261122T101010-12345-abcd.txt could not be used (line 3: expected a header line); moved to /home/ada/.local/state/spider/games/20261122T101010-12345-abcd.txt.bad-2026-11-22T10-10-10-000Z.';
  it.each([
    [80, 24],
    [50, 15],
  ])('at %ix%i a long message wraps onto lines the tableau gives up', (width, height) => {
    const state = {
      ...initialState(game, THEME, 'woods'),
      message: { text: long, kind: 'error' as const },
    };
    const view = layout(state, width, height);
    const text = view.frame.text().split('\n');
    const below = text.slice(view.board!.top + view.board!.rows, height - 1);
    expect(below.length).toBeGreaterThan(1);
    // Every character is there: a word longer than the line (the path) continues on the next.
    expect(below.join('').replace(/\s/g, '')).toBe(long.replace(/\s/g, ''));
    expect(text[height - 1]).toMatch(/q quit/);
  });

  it('one too long for the smallest terminal ends in …, and shows whole in a larger one', () => {
    const longer = `${long} Resumed your game from yesterday at 10:10: seed 21, 1 move. n starts a new one.`;
    const state = {
      ...initialState(game, THEME, 'woods'),
      message: { text: longer, kind: 'error' as const },
    };
    const message = (width: number, height: number) => {
      const view = layout(state, width, height);
      return view.frame
        .text()
        .split('\n')
        .slice(view.board!.top + view.board!.rows, height - 1);
    };
    const small = message(50, 15);
    expect(small).toHaveLength(Math.floor((15 - 3) / 2));
    expect(small[small.length - 1]).toMatch(/…\s*$/);
    expect(message(80, 24).join('').replace(/\s/g, '')).toBe(longer.replace(/\s/g, ''));
    // In ASCII the mark is ASCII too: a terminal that is not UTF-8 would show … as ?.
    const ascii = layout({ ...state, theme: { ...THEME, ascii: true } }, 50, 15).frame.text();
    expect(ascii).toMatch(/>\s*\n[^\n]*q quit/);
    expect(ascii).not.toMatch(/[^\p{ASCII}]/u);
  });

  it('the hint counter and the w message fit whole at 80x24', () => {
    for (const text of [
      'Hint: move 10♠ from column 6 onto J♥ in column 8: builds in suit, turns a card (3/10, h for the next)',
      'Wrote the game record to spider-1234567890123-20261122-101010.txt; spider play FILE continues it.',
    ]) {
      const state = {
        ...initialState(game, THEME, 'woods'),
        message: { text, kind: 'hint' as const },
      };
      const view = layout(state, 80, 24);
      const below = view.frame
        .text()
        .split('\n')
        .slice(view.board!.top + view.board!.rows, 23);
      expect(below.join(' ')).toBe(text);
    }
  });
});

describe('a terminal below the minimum', () => {
  it.each([
    [MIN_WIDTH - 1, 24],
    [80, MIN_HEIGHT - 1],
    [20, 5],
  ])('at %ix%i says it is too small and what size it needs', (width, height) => {
    const view = layout(stateFor(newGame('1', RULES)), width, height);
    expect(view.board).toBeNull();
    const text = view.frame.text();
    expect(text.toLowerCase()).toContain('too small');
    if (width >= 40) expect(text).toContain(`${MIN_WIDTH}x${MIN_HEIGHT}`);
  });

  it('wraps the size it needs rather than cut it, down to 30 columns', () => {
    const text = layout(stateFor(newGame('1', RULES)), 30, 10).frame.text();
    expect(text.replace(/\s+/g, ' ')).toContain(
      `30x10: Spider needs at least ${MIN_WIDTH}x${MIN_HEIGHT}.`,
    );
  });

  it('at 0x0 draws nothing and does not fail', () => {
    expect(layout(stateFor(newGame('1', RULES)), 0, 0).frame.text()).toBe('');
  });
});

describe('columns that do not fit', () => {
  // Every card in one column: runs of all four suits, then a long alternating stretch on top.
  const runs = ['s', 'h', 'd', 'c', 's', 'h'].map(suitRun).join(' ');
  const alternating = Array.from(
    { length: 13 },
    (_, i) => `${'KQJT98765432A'[i]}${i % 2 ? 'h' : 's'}`,
  ).join(' ');
  const tail = 'Ks Qh Js Th 9s 8h 7s 6h 5s 4h 3s 2h As Kd Qd Jd Td 9d 8d';
  const pathological = position({ columns: [`${runs} ${alternating} ${tail}`] });

  it.each([
    [80, 24],
    [60, 16],
    [MIN_WIDTH, MIN_HEIGHT],
  ])('still fit at %ix%i, with the top card and the movable run head visible', (width, height) => {
    const state = stateFor(gameAt(pathological));
    const view = layout(state, width, height);
    const board = view.board!;
    const rows = board.columns[0];
    expect(rows.length).toBeLessThanOrEqual(board.rows);
    const cards = pathological.columns[0].cards;
    const shown = rows.flatMap((r) => (r.kind === 'card' ? [r.index] : []));
    expect(shown).toContain(cards.length - 1); // the top card 8♦
    expect(shown).toContain(cards.length - 6); // K♦, head of the movable run K♦..8♦
    expect(rows[0].kind).toBe('more'); // the deepest cards give way to a marker
    const lines = view.frame.text().split('\n');
    expect(lines[board.top + rows.length - 1]).toContain('8♦');
    expect(lines.length).toBe(height);
  });

  it('fold a long same-suit run to its head and last card before dropping anything', () => {
    const col = column('5c 7h | Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2h 9c 8c');
    const rows = columnView(col, 8);
    expect(rows).toEqual([
      { kind: 'down', count: 2 },
      { kind: 'card', index: 2, folded: 0 }, // K♠
      { kind: 'card', index: 12, folded: 9 }, // 3♠, with Q♠..4♠ folded
      { kind: 'card', index: 13, folded: 0 }, // 2♥
      { kind: 'card', index: 14, folded: 0 }, // 9♣
      { kind: 'card', index: 15, folded: 0 }, // 8♣
    ]);
  });

  it('are shown whole when they fit', () => {
    const col = column('5c | Ks Qs Js');
    expect(columnView(col, 10)).toEqual([
      { kind: 'down', count: 1 },
      { kind: 'card', index: 1, folded: 0 },
      { kind: 'card', index: 2, folded: 0 },
      { kind: 'card', index: 3, folded: 0 },
    ]);
  });

  it('draw the fold marker and both ends of a folded run', () => {
    const p = position({ columns: ['5c 7h | Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2h 9c 8c'] });
    const view = layout(stateFor(gameAt(p)), 60, 16);
    const text = view.frame.text();
    expect(text).toContain('K♠');
    expect(text).toContain('┊ 3♠');
    expect(text).not.toContain('7♠');
  });
});

describe('card size (docs/playing.md, "Screen")', () => {
  const game = newGame('42', RULES);
  const drawn = (cards: 'auto' | 'small' | 'large' | undefined, width: number, height: number) =>
    layout(stateFor(game, { theme: { ...THEME, cards } }), width, height);
  const isLarge = (view: ReturnType<typeof layout>) => view.frame.text().includes('╭');

  it('left to the game, large cards where the terminal has room, the compact face elsewhere', () => {
    expect(isLarge(drawn(undefined, 120, 40))).toBe(true);
    expect(isLarge(drawn('auto', 100, 32))).toBe(true);
    expect(isLarge(drawn('auto', 99, 40))).toBe(false);
    expect(isLarge(drawn('auto', 120, 31))).toBe(false);
    expect(isLarge(drawn('auto', 80, 24))).toBe(false);
  });

  it('a long message folds large cards, and leaves them large', () => {
    const text = 'A long message. '.repeat(30);
    const view = layout(stateFor(game, { theme: THEME, message: { text, kind: 'info' } }), 100, 32);
    expect(isLarge(view)).toBe(true);
    expect(view.board!.rows).toBeLessThan(28);
    for (const column of view.board!.columns)
      expect(column.length).toBeLessThanOrEqual(view.board!.rows);
  });

  it('small is always compact; large wherever a large card can be drawn at all', () => {
    expect(isLarge(drawn('small', 120, 40))).toBe(false);
    expect(isLarge(drawn('large', 80, 24))).toBe(true);
    expect(isLarge(drawn('large', 79, 24))).toBe(false);
    expect(isLarge(drawn('large', 80, 19))).toBe(false);
    expect(isLarge(drawn('large', MIN_WIDTH, MIN_HEIGHT))).toBe(false);
  });

  it('a large card shows its corner, the top one whole: edge, corner, suit, corner, foot', () => {
    const view = drawn('large', 120, 40);
    const board = view.board!;
    const lines = view.frame.text().split('\n');
    // Column 8 of seed 42 at the deal: four face-down cards, then the J♥.
    const x = board.left + 7 * board.columnWidth;
    const cell = (r: number) => lines[board.top + r].slice(x, x + board.columnWidth).trimEnd();
    expect([0, 1, 2, 3, 4, 5].map(cell)).toEqual([
      ' ▒▒▒▒',
      ' ╭───────╮',
      ' │ J♥    │',
      ' │   ♥   │',
      ' │    J♥ │',
      ' ╰───────╯',
    ]);
    expect(lines[1].slice(x, x + board.columnWidth).trim()).toBe('8');
  });

  it('a click anywhere on a large card is that card', () => {
    const p = position({ columns: ['5c | 9h 8d', 'Ks Qs Js'] });
    const view = layout(stateFor(gameAt(p), { theme: { ...THEME, cards: 'large' } }), 120, 40);
    const board = view.board!;
    const x = board.left + board.columnWidth + 3;
    const at = (r: number) => hitTest(board, x, board.top + r);
    // The face-down row (none here), then K♠'s edge and corner, Q♠'s, then J♠ whole.
    expect(at(0)).toEqual({ kind: 'column', column: 1, index: null });
    expect([1, 2].map(at)).toEqual([0, 0].map((index) => ({ kind: 'column', column: 1, index })));
    expect([3, 4].map(at)).toEqual([1, 1].map((index) => ({ kind: 'column', column: 1, index })));
    for (const r of [5, 6, 7, 8, 9]) expect(at(r)).toEqual({ kind: 'column', column: 1, index: 2 });
    expect(at(10)).toEqual({ kind: 'column', column: 1, index: null });
    // The cards picked up are highlighted whole.
    const picked = layout(
      stateFor(gameAt(p), {
        theme: { ...THEME, cards: 'large' },
        selection: { column: 1, count: 2, explicit: false },
      }),
      120,
      40,
    );
    const lit = [1, 3, 5, 9].map((r) => picked.frame.at(x, board.top + r).highlight);
    expect(lit).toEqual([false, true, true, true]);
  });

  it('a long column of large cards folds its runs to fit, the top card whole', () => {
    const runs = ['s', 'h', 'd'].map(suitRun).join(' ');
    const p = position({ columns: [`4c 5c | ${runs} Kc Qh Jc`] });
    const view = layout(stateFor(gameAt(p), { theme: { ...THEME, cards: 'large' } }), 120, 40);
    const board = view.board!;
    const rows = board.columns[0];
    expect(rows.length).toBeLessThanOrEqual(board.rows);
    expect(rows.some((r) => r.kind === 'card' && r.folded > 0)).toBe(true);
    const text = view.frame.text();
    expect(text).toContain('┊│ A♠'); // the fold, beside the last card of the run
    expect(text).toMatch(/│ +J♣ │/);
    expect(text).toContain('╰───────╯');
  });

  it('in ASCII, large cards are drawn in ASCII', () => {
    const ascii = layout(
      stateFor(game, { theme: { ...THEME, ascii: true, cards: 'large' } }),
      120,
      40,
    );
    const text = ascii.frame.text();
    expect(text).not.toMatch(/[^\p{ASCII}]/u);
    expect(text).toContain('+-------+');
    expect(text).toContain('| Jh    |');
  });
});

describe('rows line up across the columns', () => {
  it.each([
    [80, 24],
    [MIN_WIDTH, MIN_HEIGHT],
  ])('at %ix%i a column with no face-down card starts its cards on the same row', (w, h) => {
    const p = position({ columns: ['5c 7h | 9h 8d', 'Ks Qs', '', '3d | 2d'] });
    const view = layout(stateFor(gameAt(p)), w, h);
    const board = view.board!;
    const lines = view.frame.text().split('\n');
    const at = (c: number, r: number) =>
      lines[board.top + r]
        .slice(board.left + c * board.columnWidth, (c + 1) * board.columnWidth + board.left)
        .trim();
    expect([0, 1, 2, 3].map((c) => at(c, 0))).toEqual(['▒▒', '', '', '▒']);
    expect([0, 1, 2, 3].map((c) => at(c, 1))).toEqual(['9♥', 'K♠', '╶╴', '2♦']);
    expect(at(1, 2)).toBe('Q♠');
  });

  it('and with no face-down card left anywhere, the cards start on the first row', () => {
    const p = position({ columns: ['9h 8d', 'Ks Qs'] });
    const board = layout(stateFor(gameAt(p)), 80, 24).board!;
    expect(board.columns[0][0]).toEqual({ kind: 'card', index: 0, folded: 0 });
    expect(board.columns[1][0]).toEqual({ kind: 'card', index: 0, folded: 0 });
  });

  it('at 50x15 a long run in a column with no face-down card still folds to fit', () => {
    const p = position({
      columns: [`${suitRun('s')} Kh Qh Jh Th 9h 8h`, '5c 7h | 9h'],
    });
    const view = layout(stateFor(gameAt(p)), MIN_WIDTH, MIN_HEIGHT);
    const board = view.board!;
    const rows = board.columns[0];
    expect(rows[0]).toEqual({ kind: 'gap' });
    expect(rows.length).toBeLessThanOrEqual(board.rows);
    expect(rows.some((r) => r.kind === 'card' && r.folded > 0)).toBe(true);
    expect(rows[rows.length - 1]).toEqual({ kind: 'card', index: 18, folded: 0 });
    expect(view.frame.text()).toContain('8♥');
  });
});

describe('selection, focus and hit testing', () => {
  const p = position({ columns: ['5c | 9h 8d', '', 'Ks Qs Js', '4h'] });

  it('highlights exactly the selected cards', () => {
    const state = stateFor(gameAt(p), { selection: { column: 2, count: 2, explicit: true } });
    const view = layout(state, 80, 24);
    const board = view.board!;
    const x = board.left + 2 * board.columnWidth + 2;
    // Column 3 has no face-down card: its cards start under the face-down row of column 1.
    const highlighted = [1, 2, 3].map((r) => view.frame.at(x, board.top + r).highlight);
    expect(highlighted).toEqual([false, true, true]);
    expect(view.frame.line(22)).toMatch(/Column 3: 2 cards from Q♠\. Where to/);
  });

  it('fits the longest prompt for part of a run on one line at 80 columns', () => {
    const run = 'Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h';
    const tall = position({ columns: [...Array(9).fill('5c'), `7h | 2s ${run}`] });
    const twelve = { selection: { column: 9, count: 12, explicit: true } };
    const view = layout(stateFor(gameAt(tall), twelve), 80, 24);
    expect(view.frame.line(22).trimEnd()).toBe(
      'Column 10: 12 cards from K♥. Where to? 1-0 (10 again: best place), Esc cancels',
    );
  });

  it('names the card that leads part of a run picked up, which a fold may hide', () => {
    const p = position({ columns: ['5c 7h | 9c Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s'] });
    const picked = { selection: { column: 0, count: 8, explicit: true } };
    const text = layout(stateFor(gameAt(p), picked), 80, 16).frame.text();
    const board = text.slice(0, text.indexOf('Column 1:'));
    expect(board).toContain('┊ 2♠'); // the run is folded: its 9♠ is not on the board
    expect(board).not.toContain('9♠');
    expect(text).toContain(
      'Column 1: 8 cards from 9♠. Where to? 1-0 (1 again: best place), Esc cancels',
    );
    const one = { selection: { column: 0, count: 1, explicit: true } };
    expect(layout(stateFor(gameAt(p), one), 80, 16).frame.text()).toContain(
      'Column 1: 2♠ picked up. Where to?',
    );
    // The whole run, as a column key picks it up, needs no name: its head is on screen.
    const whole = { selection: { column: 0, count: 12, explicit: false } };
    expect(layout(stateFor(gameAt(p), whole), 80, 16).frame.text()).toContain(
      'Column 1: 12 cards picked up. Where to? 1-0 (1 again: best place)',
    );
  });

  it('highlights the cards of the hint on the message line: the run it moves and their place', () => {
    const q = position({ columns: ['5c | 9h 8d', '', 'Ks Qs Js', '4h', 'Kh'] });
    const hints = {
      list: [{ action: move(2, 4, 2), score: 1, why: { kind: 'turns-card' as const } }],
      fair: null,
      shown: 0,
    };
    const message = {
      text: 'Hint: move Q♠..J♠ from column 3 onto K♥ in column 5',
      kind: 'hint' as const,
    };
    const lit = (state: UiState, column: number, rows: number) => {
      const view = layout(state, 80, 24);
      const board = view.board!;
      const x = board.left + column * board.columnWidth + 2;
      // From the first row of face-up cards, under the face-down row.
      return Array.from({ length: rows }, (_, r) => view.frame.at(x, board.top + 1 + r).highlight);
    };
    const hinted = stateFor(gameAt(q), { hints, message });
    expect(lit(hinted, 2, 3)).toEqual([false, true, true]);
    expect(lit(hinted, 4, 1)).toEqual([true]);
    expect(lit(hinted, 0, 3)).toEqual([false, false, false]);
    // The fair player's choice, once it answered, is the hint shown first.
    const fair = {
      action: move(3, 1, 1),
      plan: [move(3, 1, 1)],
      goal: 'arrange' as const,
      chance: null,
      worlds: 1,
      positions: 1,
      ms: 1,
      cut: false,
    };
    const answered = stateFor(gameAt(q), { hints: { ...hints, fair }, message });
    expect(lit(answered, 3, 1)).toEqual([true]);
    expect(lit(answered, 2, 3)).toEqual([false, false, false]);
    // Once another message takes the line, or cards are picked up, the hint is no longer pointed at.
    expect(lit({ ...hinted, message: null }, 2, 3)).toEqual([false, false, false]);
    const picking = { ...hinted, selection: { column: 0, count: 1, explicit: false } };
    expect(lit(picking, 2, 3)).toEqual([false, false, false]);
    expect(lit(picking, 0, 3)).toEqual([false, true, false]);
  });

  it('maps a click to the column and the card under it', () => {
    const view = layout(stateFor(gameAt(p)), 80, 24);
    const board = view.board!;
    const x = board.left + board.columnWidth * 2 + 2;
    expect(hitTest(board, x, board.top + 1)).toEqual({ kind: 'column', column: 2, index: 0 });
    expect(hitTest(board, x, board.top + 2)).toEqual({ kind: 'column', column: 2, index: 1 });
    // The face-down row of a column with none: the column, no card.
    expect(hitTest(board, x, board.top)).toEqual({ kind: 'column', column: 2, index: null });
    expect(hitTest(board, x, board.top + 10)).toEqual({ kind: 'column', column: 2, index: null });
    expect(hitTest(board, board.left + 1, board.top)).toEqual({
      kind: 'column',
      column: 0,
      index: null,
    }); // face-down row
    expect(hitTest(board, board.left + board.columnWidth + 1, 1)).toEqual({
      kind: 'column',
      column: 1,
      index: null,
    });
    expect(hitTest(board, 0, 23)).toBeNull();
  });

  it('makes the deals counter clickable', () => {
    const view = layout(stateFor(newGame('3', RULES)), 80, 24);
    const stock = view.board!.stock!;
    expect(view.frame.line(0).slice(stock.x, stock.x + stock.width)).toBe('deals 5');
    expect(hitTest(view.board!, stock.x + 1, 0)).toEqual({ kind: 'stock' });
  });

  it('uses letters for suits and ASCII markers in ASCII mode', () => {
    const state = { ...stateFor(newGame('42', RULES)), theme: { ...THEME, ascii: true } };
    const text = layout(state, 80, 24).frame.text();
    expect(text).not.toMatch(/[♠♥♦♣▒]/);
    expect(text).toContain('#####');
  });

  it('keeps the names of the figures before the rules when the seed is long', () => {
    const game = newGame('10349797501093', { ...RULES, suits: 1 });
    const line = (width: number) => layout(stateFor(game), width, 24).frame.text().split('\n')[0];
    expect(line(64)).toMatch(/^seed 10349797501093 {2}1s r0 +Woods score 0 {2}moves 0 {2}deals 5$/);
    expect(line(50)).toMatch(/^seed 10349797501093 +score 0 {2}moves 0 {2}deals 5$/);
    const longer = newGame('1034979750109312345678', { ...RULES, suits: 1 });
    expect(layout(stateFor(longer), 50, 24).frame.text().split('\n')[0]).toMatch(
      /^seed 1034979750109312345678 +score 0 {2}m0 {2}d5$/,
    );
  });

  it('cuts a seed too long for the status line with a mark, ASCII in ASCII mode', () => {
    const state = stateFor(newGame('x'.repeat(60), RULES));
    expect(layout(state, 50, 15).frame.line(0)).toMatch(/^seed x+… /);
    const ascii = { ...state, theme: { ...THEME, ascii: true } };
    expect(layout(ascii, 50, 15).frame.line(0)).toMatch(/^seed x+> /);
  });
});

describe('panels', () => {
  const game = newGame('42', RULES);

  it('a resize keeps the help on the page being read', () => {
    const help = (at: HelpAt, width: number, height: number) =>
      layout(stateFor(game, { overlay: { kind: 'help', ...at } }), width, height);
    // At the smallest size the keys take several screens; ? turns through them, then the rules.
    let at: HelpAt = { page: 0, screen: 0 };
    const small: string[] = [];
    while (small.length < 10) {
      const view = help(at, MIN_WIDTH, MIN_HEIGHT);
      small.push(view.frame.text());
      if (at.page === 1) break;
      at = view.helpNext!;
    }
    expect(small.length).toBeGreaterThan(2);
    expect(small[small.length - 1]).toContain('Rules');
    // The rules' first screen at 80x24 is the rules, not a screen of the keys.
    const large = help(at, 80, 24);
    expect(large.frame.text()).toContain('Rules');
    expect(large.frame.text()).not.toContain('remove a full suit');
    // The keys' third screen, where the keys take one screen: that one, and ? goes on to the rules.
    const keys = help({ page: 0, screen: 2 }, 80, 24);
    expect(keys.frame.text()).toMatch(/1\/\d+: \? next/);
    expect(keys.helpNext).toEqual({ page: 1, screen: 0 });
  });

  it.each([
    [80, 24],
    [MIN_WIDTH, MIN_HEIGHT],
  ])('at %ix%i, b turns the help back through the screens ? turned on, in reverse', (w, h) => {
    const view = (at: HelpAt) => layout(stateFor(game, { overlay: { kind: 'help', ...at } }), w, h);
    const forward: HelpAt[] = [{ page: 0, screen: 0 }];
    while (forward.length < 30) {
      const next = view(forward[forward.length - 1]).helpNext!;
      if (next.page === 0 && next.screen === 0) break;
      forward.push(next);
    }
    expect(forward.length).toBeGreaterThan(1);
    // Back from the first screen is the last; from each other, the one before it.
    let at = view(forward[0]).helpPrev!;
    for (let i = forward.length - 1; i >= 0; i--) {
      expect(at).toEqual(forward[i]);
      at = view(at).helpPrev!;
    }
    expect(view(forward[0]).frame.text()).toMatch(/\? next, b back/);
  });

  it('the help panel shows the keys and the seed, and fits at 60x16', () => {
    const view = layout(stateFor(game, { overlay: { kind: 'help', page: 0, screen: 0 } }), 60, 16);
    const text = view.frame.text();
    expect(text).toContain('Spider help');
    expect(text).toMatch(/deal/);
    expect(text).toContain('Seed 42');
  });

  it.each([
    [80, 24],
    [MIN_WIDTH, MIN_HEIGHT],
  ])('at %ix%i, paging through the help shows every word of it', (width, height) => {
    const seen: string[] = [];
    let at: HelpAt = { page: 0, screen: 0 };
    for (let turn = 0; turn < 20; turn++) {
      const view = layout(stateFor(game, { overlay: { kind: 'help', ...at } }), width, height);
      const text = view.frame.text();
      expect(text.split('\n').every((line) => Array.from(line).length <= width)).toBe(true);
      seen.push(text);
      at = view.helpNext!;
    }
    const shown = new Set(seen.join(' ').split(/[\s│|]+/));
    const words = HELP_PAGES.flatMap((page) => helpLines(page, 1_000))
      .join(' ')
      .split(/\s+/)
      .filter(Boolean);
    expect(words.filter((word) => !shown.has(word))).toEqual([]);
  });

  it.each([
    [80, 24],
    [MIN_WIDTH, MIN_HEIGHT],
  ])('at %ix%i, the help leaves no piece of the message round its edges', (width, height) => {
    const message = { text: 'z does nothing here; ? shows the keys.', kind: 'info' as const };
    for (const page of [0, 1]) {
      const text = layout(
        stateFor(game, { message, overlay: { kind: 'help', page, screen: 0 } }),
        width,
        height,
      ).frame.text();
      const rows = text.split('\n');
      // The message row: what is left of it outside the panel is blank, not 'z do'.
      expect(rows[height - 2].replace(/[─└┘+\-|│ ]/g, '')).toBe('');
    }
    // Closed, the message shows again, whole.
    expect(layout(stateFor(game, { message }), width, height).frame.text()).toContain(
      'z does nothing here',
    );
  });

  it('the statistics panel shows the line of these rules, the others counted, and a note', () => {
    const line = {
      rules: RULES,
      daily: false,
      played: 4,
      won: 2,
      lost: 1,
      abandoned: 0,
      winRate: 2 / 4,
      currentStreak: 0,
      bestStreak: 2,
      bestScore: { woods: 1040, microsoft: 900, aisleriot: 96 },
      fewestMoves: 130,
      fastestWinMs: 372_000,
      wonWithoutPeeks: 1,
      wonWithHelp: 1,
      timePlayedMs: 3 * 3_600_000 + 25_000,
      winTimeMs: 800_000,
      timedWins: 2,
    };
    const stats = {
      rules: RULES,
      daily: false,
      read: true,
      line,
      others: 1234,
      note: '1 damaged line of the history skipped.',
    };
    const text = layout(
      stateFor(newGame('7', RULES), { overlay: { kind: 'stats', stats, back: null } }),
      80,
      24,
    ).frame.text();
    for (const shown of [
      '4 suits, relaxed 0',
      'Played 4: won 2 (50%)',
      'Lost 1, abandoned 0',
      'Streak 0, best 2',
      'Best woods score 1,040',
      'Fewest moves 130',
      'Fastest win 6:12',
      'Won without peeks 1',
      'Won with help 1 (not counted)',
      'Average win 6:40',
      'Time played 3:00:25',
      '1,234 more under other rules.',
      '1 damaged line of the history skipped.',
    ])
      expect(text).toContain(shown);
    // At the smallest size, every line stays inside the panel, and its footer shows.
    const small = layout(
      stateFor(newGame('7', RULES), {
        overlay: { kind: 'stats', stats: { ...stats, daily: true }, back: null },
      }),
      MIN_WIDTH,
      MIN_HEIGHT,
    ).frame.text();
    const rows = small.split('\n');
    const top = rows.findIndex((row) => row.includes('Statistics'));
    const bottom = rows.findIndex((row, i) => i > top && row.includes('└'));
    expect(bottom).toBeLessThan(MIN_HEIGHT - 1);
    expect(rows[bottom - 1]).toContain('any key closes');
    for (const row of rows.slice(top + 1, bottom)) expect(row).toMatch(/│.*│/);
    expect(small).toContain('Played 4: won 2 (50%)');
    // A history not kept says so, and nothing of games it cannot know of.
    const guest = layout(
      stateFor(newGame('7', RULES), {
        overlay: {
          kind: 'stats',
          stats: { ...stats, read: false, line: null, others: 0, note: 'Not kept: as a guest.' },
          back: null,
        },
      }),
      80,
      24,
    ).frame.text();
    expect(guest).toContain('Not kept: as a guest.');
    expect(guest).not.toContain('No game of these rules');
    // One blank line between the rules and the note, as between any two parts.
    const inside = guest.split('\n').map((row) => row.replace(/^.*?│ ?|│.*$/g, '').trim());
    const title = inside.findIndex((row) => row.startsWith('4 suits'));
    expect(inside.slice(title, title + 4)).toEqual([
      '4 suits, relaxed 0, suits removed at',
      'once',
      '',
      'Not kept: as a guest.',
    ]);
    const none = layout(
      stateFor(newGame('7', RULES), {
        overlay: {
          kind: 'stats',
          stats: { ...stats, line: null, others: 0, note: null },
          back: null,
        },
      }),
      80,
      24,
    ).frame.text();
    expect(none).toContain('No game of these rules finished yet.');
  });

  it('the win panel says the time played, and a win with help says so, whole at the smallest size', () => {
    const won = gameAt(position({ columns: [], foundations: 'shdcshdc' }));
    const panel = (game: Game, width: number, height: number) =>
      layout(
        stateFor({ ...game, kept: 123 }, { overlay: { kind: 'won' }, playedMs: 3_725_000 }),
        width,
        height,
      ).frame.text();
    const own = panel(won, 80, 24);
    expect(own).toContain('─ Won ─');
    expect(own).toContain('You won in 123 moves!');
    expect(own).toContain('time played 1:02:05');
    for (const [width, height] of [
      [80, 24],
      [MIN_WIDTH, MIN_HEIGHT],
    ]) {
      const helped = panel(markHelped(won), width, height);
      for (const line of [
        '─ Won with help ─',
        'Won with help in 123 moves:',
        'the demo played; no record.',
        'time played 1:02:05',
        'woods       990  <',
        '< shown on the status line',
        'n new game   u undo   q quit',
      ])
        expect(helped).toContain(line);
      expect(helped).not.toContain('You won');
    }
  });

  it('the expanded column lists every face-up card', () => {
    const p = position({ columns: ['5c | Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2h 9c 8c 7d'] });
    const view = layout(stateFor(gameAt(p), { overlay: { kind: 'expand', column: 0 } }), 60, 16);
    const text = view.frame.text();
    for (const label of ['K♠', 'Q♠', '7♠', '2♥', '7♦']) expect(text).toContain(label);
    expect(text).toContain('Column 1: 15 face up, 1 face down');
  });
});

describe('a deal proven winnable (docs/deals.md, "Winnable deals")', () => {
  const chosen = {
    scheme: 'seed',
    key: '140737488355327',
    origin: { from: { scheme: 'seed', key: '140737488355326' } },
  } as const;

  it.each([
    [120, 'Spider  seed 140737488355327  proven winnable  4 suits, relaxed 0'],
    [80, 'seed 140737488355327  proven winnable  4s r0'],
    [50, 'seed 140737488355327  winnable'],
  ])('at %i columns the status line says so, whole, beside the score', (width, left) => {
    const game = newGame(chosen, RULES);
    const line = layout(stateFor(game), width, 24).frame.text().split('\n')[0];
    expect(Array.from(line).length).toBeLessThanOrEqual(width);
    expect(line.startsWith(left)).toBe(true);
    expect(line).toMatch(/deals 5|d5/);
  });

  it('with a long game at 80 columns, the moves and removed suits still fit', () => {
    const game = newGame(chosen, RULES);
    const state = stateFor({ ...game, kept: 1234 });
    const line = layout(state, 80, 24).frame.text().split('\n')[0];
    expect(line).toMatch(
      /^seed 140737488355327 {2}proven winnable {2}4s r0 .*moves 1234 {2}deals 5$/,
    );
  });

  it('the daily deal is named by its date', () => {
    const daily = { ...chosen, origin: { ...chosen.origin, daily: '2026-11-23' } };
    const line = layout(stateFor(newGame(daily, RULES)), 80, 24)
      .frame.text()
      .split('\n')[0];
    expect(line).toMatch(/^Spider {2}daily 2026-11-23 {2}4 suits, relaxed 0 .* deals 5$/);
    const narrow = layout(stateFor(newGame(daily, RULES)), 50, 24)
      .frame.text()
      .split('\n')[0];
    expect(narrow).toMatch(/^daily 2026-11-23 .* (deals |d)5$/);
  });
});

describe('the key line', () => {
  const keyLine = (changes: Partial<UiState>, width = 80) => {
    const lines = layout(stateFor(newGame('7', RULES), changes), width, 24)
      .frame.text()
      .split('\n');
    return lines[lines.length - 1].trimEnd();
  };

  it("names the play keys in play, and the end panel's keys once the game is over", () => {
    expect(keyLine({})).toBe(
      '1-0 pick/drop  d deal  u undo  r redo  h hint  e expand  ? help  q quit',
    );
    expect(keyLine({ overlay: { kind: 'won' } })).toBe(
      'n new game  u undo  v see the board  w write the record  s statistics  q quit',
    );
    expect(keyLine({ overlay: { kind: 'lost' } })).toBe(
      'u undo  R restart  n new game  g where it went wrong  w write  s stats  q quit',
    );
    expect(keyLine({ overlay: { kind: 'lost' } }, 60)).toBe(
      'u undo  R restart  n new  g where lost  w write  q quit',
    );
    // Once the panel says where it went wrong, g is not offered again.
    const answered = { overlay: { kind: 'lost', wrong: 'You could still have won.' } } as const;
    expect(keyLine(answered)).toBe(
      'u undo  R restart  n new game  w write the record  s statistics  q quit',
    );
    expect(keyLine(answered, 60)).toBe('u undo  R restart  n new  w write  s stats  q quit');
  });

  it('with the end panel closed, names v first, which brings it back, at every width', () => {
    for (const kind of ['won', 'lost'] as const) {
      for (const width of [80, 60, MIN_WIDTH]) {
        const line = keyLine({ overlay: { kind, closed: true } }, width);
        expect(line).toMatch(/^v (shows the )?panel /);
        expect(line).toMatch(/q quit$/);
      }
    }
  });

  it('in a keep-suits game, names x at every width, giving up the expand key first', () => {
    const keep = (width: number) => {
      const lines = layout(stateFor(newGame('7', { ...RULES, keepSuits: true })), width, 24)
        .frame.text()
        .split('\n');
      return lines[lines.length - 1].trimEnd();
    };
    expect(keep(80)).toBe(
      '1-0 move  d deal  u undo  r redo  h hint  e expand  x remove  ? help  q quit',
    );
    expect(keep(70)).toBe('1-0 move  d deal  u undo  r redo  h hint  x remove  ? help  q quit');
    expect(keep(60)).toBe('1-0 move d deal u undo h hint x remove ? help q quit');
    expect(keep(50)).toBe('1-0 move d deal u undo h hint x suit ? help q quit');
  });

  it('under the statistics, says that any key closes them: the keys of play do nothing there', () => {
    const stats = { rules: RULES, daily: false, read: true, line: null, others: 0, note: null };
    for (const back of [{ kind: 'won' } as const, { kind: 'lost' } as const, null])
      expect(keyLine({ overlay: { kind: 'stats', stats, back } })).toBe(
        'any key closes the statistics',
      );
  });

  it('while g looks back from the lost panel, does not ask to play on', () => {
    const game = newGame('7', RULES);
    const text = layout(
      stateFor(game, {
        status: 'lost',
        overlay: { kind: 'lost' },
        solver: { kind: 'where', position: game.position },
      }),
      80,
      24,
    ).frame.text();
    expect(text).toContain('Where did it go wrong? The solver looks back over the game.\n');
    expect(text).not.toContain('play on');
  });
});

describe('the end panels', () => {
  const p = position({
    columns: [
      '4c | 9h 3s',
      '4h',
      'Kd',
      'Kc',
      'Kc Qh Jc Th 9c 8h 7c 6h 5c',
      'Kc',
      'Kc',
      'Kc',
      'Kc',
      'Kc',
    ],
  });
  it.each([
    [80, 24],
    [MIN_WIDTH, MIN_HEIGHT],
  ])('at %ix%i the lost panel names v, and closed shows every column whole', (w, h) => {
    const open = layout(stateFor(gameAt(p), { overlay: { kind: 'lost' } }), w, h).frame.text();
    expect(open).toContain('No progress is possible');
    expect(open).toContain('v hides this panel (v shows it)');
    expect(open).not.toContain('8♥'); // column 5, under the panel
    const closed = layout(
      stateFor(gameAt(p), { overlay: { kind: 'lost', closed: true } }),
      w,
      h,
    ).frame.text();
    expect(closed).not.toContain('No progress is possible');
    expect(closed).toContain('8♥');
  });
});

describe('a panel over the board', () => {
  it('hides the part of a card its edge cuts, which would read as another card', () => {
    // Seed 8 after its five deals: the lost panel's right edge falls on the 1 of a 10♣.
    let game = newGame('8', RULES);
    for (let deal = 0; deal < 5; deal++) {
      const dealt = play(game, DEAL);
      if (!dealt.ok) throw new Error('the deal was refused');
      game = dealt.game;
    }
    const text = layout(stateFor(game, { overlay: { kind: 'lost' } }), 80, 24).frame.text();
    for (const line of text.split('\n')) {
      // A 10 cut in two: its 0 right of the right edge, or its 1 left of the left edge.
      expect(line).not.toMatch(/[│┐┘]0[♠♥♦♣]/);
      expect(line).not.toMatch(/1[│┌└]/);
    }
    expect(text).toContain('Lost');
  });
});
