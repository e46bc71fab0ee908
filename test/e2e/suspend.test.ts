/**
 * Ctrl-Z in a real terminal: under a shell with job control the game stops and `fg` brings it
 * back laid out for the terminal as it is then; where there is no job control it plays on; and a
 * terminal whose output is stopped never freezes the game.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { newGame } from '../../src/engine';
import { initialState } from '../../src/ui/controller';
import { layout } from '../../src/ui/layout';
import {
  boardOf,
  freshEnv,
  gamePid,
  scratchFolder,
  spiderCommand,
  startShell,
  startSpider,
} from './spider';
import { processRunning, type TerminalSession } from './tmux';

jest.setTimeout(30_000);

const RULES = { suits: 4, relaxed: 0, keepSuits: false } as const;
const THEME = { ascii: false, color: true, fourColor: false };

function boardAt(width: number, height: number): string {
  return boardOf(
    layout(initialState(newGame('42', RULES), THEME, 'woods'), width, height).frame.text(),
  );
}

/** Output flow control on the pane's terminal, as Ctrl-S / Ctrl-Q would do it (tcflow). */
function flow(session: TerminalSession, on: boolean): void {
  const script = `import os, sys, termios
fd = os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY)
termios.tcflow(fd, termios.TCOON if sys.argv[2] == 'on' else termios.TCOOFF)`;
  const result = spawnSync('python3', ['-c', script, session.tty(), on ? 'on' : 'off'], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`tcflow failed: ${result.stderr}`);
}

describe('Ctrl-Z', () => {
  it('after fg, lays the game out for the size the terminal has now', () => {
    const session = startShell();
    session.type(`${spiderCommand(['--seed', '42'])}\r`);
    session.waitFor('q quit');
    session.sendKeys('C-z');
    session.waitFor(/Stopped/);
    session.resize(100, 30);
    session.type('fg\r');
    const screen = session.waitFor((s) => boardOf(s) === boardAt(100, 30));
    expect(screen.split('\n')).toHaveLength(30);
  });

  it('stops the whole job when the game runs under another program, as under npm start', () => {
    // npm start runs the game through npm and a shell, all one job: a game that stopped only
    // itself left them in the foreground, waiting, and the shell never got its prompt back. A
    // shell of its own between the shell and the game is the same job and the same trap.
    const session = startShell();
    session.type(
      `sh -c '${spiderCommand(['--seed', '42']).replace(/'/g, `'\\''`)}; echo the-job-ended'\r`,
    );
    session.waitFor('q quit');
    session.sendKeys('C-z');
    session.waitFor(/Stopped/);
    session.type('echo prompt-is-back\r');
    expect(session.waitFor(/^prompt-is-back$/m)).not.toContain('q quit');
    session.type('fg\r');
    session.waitFor('q quit');
    session.sendKeys('q');
    session.waitFor(/^the-job-ended$/m);
  });

  it('does not handle or paint a key that came in the same read as Ctrl-Z', () => {
    const session = startShell();
    session.type(`${spiderCommand(['--seed', '42'])}\r`);
    session.waitFor('q quit');
    session.sendBytes('\x1ad');
    session.waitFor(/Stopped/);
    // Give a wrongly handled 'd' every chance to paint over the shell before looking.
    session.type('echo still-the-shell\r');
    const shell = session.waitFor(/^still-the-shell$/m);
    expect(shell).not.toContain('q quit');
    expect(shell).not.toMatch(/deals \d/);
    session.type('fg\r');
    expect(session.waitFor('q quit')).toMatch(/moves 0 .*deals 5/);
  });

  it('plays on with a message where the shell has no job control', () => {
    const session = startSpider(['--seed', '42']);
    session.waitFor('q quit');
    session.sendKeys('C-z');
    session.waitFor(/no job control/i);
    session.sendKeys('d');
    expect(session.waitFor(/moves 1 .*deals 4/)).toContain('q quit');
  });
});

describe('a terminal whose output is stopped (XOFF)', () => {
  it('never freezes the game: SIGTERM still saves and ends it', () => {
    const home = scratchFolder();
    const session = startSpider(['--seed', '42'], { env: freshEnv(home) });
    session.waitFor('q quit');
    session.sendKeys('8', '5');
    session.waitFor(/moves 1 /);
    const pid = gamePid(session);
    flow(session, false);
    try {
      // Each key makes a frame that cannot reach the terminal.
      for (let i = 0; i < 40; i++) session.sendKeys(i % 2 === 0 ? 'h' : 'Escape');
      session.sendKeys('d');
      const games = path.join(home, 'state', 'spider', 'games');
      const deadline = Date.now() + 10_000;
      const dealt = () =>
        fs.existsSync(games) &&
        fs
          .readdirSync(games)
          .filter((n) => n.endsWith('.txt'))
          .some((n) => /\n8-5 d\b/.test(fs.readFileSync(path.join(games, n), 'utf8')));
      while (!dealt() && Date.now() < deadline)
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      expect(dealt()).toBe(true);
      process.kill(pid, 'SIGTERM');
      const gone = Date.now() + 10_000;
      while (processRunning(pid) && Date.now() < gone)
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      expect(processRunning(pid)).toBe(false);
    } finally {
      // Restart the output for whatever is left on the terminal; once the game has ended, its
      // terminal is gone and there is nothing to restart.
      if (processRunning(pid)) flow(session, true);
    }
  });
});
