/**
 * Solver benchmark (README, "Solver"): PySolFC's numbered deals, solved one after another with
 * the solver's default budget of 10 s each.
 *
 *   npm run bench:solve     (SPIDER_BENCH_SOLVE_GAMES=N deals per suit count, default 40 with
 *                            4 suits and 20 with 1 or 2;
 *                            SPIDER_BENCH_SOLVE_SUITS=4,2,1 to choose the suit counts)
 *
 * The deals are PySolFC games 1001, 1002, ...: never looked at while the solver was written.
 * Prints, per suit count, the share won, the median and 90th percentile time, the positions
 * searched per second, and the deals not won.
 */
import { dealPosition, type SuitCount } from '../src/engine';
import { solve } from '../src/search';

const GAMES_GIVEN = process.env.SPIDER_BENCH_SOLVE_GAMES;
const gamesFor = (suits: SuitCount) => Number(GAMES_GIVEN ?? (suits === 4 ? 40 : 20));
const SUITS = (process.env.SPIDER_BENCH_SOLVE_SUITS ?? '4,2,1')
  .split(',')
  .map(Number) as SuitCount[];
const FIRST = 1001;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

console.log(
  `spider solver benchmark (node ${process.version}): PySolFC games from ${FIRST} on, 10 s each`,
);
for (const suits of SUITS) {
  const GAMES = gamesFor(suits);
  const times: number[] = [];
  const missed: string[] = [];
  let won = 0;
  let lost = 0;
  let positions = 0;
  for (let n = FIRST; n < FIRST + GAMES; n++) {
    const start = dealPosition(
      { scheme: 'pysol', key: String(n) },
      { suits, relaxed: 0, keepSuits: false },
    );
    const found = solve(start, { timeMs: 10_000 });
    times.push(found.ms);
    positions += found.positions;
    if (found.result === 'won') won++;
    else {
      if (found.result === 'lost') lost++;
      missed.push(`${n} (${found.result})`);
    }
  }
  times.sort((a, b) => a - b);
  const totalMs = times.reduce((a, b) => a + b, 0);
  console.log(
    `${suits} suit${suits > 1 ? 's' : ''}, games ${FIRST}..${FIRST + GAMES - 1}: won ${won}/${GAMES} (${((100 * won) / GAMES).toFixed(0)}%), lost ${lost}; ` +
      `median ${(percentile(times, 0.5) / 1000).toFixed(2)} s, 90th percentile ${(percentile(times, 0.9) / 1000).toFixed(2)} s; ` +
      `${Math.round((positions * 1000) / Math.max(totalMs, 1)).toLocaleString('en-US')} positions/s`,
  );
  if (missed.length > 0) console.log(`  not won: ${missed.join(', ')}`);
}
