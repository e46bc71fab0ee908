/**
 * The real game in a real terminal: bin/spider runs in tmux, keys go in with send-keys, and the
 * screen read back with capture-pane is compared, cell for cell, with what the pure layout says
 * for the same keys. The first board is also checked against `spider deal --json`, which shares
 * no drawing code with the screen.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { type Game, legalActions, newGame } from '../../src/engine';
import { heuristicHints } from '../../src/search';
import { type Command, update } from '../../src/ui/controller';
import { commandForKey, commandForMouse } from '../../src/ui/input';
import { layout } from '../../src/ui/layout';
import { openingState } from '../../src/ui/play';
import type { UiState } from '../../src/ui/state';
import { KeyDecoder } from '../../src/ui/keys';
import { clockOf, freshEnv, gamePid, ROOT, scratchFolder, SPIDER, startSpider } from './spider';
import { CLEAN_MODES, TerminalSession } from './tmux';
import { COLUMN_NUMBERS } from '../helpers/build';

jest.setTimeout(30_000);

const RULES = { suits: 4, relaxed: 0, keepSuits: false } as const;
const THEME = { ascii: false, color: true, fourColor: false };

function start(args: string[], options: { width?: number; height?: number } = {}): TerminalSession {
  return startSpider(args, options);
}

/**
 * Starts the game under a shell that stays after it: tmux reports a dead pane's cursor as hidden
 * whatever the program left, so the terminal's modes are read while the pane is still alive.
 * The game's exit status is printed as `[exit N]`.
 */
function startKept(args: string[], env = freshEnv()): TerminalSession {
  const command = `"$0" "$1" ${args.join(' ')}; echo "[exit $?]"; exec sleep 600`;
  return TerminalSession.start(['sh', '-c', command, process.execPath, SPIDER], {
    env,
    cwd: ROOT,
  });
}

function exitShown(session: TerminalSession): number {
  const screen = session.waitFor(/\[exit \d+\]/);
  return Number(/\[exit (\d+)\]/.exec(screen)![1]);
}

/** tmux key names and what a terminal sends for them. */
const KEY_BYTES: Record<string, string> = {
  Escape: '\x1b',
  Enter: '\r',
  Up: '\x1b[A',
  Down: '\x1b[B',
  Right: '\x1b[C',
  Left: '\x1b[D',
};

/** The game as the program should have it: the same controller fed the same keys. */
class Expected {
  state: UiState;
  constructor(game: Game) {
    this.state = openingState(game, THEME, 'woods');
  }
  command(command: Command): void {
    this.state = update(this.state, command, {
      randomSeed: () => 'unused',
      hints: heuristicHints,
    }).state;
  }
  key(key: string): void {
    const decoder = new KeyDecoder();
    for (const event of [...decoder.feed(KEY_BYTES[key] ?? key), ...decoder.flush()]) {
      if (event.type === 'key') this.command(commandForKey(event));
    }
  }
  /** The screen, with the clock at `playedMs` (what the real one shows: `clockOf`). */
  screen(width = 80, height = 24, playedMs: number | null = null): string {
    return layout({ ...this.state, playedMs }, width, height).frame.text();
  }
}

/** Types keys one at a time, waiting after each for the screen the controller predicts. */
function play(session: TerminalSession, expected: Expected, ...keys: string[]): string {
  let screen = '';
  for (const key of keys) {
    session.sendKeys(key);
    expected.key(key);
    screen = session.waitFor((s) => s === expected.screen(80, 24, clockOf(s)));
  }
  return screen;
}

const RANKS: Record<string, string> = { T: '10' };
const SUITS: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
const label = (code: string) => (RANKS[code[0]] ?? code[0]) + SUITS[code[1]];

describe('the game at 80x24', () => {
  it('shows the deal that `spider deal --json` prints', () => {
    const session = start(['--seed', '42']);
    const screen = session.waitFor('q quit');
    const deal = spawnSync(process.execPath, [SPIDER, 'deal', '--seed', '42', '--json'], {
      encoding: 'utf8',
    });
    const json = JSON.parse(deal.stdout) as { columns: { hidden: number; up: string[] }[] };
    const lines = screen.split('\n');
    expect(lines[0]).toContain('seed 42');
    expect(lines[1].trim().split(/\s+/)).toEqual(COLUMN_NUMBERS);
    expect(lines[2].trim().split(/\s+/)).toEqual(json.columns.map((c) => '▒'.repeat(c.hidden)));
    expect(lines[3].trim().split(/\s+/)).toEqual(
      json.columns.map((c) => label(c.up[c.up.length - 1])),
    );
    expect(screen).toBe(new Expected(newGame('42', RULES)).screen(80, 24, clockOf(screen)));
  });

  it('plays moves with column keys, deals, undoes and redoes', () => {
    const game = newGame('7', RULES);
    const move = legalActions(game.position).find((a) => a.kind === 'move' && a.count === 1);
    if (!move || move.kind !== 'move') throw new Error('seed 7 has no one-card move');
    const session = start(['--seed', '7']);
    const expected = new Expected(game);
    session.waitFor((s) => s === expected.screen(80, 24, clockOf(s)));
    const from = String((move.from + 1) % 10);
    const to = String((move.to + 1) % 10);
    play(session, expected, from);
    expect(session.screen()).toContain(`Column ${move.from + 1}: 1 card picked up`);
    let screen = play(session, expected, to);
    expect(screen).toMatch(/moves 1 /);
    screen = play(session, expected, 'd');
    expect(screen).toMatch(/moves 2 .*deals 4/);
    screen = play(session, expected, 'u');
    expect(screen).toMatch(/moves 1 .*deals 5/);
    expect(screen).toContain('Undone; a peek, since the cards it showed have been seen.');
    screen = play(session, expected, 'r');
    expect(screen).toMatch(/deals 4/);
    expect(expected.state.game.position.dealt).toBe(1);
  });

  it('refuses an illegal move and says why', () => {
    const session = start(['--seed', '42']);
    const expected = new Expected(newGame('42', RULES));
    session.waitFor('q quit');
    // Seed 42: column 5 shows Q♥ and column 2 the A♠.
    const screen = play(session, expected, '5', '2');
    // The cards picked up go back, and the line says so: the next column key picks up again.
    expect(screen).toContain('Nothing goes onto an ace (A♠). The cards go back.');
    expect(screen).toMatch(/moves 0 /);
  });

  it('the arrow keys say why at the ends of a run, and Esc cancels', () => {
    const session = start(['--seed', '42']);
    const expected = new Expected(newGame('42', RULES));
    session.waitFor('q quit');
    // Column 8 holds the J♥ alone: nothing more or less to pick up.
    expect(play(session, expected, '8')).toContain('Column 8: 1 card picked up.');
    expect(play(session, expected, 'Up')).toContain(
      'Column 8 can move 1 card together: all are picked up.',
    );
    expect(play(session, expected, 'Down')).toContain(
      'One card is the fewest to pick up; Esc puts it back.',
    );
    const screen = play(session, expected, 'Escape');
    expect(screen).not.toContain('picked up');
    expect(play(session, expected, 'Escape')).toContain('Nothing is picked up');
  });

  // Hints, which the fair player answers in the background: see hint.test.ts.
  it('shows the help screen', () => {
    const session = start(['--seed', '42']);
    const expected = new Expected(newGame('42', RULES));
    session.waitFor('q quit');
    expect(play(session, expected, '?')).toContain('Spider help');
    expect(play(session, expected, '?')).toContain('Rules');
    expect(play(session, expected, 'Escape')).not.toContain('Spider help');
  });

  it('turns the help back with b or Backspace; without it, b is the daily board, a server’s', () => {
    const session = start(['--seed', '42']);
    session.waitFor('q quit');
    session.sendKeys('?');
    const [, total] = /1\/(\d+): \? next, b back/.exec(session.waitFor('Spider help')) ?? [];
    expect(Number(total)).toBeGreaterThan(1);
    session.sendKeys('?');
    session.waitFor(`2/${total}: ? next, b back`);
    session.sendKeys('b');
    session.waitFor(`1/${total}: ? next, b back`);
    session.sendKeys('BSpace');
    session.waitFor(`${total}/${total}: ? next, b back`);
    session.sendKeys('Escape');
    session.waitForGone('Spider help');
    session.sendKeys('b');
    expect(session.waitFor("The daily board is a server's")).not.toContain('Spider help');
  });

  it('picks up and drops cards with the mouse', () => {
    const session = start(['--seed', '42']);
    const expected = new Expected(newGame('42', RULES));
    session.waitFor('q quit');
    const board = layout(expected.state, 80, 24).board!;
    // Click the J♥ of column 8, then column 5 (Q♥).
    const at = (column: number, row: number) => ({
      x: board.left + column * board.columnWidth + 2,
      y: board.top + row,
    });
    const jack = at(7, 1);
    session.click(jack.x, jack.y);
    for (const action of ['press', 'release'] as const) {
      const command = commandForMouse({ action, button: 'left', ...jack }, board);
      if (command) expected.command(command);
    }
    session.waitFor('Column 8: J♥ picked up');
    const queen = at(4, 1);
    session.click(queen.x, queen.y);
    for (const action of ['press', 'release'] as const) {
      const command = commandForMouse({ action, button: 'left', ...queen }, board);
      if (command) expected.command(command);
    }
    const screen = session.waitFor((s) => s === expected.screen(80, 24, clockOf(s)));
    expect(screen).toMatch(/moves 1 /);
  });

  it('asks for the mouse without all-motion tracking, and quits only after y', () => {
    // spider on PATH, as after `npm install -g`: the exit text's command says `spider`
    // (docs/playing.md, "Leaving").
    const bin = path.join(scratchFolder(), 'bin');
    fs.mkdirSync(bin);
    fs.symlinkSync(SPIDER, path.join(bin, 'spider'));
    const session = startKept(['--seed', '42'], {
      ...freshEnv(),
      PATH: `${bin}:${process.env.PATH}`,
    });
    session.waitFor('q quit');
    const modes = session.terminalModes();
    expect(modes).toMatchObject({
      alternateScreen: true,
      cursorVisible: false,
      mouseButton: true,
      mouseSgr: true,
      mouseAll: false,
    });
    session.sendKeys('d');
    session.waitFor(/moves 1 /);
    session.sendKeys('q');
    session.waitFor('Quit this game? y quits');
    session.sendKeys('n');
    session.waitFor('Carrying on.');
    session.sendKeys('q');
    session.waitFor('Quit this game?');
    session.sendKeys('y');
    expect(exitShown(session)).toBe(0);
    expect(session.terminalModes()).toEqual(CLEAN_MODES);
    expect(session.screen()).toMatch(
      /Play this deal again with:\n {2}spider --seed 42 --suits 4\n/,
    );
  });
});

describe('terminal sizes', () => {
  it('re-lays out at once when resized, and says when it is too small', () => {
    const session = start(['--seed', '42']);
    const expected = new Expected(newGame('42', RULES));
    session.waitFor('q quit');
    session.resize(60, 16);
    session.waitFor((s) => s === expected.screen(60, 16, clockOf(s)));
    session.resize(44, 12);
    const small = session.waitFor('Terminal too small');
    expect(small).toContain('Spider needs at least 50x15');
    session.resize(120, 40);
    session.waitFor((s) => s === expected.screen(120, 40, clockOf(s)));
    session.resize(80, 24);
    session.waitFor((s) => s === expected.screen(80, 24, clockOf(s)));
  });

  it('starts in a terminal that is too small and comes back when it grows', () => {
    const session = start(['--seed', '42'], { width: 40, height: 10 });
    session.waitFor('too small');
    session.resize(80, 24);
    session.waitFor((s) => s === new Expected(newGame('42', RULES)).screen(80, 24, clockOf(s)));
  });
});

describe('a terminal whose locale is not UTF-8', () => {
  it('shows every character beyond ASCII as ?, the seed as the suits, though terminfo says UTF-8', () => {
    const session = startSpider(['--seed', 'é☃', '--suits', '2'], {
      env: { ...freshEnv(), LANG: 'C' },
      term: 'tmux-256color', // its terminfo says UTF-8 (U8)
    });
    const screen = session.waitFor('q quit');
    expect(screen.split('\n')[0]).toMatch(/^Spider {2}seed \?\? {2}2 suits/);
    expect(screen).toMatch(/Seed \?\?\./);
    expect(screen).not.toMatch(/[^\p{ASCII}]/u);
    session.sendKeys('q'); // nothing played: it quits without asking
    expect(session.waitForExit()).toBe(0);
  });
});

describe('leaving the terminal clean', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const)(
    'on %s: normal screen, cursor visible, no mouse reporting, status %i',
    (signal, status) => {
      const session = startKept(['--seed', '42']);
      session.waitFor('q quit');
      process.kill(gamePid(session), signal);
      expect(exitShown(session)).toBe(status);
      expect(session.terminalModes()).toEqual(CLEAN_MODES);
      expect(session.screen()).not.toMatch(/\n\s+at /); // no stack trace
    },
  );

  it('Ctrl-C quits at once', () => {
    const session = startKept(['--seed', '42']);
    session.waitFor('q quit');
    session.sendKeys('d');
    session.waitFor(/moves 1 /);
    session.sendKeys('C-c');
    expect(exitShown(session)).toBe(0);
    expect(session.terminalModes()).toEqual(CLEAN_MODES);
  });

  it('Ctrl-Z suspends to the shell and fg brings the same game back', () => {
    const session = TerminalSession.start(['bash', '--norc', '--noprofile', '-i'], {
      env: { ...freshEnv(), PS1: 'shell$ ' },
      cwd: ROOT,
    });
    session.waitFor('shell$');
    session.type(`${process.execPath} ${SPIDER} --seed 42\r`);
    session.waitFor('q quit');
    session.sendKeys('d');
    const before = session.waitFor(/moves 1 /);
    session.sendKeys('C-z');
    session.waitFor(/Stopped/);
    expect(session.terminalModes()).toMatchObject({
      alternateScreen: false,
      mouseAny: false,
      cursorVisible: true,
    });
    session.type('fg\r');
    session.waitFor((s) => s === before);
    session.sendKeys('C-c');
    // Started by its path, with no spider on PATH: the command names that path.
    const left = session.waitFor('Play this deal again');
    expect(left).toMatch(
      /Play this deal again with:\n {2}(~|\/)\S*bin\/spider --seed 42 --suits 4\n/,
    );
  });
});
