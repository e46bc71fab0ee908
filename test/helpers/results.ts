import type { GameResult } from '../../src/stats';

/** A won 4-suit game for statistics tests; `overrides` changes any field. */
export function gameResult(overrides: Partial<GameResult> = {}): GameResult {
  return {
    seed: '42',
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
