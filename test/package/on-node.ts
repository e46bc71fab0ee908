/**
 * What every supported Node line must do with the installed package (docs/install.md, "Node
 * versions"): the headless commands, a game in a real terminal with a few moves, the solver's
 * threads, the manual page and the shell completion. Each test/package/node*.test.ts runs it on
 * one line, so the lines run side by side.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { TerminalSession } from '../e2e/tmux';
import { installOn, type Installed, ROOT } from './installed';

const VERSION = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

export function packageOnNode(major: number): void {
  describe(`the package on Node ${major}`, () => {
    let installed: Installed;
    beforeAll(() => {
      installed = installOn(major);
    }, 240_000);
    afterAll(() => {
      if (installed) fs.rmSync(installed.folder, { recursive: true, force: true });
    });

    it('runs on this line, from the prefix, and says its version', () => {
      const node = installed.spider(['--version']);
      expect(node.stderr).toBe('');
      expect(node.stdout).toBe(`${VERSION}\n`);
      const [where, version] = execFileSync('sh', ['-c', 'command -v spider; node --version'], {
        env: installed.env,
        encoding: 'utf8',
      }).split('\n');
      expect(where).toBe(path.join(installed.prefix, 'bin', 'spider'));
      expect(version).toMatch(new RegExp(`^v${major}\\.`));
    });

    it('deals the same board as the checkout, and plays a record headless', () => {
      const dealt = installed.spider(['deal', '--seed', '1', '--color', 'never']);
      expect(dealt.status).toBe(0);
      const here = execFileSync(
        process.execPath,
        [path.join(ROOT, 'bin', 'spider'), 'deal', '--seed', '1', '--color', 'never'],
        {
          encoding: 'utf8',
          env: { ...process.env, ...installed.env, PATH: process.env.PATH },
        },
      );
      expect(dealt.stdout).toBe(here);
      expect(dealt.stdout).toMatch(/^Spider {2}seed 1 {2}\(4 suits/);
      const replayed = installed.spider(['replay', '-', '--json'], 'seed: 1\n\nd\n');
      expect(replayed.status).toBe(0);
      expect(JSON.parse(replayed.stdout)).toMatchObject({ actions: 1 });
    });

    it('has its manual page where man looks, and prints a completion bash takes', () => {
      // npm links the page into the prefix's share/man, which man finds beside bin/ on PATH.
      const man = execFileSync('man', ['-P', 'cat', 'spider'], {
        env: { ...installed.env, MANWIDTH: '80' },
        encoding: 'utf8',
      });
      expect(man).toMatch(/^SPIDER\(6\)/m);
      expect(man).toContain('--seed');
      const page = path.join(
        installed.prefix,
        'lib',
        'node_modules',
        'spider-solitaire',
        'dist',
        'spider.6',
      );
      const rendered = spawnSync('man', ['--warnings', '-l', page], {
        env: { ...installed.env, MANWIDTH: '80', MANPAGER: 'cat' },
        encoding: 'utf8',
      });
      expect(rendered.stderr).toBe('');
      expect(rendered.stdout).toContain('EXIT STATUS');
      const completion = execFileSync(
        'bash',
        ['-c', 'source <(spider completion bash); complete -p spider'],
        { env: installed.env, encoding: 'utf8' },
      );
      expect(completion).toMatch(/^complete .*spider$/m);
    });

    it("solves a deal on the solver's threads (the worker bundle)", () => {
      const solved = installed.spider([
        'solve',
        '--seed',
        '1',
        '--suits',
        '1',
        '--time',
        '20',
        '--json',
      ]);
      expect(solved.stderr).toBe('');
      const result = JSON.parse(solved.stdout) as { result: string; solution: string[] };
      expect(result.result).toBe('won');
      expect(result.solution.length).toBeGreaterThan(20);
    });

    it('plays in a real terminal: a first frame, a deal, a move, a hint, and leaves saved', () => {
      const session = TerminalSession.start(['spider', '--seed', '7', '--suits', '1'], {
        env: installed.env,
        cwd: installed.folder,
      });
      session.waitFor('q quit', 15_000);
      session.sendKeys('d');
      session.waitFor(/moves 1 /);
      // The hint's first answer is the quick one; the fair player's comes from the solver's thread.
      session.sendKeys('h');
      const hinted = session.waitFor(/h for the next\)/, 15_000);
      expect(hinted).toMatch(/Hint: move /);
      expect(hinted).not.toMatch(/thinking/);
      // Words only the fair player's answer has: the plan it starts, its chance to win.
      expect(hinted).toMatch(/on the way to|% to win/);
      session.sendKeys('q');
      session.waitFor('Quit this game?');
      session.sendKeys('y');
      expect(session.waitForExit(10_000)).toBe(0);
      // Installed on PATH: the exit text names the command as the player types it.
      expect(session.screen()).toMatch(
        /Play this deal again with:\n {2}spider --seed 7 --suits 1\n/,
      );
      // The start-up cache this Node made for the next start (docs/measurements.md, "Start-up").
      const code = path.join(installed.env.XDG_CACHE_HOME, 'spider', 'code');
      expect(fs.readdirSync(code).filter((name) => name.includes(`-v${major}.`))).toHaveLength(1);
    }, 60_000);
  });
}
