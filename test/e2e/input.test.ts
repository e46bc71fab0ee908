/**
 * Keys and the mouse in a real terminal: one key press is one command, a drag is one move, and
 * what the player cannot see cannot change the game.
 */
import { newGame, play as playAction } from '../../src/engine';
import { initialState } from '../../src/ui/controller';
import { layout } from '../../src/ui/layout';
import * as fs from 'fs';
import * as path from 'path';
import { boardOf, freshEnv, scratchFolder, SPIDER, startSpider } from './spider';
import { TerminalSession } from './tmux';
import stringWidth from 'string-width';

jest.setTimeout(30_000);

const RULES = { suits: 4, relaxed: 0, keepSuits: false } as const;
const THEME = { ascii: false, color: true, fourColor: false };

/** The board (status line and tableau) of seed 42 after the given moves, as the layout draws it. */
function boardAfter(moves: [from: number, to: number][], width = 80, height = 24): string {
  let game = newGame('42', RULES);
  for (const [from, to] of moves) {
    const outcome = playAction(game, { kind: 'move', from: from - 1, to: to - 1 });
    if (!outcome.ok) throw new Error(`test setup: ${from}-${to} is illegal`);
    game = outcome.game;
  }
  // With the clock as wide as the game's, so that the status line takes the same form.
  const state = { ...initialState(game, THEME, 'woods'), playedMs: 0 };
  return boardOf(layout(state, width, height).frame.text());
}

/** The screen cell of the card `row` rows below the top of the tableau in `column` (1-based). */
function cell(column: number, row: number): { x: number; y: number } {
  const board = layout(initialState(newGame('42', RULES), THEME, 'woods'), 80, 24).board!;
  return { x: board.left + (column - 1) * board.columnWidth + 2, y: board.top + row };
}

// Seed 42 at the deal: column 8 shows J♥ (row 1 below its face-down row), column 5 Q♥,
// column 1 the 2♥, which has no place to go.
const JACK = () => cell(8, 1);
const QUEEN = () => cell(5, 1);

describe('one key press is one command', () => {
  it('Enter picks up at the cursor and does nothing more', () => {
    const session = startSpider(['--seed', '42']);
    session.waitFor('q quit');
    session.sendKeys('Right', 'Right', 'Right', 'Right', 'Right', 'Right', 'Right');
    session.sendKeys('Enter');
    const screen = session.waitFor('Column 8: 1 card picked up');
    expect(screen).toMatch(/moves 0 /);
    session.sendKeys('Left', 'Left', 'Left', 'Enter');
    expect(boardOf(session.waitFor(/moves 1 /))).toBe(boardAfter([[8, 5]]));
  });

  it('Enter answers a question and picks nothing up', () => {
    const session = startSpider(['--seed', '42']);
    session.waitFor('q quit');
    session.sendKeys('8', '5');
    session.waitFor(/moves 1 /);
    session.sendKeys('q');
    session.waitFor('Quit this game?');
    session.sendKeys('Enter');
    const screen = session.waitFor('Carrying on.');
    expect(screen).not.toContain('picked up');
    session.sendKeys('d');
    expect(session.waitFor(/moves 2 .*deals 4/)).not.toContain('picked up');
  });
});

describe('the mouse', () => {
  it('a drag across columns is one move, from where the button went down to where it came up', () => {
    const session = startSpider(['--seed', '42']);
    session.waitFor('q quit');
    const from = JACK();
    const to = QUEEN();
    session.press(from.x, from.y);
    for (const column of [7, 6, 5]) {
      const over = cell(column, 1);
      session.drag(over.x, over.y);
    }
    session.release(to.x, to.y);
    const screen = session.waitFor(/moves 1 /);
    expect(boardOf(screen)).toBe(boardAfter([[8, 5]]));
    // Nothing else happened after the move: no second move, nothing picked up.
    session.sendKeys('d');
    expect(session.waitFor(/moves 2 /)).not.toContain('picked up');
  });

  it('clicking the picked-up card again sends it to its best place', () => {
    const session = startSpider(['--seed', '42']);
    session.waitFor('q quit');
    const jack = JACK();
    session.click(jack.x, jack.y);
    session.waitFor('Column 8: J♥ picked up');
    session.click(jack.x, jack.y);
    expect(boardOf(session.waitFor(/moves 1 /))).toBe(boardAfter([[8, 5]]));
  });

  it('a right-click puts the cards back', () => {
    const session = startSpider(['--seed', '42']);
    session.waitFor('q quit');
    const jack = JACK();
    session.click(jack.x, jack.y);
    session.waitFor('Column 8: J♥ picked up');
    const queen = QUEEN();
    session.click(queen.x, queen.y, { button: 'right' });
    session.waitForGone('picked up');
    session.sendKeys('5');
    expect(session.waitFor('Column 5: 1 card picked up')).toMatch(/moves 0 /);
  });

  it('a click outside the board puts the cards back', () => {
    const session = startSpider(['--seed', '42']);
    session.waitFor('q quit');
    const jack = JACK();
    session.click(jack.x, jack.y);
    session.waitFor('Column 8: J♥ picked up');
    session.click(70, 23); // the key line
    session.waitForGone('picked up');
    session.sendKeys('5');
    expect(session.waitFor('Column 5: 1 card picked up')).toMatch(/moves 0 /);
  });
});

describe('refusals and what cannot be seen', () => {
  it('"No place" puts the cards back', () => {
    const session = startSpider(['--seed', '42']);
    session.waitFor('q quit');
    session.sendKeys('1', '1');
    session.waitFor("No place for column 1's cards");
    // The next two keys are a new move: 8 then 5 moves the J♥.
    session.sendKeys('8', '5');
    expect(boardOf(session.waitFor(/moves 1 /))).toBe(boardAfter([[8, 5]]));
  });

  it('keys do nothing while the terminal is too small, except quit', () => {
    const session = startSpider(['--seed', '42']);
    session.waitFor('q quit');
    session.resize(44, 12);
    session.waitFor('Terminal too small');
    session.sendKeys('8', '5', 'd', 'n', 'y', 'Escape');
    session.sendKeys('C-l');
    session.waitFor('Terminal too small');
    session.resize(80, 24);
    const screen = session.waitFor(/moves 0 .*deals 5/);
    expect(boardOf(screen)).toBe(boardAfter([]));
    expect(screen).not.toContain('picked up');
    session.resize(44, 12);
    session.waitFor('Terminal too small');
    session.sendKeys('q');
    expect(session.waitForExit()).toBe(0);
  });

  it('Ctrl-L repaints under a question without answering it', () => {
    const session = startSpider(['--seed', '42']);
    session.waitFor('q quit');
    session.sendKeys('8', '5');
    session.waitFor(/moves 1 /);
    session.sendKeys('q');
    const asked = session.waitFor('Quit this game?');
    session.sendKeys('C-l');
    session.sendKeys('d'); // any other key goes on playing: proves the question was still open
    session.waitFor('Carrying on.');
    expect(asked).toContain('Quit this game?');
    expect(session.screen()).toMatch(/moves 1 .*deals 5/);
  });

  it('Ctrl-L repaints under the expand prompt without answering it', () => {
    const session = startSpider(['--seed', '42']);
    session.waitFor('q quit');
    session.sendKeys('e');
    session.waitFor('Which column?');
    session.sendKeys('C-l');
    session.sendKeys('8');
    expect(session.waitFor('Column 8:')).toMatch(/face up, \d+ face down/);
  });
});

describe('w, the game record', () => {
  it('says why when the current folder is gone, and play goes on', () => {
    const folder = scratchFolder();
    const work = path.join(folder, 'work');
    fs.mkdirSync(work);
    const session = TerminalSession.start([process.execPath, SPIDER, '--seed', '42'], {
      env: freshEnv(folder),
      cwd: work,
    });
    session.waitFor('q quit');
    fs.rmSync(work, { recursive: true });
    session.sendKeys('8', '5');
    session.waitFor(/moves 1 /);
    session.sendKeys('w');
    session.waitFor("Can't write the record");
    expect(session.screen()).toMatch(/current folder no longer exists/);
    session.sendKeys('d');
    expect(session.waitFor(/moves 2 .*deals 4/)).toContain('q quit');
  });
});

describe('messages at 80x24', () => {
  it('the first-steps sentence with a long seed is shown whole', () => {
    const seed = 'a rather long seed for a deal';
    const session = startSpider(['--seed', seed]);
    const screen = session.waitFor('q quit');
    const lines = screen.split('\n');
    const message = lines.slice(-4, -1).join(' ').replace(/\s+/g, ' ').trim();
    expect(message).toBe(
      `Seed ${seed}. Pick a column with 1-9 and 0, then where to put its run. ? shows help.`,
    );
  });
});

describe('seeds of every kind on the status line', () => {
  /** The status line as the terminal shows it, after the game has drawn its first screen. */
  function statusLine(seed: string): string {
    const session = startSpider(['--seed', seed]);
    const screen = session.waitFor('q quit');
    return screen.split('\n')[0];
  }

  it.each([
    ['double-width', '宝くじ'],
    ['combining', 'cafe\u0301 au lait'],
    ['emoji', 'lucky 🍀 deal'],
  ])('a %s seed leaves the status line aligned at the right edge', (_kind, seed) => {
    const line = statusLine(seed);
    expect(line).toContain(`seed ${seed}  `);
    expect(line).toMatch(/ deals 5 {2}time \d:\d\d$/);
    expect(stringWidth(line)).toBe(80);
  });

  it('stays aligned as the status line changes around a double-width seed', () => {
    const session = startSpider(['--seed', '宝くじ 宝くじ']);
    session.waitFor('q quit');
    session.sendKeys('d');
    let line = session.waitFor(/deals 4 {2}time \d:\d\d$/m).split('\n')[0];
    expect(stringWidth(line)).toBe(80);
    // The seed's characters move when the status line takes its short form.
    session.resize(60, 24);
    line = session.waitFor(/^seed 宝くじ 宝くじ {2}4s r0 /m).split('\n')[0];
    expect(line).toMatch(/ deals 4 {2}\d:\d\d$/);
    expect(stringWidth(line)).toBe(60);
    session.resize(80, 24);
    line = session.waitFor(/^seed 宝くじ 宝くじ {2}4s r0 +Woods score /m).split('\n')[0];
    expect(line).toMatch(/ deals 4 {2}time \d:\d\d$/);
    expect(stringWidth(line)).toBe(80);
  });

  it('zero-width and direction-changing characters are shown escaped', () => {
    const line = statusLine('a\u200bb\u202ec\u2066d');
    expect(line).toContain('seed a\\u{200b}b\\u{202e}c\\u{2066}d  ');
    expect(line).toMatch(/ deals 5 {2}time \d:\d\d$/);
    expect(stringWidth(line)).toBe(80);
  });
});
