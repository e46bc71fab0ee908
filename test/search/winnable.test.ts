/**
 * Winnable deals (docs/deals.md, "Winnable deals"): the sequence of candidates, and the first one
 * the solver wins within the budget. Which deals the solver wins may change as it gets faster, so
 * the tests assert what the choice must satisfy, not which deal it is.
 */
import { type Action, bySeed, type DealId, type Rules } from '../../src/engine';
import {
  candidateDeal,
  chooseWinnable,
  dailyStart,
  findWinnable,
  type WinnableCache,
  WINNABLE_POSITIONS,
  winnableKey,
  wonWithin,
} from '../../src/search';

const key = (deal: DealId | null) => deal && `${deal.scheme}:${deal.key}`;

describe('the sequence of candidates', () => {
  it('counts a decimal seed up, from the seed itself', () => {
    expect([0, 1, 2].map((i) => key(candidateDeal(bySeed('42'), i)))).toEqual([
      'seed:42',
      'seed:43',
      'seed:44',
    ]);
    expect(key(candidateDeal(bySeed('0'), 1))).toBe('seed:1');
    expect(key(candidateDeal(bySeed('99999999999999999999'), 1))).toBe(
      'seed:100000000000000000000',
    );
  });

  it('follows any other seed with /1, /2, ... (042 is not a number: it is another deal than 42)', () => {
    expect([0, 1, 2].map((i) => key(candidateDeal(bySeed('Ada'), i)))).toEqual([
      'seed:Ada',
      'seed:Ada/1',
      'seed:Ada/2',
    ]);
    expect(key(candidateDeal(bySeed('042'), 1))).toBe('seed:042/1');
    expect(key(candidateDeal(bySeed('2026-11-23'), 3))).toBe('seed:2026-11-23/3');
  });

  it('counts numbered deals up, and ends where the scheme ends', () => {
    expect(key(candidateDeal({ scheme: 'pysol', key: '7' }, 2))).toBe('pysol:9');
    expect(key(candidateDeal({ scheme: 'kpat', key: '2147483646' }, 1))).toBe('kpat:2147483647');
    expect(candidateDeal({ scheme: 'kpat', key: '2147483646' }, 2)).toBeNull();
  });

  it('ends when the next name would be too long for a seed', () => {
    const longest = 'x'.repeat(100);
    expect(key(candidateDeal(bySeed(longest), 0))).toBe(`seed:${longest}`);
    expect(candidateDeal(bySeed(longest), 1)).toBeNull();
    expect(candidateDeal(bySeed('9'.repeat(100)), 1)).toBeNull();
  });
});

describe('the first winnable deal', () => {
  const TWO: Rules = { suits: 2, relaxed: 0, keepSuits: false };

  it.each(['1', '20', 'Ada'])(
    'from seed %s (2 suits, a small budget): won, every deal skipped before it not won, the same every time',
    (seed) => {
      const budget = 70_000; // small, so that some candidates are skipped
      const found = findWinnable(bySeed(seed), TWO, { positions: budget });
      if (!found.found) throw new Error(`nothing found from ${seed}`);
      expect(found.deal).toMatchObject(candidateDeal(bySeed(seed), found.skipped.length)!);
      expect(found.deal.origin).toEqual({ from: bySeed(seed) });
      expect(wonWithin(found.deal, TWO, budget)).toBe(true);
      found.skipped.forEach((deal, i) => {
        expect(deal).toEqual(candidateDeal(bySeed(seed), i));
        expect(wonWithin(deal, TWO, budget)).toBe(false);
      });
      const again = findWinnable(bySeed(seed), TWO, { positions: budget });
      expect(again).toEqual(found);
    },
  );

  it('with the real budget, a 4-suit deal: won within it, the skipped ones not', () => {
    const rules: Rules = { suits: 4, relaxed: 0, keepSuits: false };
    const tried: string[] = [];
    const found = findWinnable(bySeed('6'), rules, {
      trying: (deal) => tried.push(deal.key),
    });
    if (!found.found) throw new Error('nothing found from 6');
    expect(tried).toEqual([...found.skipped.map((d) => d.key), found.deal.key]);
    expect(wonWithin(found.deal, rules, WINNABLE_POSITIONS)).toBe(true);
    for (const deal of found.skipped) expect(wonWithin(deal, rules)).toBe(false);
  }, 120_000);

  it('a 1-suit deal the solver wins is its own first candidate', () => {
    const found = findWinnable(bySeed('1'), { suits: 1, relaxed: 0, keepSuits: false });
    expect(found).toMatchObject({ found: true, skipped: [], deal: { scheme: 'seed', key: '1' } });
  });

  it('gives up after the candidates allowed, and says the sequence ended when it did', () => {
    const rules: Rules = { suits: 4, relaxed: 0, keepSuits: false };
    const none = findWinnable(bySeed('1'), rules, { positions: 10, candidates: 3 });
    expect(none).toEqual({
      found: false,
      why: 'tried-all',
      skipped: ['1', '2', '3'].map(bySeed),
    });
    const ended = findWinnable({ scheme: 'kpat', key: '2147483647' }, rules, { positions: 10 });
    expect(ended).toMatchObject({ found: false, why: 'sequence-ended' });
  });
});

it("the daily deal's sequence starts at the local date as a seed", () => {
  expect(dailyStart(new Date(2026, 0, 5, 23, 59))).toEqual({
    from: bySeed('2026-01-05'),
    daily: '2026-01-05',
  });
});

describe('choosing a winnable deal, with a cache', () => {
  const ONE: Rules = { suits: 1, relaxed: 0, keepSuits: false };
  /** A cache in memory, which counts what is kept. */
  function memoryCache() {
    const entries = new Map<string, { deal: string; line: readonly Action[] }>();
    const cache: WinnableCache = {
      get: (key) => entries.get(key) ?? null,
      put: (key, deal, line) => void entries.set(key, { deal, line }),
    };
    return { cache, entries };
  }

  it('searches, keeps what it found, and the next time answers from the cache', () => {
    const { cache, entries } = memoryCache();
    const request = { from: bySeed('1'), rules: ONE, version: '1.2.3' };
    const tried: string[] = [];
    const first = chooseWinnable(request, cache, { trying: (deal) => tried.push(deal.key) });
    expect(first).toMatchObject({ chosen: true, searched: true, deal: { key: '1' } });
    expect(tried).toEqual(['1']);
    expect([...entries.keys()]).toEqual([winnableKey(request)]);
    expect(winnableKey(request)).toBe(
      'spider 1.2.3; 500000 positions; suits 1, relaxed 0, keep-suits false; from seed:1',
    );
    const again = chooseWinnable(request, cache, { trying: (deal) => tried.push(deal.key) });
    expect(again).toEqual({ ...first, searched: false });
    expect(tried).toEqual(['1']);
  });

  it('does not trust a cached line that does not win: it searches again', () => {
    const { cache } = memoryCache();
    const request = { from: bySeed('1'), rules: ONE, version: '1.2.3', daily: '2026-01-05' };
    cache.put(winnableKey(request), '1', [{ kind: 'deal' }]);
    let started = 0;
    const chosen = chooseWinnable(request, cache, { starting: () => started++ });
    expect(chosen).toMatchObject({ chosen: true, searched: true });
    expect(started).toBe(1);
    if (chosen.chosen)
      expect(chosen.deal.origin).toEqual({ from: bySeed('1'), daily: '2026-01-05' });
  });
});
