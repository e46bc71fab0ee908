/**
 * Makes the fair player's table of chances (README, "The fair player"; `CHANCES` in
 * src/search/chance.ts): it plays PySolFC games 1 to 200 per suit count as `spider autoplay`
 * does and, for each number of deals left and each five cards face down, counts the games that
 * reached such a position and the share of them won. Run it again when the player changes, and
 * paste what it prints into `CHANCES`.
 *
 *   npm run bench:chances   (SPIDER_BENCH_CHANCES_GAMES=N games per suit count, default 200)
 */
import { newGame, type Position, type SuitCount, totalHidden } from '../src/engine';
import { autoplayFair } from '../src/search';

const GAMES = Number(process.env.SPIDER_BENCH_CHANCES_GAMES ?? 200);
const ROWS = 6; // deals left: 0..5
const COLUMNS = 10; // face-down cards: none, 1-5, 6-10, ..., 41-45
/** A share from fewer games than this takes in its neighbours in the row. */
const FEWEST = 8;

const place = (position: Position) =>
  Math.min(ROWS - 1, Math.floor((position.stock.length - position.dealt * 10) / 10)) * COLUMNS +
  Math.min(COLUMNS - 1, Math.ceil(totalHidden(position) / 5));

for (const suits of [1, 2, 4] as SuitCount[]) {
  const reached = new Array<number>(ROWS * COLUMNS).fill(0);
  const won = new Array<number>(ROWS * COLUMNS).fill(0);
  for (let game = 1; game <= GAMES; game++) {
    const start = newGame(
      { scheme: 'pysol', key: String(game) },
      { suits, relaxed: 0, keepSuits: false },
    );
    const places = new Set([place(start.position)]);
    const played = autoplayFair(start, { seed: String(game) }, (_, after) =>
      places.add(place(after.position)),
    );
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
