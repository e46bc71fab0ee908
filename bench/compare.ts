/**
 * Two players compared on the same games (docs/solver.md, "The fair player"): `bench:play` with
 * SPIDER_BENCH_PLAY_COMPARE=1 plays each game with the player as it is and with the constants
 * given, side by side, and tells how far apart they are against the noise. Two players of nearly
 * the same strength win different games: the difference in games won is only as sure as the
 * number of games they disagree on allows.
 */

/** One game played by both: its number and the suits each removed (8: won). */
export interface Pair {
  readonly game: number;
  readonly base: { readonly won: boolean; readonly removed: number };
  readonly other: { readonly won: boolean; readonly removed: number };
}

export interface Comparison {
  readonly games: number;
  readonly baseWon: number;
  readonly otherWon: number;
  /** Games won by exactly one of the two, by which. */
  readonly onlyBase: readonly number[];
  readonly onlyOther: readonly number[];
  /**
   * The standard error of `otherWon - baseWon`: the square root of the games they disagree on
   * (each is a coin between the two when they are equal).
   */
  readonly wonError: number;
  /** Suits removed per game, the other less the player as it is, and its standard error. */
  readonly removedDifference: number;
  readonly removedError: number;
}

export function compare(pairs: readonly Pair[]): Comparison {
  const n = pairs.length;
  const onlyBase = pairs.filter((p) => p.base.won && !p.other.won).map((p) => p.game);
  const onlyOther = pairs.filter((p) => p.other.won && !p.base.won).map((p) => p.game);
  const differences = pairs.map((p) => p.other.removed - p.base.removed);
  const mean = n === 0 ? 0 : differences.reduce((a, b) => a + b, 0) / n;
  const variance = n < 2 ? 0 : differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (n - 1);
  return {
    games: n,
    baseWon: pairs.filter((p) => p.base.won).length,
    otherWon: pairs.filter((p) => p.other.won).length,
    onlyBase,
    onlyOther,
    wonError: Math.sqrt(onlyBase.length + onlyOther.length),
    removedDifference: mean,
    removedError: n === 0 ? 0 : Math.sqrt(variance / n),
  };
}

const signed = (x: number, digits: number) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;

/** The comparison in a few lines, for the benchmark's output. */
export function comparisonLines(c: Comparison, tuning: string): string[] {
  const list = (games: readonly number[]) => games.join(', ') || 'none';
  return [
    `  compared on the same ${c.games} games: won ${c.baseWon} as it is, ${c.otherWon} with ${tuning}`,
    `  difference ${signed(c.otherWon - c.baseWon, 0)} games (standard error ${c.wonError.toFixed(1)}: ` +
      `they disagree on ${c.onlyBase.length + c.onlyOther.length}); suits removed per game ` +
      `${signed(c.removedDifference, 2)} (standard error ${c.removedError.toFixed(2)})`,
    `  won only as it is: ${list(c.onlyBase)}`,
    `  won only with ${tuning}: ${list(c.onlyOther)}`,
  ];
}
