import type { GameResult } from '../../src/stats';
import { bySeed } from '../../src/engine';

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
