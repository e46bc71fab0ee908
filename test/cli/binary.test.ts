import { spawn, spawnSync, type SpawnSyncReturns } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { expectBuilt } from '../helpers/built';

/** The real program, as a user runs it: `bin/spider` under this Node. */
const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join('bin', 'spider');
const TIMEOUT = 30_000;

/**
 * No inherited locale or colour settings, and no settings file of the developer's (docs/settings.md,
 * "Settings"), so the output does not depend on the machine; the code cache in the test run's own
 * folder (test/setup/cache-home.ts).
 */
const ENV: NodeJS.ProcessEnv = {
  PATH: process.env.PATH ?? '',
  LANG: 'C',
  XDG_CONFIG_HOME: '/nonexistent/spider-test-config',
  XDG_CACHE_HOME: process.env.XDG_CACHE_HOME,
};

function spider(
  args: string[],
  options: { input?: string; stdin?: 'ignore' | 'pipe' } = {},
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: ENV,
    encoding: 'utf8',
    input: options.input,
    stdio: [options.stdin ?? 'pipe', 'pipe', 'pipe'],
    timeout: TIMEOUT,
  });
}

/** A message for a person: one line, `spider: ...`, no stack frames. */
function expectOneLineMessage(stderr: string): void {
  expect(stderr).toMatch(/^spider: [^\n]+\n$/);
  expect(stderr).not.toMatch(/\bat .*:\d+:\d+/);
  expect(stderr).not.toMatch(/^\s*at /m);
}

beforeAll(expectBuilt);

describe('bin/spider', () => {
  it('--version prints the package version and exits 0', () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    const result = spider(['--version']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(version);
    expect(result.stderr).toBe('');
  });

  it('--help shows how to choose the suits, the seed and the relaxed level of a game', () => {
    const result = spider(['--help']);
    expect(result.status).toBe(0);
    for (const option of ['--suits', '--seed', '--relaxed', '--keep-suits', '--new', '--scoring'])
      expect(result.stdout).toContain(option);
  });

  it('reports a bad option value before asking for a terminal', () => {
    const result = spider(['--scoring', 'foo'], { stdin: 'ignore' });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "spider: --scoring must be woods, microsoft or aisleriot, not 'foo'\n",
    );
  });

  it('--help lists deal and replay and exits 0', () => {
    const result = spider(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^\s+deal\b/m);
    expect(result.stdout).toMatch(/^\s+replay\b/m);
    expect(result.stderr).toBe('');
  });

  it('prints a deal as JSON and exits 0', () => {
    const result = spider(['deal', '--seed', '7', '--json']);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const doc = JSON.parse(result.stdout) as { seed: string; stock: number };
    expect(doc.seed).toBe('7');
    expect(doc.stock).toBe(50);
  });

  it('exits 2 on a usage error with a one-line message', () => {
    const result = spider(['deal', '--suits', '3']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expectOneLineMessage(result.stderr);
    expect(result.stderr).toMatch(/--suits must be 1, 2 or 4/);
  });

  it('exits 2 on an unknown option, in one line even with a suggestion', () => {
    const result = spider(['deal', '--sed', '4']);
    expect(result.status).toBe(2);
    expectOneLineMessage(result.stderr);
    expect(result.stderr).toContain('--seed');
  });

  it('exits 1 on an illegal action, after printing the position before it', () => {
    const result = spider(['replay', '-', '--json'], { input: 'seed: 1\n\nd d d d d\nd 1-2\n' });
    expect(result.status).toBe(1);
    expectOneLineMessage(result.stderr);
    expect(result.stderr).toMatch(/action 6 'd'/);
    expect(result.stderr).toMatch(/stock is empty/);
    const doc = JSON.parse(result.stdout) as { actions: number; stock: number };
    expect(doc.actions).toBe(5);
    expect(doc.stock).toBe(0);
  });

  it('exits 2 on a missing record file without a stack trace', () => {
    const result = spider(['replay', path.join(ROOT, 'no-such-record.txt')]);
    expect(result.status).toBe(2);
    expectOneLineMessage(result.stderr);
    expect(result.stderr).toMatch(/no such file/);
  });

  it('solves on the solver threads, and the line it prints is a won game for replay', () => {
    // A 2-suit deal: both threads search; the first win answers, the other is stopped.
    const solved = spider(['solve', '--deal', 'pysol:3', '--suits', '2', '--time', '60']);
    expect(solved.stderr).toBe('');
    expect(solved.status).toBe(0);
    expect(solved.stdout).toMatch(/^# spider solve: won: a winning line of \d+ actions/);
    const replayed = spider(['replay', '-', '--json'], { input: solved.stdout });
    expect(replayed.status).toBe(0);
    expect(JSON.parse(replayed.stdout)).toMatchObject({ status: 'won' });
  });

  it('exits 0 for spider deal with standard input closed', () => {
    const ignored = spider(['deal', '--seed', '7'], { stdin: 'ignore' });
    expect(ignored.status).toBe(0);
    expect(ignored.stderr).toBe('');
    expect(ignored.stdout).toContain('seed 7');

    const sh = '/bin/sh';
    if (fs.existsSync(sh)) {
      const closed = spawnSync(
        sh,
        ['-c', 'exec "$0" bin/spider deal --seed 7 <&-', process.execPath],
        {
          cwd: ROOT,
          env: ENV,
          encoding: 'utf8',
          timeout: TIMEOUT,
        },
      );
      expect(closed.status).toBe(0);
      expect(closed.stderr).toBe('');
      expect(closed.stdout).toContain('seed 7');
    }
  });

  it('says in one line that it cannot write its output to a full disk, and exits 74', () => {
    if (!fs.existsSync('/dev/full')) return; // Linux only: nothing else fills up on demand
    const full = fs.openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [BIN, 'deal', '--seed', '42', '--json'], {
        cwd: ROOT,
        env: ENV,
        encoding: 'utf8',
        stdio: ['ignore', full, 'pipe'],
        timeout: TIMEOUT,
      });
      expect(result.stderr).toBe('spider: cannot write the output: the disk is full\n');
      expect(result.status).toBe(74);
    } finally {
      fs.closeSync(full);
    }
  });

  /** Runs spider with stdout piped, closes the pipe early, and reports how it ended. */
  function closedEarly(
    args: string[],
    bytes: number,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], {
        cwd: ROOT,
        env: ENV,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let seen = 0;
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => (stderr += text));
      if (bytes === 0) child.stdout.destroy();
      else
        child.stdout.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen >= bytes) child.stdout.destroy();
        });
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error('spider did not end'));
      }, TIMEOUT);
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stderr });
      });
    });
  }

  it.each([
    ['before anything is written', 0],
    ['after the first bytes (like head -c 10)', 10],
  ])('ends quietly when the reader closes the pipe %s', async (_, bytes) => {
    const result = await closedEarly(['deal', '--seed', '7', '--json', '--reveal'], bytes);
    expect(result.stderr).not.toMatch(/^\s*at /m);
    expect(result.stderr).not.toMatch(/Error|EPIPE/);
    expect(result.stderr).toBe('');
    expect(result.signal).toBeNull();
    expect(result.code).toBe(0);
  });
});

describe('what a start loads (docs/measurements.md, "Start-up")', () => {
  /** Node's own modules that `args` loaded whose names match `pattern`. */
  function builtinsLoaded(args: string[], pattern: RegExp): string[] {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-loaded-'));
    try {
      const probe = path.join(folder, 'probe.js');
      fs.writeFileSync(
        probe,
        `process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList.filter((m) => ${pattern}.test(m)))));`,
      );
      const result = spawnSync(process.execPath, ['-r', probe, BIN, ...args], {
        cwd: ROOT,
        env: ENV,
        encoding: 'utf8',
        timeout: TIMEOUT,
      });
      expect(result.status).toBe(0);
      return JSON.parse(result.stderr) as string[];
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }

  it('leaves worker_threads until the solver is first asked something', () => {
    expect(builtinsLoaded(['deal', '--seed', '7'], /worker_threads/)).toEqual([]);
    expect(builtinsLoaded(['solve', '--seed', '7', '--suits', '1'], /worker_threads/)).toEqual([
      'NativeModule worker_threads',
    ]);
  });
});

describe('the code cache (docs/measurements.md, "Start-up")', () => {
  const BUNDLE = path.join(ROOT, 'dist', 'spider.js');
  /** The build's id of the bundle, from its first line. */
  const buildId = () =>
    /^\/\/ spider build ([0-9a-f]{16})\n/.exec(fs.readFileSync(BUNDLE, 'utf8'))![1];
  /** The cache file bin/spider keeps for this bundle on this Node, under `cacheHome`. */
  const cacheFile = (cacheHome: string) =>
    path.join(cacheHome, 'spider', 'code', `${buildId()}-${process.version}-${process.arch}.cache`);

  function cacheHome(): string {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-cache-'));
    folders.push(folder);
    return folder;
  }
  const folders: string[] = [];
  afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

  /** A headless start with its cache under `cacheHome`: its output is the deal's. */
  function start(cacheHome: string): void {
    const result = spawnSync(process.execPath, [BIN, 'deal', '--seed', '7'], {
      cwd: ROOT,
      env: { ...ENV, XDG_CACHE_HOME: cacheHome },
      encoding: 'utf8',
      timeout: TIMEOUT,
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Spider  seed 7');
    expect(result.status).toBe(0);
  }

  /** Whether V8, in a Node of its own as a start is, takes `cache` for the bundle. */
  function taken(cache: string): boolean {
    const script = `
      const fs = require('fs'), Module = require('module'), vm = require('vm');
      const source = Module.wrap(fs.readFileSync(${JSON.stringify(BUNDLE)}, 'utf8'));
      const cachedData = fs.readFileSync(${JSON.stringify(cache)});
      console.log(!new vm.Script(source, { cachedData }).cachedDataRejected);
    `;
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    return result.stdout.trim() === 'true';
  }

  it('is written by the first start on this Node, and taken as it is by the next', () => {
    const home = cacheHome();
    const file = cacheFile(home);
    start(home);
    expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
    expect(taken(file)).toBe(true);
    const written = fs.statSync(file);
    start(home);
    const after = fs.statSync(file);
    expect([after.ino, after.mtimeMs, after.size]).toEqual([
      written.ino,
      written.mtimeMs,
      written.size,
    ]);
  });

  it("replaces a cache V8 rejects, and removes other builds' caches, keeping other Nodes'", () => {
    const home = cacheHome();
    const file = cacheFile(home);
    const folder = path.dirname(file);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(file, 'not a code cache');
    const otherBuild = `0123456789abcdef-${process.version}-${process.arch}.cache`;
    const otherNode = `${buildId()}-v99.0.0-${process.arch}.cache`;
    fs.writeFileSync(path.join(folder, otherBuild), 'another build');
    fs.writeFileSync(path.join(folder, otherNode), 'another Node');
    start(home);
    expect(fs.readdirSync(folder).sort()).toEqual([path.basename(file), otherNode].sort());
    expect(taken(file)).toBe(true);
  });

  it('costs nothing but speed when it cannot be kept', () => {
    const home = cacheHome();
    // A file where the folder would go: nothing can be written under it.
    fs.writeFileSync(path.join(home, 'spider'), '');
    start(home);
    start(path.join(home, 'no', 'such', 'folder'));
    expect(fs.readdirSync(home)).toEqual(['spider']);
  });
});
