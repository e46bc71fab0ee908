/**
 * Two players compared on the same games (docs/solver.md, "The fair player"): the difference in
 * games won and in suits removed, each with its standard error.
 */
import { compare, comparisonLines, type Pair } from '../../bench/compare';

const pair = (game: number, base: number, other: number): Pair => ({
  game,
  base: { won: base === 8, removed: base },
  other: { won: other === 8, removed: other },
});

describe('two players compared on the same games', () => {
  it('counts the games each won alone, and the error from those only', () => {
    const c = compare([
      pair(1, 8, 8),
      pair(2, 8, 1),
      pair(3, 0, 8),
      pair(4, 2, 8),
      pair(5, 0, 8),
      pair(6, 3, 3),
    ]);
    expect(c.games).toBe(6);
    expect([c.baseWon, c.otherWon]).toEqual([2, 4]);
    expect(c.onlyBase).toEqual([2]);
    expect(c.onlyOther).toEqual([3, 4, 5]);
    expect(c.wonError).toBeCloseTo(2, 10); // four games disagree
    // Differences 0, -7, 8, 6, 8 and 0: mean 2.5, sample variance 175.5 / 5 = 35.1.
    expect(c.removedDifference).toBeCloseTo(2.5, 10);
    expect(c.removedError).toBeCloseTo(Math.sqrt(35.1 / 6), 10);
  });

  it('finds no difference and no error between a player and itself', () => {
    const c = compare([pair(1, 8, 8), pair(2, 3, 3), pair(3, 0, 0)]);
    expect([c.wonError, c.removedDifference, c.removedError]).toEqual([0, 0, 0]);
    expect(comparisonLines(c, '{"followDepth":12}')).toEqual([
      '  compared on the same 3 games: won 1 as it is, 1 with {"followDepth":12}',
      '  difference +0 games (standard error 0.0: they disagree on 0); suits removed per game +0.00 (standard error 0.00)',
      '  won only as it is: none',
      '  won only with {"followDepth":12}: none',
    ]);
  });

  it('answers zeros for no games rather than dividing by nothing', () => {
    const c = compare([]);
    expect([c.games, c.removedDifference, c.removedError, c.wonError]).toEqual([0, 0, 0, 0]);
  });
});
