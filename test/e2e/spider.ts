/**
 * Running the real game in tmux for end-to-end tests: fresh save folders for every session, the
 * built program, and a model of the screen (the same controller and layout the program uses)
 * that keys are fed to alongside the terminal.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TerminalSession } from './tmux';
import { expectBuilt } from '../helpers/built';

export const ROOT = path.join(__dirname, '..', '..');
export const SPIDER = path.join(ROOT, 'bin', 'spider');

const ROOTS: string[] = [];
afterAll(() => ROOTS.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));
beforeAll(expectBuilt);

/** A new temporary folder, removed after the test file. */
export function scratchFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-e2e-'));
  ROOTS.push(folder);
  return folder;
}

/** Every session saves to a fresh folder of its own, never the real home. */
export function freshEnv(home = scratchFolder()): Record<string, string | undefined> {
  return {
    LANG: 'C.UTF-8',
    LC_ALL: undefined,
    NO_COLOR: undefined,
    FORCE_COLOR: undefined,
    XDG_STATE_HOME: path.join(home, 'state'),
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CACHE_HOME: path.join(home, 'cache'),
    XDG_CONFIG_HOME: path.join(home, 'config'),
  };
}

/** bin/spider as the pane's own process. */
export function startSpider(
  args: string[],
  options: {
    width?: number;
    height?: number;
    env?: Record<string, string | undefined>;
    term?: string;
  } = {},
): TerminalSession {
  return TerminalSession.start([process.execPath, SPIDER, ...args], {
    cwd: ROOT,
    ...options,
    env: options.env ?? freshEnv(),
  });
}

/** Quits a game in progress, answering y to the question; returns the exit status. */
export function quitGame(session: TerminalSession): number {
  session.sendKeys('q');
  session.waitFor('Quit this game?');
  session.sendKeys('y');
  return session.waitForExit();
}

/**
 * Deals once, so that the game has a move to keep, then quits it (answering the question) and
 * returns the exit status.
 */
export function dealAndQuit(session: TerminalSession): number {
  session.sendKeys('d');
  session.waitFor(/moves 1 /);
  return quitGame(session);
}

/** An interactive shell with job control (prompt `shell$ `), for suspending the game. */
export function startShell(
  env: Record<string, string | undefined> = freshEnv(),
  size: { width?: number; height?: number } = {},
): TerminalSession {
  const session = TerminalSession.start(['bash', '--norc', '--noprofile', '-i'], {
    env: { ...env, PS1: 'shell$ ' },
    cwd: ROOT,
    ...size,
  });
  session.waitFor('shell$');
  return session;
}

/** The command line that runs the game from a shell started by `startShell`. */
export function spiderCommand(args: string[]): string {
  return [process.execPath, SPIDER, ...args].map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
}

/** The game's process: the pane's own, or its child when a shell runs it. */
export function gamePid(session: TerminalSession): number {
  const pid = session.pid();
  const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  if (argv[0] === process.execPath && argv[1] === SPIDER) return pid;
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout;
  return Number(children.trim().split('\n')[0]);
}

/**
 * The time the clock on a screen's status line shows, in milliseconds, or null when it shows none
 * (docs/playing.md, "The clock"): what a layout of the same screen must be given.
 */
export function clockOf(screen: string): number | null {
  const clock = / {2}(?:time )?(?:(\d+):)?(\d+):(\d\d)$/.exec(screen.split('\n')[0]);
  if (!clock) return null;
  return ((Number(clock[1] ?? 0) * 60 + Number(clock[2])) * 60 + Number(clock[3])) * 1000;
}

/** The status line and the tableau rows that hold cards: the screen without the message and key lines. */
export function boardOf(screen: string): string {
  // The tableau's rows with cards come first; the message below may take more than one line.
  const lines = screen.split('\n');
  const blank = lines.findIndex((line, i) => i > 1 && line.trim() === '');
  // The status line without the clock, which moves on its own (docs/playing.md, "The clock"),
  // and with the gap between its two sides, which the clock's width moves, as one.
  const status = (lines[0] ?? '')
    .replace(/ {2}(time )?\d+:\d\d(:\d\d)?$/, '')
    .replace(/ {3,}/, '  ');
  return [status, ...lines.slice(1, blank < 0 ? -2 : blank)].join('\n');
}
