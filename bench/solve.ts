/**
 * Solver benchmark (docs/solver.md, "Solver"): PySolFC's numbered deals, each solved with the
 * solver's default budget of 10 s as `spider solve` runs it (two threads, one per variant: the
 * bundled dist/solver-worker.js), then on this thread alone (variant 0, one core), then by a
 * baseline: a single beam of 150 positions per number of deals made, the shape of KPat's solver,
 * with the same ranking and the same time on one core. The three take turns deal by deal, in
 * another order for each deal, so that all meet the same machine. Each is timed from this thread,
 * as a player waits; the threads are started with a deal that is not counted.
 *
 *   npm run bench:solve     (SPIDER_BENCH_SOLVE_GAMES=N deals per suit count, default 40 with
 *                            4 suits and 20 with 1 or 2;
 *                            SPIDER_BENCH_SOLVE_SUITS=4,2,1 to choose the suit counts;
 *                            SPIDER_BENCH_SOLVE_BASELINE=0 to leave the baseline out)
 *
 * The deals are PySolFC games 1001, 1002, ...: never looked at while the solver was written.
 * Prints, per suit count and per solver, the share won, the median and 90th percentile time (a
 * deal not won counts its whole time), the positions searched per second, and the deals not won;
 * at the end, the process's peak resident memory.
 */
import * as path from 'path';
import { performance } from 'perf_hooks';
import { dealPosition, newGame, type Position, type SuitCount } from '../src/engine';
import { gameData, type JobResult, type Solution, solutionOf, solve } from '../src/search';
import { SolverPair } from '../src/host/solver-thread';
import { percentile } from './figures';
import { settingsFromEnv, suitsFromEnv, switchFromEnv, wholeFromEnv } from './settings';

const { SUITS, BASELINE, GAMES } = settingsFromEnv(() => ({
  SUITS: suitsFromEnv('SPIDER_BENCH_SOLVE_SUITS', [4, 2, 1]),
  BASELINE: switchFromEnv('SPIDER_BENCH_SOLVE_BASELINE', true),
  /** 0 when not given: then 40 with 4 suits, 20 with 1 or 2. */
  GAMES: wholeFromEnv('SPIDER_BENCH_SOLVE_GAMES', 0),
}));
const gamesFor = (suits: SuitCount) => GAMES || (suits === 4 ? 40 : 20);
const FIRST = 1001;
const TIME_MS = 10_000;

interface Solver {
  readonly name: string;
  readonly run: (start: Position, deal: string, suits: SuitCount) => Promise<Solution>;
}

const pair = new SolverPair(path.join(__dirname, '..', '..', 'dist', 'solver-worker.js'));

/** `spider solve`: both threads, the game crossing to them as its deal. */
function onBothCores(deal: string, suits: SuitCount): Promise<Solution> {
  const game = newGame({ scheme: 'pysol', key: deal }, { suits, relaxed: 0, keepSuits: false });
  return new Promise((resolve, reject) => {
    pair.run({ kind: 'solve', game: gameData(game), timeMs: TIME_MS }, (answer: JobResult) => {
      try {
        resolve(solutionOf(answer));
      } catch (error) {
        reject(error);
      }
    });
  });
}

const SOLVERS: Solver[] = [
  { name: '2 threads', run: (_, deal, suits) => onBothCores(deal, suits) },
  { name: '1 thread', run: async (start) => solve(start, { timeMs: TIME_MS }) },
  ...(BASELINE
    ? [
        {
          name: 'beam 150',
          run: async (start: Position) =>
            solve(start, { timeMs: TIME_MS, widths: [150], prove: false }),
        },
      ]
    : []),
];

async function main(): Promise<void> {
  // The threads start, and load their code, with a first deal not counted: a player's first ask
  // of a session pays that once, and no deal of the benchmark should.
  await onBothCores(String(FIRST - 1), 1);
  console.log(
    `spider solver benchmark (node ${process.version}): PySolFC games from ${FIRST} on, ` +
      `${TIME_MS / 1000} s each`,
  );
  for (const suits of SUITS) {
    const games = gamesFor(suits);
    const results = SOLVERS.map(() => ({
      times: [] as number[],
      missed: [] as string[],
      won: 0,
      lost: 0,
      positions: 0,
    }));
    for (let n = FIRST; n < FIRST + games; n++) {
      const start = dealPosition(
        { scheme: 'pysol', key: String(n) },
        { suits, relaxed: 0, keepSuits: false },
      );
      // Each deal in another order, so that none of them always runs first (on a cooler cache).
      for (let k = 0; k < SOLVERS.length; k++) {
        const i = (n + k) % SOLVERS.length;
        // Timed here, as a player waits: for the threads, the game's crossing to them included.
        const began = performance.now();
        const found = await SOLVERS[i].run(start, String(n), suits);
        const tally = results[i];
        tally.times.push(performance.now() - began);
        tally.positions += found.positions;
        if (found.result === 'won') tally.won++;
        else {
          if (found.result === 'lost') tally.lost++;
          tally.missed.push(`${n} (${found.result})`);
        }
      }
    }
    console.log(`${suits} suit${suits > 1 ? 's' : ''}, games ${FIRST}..${FIRST + games - 1}:`);
    SOLVERS.forEach((solver, i) => {
      const { times, missed, won, lost, positions } = results[i];
      times.sort((a, b) => a - b);
      const totalMs = times.reduce((a, b) => a + b, 0);
      console.log(
        `  ${solver.name.padEnd(9)} won ${won}/${games} (${((100 * won) / games).toFixed(0)}%), lost ${lost}; ` +
          `median ${(percentile(times, 0.5) / 1000).toFixed(2)} s, 90th percentile ${(percentile(times, 0.9) / 1000).toFixed(2)} s; ` +
          `${Math.round((positions * 1000) / Math.max(totalMs, 1)).toLocaleString('en-US')} positions/s`,
      );
      if (missed.length > 0) console.log(`    not won: ${missed.join(', ')}`);
    });
  }
  // Threads included: the solver's threads live in this process.
  console.log(`peak memory (resident): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  pair.close();
}

void main();
