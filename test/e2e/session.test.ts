/**
 * Which game a start opens, in a real terminal: a deal nobody touched is not kept, and asking
 * for the seed of a game that waits unfinished goes on with that game.
 */
import * as fs from 'fs';
import * as path from 'path';
import { dealAndQuit, freshEnv, gamePid, scratchFolder, SPIDER, startSpider } from './spider';
import { processRunning, TerminalSession } from './tmux';

jest.setTimeout(30_000);

function saves(home: string): string[] {
  try {
    return fs.readdirSync(path.join(home, 'state', 'spider', 'games'));
  } catch {
    return [];
  }
}

function history(home: string): string[] {
  try {
    const text = fs.readFileSync(path.join(home, 'data', 'spider', 'games.jsonl'), 'utf8');
    return text.split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

function kill(session: ReturnType<typeof startSpider>): void {
  const pid = gamePid(session);
  process.kill(pid, 'SIGKILL');
  const deadline = Date.now() + 5000;
  while (processRunning(pid) && Date.now() < deadline) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}

describe('a deal nobody touched', () => {
  it('is not kept when the game is killed before any move', () => {
    const home = scratchFolder();
    const first = startSpider(['--seed', '42'], { env: freshEnv(home) });
    first.waitFor('q quit');
    kill(first);
    expect(saves(home)).toEqual([]);
    // Nothing was kept: the next start is a first one, on the new-game panel over a new deal.
    const second = startSpider([], { env: freshEnv(home) });
    const screen = second.waitFor('Enter deals');
    expect(screen).toContain('Welcome! Choose a game');
    expect(screen).not.toContain('seed 42 ');
    expect(screen).not.toContain('Resumed');
  });
});

describe('asking for the seed of a saved game', () => {
  it('resumes that game, says so, and counts nothing as abandoned', () => {
    const home = scratchFolder();
    const first = startSpider(['--seed', '42', '--suits', '2'], { env: freshEnv(home) });
    first.waitFor('q quit');
    first.sendKeys('d');
    first.waitFor(/moves 1 /);
    kill(first);
    const again = startSpider(['--seed', '42', '--suits', '2'], { env: freshEnv(home) });
    const screen = again.waitFor('Resumed');
    expect(screen).toMatch(/moves 1 /);
    expect(screen).toContain('R restarts');
    expect(history(home)).toEqual([]);
  });

  it('with other rules deals that seed anew and leaves the saved game alone', () => {
    const home = scratchFolder();
    const first = startSpider(['--seed', '42', '--suits', '2'], { env: freshEnv(home) });
    first.waitFor('q quit');
    first.sendKeys('d');
    first.waitFor(/moves 1 /);
    kill(first);
    const other = startSpider(['--seed', '42', '--suits', '1'], { env: freshEnv(home) });
    const screen = other.waitFor('q quit');
    expect(screen).toMatch(/moves 0 /);
    expect(screen).not.toContain('Resumed');
    expect(history(home)).toEqual([]);
    expect(saves(home).filter((name) => name.endsWith('.txt'))).toHaveLength(1);
  });
});

describe('statistics that cannot be written', () => {
  it('are not needed by n: the game left stays saved, and the next start resumes it', () => {
    const home = scratchFolder();
    const blocked = path.join(home, 'not-a-folder');
    fs.writeFileSync(blocked, 'a file where the data folder should be\n');
    const env = { ...freshEnv(home), XDG_DATA_HOME: blocked };
    const first = startSpider(['--seed', '42'], { env });
    first.waitFor('q quit');
    first.sendKeys('d');
    first.waitFor(/moves 1 /);
    first.sendKeys('n');
    first.waitFor('Enter deals');
    first.sendKeys('Enter');
    const screen = first.waitFor('New game: seed');
    expect(screen).not.toContain("Can't record");
    first.sendKeys('q');
    expect(first.waitForExit()).toBe(0);
    expect(history(home)).toEqual([]);

    const second = startSpider([], { env: freshEnv(home) });
    second.waitFor(/Resumed your game from .*seed 42, 1 move\b/);
    expect(history(home)).toEqual([]);
    expect(saves(home).filter((name) => name.endsWith('.txt'))).toHaveLength(1);
  });
});

describe('a home that is not one', () => {
  it('an empty HOME keeps nothing in the current folder: the game warns and plays on', () => {
    const work = scratchFolder();
    const session = TerminalSession.start([process.execPath, SPIDER, '--seed', '42'], {
      env: { ...freshEnv(), HOME: '', XDG_STATE_HOME: undefined, XDG_DATA_HOME: undefined },
      cwd: work,
    });
    const screen = session.waitFor("Can't save this game");
    expect(screen.replace(/\s+/g, ' ')).toContain("there is no home folder: HOME is ''");
    expect(dealAndQuit(session)).toBe(0);
    expect(fs.readdirSync(work)).toEqual([]);
  });

  it('a state folder others can write to is not used', () => {
    const home = scratchFolder();
    const state = path.join(home, 'state', 'spider');
    fs.mkdirSync(state, { recursive: true });
    fs.chmodSync(state, 0o777);
    const session = startSpider(['--seed', '42'], { env: freshEnv(home) });
    const screen = session.waitFor("Can't save this game");
    expect(screen.replace(/\s+/g, ' ')).toContain('other users can write to');
    session.sendKeys('d');
    session.waitFor(/moves 1 /);
    expect(fs.readdirSync(state)).toEqual([]);
  });
});
