/**
 * Deals searched for from the new-game panel (docs/playing.md, "A new game"): the job on the
 * solver's thread finds the deal `--daily` and `--winnable` find, keeps it in the cache, and stops
 * when given up without counting the deal it cut short.
 */
import { bySeed } from '../../src/engine';
import { dealSearch, type FoundDeal } from '../../src/host/deal-search';
import { type Job, type JobResult, type JobRunner, runJob } from '../../src/search';
import { dailyStart, findWinnable, type WinnableCache } from '../../src/search/winnable';

const RULES = { suits: 1, relaxed: 0, keepSuits: false } as const;

/** A runner that runs each job at once, on this thread, and remembers them. */
function inline(cache?: WinnableCache): JobRunner & { jobs: Job[] } {
  const jobs: Job[] = [];
  return {
    jobs,
    run(job: Job, done: (result: JobResult) => void) {
      jobs.push(job);
      done(runJob(job, () => false, Date.now, undefined, cache));
      return () => undefined;
    },
    close: () => undefined,
  };
}

function memoryCache(): WinnableCache & { entries: Map<string, { deal: string; line: never[] }> } {
  const entries = new Map();
  return {
    entries,
    get: (key) => entries.get(key) ?? null,
    put: (key, deal, line) => entries.set(key, { deal, line }),
  };
}

it('finds the daily deal the command line finds, for the rules chosen, and keeps it', () => {
  const now = new Date(2026, 11, 7, 9, 30);
  const cache = memoryCache();
  const solver = inline(cache);
  let found: FoundDeal | null = null;
  dealSearch({ solver, version: '1.2.3', randomSeed: () => '5', now: () => now })(
    { choose: 'daily', rules: RULES },
    (answer) => (found = answer),
  );
  const { from, daily } = dailyStart(now);
  const expected = findWinnable(from, RULES, { daily });
  if (!expected.found) throw new Error('the daily deal has none');
  expect(found).toEqual({ ok: true, deal: expected.deal });
  expect(solver.jobs[0]).toMatchObject({
    kind: 'winnable-deal',
    request: { from, rules: RULES, daily, version: '1.2.3' },
  });
  expect(cache.entries.size).toBe(1);
});

it('a winnable deal starts from a random seed', () => {
  const solver = inline();
  let found: FoundDeal | null = null;
  dealSearch({ solver, version: 'x', randomSeed: () => '77' })(
    { choose: 'winnable', rules: RULES },
    (answer) => (found = answer),
  );
  expect(solver.jobs[0]).toMatchObject({ request: { from: bySeed('77') } });
  expect(found).toMatchObject({ ok: true, deal: { origin: { from: bySeed('77') } } });
});

it('a search given up answers stopped and keeps nothing, even where the deal would be won', () => {
  const cache = memoryCache();
  const request = { from: bySeed('77'), rules: RULES, version: 'x' };
  let looks = 0;
  const result = runJob(
    { kind: 'winnable-deal', request, timeMs: 60_000 },
    () => ++looks > 3,
    Date.now,
    undefined,
    cache,
  );
  expect(result).toEqual({
    kind: 'winnable-deal',
    choice: { chosen: false, tries: 0, why: 'stopped' },
  });
  expect(cache.entries.size).toBe(0);
});

it('tells the panel why no deal came', () => {
  const failing: JobRunner = {
    run: (_job, done) => {
      done({ kind: 'winnable-deal', choice: { chosen: false, tries: 0, why: 'stopped' } });
      return () => undefined;
    },
    close: () => undefined,
  };
  let found: FoundDeal | null = null;
  dealSearch({ solver: failing, version: 'x', randomSeed: () => '1' })(
    { choose: 'winnable', rules: RULES },
    (answer) => (found = answer),
  );
  expect(found).toEqual({
    ok: false,
    message: 'No winnable deal was found within 60 s; Enter tries again.',
  });
});
