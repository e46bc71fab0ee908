import * as fc from 'fast-check';
import type { GameResult, Outcome } from '../../src/stats';
import { bySeed, type Rules } from '../../src/engine';

/** A won 4-suit game for statistics tests; `overrides` changes any field. */
export function gameResult(overrides: Partial<GameResult> = {}): GameResult {
  return {
    deal: bySeed('42'),
    rules: { suits: 4, relaxed: 0, keepSuits: false },
    outcome: 'won',
    moves: 150,
    actions: 180,
    peeks: 0,
    elapsedMs: 754_000,
    scores: { woods: 990, microsoft: 1120, aisleriot: 96 },
    ended: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A result as a line of the history holds it (without the line end): `{"v":1, ...}`, the deal
 * written as `seed` or, for a numbered deal, as `deal` (`pysol:N`).
 */
export function historyObject(result: GameResult): Record<string, unknown> {
  const { deal, ...rest } = result;
  const named =
    deal.scheme === 'seed' ? { seed: deal.key } : { deal: `${deal.scheme}:${deal.key}` };
  return { v: 1, ...named, ...rest };
}

/**
 * Random results for property tests: few variants (so lines have many games and streaks), all
 * three outcomes, some daily, some continued from a record file, some won with help, some with a
 * slot, and end times
 * from a small range, so that many are equal and many are out of the order they were recorded in.
 */
export function arbitraryResult(): fc.Arbitrary<GameResult> {
  return fc
    .record({
      seed: fc.integer({ min: 1, max: 999 }),
      rules: fc.constantFrom<Rules>(
        { suits: 4, relaxed: 0, keepSuits: false },
        { suits: 1, relaxed: 2, keepSuits: true },
        { suits: 2, relaxed: 3, keepSuits: false },
      ),
      outcome: fc.constantFrom<Outcome>('won', 'won', 'lost', 'abandoned'),
      moves: fc.integer({ min: 0, max: 400 }),
      actions: fc.integer({ min: 0, max: 600 }),
      peeks: fc.constantFrom(0, 0, 1, 7),
      elapsedMs: fc.integer({ min: 0, max: 4_000_000 }),
      woods: fc.integer({ min: 0, max: 1200 }),
      microsoft: fc.integer({ min: 0, max: 1500 }),
      aisleriot: fc.integer({ min: 0, max: 96 }),
      minute: fc.integer({ min: 0, max: 59 }),
      daily: fc.boolean(),
      continued: fc.integer({ min: 0, max: 9 }),
      helped: fc.integer({ min: 0, max: 5 }),
      slot: fc.option(fc.integer({ min: 0, max: 99_999 }), { nil: undefined }),
    })
    .map((r) => ({
      deal: bySeed(r.daily ? `2026-11-23/${r.seed}` : String(r.seed)),
      rules: r.rules,
      outcome: r.outcome,
      moves: r.moves,
      actions: r.actions,
      peeks: r.peeks,
      elapsedMs: r.elapsedMs,
      scores: { woods: r.woods, microsoft: r.microsoft, aisleriot: r.aisleriot },
      ended: `2026-11-23T10:${String(r.minute).padStart(2, '0')}:00.000Z`,
      ...(r.continued === 0 ? { continued: true } : {}),
      ...(r.helped === 0 ? { helped: true } : {}),
      ...(r.daily ? { daily: '2026-11-23' } : {}),
      ...(r.slot === undefined ? {} : { slot: `20261123T100000-${r.slot}-ab` }),
    }));
}

/** The results in the order of their end times (as given where those are equal). */
export function inEndOrder(results: readonly GameResult[]): GameResult[] {
  return results
    .map((result, i) => ({ result, i, ended: Date.parse(result.ended) }))
    .sort((a, b) => a.ended - b.ended || a.i - b.i)
    .map(({ result }) => result);
}

/** A history line as the program writes it, line end included. */
export function historyLine(result: GameResult): string {
  return `${JSON.stringify(historyObject(result))}\n`;
}

/**
 * `count` 4-suit games, two won in three, ended a minute apart from `hour`:00 on 2026-11-23, each
 * with a slot of its own; `fields` changes any field of them all.
 */
export function playedGames(
  count: number,
  hour = 10,
  fields: Partial<GameResult> = {},
): GameResult[] {
  return Array.from({ length: count }, (_, i) =>
    gameResult({
      deal: bySeed(String(i + 1)),
      outcome: i % 3 === 2 ? 'lost' : 'won',
      moves: 100 + (i % 50),
      ended: new Date(Date.UTC(2026, 10, 23, hour, i)).toISOString(),
      slot: `20261123T100000-${hour}-${i}`,
      ...fields,
    }),
  );
}
