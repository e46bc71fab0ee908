/**
 * The lost-game search against the solver, per position (docs/measurements.md, "Lost-game search
 * speed"): both in one run, interleaved, so that a machine busy with other work slows both alike.
 *
 *   npm run bench:lost        (SPIDER_BENCH_LOST_ROUNDS=N rounds, SPIDER_BENCH_LOST_POSITIONS=N each)
 *
 * The positions: for each of a few seeds (4 suits, 2 suits), random play from the deal until the
 * lost-game search needs more than 20,000 positions to decide: a tangled position, as the game
 * meets when a player has shuffled cards about. Each round then runs, for each seed in turn, the
 * lost-game search on its tangled position and the solver's beam searches on its deal, each to the
 * same number of positions, and notes the rate of each: the lost-game search counts the distinct
 * positions it keeps (what its limit counts) and the moves it tries (each a position made and
 * looked up, as the solver counts its own); the solver, the positions it makes (what its budget
 * counts). Prints the medians over every run of each, in CPU time and in wall-clock time.
 */
import {
  applyLegal,
  dealPosition,
  legalActions,
  type Position,
  ProgressSearch,
  type Rules,
} from '../src/engine';
import { solve } from '../src/search/solver';
import { settingsFromEnv, wholeFromEnv } from './settings';

const { ROUNDS, POSITIONS } = settingsFromEnv(() => ({
  ROUNDS: wholeFromEnv('SPIDER_BENCH_LOST_ROUNDS', 5),
  POSITIONS: wholeFromEnv('SPIDER_BENCH_LOST_POSITIONS', 200_000),
}));
/** Distinct positions beyond which a position counts as tangled. */
const TANGLED = 20_000;

function lcg(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

/** Random play from the deal until a position the lost-game search takes long over, or null. */
function tangledFrom(deal: Position, seed: number): Position | null {
  const random = lcg(seed);
  let position = deal;
  for (let i = 0; i < 300; i++) {
    const legal = legalActions(position);
    if (legal.length === 0) return null;
    position = applyLegal(position, legal[random(legal.length)]);
    const search = new ProgressSearch(position, TANGLED);
    const verdict = search.run();
    if (verdict === 'unknown') return position;
    if (verdict === 'no') return null;
  }
  return null;
}

interface Case {
  readonly name: string;
  readonly deal: Position;
  readonly tangled: Position;
}

function cases(): Case[] {
  const found: Case[] = [];
  const rules: Rules[] = [
    { suits: 4, relaxed: 0, keepSuits: false },
    { suits: 2, relaxed: 0, keepSuits: false },
  ];
  for (const r of rules) {
    for (let seed = 1; found.filter((c) => c.deal.rules === r).length < 3 && seed < 400; seed++) {
      const deal = dealPosition(String(seed), r);
      const tangled = tangledFrom(deal, seed);
      if (tangled) found.push({ name: `seed ${seed}, ${r.suits} suits`, deal, tangled });
    }
  }
  return found;
}

interface Rate {
  cpu: number;
  wall: number;
}

/** Runs `body`, which answers a count of positions; their rate per second of CPU and of wall. */
function timed(body: () => number): Rate {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const count = body();
  const used = process.cpuUsage(cpu);
  const ms = Number(process.hrtime.bigint() - wall) / 1e6;
  return {
    cpu: count / ((used.user + used.system) / 1e6),
    wall: count / (ms / 1000),
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const chosen = cases();
console.log(`Lost-game search and solver, ${ROUNDS} rounds of ${chosen.length} positions each:`);
for (const c of chosen) console.log(`  ${c.name}`);
const kept: Rate[] = [];
const tried: Rate[] = [];
const solver: Rate[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const c of chosen) {
    let per = 0;
    const rate = timed(() => {
      const search = new ProgressSearch(c.tangled, POSITIONS);
      search.run();
      per = search.tried / search.positions;
      return search.positions;
    });
    kept.push(rate);
    // The same run's moves tried, over the same times.
    tried.push({ cpu: rate.cpu * per, wall: rate.wall * per });
    solver.push(
      timed(
        () => solve(c.deal, { prove: false, positions: POSITIONS, timeMs: 3_600_000 }).positions,
      ),
    );
  }
}
const row = (name: string, rates: Rate[]) =>
  console.log(
    `  ${name.padEnd(44)} ${fmt(median(rates.map((r) => r.cpu))).padStart(11)} ${fmt(median(rates.map((r) => r.wall))).padStart(11)}`,
  );
console.log(
  `  ${'median positions a second'.padEnd(44)} ${'CPU'.padStart(11)} ${'wall'.padStart(11)}`,
);
row('lost-game search, positions kept', kept);
row('lost-game search, moves tried', tried);
row('solver, positions made', solver);
