import * as fc from 'fast-check';
import type { Rules } from '../../src/engine';
import { arbitraryResult, gameResult, inEndOrder } from '../helpers/results';
import {
  averageWinMs,
  digest,
  follows,
  formatDuration,
  type GameResult,
  newRecords,
  NO_GAMES,
  type Outcome,
  statsOfRules,
  summarize,
  type VariantStats,
} from '../../src/stats';
import { bySeed } from '../../src/engine';

const FOUR: Rules = { suits: 4, relaxed: 0, keepSuits: false };

let count = 0;
function game(outcome: Outcome, overrides: Partial<GameResult> = {}): GameResult {
  count++;
  return {
    deal: bySeed(String(count)),
    rules: FOUR,
    outcome,
    moves: 200,
    actions: 250,
    peeks: 0,
    elapsedMs: 900_000,
    scores:
      outcome === 'won'
        ? { woods: 990, microsoft: 1050, aisleriot: 96 }
        : { woods: 300, microsoft: 420, aisleriot: 20 },
    ended: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}
const won = (o: Partial<GameResult> = {}) => game('won', o);
const lost = (o: Partial<GameResult> = {}) => game('lost', o);
const abandoned = (o: Partial<GameResult> = {}) => game('abandoned', o);

function only(results: GameResult[]): VariantStats {
  const stats = summarize(results);
  expect(stats).toHaveLength(1);
  return stats[0];
}

describe('summarize', () => {
  it('is empty for an empty history', () => {
    expect(summarize([])).toEqual([]);
  });

  it('counts games by outcome and the win rate over every game played', () => {
    const s = only([won(), lost(), abandoned(), won(), lost()]);
    expect(s).toMatchObject({ played: 5, won: 2, lost: 2, abandoned: 1 });
    expect(s.winRate).toBeCloseTo(0.4);
    expect(s.rules).toEqual(FOUR);
    expect(only([lost(), abandoned()]).winRate).toBe(0);
    expect(only([won()]).winRate).toBe(1);
  });

  it('counts the current and best streak, ended by a loss and by an abandoned game', () => {
    expect(only([won(), won(), lost(), won()])).toMatchObject({ currentStreak: 1, bestStreak: 2 });
    expect(only([won(), won(), won(), abandoned(), won(), won()])).toMatchObject({
      currentStreak: 2,
      bestStreak: 3,
    });
    expect(only([won(), won(), lost()])).toMatchObject({ currentStreak: 0, bestStreak: 2 });
    expect(only([won(), abandoned()])).toMatchObject({ currentStreak: 0, bestStreak: 1 });
    expect(only([lost(), abandoned()])).toMatchObject({ currentStreak: 0, bestStreak: 0 });
  });

  it('counts streaks in the order games ended: a result recorded late counts in its place', () => {
    const at = (hour: number) => ({
      ended: `2026-11-29T${String(hour).padStart(2, '0')}:00:00.000Z`,
    });
    // Appended last, the abandoned game ended before the last win.
    const history = [won(at(10)), won(at(12)), abandoned(at(11))];
    expect(only(history)).toMatchObject({ currentStreak: 1, bestStreak: 1 });
  });

  it('keeps streaks per variant: games of another variant do not break them', () => {
    const two: Rules = { suits: 2, relaxed: 0, keepSuits: false };
    const stats = summarize([won(), lost({ rules: two }), won(), won(), abandoned({ rules: two })]);
    expect(stats.map((s) => [s.rules.suits, s.currentStreak, s.bestStreak])).toEqual([
      [2, 0, 0],
      [4, 3, 3],
    ]);
  });

  it('takes best scores, fewest moves and the fastest win over won games only', () => {
    const s = only([
      won({
        scores: { woods: 990, microsoft: 1100, aisleriot: 96 },
        moves: 170,
        elapsedMs: 902_000,
      }),
      won({
        scores: { woods: 1000, microsoft: 1020, aisleriot: 96 },
        moves: 145,
        elapsedMs: 950_000,
      }),
      // Better numbers in games that were not won are not records.
      lost({ scores: { woods: 1500, microsoft: 2000, aisleriot: 200 }, moves: 3, elapsedMs: 1000 }),
      abandoned({ scores: { woods: 0, microsoft: 500, aisleriot: 0 }, moves: 0, elapsedMs: 0 }),
    ]);
    expect(s.bestScore).toEqual({ woods: 1000, microsoft: 1100, aisleriot: 96 });
    expect(s.fewestMoves).toBe(145);
    expect(s.fastestWinMs).toBe(902_000);
  });

  it('has no best score, moves or time before the first win', () => {
    const s = only([lost(), abandoned()]);
    expect(s.bestScore).toBeNull();
    expect(s.fewestMoves).toBeNull();
    expect(s.fastestWinMs).toBeNull();
    expect(s.wonWithoutPeeks).toBe(0);
  });

  it('counts wins without peeks', () => {
    const s = only([won({ peeks: 0 }), won({ peeks: 2 }), lost({ peeks: 0 }), won({ peeks: 0 })]);
    expect(s.wonWithoutPeeks).toBe(2);
  });

  it('groups by suits, relaxed and keep-suits, in a stable order, listing only variants played', () => {
    const rules = (suits: 1 | 2 | 4, relaxed: 0 | 1 | 2, keepSuits: boolean): Rules => ({
      suits,
      relaxed,
      keepSuits,
    });
    const history = [
      won({ rules: rules(4, 0, false) }),
      lost({ rules: rules(2, 1, true) }),
      won({ rules: rules(1, 2, false) }),
      won({ rules: rules(2, 1, false) }),
      lost({ rules: rules(4, 0, false) }),
      won({ rules: rules(1, 0, true) }),
      abandoned({ rules: rules(2, 0, false) }),
      won({ rules: rules(4, 2, true) }),
    ];
    const stats = summarize(history);
    expect(stats.map((s) => `${s.rules.suits}/${s.rules.relaxed}/${s.rules.keepSuits}`)).toEqual([
      '1/0/true',
      '1/2/false',
      '2/0/false',
      '2/1/false',
      '2/1/true',
      '4/0/false',
      '4/2/true',
    ]);
    expect(stats.reduce((sum, s) => sum + s.played, 0)).toBe(history.length);
    expect(stats.find((s) => s.rules.suits === 4 && s.rules.relaxed === 0)?.played).toBe(2);
    // The same order whatever order the history lists the variants in.
    expect(summarize([...history].reverse()).map((s) => s.rules)).toEqual(
      stats.map((s) => s.rules),
    );
  });
});

describe('formatDuration', () => {
  it('writes m:ss under an hour and h:mm:ss from an hour on, rounding down', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(999)).toBe('0:00');
    expect(formatDuration(5_000)).toBe('0:05');
    expect(formatDuration(750_900)).toBe('12:30');
    expect(formatDuration(3_599_999)).toBe('59:59');
    expect(formatDuration(3_600_000)).toBe('1:00:00');
    expect(formatDuration(3_600_000 + 62_000)).toBe('1:01:02');
    expect(formatDuration(100 * 3_600_000)).toBe('100:00:00');
  });

  it('shows nonsense as 0:00', () => {
    expect(formatDuration(-5000)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});

describe('newRecords', () => {
  it('says nothing for a game that was not won', () => {
    expect(newRecords([], lost())).toEqual([]);
    expect(newRecords([won()], abandoned({ moves: 1 }))).toEqual([]);
  });

  it('announces the first win of a variant (and without peeks), without comparisons', () => {
    expect(newRecords([lost(), lost()], won({ peeks: 0 }))).toEqual([
      'first win in this variant',
      'first win without peeks',
    ]);
    expect(newRecords([], won({ peeks: 1 }))).toEqual(['first win in this variant']);
    // Wins of other variants do not count.
    const other = won({ rules: { suits: 1, relaxed: 0, keepSuits: false } });
    expect(newRecords([other], won({ peeks: 4 }))).toEqual(['first win in this variant']);
  });

  it('names what improved, with the old value', () => {
    const before = [
      won({
        peeks: 2,
        moves: 170,
        elapsedMs: 902_000,
        scores: { woods: 990, microsoft: 1000, aisleriot: 96 },
      }),
      lost(),
    ];
    const win = won({
      peeks: 0,
      moves: 145,
      elapsedMs: 750_000,
      scores: { woods: 1000, microsoft: 1030, aisleriot: 96 },
      rules: { ...FOUR },
    });
    expect(newRecords(before, win)).toEqual([
      'first win without peeks',
      'best woods score: 1000 (was 990)',
      'best microsoft score: 1030 (was 1000)',
      'fewest moves: 145 (was 170)',
      'fastest win: 12:30 (was 15:02)',
    ]);
  });

  it('is empty when nothing improved', () => {
    const before = [won({ moves: 100, elapsedMs: 600_000, peeks: 0 }), lost()];
    expect(newRecords(before, won({ moves: 100, elapsedMs: 600_000, peeks: 0 }))).toEqual([]);
    expect(newRecords(before, won({ moves: 180, elapsedMs: 600_400, peeks: 3 }))).toEqual([]);
  });

  it('counts a time record only when the time shown improves', () => {
    const before = [won({ elapsedMs: 600_900 }), lost()];
    expect(newRecords(before, won({ elapsedMs: 600_100 }))).toEqual([]);
    expect(newRecords(before, won({ elapsedMs: 599_999 }))).toEqual([
      'fastest win: 9:59 (was 10:00)',
    ]);
  });

  it('announces a best streak from two wins on', () => {
    expect(newRecords([won(), lost(), won()], won())).toEqual(['best streak: 2']);
    expect(newRecords([won(), won(), lost(), won(), won()], won())).toEqual(['best streak: 3']);
    // Equalling the best streak is not a record.
    expect(newRecords([won(), won(), lost(), won()], won())).toEqual([]);
    // A loss in another variant does not break the streak.
    const other = lost({ rules: { suits: 2, relaxed: 1, keepSuits: true } });
    expect(newRecords([won(), other], won())).toEqual(['best streak: 2']);
  });
});

describe('games won with help (docs/rules.md, "Won with help")', () => {
  const helped = (o: Partial<GameResult> = {}) => won({ helped: true, peeks: 1, ...o });

  it('count as played and apart from the wins, in no win rate, record or best', () => {
    const s = only([
      won({ moves: 300, elapsedMs: 900_000 }),
      helped({
        moves: 90,
        elapsedMs: 60_000,
        scores: { woods: 1000, microsoft: 1400, aisleriot: 96 },
      }),
    ]);
    expect(s).toMatchObject({ played: 2, won: 1, wonWithHelp: 1, lost: 0, abandoned: 0 });
    expect(s.winRate).toBe(0.5);
    expect(s.fewestMoves).toBe(300);
    expect(s.fastestWinMs).toBe(900_000);
    expect(s.bestScore).toEqual({ woods: 990, microsoft: 1050, aisleriot: 96 });
  });

  it('end a streak, as a loss does', () => {
    const s = only([won(), won(), helped(), won()]);
    expect(s.currentStreak).toBe(1);
    expect(s.bestStreak).toBe(2);
  });

  it('set no record, not even the first win', () => {
    expect(newRecords([], helped())).toEqual([]);
    expect(newRecords([won({ moves: 300 })], helped({ moves: 10, elapsedMs: 1000 }))).toEqual([]);
    // The next win of the player's own is still the first.
    expect(newRecords([helped()], won({ peeks: 1 }))).toEqual(['first win in this variant']);
  });
});

describe('time played', () => {
  it('adds up every game counted, and averages the wins of the player alone', () => {
    const s = only([
      won({ elapsedMs: 600_000 }),
      lost({ elapsedMs: 100_000 }),
      abandoned({ elapsedMs: 10_000 }),
      won({ helped: true, elapsedMs: 5_000 }),
      won({ elapsedMs: 900_000 }),
    ]);
    expect(s.timePlayedMs).toBe(1_615_000);
    expect(averageWinMs(s)).toBe(750_000);
    expect(averageWinMs(only([lost()]))).toBeNull();
  });
});

describe('games continued from record files', () => {
  it('count in nothing and set no records', () => {
    const mine = gameResult({ moves: 150 });
    const continued = gameResult({ moves: 1, elapsedMs: 1000, continued: true });
    expect(summarize([mine, continued])).toEqual(summarize([mine]));
    expect(newRecords([mine], continued)).toEqual([]);
    expect(newRecords([continued], gameResult({ moves: 149 }))).toEqual([
      'first win in this variant',
      'first win without peeks',
    ]);
  });
});

describe('daily deals (docs/deals.md, "The daily deal")', () => {
  const daily = (o: Partial<GameResult> = {}) => ({ daily: '2026-11-23', ...o });

  it('are counted on a line of their own, after the other games, with their own streak', () => {
    const stats = summarize([won(), won(daily()), lost(), won(daily({ daily: '2026-11-24' }))]);
    expect(stats.map((s) => [s.daily, s.played, s.won, s.currentStreak])).toEqual([
      [false, 2, 1, 0],
      [true, 2, 2, 2],
    ]);
  });

  it('set records against daily games only', () => {
    expect(newRecords([won({ moves: 100 })], won(daily({ moves: 150, peeks: 1 })))).toEqual([
      'first daily win in this variant',
    ]);
    expect(newRecords([won(daily({ moves: 160 }))], won(daily({ moves: 150 })))).toEqual([
      'fewest moves: 150 (was 160)',
      'best streak: 2',
    ]);
  });
});

describe('a digest continued by later games (docs/serve.md, "Limits on disk")', () => {
  const history = fc.array(arbitraryResult(), { maxLength: 120 });

  it('gives the figures of every game counted at once, however the history is cut', () => {
    fc.assert(
      fc.property(history, fc.array(fc.nat(), { maxLength: 4 }), (results, cuts) => {
        // Cut the history, in the order games ended, into parts, each continuing the last.
        const ordered = inEndOrder(results);
        const at = [...new Set(cuts.map((c) => c % (ordered.length + 1)))].sort((a, b) => a - b);
        let sofar = NO_GAMES;
        let from = 0;
        for (const cut of [...at, ordered.length]) {
          const part = ordered.slice(from, cut);
          expect(follows(sofar, part)).toBe(true);
          sofar = digest(part, sofar);
          from = cut;
        }
        expect(sofar.lines).toEqual(summarize(results));
        expect(sofar.continued).toBe(results.filter((r) => r.continued).length);
        // The records of a win and a game's line are those of the whole history too.
        const win = { ...gameResult({ peeks: 0, moves: 90, elapsedMs: 60_000 }) };
        const half = ordered.slice(0, ordered.length >> 1);
        const rest = ordered.slice(ordered.length >> 1);
        expect(newRecords(rest, win, digest(half))).toEqual(newRecords(ordered, win));
        expect(statsOfRules(rest, win.rules, false, digest(half))).toEqual(
          statsOfRules(ordered, win.rules, false),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('counts a game that ended before its last one after its games, and says it does not follow', () => {
    const at = (hour: number) => ({
      ended: `2026-11-29T${String(hour).padStart(2, '0')}:00:00.000Z`,
    });
    const folded = digest([won(at(10)), won(at(12))]);
    const late = [abandoned(at(11))];
    expect(follows(folded, late)).toBe(false);
    expect(follows(folded, [abandoned(at(12))])).toBe(true);
    // Counted once with the others, the abandoned game sits between the wins.
    expect(summarize([won(at(10)), won(at(12)), ...late])[0]).toMatchObject({
      currentStreak: 1,
      bestStreak: 1,
    });
    // After the digest, it ends the streak of two.
    expect(summarize(late, folded)[0]).toMatchObject({ currentStreak: 0, bestStreak: 2 });
  });

  it('keeps the lines of a digest that later games do not touch, and its time of the last game', () => {
    const daily = won({ daily: '2026-11-23', ended: '2026-11-23T09:00:00.000Z' });
    // The continued game ended last: it counts in no line, but it is among the games digested.
    const folded = digest([daily, won({ continued: true, ended: '2026-11-23T09:30:00.000Z' })]);
    expect(folded.until).toBe(Date.parse('2026-11-23T09:30:00.000Z'));
    expect(folded.continued).toBe(1);
    const later = digest([lost({ ended: '2026-12-01T10:00:00.000Z' })], folded);
    expect(later.lines.map((l) => [l.daily, l.played])).toEqual([
      [false, 1],
      [true, 1],
    ]);
    expect(later.until).toBe(Date.parse('2026-12-01T10:00:00.000Z'));
    expect(later.continued).toBe(1);
  });
});
