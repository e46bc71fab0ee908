/**
 * No game is lost: bin/spider in a real terminal (tmux), killed in every way a game can end,
 * started again on the same state folder. Every session gets fresh XDG folders of its own, never
 * the real home. Nothing sleeps for a fixed time: the tests wait on the screen or poll files.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TerminalSession, processRunning } from './tmux';
import { boardOf } from './spider';
import { boundUser, handOver } from '../helpers/bundle';
import { expectBuilt } from '../helpers/built';

jest.setTimeout(30_000);

const ROOT = path.join(__dirname, '..', '..');
const SPIDER = path.join(ROOT, 'bin', 'spider');
const ROOTS: string[] = [];

afterAll(() => ROOTS.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

beforeAll(expectBuilt);

/** A player's folders: state (saves), data (statistics) and a working folder, all fresh. */
interface Home {
  readonly env: Record<string, string | undefined>;
  readonly games: string;
  readonly history: string;
  readonly cwd: string;
}

function freshHome(folders: { state?: string; data?: string } = {}): Home {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-saves-e2e-'));
  ROOTS.push(root);
  const cwd = path.join(root, 'work');
  fs.mkdirSync(cwd);
  const state = folders.state ?? path.join(root, 'state');
  const data = folders.data ?? path.join(root, 'data');
  return {
    env: {
      LANG: 'C.UTF-8',
      LC_ALL: undefined,
      NO_COLOR: undefined,
      XDG_STATE_HOME: state,
      XDG_DATA_HOME: data,
    },
    games: path.join(state, 'spider', 'games'),
    history: path.join(data, 'spider', 'games.jsonl'),
    cwd,
  };
}

/** A regular file where a folder should be: writing under it fails even for root. */
function regularFile(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-saves-e2e-'));
  ROOTS.push(root);
  const file = path.join(root, 'not-a-folder');
  fs.writeFileSync(file, 'not a folder\n');
  return file;
}

function startGame(
  home: Home,
  args: string[] = [],
  prefix: string[] = [],
  spider = SPIDER,
): TerminalSession {
  return TerminalSession.start([...prefix, process.execPath, spider, ...args], {
    env: home.env,
    cwd: home.cwd,
  });
}

/** Blocks for a poll interval (never a wait for something to happen). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Polls `probe` until it returns something other than undefined or false; throws after the timeout. */
function waitUntil<T>(what: string, probe: () => T | undefined | false, timeoutMs = 5000): T {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() >= deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    pause(20);
  }
}

/** The game's process: the pane's own, or its child if a wrapper runs it. */
function gamePid(session: TerminalSession): number {
  const pid = session.pid();
  if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(SPIDER)) return pid;
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout;
  return Number(children.trim().split('\n')[0]);
}

const running = processRunning;

/** The status line and the tableau rows that hold cards: the screen without the message and key lines. */
function board(screen: string): string {
  return boardOf(screen); // the clock, which moves on its own, left out
}

function seedOf(screen: string): string {
  return /seed (\S+)/.exec(screen)![1];
}

/** The save files (`<id>.txt`) in the games folder. */
function saves(home: Home): string[] {
  try {
    return fs.readdirSync(home.games).filter((name) => name.endsWith('.txt'));
  } catch {
    return [];
  }
}

function locks(home: Home): string[] {
  try {
    return fs.readdirSync(home.games).filter((name) => /\.lock(\.\d+-[0-9a-f]+)?$/.test(name));
  } catch {
    return [];
  }
}

function readSave(home: Home, name: string): string {
  return fs.readFileSync(path.join(home.games, name), 'utf8');
}

/** Seed 42: J♥ (column 8) onto Q♥ (column 5), then a deal. Returns the screen after each. */
function playSeed42(session: TerminalSession): { moved: string; dealt: string } {
  session.waitFor('q quit');
  session.sendKeys('8', '5');
  const moved = session.waitFor(/moves 1 .*deals 5/);
  session.sendKeys('d');
  const dealt = session.waitFor(/moves 2 .*deals 4/);
  return { moved, dealt };
}

/** q, then y at the question; returns the exit status. */
function quit(session: TerminalSession): number {
  session.sendKeys('q');
  session.waitFor('Quit this game?');
  session.sendKeys('y');
  return session.waitForExit();
}

describe('a killed game is resumed exactly where it was', () => {
  it('after SIGKILL: the same board, with no --seed', () => {
    const home = freshHome();
    const first = startGame(home, ['--seed', '42']);
    const { dealt } = playSeed42(first);
    process.kill(gamePid(first), 'SIGKILL');
    expect(first.waitForExit()).toBe(128 + os.constants.signals.SIGKILL);
    expect(locks(home)).toHaveLength(1); // left behind by the killed process

    const again = startGame(home);
    const screen = again.waitFor('Resumed your game');
    expect(board(screen)).toBe(board(dealt));
    expect(screen).toMatch(/Resumed your game from \d{4}-\d\d-\d\d \d\d:\d\d: seed 42, 2 moves\./);
    expect(saves(home)).toHaveLength(1);
    // And play goes on from there.
    again.sendKeys('u');
    again.waitFor(/moves 1 .*deals 5/);
  });

  it.each([
    ['SIGHUP', 129],
    ['SIGTERM', 143],
  ] as const)('after %s: saved, lock released, the same board next time', (signal, status) => {
    const home = freshHome();
    const first = startGame(home, ['--seed', '42']);
    const { dealt } = playSeed42(first);
    process.kill(gamePid(first), signal);
    expect(first.waitForExit()).toBe(status);
    expect(locks(home)).toEqual([]);
    expect(saves(home)).toHaveLength(1);

    const again = startGame(home);
    const screen = again.waitFor('Resumed your game');
    expect(board(screen)).toBe(board(dealt));
  });

  it('after the terminal itself goes away (the SSH connection drops)', () => {
    const home = freshHome();
    const first = startGame(home, ['--seed', '42']);
    const { dealt } = playSeed42(first);
    const pid = gamePid(first);
    first.kill(); // kills the tmux server: the pane hangs up
    waitUntil('the game to end', () => !running(pid));
    // The game left properly: saved and unlocked, not merely killed.
    expect(locks(home)).toEqual([]);

    const again = startGame(home);
    expect(board(again.waitFor('Resumed your game'))).toBe(board(dealt));
  });

  it('keeps the undo and redo history: r redoes the move undone before the kill', () => {
    const home = freshHome();
    const first = startGame(home, ['--seed', '42']);
    const { moved, dealt } = playSeed42(first);
    first.sendKeys('u');
    const undone = first.waitFor('Undone; a peek');
    expect(board(undone)).toBe(board(moved));
    process.kill(gamePid(first), 'SIGKILL');
    first.waitForExit();
    const saved = readSave(home, saves(home)[0]);
    expect(saved).toMatch(/\nundone: 1\n[^]*\n\n8-5 d\n$/);

    const again = startGame(home);
    expect(board(again.waitFor('Resumed your game'))).toBe(board(moved));
    again.sendKeys('r');
    expect(board(again.waitFor(/moves 2 .*deals 4/))).toBe(board(dealt));
    // The undo stack came back too: two undos reach the deal.
    again.sendKeys('u', 'u');
    again.waitFor(/moves 0 .*deals 5/);

    // The save continued as a record file elsewhere opens at its line kept, the deal ready to redo.
    const other = freshHome();
    const file = path.join(other.cwd, 'game.txt');
    fs.writeFileSync(file, saved);
    const continued = startGame(other, [file]);
    expect(board(continued.waitFor(/moves 1 .*deals 5/))).toBe(board(moved));
    continued.sendKeys('r');
    expect(board(continued.waitFor(/moves 2 .*deals 4/))).toBe(board(dealt));
  });
});

describe('two sessions at once', () => {
  it('never share a game, and both games are kept', () => {
    const home = freshHome();
    const one = startGame(home, ['--seed', '42']);
    one.waitFor('q quit');
    one.sendKeys('8', '5');
    const first = one.waitFor(/moves 1 /);

    const two = startGame(home);
    const opened = two.waitFor(
      'Your other game is open in another spider session; this is a new one.',
    );
    expect(seedOf(opened)).not.toBe('42');
    two.sendKeys('d');
    const second = two.waitFor(/moves 1 .*deals 4/);

    const files = saves(home);
    expect(files).toHaveLength(2);
    const bodies = files.map((name) => readSave(home, name));
    expect(bodies.filter((text) => /^seed: 42\n[^]*\n\n8-5\n$/m.test(text))).toHaveLength(1);
    expect(
      bodies.filter(
        (text) => text.includes(`seed: ${seedOf(opened)}\n`) && text.endsWith('\n\nd\n'),
      ),
    ).toHaveLength(1);

    expect(quit(one)).toBe(0);
    expect(quit(two)).toBe(0);
    // Both kept, each now under the time of its last save (docs/measurements.md, "Start-up").
    const kept = saves(home).map((name) => readSave(home, name));
    expect(kept).toHaveLength(2);
    expect(kept.filter((text) => /^seed: 42\n[^]*\n\n8-5\n$/m.test(text))).toHaveLength(1);
    expect(
      kept.filter((text) => text.includes(`seed: ${seedOf(opened)}\n`) && text.endsWith('\n\nd\n')),
    ).toHaveLength(1);
    expect(locks(home)).toEqual([]);

    // Both are resumable: the most recent first, and the other one by a second session.
    const three = startGame(home);
    expect(board(three.waitFor('Resumed your game'))).toBe(board(second));
    const four = startGame(home);
    const resumed = four.waitFor('Resumed your game');
    expect(board(resumed)).toBe(board(first));
    expect(resumed).not.toContain('Your other game is open');
  });
});

describe('bad save files', () => {
  it('a corrupt save is set aside with a message naming where it went, and play starts', () => {
    const home = freshHome();
    const first = startGame(home, ['--seed', '42']);
    playSeed42(first);
    expect(quit(first)).toBe(0);
    const [name] = saves(home);
    fs.writeFileSync(path.join(home.games, name), 'garbage\x00\x01 not a save at all\n');

    const again = startGame(home);
    const screen = again.waitFor('could not be used');
    expect(screen).toContain(`Your saved game ${name} could not be used`);
    expect(screen).not.toContain('Resumed');
    const aside = fs.readdirSync(home.games).filter((n) => n.includes('.bad-'));
    expect(aside).toEqual([expect.stringMatching(new RegExp(`^${name.slice(0, -4)}\\.bad-`))]);
    expect(fs.readFileSync(path.join(home.games, aside[0]), 'utf8')).toContain('garbage');
    again.sendKeys('d');
    again.waitFor(/moves 1 .*deals 4/);
    // The message line is one line: the whole sentence, with the new place, is shown on leaving.
    expect(quit(again)).toBe(0);
    const output = again.output().replace(/\r?\n/g, '\n');
    expect(output).toContain(
      `Your saved game ${name} could not be used (line 1: expected a header line`,
    );
    expect(output).toContain(`moved to ${path.join(home.games, aside[0])}.`);
  });
});

describe('a state folder that cannot be written', () => {
  it('under a regular file: warns once, play goes on, and leaving says it was not saved', () => {
    const file = regularFile();
    const home = freshHome({ state: file });
    const session = startGame(home, ['--seed', '42']);
    // A deal is kept from its first action on: that is when saving is first tried.
    expect(session.waitFor('q quit')).not.toContain("Can't save");
    session.sendKeys('8', '5');
    const moved = session.waitFor("Can't save this game");
    expect(moved.split('\n').filter((line) => line.includes("Can't save"))).toHaveLength(1);
    expect(moved).toMatch(/moves 1 /);
    session.sendKeys('d');
    expect(session.waitFor(/moves 2 .*deals 4/)).not.toContain("Can't save");
    session.sendKeys('u');
    expect(session.waitFor('Undone; a peek')).not.toContain("Can't save");
    expect(quit(session)).toBe(0);
    // The summary is wrapped at words to the terminal's width.
    const output = session.output().replace(/\r?\n/g, ' ');
    const left = output.slice(output.lastIndexOf('\x1b[?1049l')); // after the game's screen
    // Said once, by the summary: the warning of play ("Play goes on") is not repeated after it.
    expect(output).toContain('Play goes on, but it will not be kept.');
    expect(left).not.toContain("Can't save this game");
    expect(left).not.toContain('Play goes on');
    expect(left).toContain('NOT saved (a part of the path is not a folder');
    expect(output).toContain('NOT saved (a part of the path is not a folder');
    expect(output).not.toContain('saved for next time');
    expect(fs.readFileSync(file, 'utf8')).toBe('not a folder\n');
  });

  it('read-only', () => {
    // Played by a user that permissions bind (not root, for whom a read-only folder is writable).
    const user = boundUser();
    const home = freshHome();
    const state = home.env.XDG_STATE_HOME!;
    fs.mkdirSync(state, { recursive: true });
    const root = path.dirname(state);
    handOver(root, user);
    fs.chmodSync(root, 0o755);
    fs.chmodSync(state, 0o500);
    try {
      const session = startGame(home, ['--seed', '42'], user.prefix, openCopy());
      session.waitFor('q quit');
      // A new deal is first saved at its first move.
      session.sendKeys('8', '5');
      expect(session.waitFor(/moves 1 /)).toMatch(
        /Can't save this game: can't lock a save slot in\s+\S+\s+\(permission denied\)/,
      );
      session.sendKeys('d');
      expect(session.waitFor(/moves 2 /)).not.toContain("Can't save");
      expect(quit(session)).toBe(0);
      expect(session.output().replace(/\r?\n/g, ' ')).toContain('NOT saved (permission denied');
      expect(fs.readdirSync(state)).toEqual([]);
    } finally {
      fs.chmodSync(state, 0o700);
    }
  });
});

/**
 * The built program copied where every user can run it (the checkout may sit in a folder only
 * its owner can enter): bin/spider and the bundle it runs.
 */
function openCopy(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-open-copy-'));
  ROOTS.push(folder);
  fs.chmodSync(folder, 0o755);
  for (const file of ['bin/spider', 'dist/spider.js']) {
    fs.mkdirSync(path.join(folder, path.dirname(file)), { recursive: true, mode: 0o755 });
    fs.copyFileSync(path.join(path.dirname(path.dirname(SPIDER)), file), path.join(folder, file));
    fs.chmodSync(path.join(folder, file), 0o755);
  }
  return path.join(folder, 'bin', 'spider');
}

describe('finished games left by a killed session', () => {
  /** Seed 6, random play that leaves no legal action: a lost game. */
  const LOST =
    'seed: 6\nsave-format: 1\nundone: 0\nactions: 28\npeeks: 0\nelapsed-ms: 5000\n\n' +
    '9-10/1 7-2/1 d 3-7/1 7-5/1 4-7/1 9-2/1 d 4-1/1 9-7/1 8-9/1 d 7-1/1 9-10/1 3-9/1 5-9/1\n' +
    '5-1/1 6-3/1 5-1/1 d 10-3/1 3-5/1 5-3/1 d 9-10/1 1-2/1 9-2/1 10-2/2\n';

  it('go to the statistics on the next start, and wait while the statistics cannot be written', () => {
    const home = freshHome({ data: regularFile() });
    fs.mkdirSync(home.games, { recursive: true });
    fs.writeFileSync(path.join(home.games, 'lost.txt'), LOST);
    const blocked = startGame(home);
    const screen = blocked.waitFor('q quit');
    expect(screen).not.toContain('Resumed');
    blocked.sendKeys('q'); // an untouched deal: quits without asking, and is not kept
    expect(blocked.waitForExit()).toBe(0);
    expect(saves(home)).toEqual(['lost.txt']);
    expect(locks(home)).toEqual([]);

    const writable = { ...home, ...freshHome({ state: home.env.XDG_STATE_HOME }) };
    const next = startGame(writable);
    next.waitFor('q quit');
    expect(saves(writable)).toEqual([expect.not.stringMatching(/^lost/)]);
    const lines = fs.readFileSync(writable.history, 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ seed: '6', outcome: 'lost', moves: 28, elapsedMs: 5000 }),
    ]);
  });
});

describe('--new and --seed leave the unfinished game saved (docs/saves.md, "Your saved games")', () => {
  /** `spider ARGS` run to its end, not in a terminal. */
  function command(home: Home, args: string[]) {
    return spawnSync(process.execPath, [SPIDER, ...args], {
      env: { ...process.env, ...home.env },
      cwd: home.cwd,
      encoding: 'utf8',
    });
  }

  it.each([[['--new']], [['--seed', '7']]])('%j', (args) => {
    const home = freshHome();
    const first = startGame(home, ['--seed', '42']);
    playSeed42(first);
    expect(quit(first)).toBe(0);
    const [old] = saves(home);

    const next = startGame(home, args);
    const screen = next.waitFor('q quit');
    expect(screen).not.toContain('Resumed');
    expect(screen).not.toContain('abandoned');
    if (args[0] === '--seed') expect(seedOf(screen)).toBe('7');
    else expect(seedOf(screen)).not.toBe('42');
    expect(saves(home)).toEqual([old]);
    next.sendKeys('d');
    next.waitFor(/moves 1 /);
    expect(waitUntil('the new save', () => saves(home).length === 2)).toBe(true);
    expect(quit(next)).toBe(0);
    expect(fs.existsSync(home.history)).toBe(false);
  });

  it('spider saves lists both games, and spider resume 2 opens the first', () => {
    const home = freshHome();
    const first = startGame(home, ['--seed', '42']);
    playSeed42(first);
    expect(quit(first)).toBe(0);
    const second = startGame(home, ['--seed', '7', '--suits', '1']);
    second.waitFor('q quit');
    second.sendKeys('d');
    second.waitFor(/moves 1 /);
    expect(quit(second)).toBe(0);

    const listed = command(home, ['saves']);
    expect(listed.status).toBe(0);
    expect(listed.stderr).toBe('');
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^1 {2}seed 7 +1 suit +1 +\d+:\d\d {2}today \d\d:\d\d$/);
    expect(lines[2]).toMatch(/^2 {2}seed 42 +4 suits +2 +\d+:\d\d {2}today \d\d:\d\d$/);
    const json = JSON.parse(command(home, ['saves', '--json']).stdout) as {
      games: { number: number; seed: string; suits: number; moves: number }[];
    };
    expect(
      json.games.map(({ number, seed, suits, moves }) => [number, seed, suits, moves]),
    ).toEqual([
      [1, '7', 1, 1],
      [2, '42', 4, 2],
    ]);

    const resumed = startGame(home, ['resume', '2']);
    const screen = resumed.waitFor(/Resumed your game from .*seed 42, 2 moves/);
    expect(screen).toMatch(/moves 2 .*deals 4/);
    // While it is open, the list says so and another resume is refused.
    expect(command(home, ['saves']).stdout).toMatch(/^2 {2}seed 42 .*open in another session$/m);
    const refused = command(home, ['resume', '42']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(
      'spider: game 2 (seed 42) is open in another spider session: leave it there first\n',
    );
    expect(quit(resumed)).toBe(0);
    expect(fs.existsSync(home.history)).toBe(false);
    expect(saves(home)).toHaveLength(2);
  });
});

describe('records written with w', () => {
  it('go to the working folder, and spider play FILE / --load FILE continue them', () => {
    const home = freshHome();
    const first = startGame(home, ['--seed', '42']);
    const { dealt } = playSeed42(first);
    first.sendKeys('w');
    first.waitFor('Wrote the game record to');
    const [record] = waitUntil('the record file', () => {
      const found = fs.readdirSync(home.cwd).filter((n) => /^spider-42-.*\.txt$/.test(n));
      return found.length > 0 && found;
    });
    const written = fs.readFileSync(path.join(home.cwd, record), 'utf8');
    expect(written).toMatch(/^seed: 42\n[^]*\n\n8-5 d\n$/);
    // The record shows in a panel to read (docs/playing.md, "The record panel"); c hands it to
    // the terminal's clipboard (OSC 52), any other key closes it.
    const lines = written.trimEnd().split('\n');
    const shown = first.waitFor(`Game record, lines 1-${lines.length} of ${lines.length}`);
    expect(shown).toContain('seed: 42');
    expect(shown).toContain('8-5 d');
    expect(shown).toContain('c copies to the clipboard');
    first.sendKeys('c');
    first.waitFor("Sent the record to your terminal's clipboard");
    expect(first.output()).toContain(`\x1b]52;c;${Buffer.from(written).toString('base64')}\x07`);
    first.sendKeys('Escape');
    first.waitForGone('Game record, lines');
    expect(quit(first)).toBe(0);

    for (const args of [
      ['play', record],
      ['--load', record],
    ]) {
      const session = startGame(home, args);
      const screen = session.waitFor(`Continuing the game of '${record}': seed 42.`);
      expect(board(screen)).toBe(board(dealt));
      session.sendKeys('u');
      session.waitFor(/moves 1 .*deals 5/);
      expect(quit(session)).toBe(0);
    }
  });

  it.each([
    {
      kind: 'malformed',
      text: 'seed: 42\n\n8-5 foo\n',
      status: 2,
      message: "spider: 'bad.txt', line 3: 'foo' is not an action",
    },
    {
      kind: 'illegal',
      text: 'seed: 42\n\n8-5 5-2\n',
      status: 1,
      message: "spider: action 2 '5-2' (line 3) is illegal: nothing goes onto an ace (A♠)",
    },
  ])(
    'a $kind FILE exits with status $status before the game opens',
    ({ text, status, message }) => {
      const home = freshHome();
      fs.writeFileSync(path.join(home.cwd, 'bad.txt'), text);
      const session = startGame(home, ['play', 'bad.txt']);
      expect(session.waitForExit()).toBe(status);
      const screen = session.screen();
      expect(screen).toContain(message);
      expect(screen).not.toContain('q quit');
      expect(fs.existsSync(home.games)).toBe(false);
    },
  );
});
