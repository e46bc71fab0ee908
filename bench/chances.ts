/**
 * Makes the fair player's table of chances (docs/solver.md, "The fair player"; `CHANCES` in
 * src/search/chance.ts): it plays PySolFC games 1 to 200 per suit count as `spider autoplay`
 * does and, for each number of deals left and each five cards face down, counts the games that
 * reached such a position and the share of them won. Run it again when the player changes, and
 * paste what it prints into `CHANCES`.
 *
 *   npm run bench:chances   (SPIDER_BENCH_CHANCES_GAMES=N games per suit count, default 200;
 *                            SPIDER_BENCH_CHANCES_THREADS=N games at once, default 2;
 *                            SPIDER_BENCH_CHANCES_SUITS=1,2,4 to choose the suit counts;
 *                            SPIDER_FAIR_<name>=value as for bench:play)
 */
import { type FairTask, playFairGames, tuningFromEnv } from './fairgames';
import { runBench, suitsFromEnv, wholeFromEnv } from './settings';

const ROWS = 6; // deals left: 0..5
const COLUMNS = 10; // face-down cards: none, 1-5, 6-10, ..., 41-45
/** A share from fewer games than this takes in its neighbours in the row. */
const FEWEST = 8;

const place = (deals: number, hidden: number) =>
  Math.min(ROWS - 1, deals) * COLUMNS + Math.min(COLUMNS - 1, Math.ceil(hidden / 5));

async function main(): Promise<void> {
  const games = wholeFromEnv('SPIDER_BENCH_CHANCES_GAMES', 200);
  const threads = wholeFromEnv('SPIDER_BENCH_CHANCES_THREADS', 2);
  const tuning = tuningFromEnv();
  for (const suits of suitsFromEnv('SPIDER_BENCH_CHANCES_SUITS')) {
    const tasks: FairTask[] = Array.from({ length: games }, (_, i) => ({
      game: i + 1,
      suits,
      tuning,
    }));
    const reached = new Array<number>(ROWS * COLUMNS).fill(0);
    const won = new Array<number>(ROWS * COLUMNS).fill(0);
    for (const played of await playFairGames(tasks, threads)) {
      const places = new Set(played.reached.map(([deals, hidden]) => place(deals, hidden)));
      for (const at of places) {
        reached[at]++;
        if (played.result === 'won') won[at]++;
      }
    }
    const rows: string[] = [];
    for (let row = 0; row < ROWS; row++) {
      const shares: number[] = [];
      for (let column = 0; column < COLUMNS; column++) {
        let games = reached[row * COLUMNS + column];
        let wins = won[row * COLUMNS + column];
        for (let k = 1; games < FEWEST && k < COLUMNS; k++) {
          for (const other of [column - k, column + k]) {
            if (other < 0 || other >= COLUMNS) continue;
            games += reached[row * COLUMNS + other];
            wins += won[row * COLUMNS + other];
          }
        }
        shares.push(Math.round((100 * (wins + 0.5)) / (games + 1)));
      }
      rows.push(`    [${shares.join(', ')}],`);
    }
    console.log(`  ${suits}: [\n${rows.join('\n')}\n  ],`);
  }
}

runBench(main);
