import { type Game, newGame, type Rules } from '../../src/engine';
import { textWidth } from '../../src/notation';
import { initialState } from '../../src/ui/controller';
import { layout, MIN_HEIGHT, MIN_WIDTH } from '../../src/ui/layout';
import type { UiState } from '../../src/ui/state';
import { STATUS_FORMS, statusText } from '../../src/ui/status-line';
import { gameAt, position } from '../helpers/build';

const THEME = { ascii: false, color: true, fourColor: false };
const HOURS = 99 * 3_600_000 + 59 * 60_000 + 59_000;

function stateFor(game: Game, changes: Partial<UiState> = {}): UiState {
  return { ...initialState(game, THEME, 'woods'), playedMs: HOURS, ...changes };
}

/**
 * Late in a long game: a 20-digit seed proven winnable, the rules with the longest name, seven
 * suits removed, 99,999 moves, no deal left, the clock at 99:59:59.
 */
function worst(): UiState {
  const rules: Rules = { suits: 4, relaxed: 3, keepSuits: true };
  const start = position({ columns: ['Ks Qs'], foundations: 'shdcshd' });
  const game = gameAt(start, '14073748835532712345');
  const deal = {
    ...game.deal,
    origin: { from: { scheme: 'seed' as const, key: '1' } },
  };
  return stateFor({ ...game, deal, rules, kept: 99_999 });
}

const top = (state: UiState, width: number) => layout(state, width, 24).frame.line(0);

describe('the status line (docs/playing.md, "The status line")', () => {
  it('each form is no wider than the one before it, late in a game and at its start', () => {
    for (const state of [
      worst(),
      stateFor(newGame('7', { suits: 1, relaxed: 0, keepSuits: false })),
    ]) {
      const widths = STATUS_FORMS.map((form) => {
        const { left, right } = statusText(state, form);
        return textWidth(left) + 2 + textWidth(right);
      });
      for (let i = 1; i < widths.length; i++) expect(widths[i]).toBeLessThanOrEqual(widths[i - 1]);
    }
  });

  it.each([
    [
      120,
      'seed 14073748835532712345  proven winnable  4s r3 k',
      'Woods score 942  moves 99999  deals 0  done ♠♥♦♣♠♥♦  time 99:59:59',
    ],
    [80, 'seed 14073748835532712345  winnable', 'score 942  m99999  d0  ♠♥♦♣♠♥♦  99:59:59'],
    // The clock gives way, then the word score; the seed is whole, a space from the figures.
    [MIN_WIDTH, 'seed 14073748835532712345', '942  m99999  d0  ♠♥♦♣♠♥♦'],
  ])('at %i columns late in a long game, nothing overflows or meets', (width, left, right) => {
    const line = top(worst(), width);
    expect(textWidth(line)).toBe(width);
    expect(line.startsWith(left)).toBe(true);
    expect(line.endsWith(right)).toBe(true);
    // At least a space between the two sides.
    expect(line.slice(left.length, line.length - right.length)).toMatch(/^ +$/);
  });

  it('names the score in full where there is room, and says "score" where there is less', () => {
    const state = stateFor(newGame('42', { suits: 4, relaxed: 0, keepSuits: false }));
    expect(top(state, 120)).toMatch(
      /^Spider {2}seed 42 {2}4 suits, relaxed 0 +Woods score 0 {2}moves 0 {2}deals 5 {2}time 99:59:59$/,
    );
    expect(top({ ...state, scoring: 'microsoft' }, 80)).toContain('Microsoft score 500');
    expect(top(state, MIN_WIDTH)).toMatch(/^seed 42 +score 0 {2}moves 0 {2}deals 5 {2}99:59:59$/);
  });

  it('at the smallest size, a seed too long for the line is cut with a mark before the figures', () => {
    const state = worst();
    const long = {
      ...state,
      game: { ...state.game, deal: { scheme: 'seed' as const, key: '9'.repeat(100) } },
    };
    const line = top(long, MIN_WIDTH);
    expect(line).toMatch(/^seed 9+… 942 {2}m99999 {2}d0 {2}♠♥♦♣♠♥♦$/);
    expect(textWidth(line)).toBe(MIN_WIDTH);
  });

  it('shows the clock only while it is on, and only where a clock is kept', () => {
    const state = stateFor(newGame('42', { suits: 4, relaxed: 0, keepSuits: false }));
    expect(top({ ...state, playedMs: 61_500 }, 80)).toMatch(/deals 5 {2}time 1:01$/);
    expect(top({ ...state, clockShown: false }, 80)).toMatch(/deals 5$/);
    expect(top({ ...state, playedMs: null }, 80)).toMatch(/deals 5$/);
  });

  it.each([120, 80, 64, MIN_WIDTH])('at %i columns the deals piece is where a click deals', (w) => {
    for (const state of [
      worst(),
      stateFor(newGame('3', { suits: 2, relaxed: 0, keepSuits: false })),
    ]) {
      const view = layout(state, w, MIN_HEIGHT);
      const stock = view.board!.stock!;
      expect(view.frame.line(0).slice(stock.x, stock.x + stock.width)).toMatch(/^(deals |d)\d$/);
    }
  });
});
