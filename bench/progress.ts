/**
 * Progress-search benchmark: how fast the game decides that no progress is possible (docs/rules.md,
 * "Lost"), and the worst case it meets.
 *
 *   npm run bench            (SPIDER_BENCH_LOST_GAMES=N to change the number of games)
 *
 * Plays random games (random legal actions from seeded deals, every rules variant in turn) and,
 * after every action, asks what the game asks: is progress still possible? A game ends when the
 * answer is no, when it is won, after 1,000 actions, or when a search reaches the limit of
 * 1,000,000 positions (the worst case; random play would meet it again at every action). Prints the positions searched per second
 * over every search, the verdicts, and the slowest searches with the deal and action that made
 * them, so that a bad case can be looked at again. Then runs the largest search again, to just
 * short of its end, and prints the memory it holds there (node runs with --expose-gc, so that the
 * figure is what is live, not garbage not yet collected).
 */
import {
  applyLegal,
  dealPosition,
  isWon,
  legalActions,
  type Position,
  ProgressSearch,
  type ProgressVerdict,
  type Rules,
} from '../src/engine';
import { settingsFromEnv, wholeFromEnv } from './settings';

const collect = (globalThis as { gc?: () => void }).gc;

const GAMES = settingsFromEnv(() => wholeFromEnv('SPIDER_BENCH_LOST_GAMES', 2000));
const MAX_ACTIONS = 1000;
const VARIANTS: Rules[] = [
  { suits: 1, relaxed: 0, keepSuits: false },
  { suits: 2, relaxed: 0, keepSuits: false },
  { suits: 4, relaxed: 0, keepSuits: false },
  { suits: 4, relaxed: 1, keepSuits: false },
  { suits: 2, relaxed: 2, keepSuits: true },
];

function lcg(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

interface Search {
  ms: number;
  positions: number;
  verdict: ProgressVerdict;
  where: string;
}

const searches: Search[] = [];
const verdicts: Record<ProgressVerdict, number> = { yes: 0, no: 0, unknown: 0 };
let lost = 0;
let won = 0;
let unfinished = 0;
let totalMs = 0;
let totalPositions = 0;
/** The position of the largest search met, to measure the memory such a search holds. */
let largest: { position: Position; positions: number; where: string } | null = null;

for (let g = 0; g < GAMES; g++) {
  const rules = VARIANTS[g % VARIANTS.length];
  const random = lcg(g + 1);
  let position: Position = dealPosition(String(g), rules);
  let ended = false;
  for (let i = 0; i < MAX_ACTIONS && !ended; i++) {
    const legal = legalActions(position);
    const action = legal[random(legal.length)];
    if (action === undefined) throw new Error(`game ${g}: no action but not lost`);
    position = applyLegal(position, action);
    if (isWon(position)) {
      won++;
      ended = true;
      break;
    }
    const begin = process.hrtime.bigint();
    const search = new ProgressSearch(position);
    const verdict = search.run() as ProgressVerdict;
    const ms = Number(process.hrtime.bigint() - begin) / 1e6;
    totalMs += ms;
    totalPositions += search.positions;
    verdicts[verdict]++;
    if (search.positions > 1) {
      const where = `seed ${g} (${rules.suits} suits, relaxed ${rules.relaxed}${rules.keepSuits ? ', keep-suits' : ''}) after action ${i + 1}`;
      searches.push({ ms, positions: search.positions, verdict, where });
      if (largest === null || search.positions > largest.positions)
        largest = { position, positions: search.positions, where };
    }
    if (verdict === 'no') {
      lost++;
      ended = true;
    }
    if (verdict === 'unknown') ended = true;
  }
  if (!ended) unfinished++;
  if ((g + 1) % 500 === 0) console.error(`  ... ${g + 1} games`);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
searches.sort((a, b) => b.ms - a.ms);
const checks = verdicts.yes + verdicts.no + verdicts.unknown;
console.log(`Progress search over ${fmt(GAMES)} random games, ${fmt(checks)} searches:`);
console.log(
  `  verdicts: ${fmt(verdicts.yes)} yes, ${fmt(verdicts.no)} no, ${fmt(verdicts.unknown)} unknown; ` +
    `games: ${fmt(lost)} lost, ${fmt(won)} won, ${fmt(verdicts.unknown)} stopped at the limit, ${fmt(unfinished)} still going after ${MAX_ACTIONS} actions`,
);
console.log(
  `  ${fmt(totalPositions)} positions in ${fmt(totalMs)} ms: ${fmt((totalPositions * 1000) / Math.max(totalMs, 1e-9))} positions/s; ` +
    `${fmt(searches.length)} searches looked past the first position`,
);
const big = searches.filter((s) => s.positions >= 1000);
if (big.length > 0) {
  const rate = big.reduce((n, s) => n + s.positions, 0) / big.reduce((n, s) => n + s.ms, 0);
  console.log(
    `  searches of 1,000 positions or more: ${fmt(big.length)}, ${fmt(rate * 1000)} positions/s`,
  );
}
console.log('  slowest searches:');
for (const s of searches.slice(0, 5)) {
  console.log(
    `    ${s.ms.toFixed(1).padStart(9)} ms ${fmt(s.positions).padStart(10)} positions  ${s.verdict.padEnd(7)} ${s.where}`,
  );
}

/**
 * Bytes live on the heap and outside it (typed arrays), once collections have settled: the
 * memory of typed arrays is given back by sweeps that run after a collection, so this collects
 * and waits until two looks in a row agree.
 */
async function settled(): Promise<number> {
  let last = -1;
  for (let i = 0; i < 20; i++) {
    collect?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { heapUsed, external } = process.memoryUsage();
    if (Math.abs(heapUsed + external - last) < 64 * 1024) break;
    last = heapUsed + external;
  }
  return last;
}

// The memory a search holds at its largest: measured one position short of its end, while the
// search is still under way (its hash set and queue are what the game keeps between keystrokes).
// While it grows, outgrown tables wait for a collection too: the process holds more for a while.
async function searchMemory(): Promise<void> {
  const biggest = largest as { position: Position; positions: number; where: string } | null;
  if (biggest === null) return;
  if (!collect) {
    console.log('  (run node with --expose-gc to measure the memory of a search)');
    return;
  }
  const before = await settled();
  const again = new ProgressSearch(biggest.position);
  again.run(biggest.positions - 1);
  const after = await settled();
  const mb = ((after - before) / 1024 / 1024).toFixed(1);
  console.log(
    `  the largest search (${fmt(again.positions)} positions, ${biggest.where}) run again: ` +
      `${mb} MB live near its end`,
  );
}

void searchMemory();
