/**
 * The bundled program (dist/spider.js, with blessed inside it) in a real terminal: the files
 * blessed finds through its own folder are still found from the bundle, and a code cache V8
 * rejects costs the game nothing (docs/measurements.md, "Start-up").
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { freshEnv, quitGame, ROOT, scratchFolder, SPIDER, startSpider } from './spider';
import { TerminalSession } from './tmux';
import { COLUMN_NUMBERS } from '../helpers/build';

jest.setTimeout(30_000);

describe('start-up in a real terminal', () => {
  it("plays on a terminal no terminfo entry describes, with blessed's own xterm entry", () => {
    // The name exists nowhere, so blessed falls back to the copy of xterm in its usr/ folder.
    const session = TerminalSession.start([process.execPath, SPIDER, '--seed', '1'], {
      cwd: ROOT,
      env: freshEnv(),
      term: 'spider-no-such-terminal',
    });
    const screen = session.waitFor('q quit');
    expect(screen.split('\n')[1].trim().split(/\s+/)).toEqual(COLUMN_NUMBERS);
  });

  it('starts over a code cache V8 rejects, and leaves a good one in its place', () => {
    const env = freshEnv();
    const folder = path.join(env.XDG_CACHE_HOME!, 'spider', 'code');
    const build = /^\/\/ spider build ([0-9a-f]{16})\n/.exec(
      fs.readFileSync(path.join(ROOT, 'dist', 'spider.js'), 'utf8'),
    )![1];
    const file = path.join(folder, `${build}-${process.version}-${process.arch}.cache`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(file, 'not a code cache');
    const session = startSpider(['--seed', '1'], { env });
    session.sendKeys('d');
    session.waitFor(/moves 1 /);
    expect(quitGame(session)).toBe(0);
    // The functions the game compiled: far more than the 16 bytes it found.
    expect(fs.statSync(file).size).toBeGreaterThan(100_000);
  });

  it("loads neither Node's crypto nor its assert module to play", () => {
    const folder = scratchFolder();
    const probe = path.join(folder, 'probe.js');
    const loaded = path.join(folder, 'loaded.json');
    fs.writeFileSync(
      probe,
      `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(process.moduleLoadList)));`,
    );
    const session = TerminalSession.start([process.execPath, '-r', probe, SPIDER, '--seed', '1'], {
      cwd: ROOT,
      env: freshEnv(),
    });
    session.sendKeys('d');
    session.waitFor(/moves 1 /);
    expect(quitGame(session)).toBe(0);
    const modules = JSON.parse(fs.readFileSync(loaded, 'utf8')) as string[];
    // The game dealt, saved (a slot claimed, a save written) and quit.
    expect(modules).toContain('NativeModule tty');
    expect(modules.filter((name) => /^NativeModule (crypto|assert)$/.test(name))).toEqual([]);
  });

  it('writes the code cache again after a game when a short start made it, and then no more', () => {
    const env = freshEnv();
    const headless = spawnSync(process.execPath, [SPIDER, '--version'], {
      env: { ...process.env, ...env },
    });
    expect(headless.status).toBe(0);
    const [name] = fs.readdirSync(path.join(env.XDG_CACHE_HOME!, 'spider', 'code'));
    const file = path.join(env.XDG_CACHE_HOME!, 'spider', 'code', name);
    const short = fs.statSync(file);
    const game = (seed: string) => {
      const session = startSpider(['--seed', seed], { env });
      session.sendKeys('d');
      session.waitFor(/moves 1 /);
      expect(quitGame(session)).toBe(0);
      return fs.statSync(file);
    };
    const first = game('1');
    // The functions the game compiled are kept; a later game finds them all there.
    expect(first.size).toBeGreaterThan(1.5 * short.size);
    const second = game('2');
    expect([second.ino, second.mtimeMs]).toEqual([first.ino, first.mtimeMs]);
  });
});
