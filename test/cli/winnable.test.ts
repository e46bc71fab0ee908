/**
 * `--winnable` on the headless commands (docs/deals.md, "Winnable deals"): the deal chosen is the
 * first of its sequence that the solver wins, the output says so and where the sequence started,
 * and the same command gives the same deal.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { run } from '../../src/cli/program';
import { bySeed } from '../../src/engine';
import { wonWithin } from '../../src/search';
import { fakeIo, type FakeIoOptions } from '../helpers/fake-io';

jest.setTimeout(120_000);

const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-winnable-'));
afterAll(() => fs.rmSync(ROOT, { recursive: true, force: true }));
/** A cache folder of its own (never the real home's). */
const freshCache = () => fs.mkdtempSync(path.join(ROOT, 'cache-'));

/** Runs the program; each run has a fresh, empty cache unless `options.env` names one. */
async function cli(args: string[], options: FakeIoOptions = {}) {
  const env = options.env ?? { XDG_CACHE_HOME: freshCache() };
  const { io, written } = fakeIo({ ...options, env });
  const status = await run(args, io);
  return { status, ...written };
}

it('deal --winnable --json names the deal, says it is winnable and where the search began', async () => {
  const out = await cli(['deal', '--winnable', '--suits', '1', '--seed', '1', '--json']);
  expect(out.status).toBe(0);
  expect(out.stderr).toBe(''); // progress only on a terminal
  const json = JSON.parse(out.stdout) as Record<string, unknown>;
  expect(Object.keys(json).slice(0, 4)).toEqual(['seed', 'winnable', 'from', 'suits']);
  expect(json).toMatchObject({ seed: '1', winnable: true, from: '1', suits: 1 });
});

it('a 4-suit deal: the one the search finds from the seed on, the same again from the cache', async () => {
  // That it is the first deal from seed 6 the solver wins is the search's own test
  // (test/search/winnable.test.ts); here, the command's one real 4-suit search.
  const env = { XDG_CACHE_HOME: freshCache() };
  const first = await cli(['deal', '--winnable', '--seed', '6', '--json'], { env });
  const second = await cli(['deal', '--winnable', '--seed', '6', '--json'], {
    env,
    stderrTty: true,
  });
  expect(first.status).toBe(0);
  expect(second.stderr).toBe('');
  expect(second.stdout).toBe(first.stdout);
  expect(JSON.parse(first.stdout)).toMatchObject({ winnable: true, from: '6', suits: 4 });
});

it('the board text says the deal is proven winnable; a random start is picked once', async () => {
  const out = await cli(['deal', '--winnable', '--suits', '1'], { randomSeed: '5' });
  expect(out.status).toBe(0);
  expect(out.seedsPicked).toBe(1);
  expect(out.stdout.split('\n')[0]).toMatch(/^Spider {2}seed \d+, proven winnable/);
});

it('a numbered deal counts up from its number', async () => {
  const out = await cli(['deal', '--winnable', '--deal', 'pysol:1', '--suits', '1', '--json']);
  expect(out.status).toBe(0);
  expect(JSON.parse(out.stdout)).toMatchObject({
    deal: expect.stringMatching(/^pysol:\d+$/),
    winnable: true,
    from: 'pysol:1',
  });
});

it('on a terminal, standard error shows each deal as it is searched', async () => {
  const out = await cli(['deal', '--winnable', '--suits', '1', '--seed', '1'], { stderrTty: true });
  expect(out.stderr).toMatch(
    /^spider: finding a deal the solver wins, from seed 1 on: 1\.\.\. won \(\d+\.\d s\)\.\n$/,
  );
});

it('solve --winnable searches the deal chosen', async () => {
  const out = await cli(['solve', '--winnable', '--suits', '1', '--seed', '1', '--json']);
  expect(out.status).toBe(0);
  expect(JSON.parse(out.stdout)).toMatchObject({ result: 'won' });
});

describe('--daily (docs/deals.md, "The daily deal")', () => {
  const NOON = new Date(2026, 10, 23, 12, 0);

  it("deals the local date's deal: the first winnable one from the date as a seed", async () => {
    const out = await cli(['deal', '--daily', '--suits', '1', '--json'], { now: NOON });
    expect(out.status).toBe(0);
    const json = JSON.parse(out.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({
      winnable: true,
      from: '2026-11-23',
      daily: '2026-11-23',
      suits: 1,
    });
    expect(json.seed).toMatch(/^2026-11-23(\/\d+)?$/);
    expect(wonWithin(bySeed(json.seed as string), { suits: 1, relaxed: 0, keepSuits: false })).toBe(
      true,
    );
    const text = await cli(['deal', '--daily', '--suits', '1'], { now: NOON });
    expect(text.stdout.split('\n')[0]).toMatch(/daily deal of 2026-11-23, proven winnable/);
    expect(out.seedsPicked).toBe(0);
  });
});

it.each([
  [['solve', 'game.txt', '--winnable'], /a record file brings its own deal and rules/],
  [['autoplay', '--open', 'game.txt', '--winnable'], /a record file brings its own deal and rules/],
  [['play', 'game.txt', '--winnable'], /--winnable, --daily and --new deal a new game/],
  [['deal', '--daily', '--seed', '3'], /--daily plays the day's deal: give --daily or a deal/],
  [
    ['deal', '--daily', '--deal', 'pysol:3'],
    /--daily plays the day's deal: give --daily or a deal/,
  ],
  [['play', 'game.txt', '--daily'], /--winnable, --daily and --new deal a new game/],
  [['solve', 'game.txt', '--daily'], /a record file brings its own deal and rules/],
])('%j is a usage error', async (args, message) => {
  const out = await cli(args);
  expect(out.status).toBe(2);
  expect(out.stderr).toMatch(message);
  expect(out.stdout).toBe('');
});

describe('the cache (docs/deals.md, "Winnable deals")', () => {
  // A 1-suit deal: the search is quick, and the cache behaves alike for every suit count.
  const args = ['deal', '--winnable', '--suits', '1', '--seed', '1', '--json'];

  it('the second time, the deal comes from the cache at once, the same', async () => {
    const env = { XDG_CACHE_HOME: freshCache() };
    const first = await cli(args, { env, stderrTty: true });
    expect(first.stderr).toMatch(
      /^spider: finding a deal the solver wins, from seed 1 on: 1\.\.\. /,
    );
    const file = path.join(env.XDG_CACHE_HOME, 'spider', 'winnable.jsonl');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = await cli(args, { env, stderrTty: true });
    // No search: on a terminal a search names each deal it tries (a timed check would be noise).
    expect(second.stderr).toBe('');
    expect(second.stdout).toBe(first.stdout);
    // Other rules are another entry.
    const keepSuits = await cli([...args, '--keep-suits'], { env, stderrTty: true });
    expect(keepSuits.stderr).toMatch(/finding a deal/);
  });

  it('an entry whose line does not win is not trusted: the search runs again', async () => {
    const env = { XDG_CACHE_HOME: freshCache() };
    const first = await cli(args, { env });
    const file = path.join(env.XDG_CACHE_HOME, 'spider', 'winnable.jsonl');
    const entry = JSON.parse(fs.readFileSync(file, 'utf8').trim()) as { key: string };
    fs.appendFileSync(file, `${JSON.stringify({ ...entry, deal: '1', line: ['d'] })}\n{broken\n`);
    const again = await cli(args, { env, stderrTty: true });
    expect(again.stderr).toMatch(/finding a deal/);
    expect(again.stdout).toBe(first.stdout);
  });

  it('a cache folder others can write to is not used, and nothing is said', async () => {
    const cache = freshCache();
    fs.chmodSync(cache, 0o777);
    fs.mkdirSync(path.join(cache, 'spider'), { mode: 0o777 });
    fs.chmodSync(path.join(cache, 'spider'), 0o777);
    const out = await cli(['deal', '--winnable', '--suits', '1', '--seed', '1'], {
      env: { XDG_CACHE_HOME: cache },
    });
    expect(out.status).toBe(0);
    expect(out.stderr).toBe('');
    expect(fs.readdirSync(path.join(cache, 'spider'))).toEqual([]);
  });
});

it('a sequence of one deal the solver does not win says so in the singular', async () => {
  // The longest seed: the next in its sequence would be too long to be a seed.
  const out = await cli(['deal', '--winnable', '--seed', 'b'.repeat(100)]);
  expect(out.status).toBe(2);
  expect(out.stderr).toMatch(
    /^spider: --winnable: the solver did not win the one deal from seed b{100} on, and the next would not be a valid deal; try another seed\n/,
  );
});
