/**
 * Card size in a real terminal (docs/playing.md, "Screen"): where the terminal has room, large
 * cards, played with the keys and the mouse as the compact ones; the compact face where it has
 * not, and back to large cards when the window grows.
 */
import { newGame, play } from '../../src/engine';
import { initialState } from '../../src/ui/controller';
import { layout } from '../../src/ui/layout';
import { boardOf, startSpider } from './spider';

jest.setTimeout(30_000);

const RULES = { suits: 4, relaxed: 0, keepSuits: false } as const;
const THEME = { ascii: false, color: true, fourColor: false };

/** The board of seed 42 at this size, as the layout draws it: after 8-5 when `moved`. */
function expected(width: number, height: number, moved = false) {
  let game = newGame('42', RULES);
  if (moved) {
    const outcome = play(game, { kind: 'move', from: 7, to: 4 });
    if (!outcome.ok) throw new Error('test setup: 8-5 is illegal');
    game = outcome.game;
  }
  return layout(initialState(game, THEME, 'woods'), width, height);
}

it('at 120x40 the cards are large; a click on the J♥ and one on column 5 move it there', () => {
  const session = startSpider(['--seed', '42'], { width: 120, height: 40 });
  const screen = session.waitFor('q quit');
  expect(screen).toContain('╭───────╮');
  expect(screen).toContain('│ J♥    │');
  expect(boardOf(screen)).toBe(boardOf(expected(120, 40).frame.text()));
  // Column 8's J♥: its top edge is under the face-down row; a click there is the card.
  const board = expected(120, 40).board!;
  const first = board.columns[7].findIndex((row) => row.kind === 'card');
  const x = (column: number) => board.left + column * board.columnWidth + 4;
  session.click(x(7), board.top + first);
  session.waitFor('Column 8: J♥ picked up');
  // Anywhere on column 5: the foot of its Q♥.
  session.click(x(4), board.top + first + 4);
  const moved = session.waitFor(/moves 1 /);
  expect(boardOf(moved)).toBe(boardOf(expected(120, 40, true).frame.text()));
  // Keys play the large cards as the small: back, and the same move with 8 then 5.
  session.sendKeys('u');
  session.waitFor(/moves 0 /);
  session.sendKeys('8', '5');
  expect(boardOf(session.waitFor(/moves 1 /))).toBe(boardOf(expected(120, 40, true).frame.text()));
  session.sendKeys('q');
  session.waitFor('Quit this game?');
  session.sendKeys('y');
  expect(session.waitForExit()).toBe(0);
});

it('at 80x24 the compact face, large again when the window grows to 120x40', () => {
  const session = startSpider(['--seed', '42']);
  const small = session.waitFor('q quit');
  expect(small).not.toContain('╭');
  expect(boardOf(small)).toBe(boardOf(expected(80, 24).frame.text()));
  session.resize(120, 40);
  const large = session.waitFor('╭───────╮');
  expect(boardOf(large)).toBe(boardOf(expected(120, 40).frame.text()));
  session.sendKeys('q');
  expect(session.waitForExit()).toBe(0);
});
