/**
 * What the benchmarks print of their measurements (README.md, "Test"): the same figure worked out
 * the same way in each.
 */

/**
 * The value below which the share `p` (0 to 1: 0.5 the median, 0.9 the 90th percentile) of the
 * ascending `sorted` lies, by the nearest rank; 0 when there is none.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}
