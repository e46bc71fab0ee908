import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { bigRecord, PEAK_RSS_PRELOAD } from '../helpers/big-record';
import { expectBuilt } from '../helpers/built';

/**
 * `spider replay` of records with hundreds of thousands of actions, run as a user runs it, with
 * its peak resident memory taken from the kernel. The full 16 MiB record is measured by `npm
 * run bench:replay`; here an eighth of it must fit in a proportionally small budget.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'spider');
// No settings file of the developer's (docs/settings.md, "Settings"); the code cache in the test
// run's own folder (test/setup/cache-home.ts).
const ENV: NodeJS.ProcessEnv = {
  PATH: process.env.PATH ?? '',
  LANG: 'C',
  XDG_CONFIG_HOME: '/nonexistent/spider-test-config',
  XDG_CACHE_HOME: process.env.XDG_CACHE_HOME,
};
const SIZE = 2 * 1024 * 1024;
/**
 * Node itself takes about 40 MiB; the 2 MiB record about 58 more (400 MiB when a game kept two
 * positions per action): the peak is 98 MiB (`SPIDER_BENCH_MIB=2 npm run bench:replay`), with
 * room here for a collector that falls behind while the other tests run.
 */
const PEAK_LIMIT_MIB = 160;
const TIMEOUT = 60_000;

let dir: string;

beforeAll(() => {
  expectBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-huge-'));
  fs.writeFileSync(path.join(dir, 'peak.js'), PEAK_RSS_PRELOAD);
}, 120_000);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `spider replay` on `text`; returns its output, status and peak memory in MiB. */
function replay(text: string, ...options: string[]) {
  const file = path.join(dir, 'game.spider');
  const peakFile = path.join(dir, 'peak');
  fs.writeFileSync(file, text);
  fs.rmSync(peakFile, { force: true });
  const result = spawnSync(
    process.execPath,
    ['-r', path.join(dir, 'peak.js'), BIN, 'replay', file, ...options],
    {
      env: { ...ENV, SPIDER_PEAK_RSS_FILE: peakFile },
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      timeout: TIMEOUT,
    },
  );
  const peakMiB = Number(fs.readFileSync(peakFile, 'utf8')) / 1024;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, peakMiB };
}

/** The same record cut to its first action: `1-2 2-1` pairs leave the position as `7-1` did. */
const SHORT = 'seed: 1\nsuits: 4\nrelaxed: 0\nkeep-suits: no\n\n7-1\n';

describe('the peak memory measure', () => {
  it('counts the program alone, not the larger process that started it', () => {
    // This test process holds 200 MiB while the measured program holds nearly nothing.
    const ballast = Buffer.alloc(200 * 1024 * 1024, 1);
    const peakFile = path.join(dir, 'peak-alone');
    const result = spawnSync(process.execPath, ['-r', path.join(dir, 'peak.js'), '-e', '0'], {
      env: { ...ENV, SPIDER_PEAK_RSS_FILE: peakFile },
    });
    expect(result.status).toBe(0);
    expect(ballast[ballast.length - 1]).toBe(1);
    const peakMiB = Number(fs.readFileSync(peakFile, 'utf8')) / 1024;
    expect(peakMiB).toBeGreaterThan(10);
    expect(peakMiB).toBeLessThan(100);
  });
});

describe('spider replay of a huge record', () => {
  it('prints the final position as JSON within a small memory budget', () => {
    const record = bigRecord(SIZE);
    expect(record.actions).toBeGreaterThan(500_000);
    const huge = replay(record.text, '--json');
    expect(huge.stderr).toBe('');
    expect(huge.status).toBe(0);
    expect(huge.peakMiB).toBeLessThan(PEAK_LIMIT_MIB);
    const short = replay(SHORT, '--json');
    expect(short.status).toBe(0);
    const expected = JSON.parse(short.stdout);
    expected.actions = record.actions;
    expected.score.microsoft = 0; // 500 less one per action, never below 0
    expect(JSON.parse(huge.stdout)).toEqual(expected);
  });

  it('prints the board as text within the same budget', () => {
    const record = bigRecord(SIZE);
    const huge = replay(record.text);
    expect(huge.status).toBe(0);
    expect(huge.peakMiB).toBeLessThan(PEAK_LIMIT_MIB);
    const short = replay(SHORT);
    expect(short.status).toBe(0);
    // Only the action count and the microsoft score differ.
    const board = (text: string) => text.split('\n').filter((_, i) => i !== 1 && i !== 2);
    expect(board(huge.stdout)).toEqual(board(short.stdout));
    expect(huge.stdout).toContain(`Actions: ${record.actions}   Status: playing`);
  });

  it('names the illegal action by number, token and line, however far in it is', () => {
    const record = bigRecord(SIZE, { tail: '1-2 5-5\n' });
    const lines = record.text.split('\n').length - 1;
    const huge = replay(record.text, '--json');
    expect(huge.status).toBe(1);
    expect(huge.peakMiB).toBeLessThan(PEAK_LIMIT_MIB);
    const short = replay(`${SHORT}1-2 5-5\n`, '--json');
    expect(short.status).toBe(1);
    const reason = short.stderr.replace(/^spider: action 3 '5-5' \(line 7\) is illegal: /, '');
    expect(reason).not.toBe(short.stderr);
    expect(huge.stderr).toBe(
      `spider: action ${record.actions + 2} '5-5' (line ${lines}) is illegal: ${reason}`,
    );
    // The position reached before the illegal action is printed.
    const before = JSON.parse(huge.stdout);
    expect(before.actions).toBe(record.actions + 1);
    expect(before.columns).toEqual(JSON.parse(short.stdout).columns);
  });
});
