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
 *
 * Then what a player waits for, on test/fixtures/tangled-game.txt (1,000 actions, lost, decided by
 * a search of 622,080 positions), with the built program: quitting it in a pseudo-terminal
 * (util-linux `script`), from the `y` that confirms to the process's exit, beside the same for a
 * game of one action; and `spider replay` of it, from spawn to exit. Medians of 5 runs.
 */
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
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

const ROOT = path.join(__dirname, '..', '..');
const SPIDER = path.join(ROOT, 'bin', 'spider');
const TANGLED_FILE = path.join(ROOT, 'test', 'fixtures', 'tangled-game.txt');

/**
 * Milliseconds from the `y` that confirms quitting `spider play FILE` to the process's exit, in a
 * pseudo-terminal and fresh save folders.
 */
function quitting(file: string): Promise<number> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-lost-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    XDG_STATE_HOME: path.join(home, 'state'),
    XDG_DATA_HOME: path.join(home, 'data'),
  };
  delete env.TMUX;
  const command = `stty cols 80 rows 24; exec '${process.execPath}' '${SPIDER}' play '${file}'`;
  return new Promise<number>((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], { env, stdio: 'pipe' });
    let seen = '';
    let asked = false;
    let confirmed: bigint | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (!asked && seen.includes('q quit')) {
        asked = true;
        child.stdin.write('q');
      } else if (confirmed === undefined && seen.includes('Quit this game?')) {
        confirmed = process.hrtime.bigint();
        child.stdin.write('y');
      }
    });
    child.on('error', reject);
    child.on('close', () => {
      fs.rmSync(home, { recursive: true, force: true });
      if (confirmed === undefined) reject(new Error(`never asked; output: ${seen.slice(-300)}`));
      else resolve(Number(process.hrtime.bigint() - confirmed) / 1e6);
    });
  });
}

/** Milliseconds from spawning `spider replay FILE --json` to its exit. */
function replaying(file: string): number {
  const begin = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [SPIDER, 'replay', file, '--json'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`replay failed: ${run.stderr}`);
  return Number(process.hrtime.bigint() - begin) / 1e6;
}

async function waits(): Promise<void> {
  const oneAction = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-')), 'one.txt');
  fs.writeFileSync(oneAction, 'seed: 115\nsuits: 4\nrelaxed: 0\nkeep-suits: no\n\n7-2\n');
  const quitTangled: number[] = [];
  const quitOne: number[] = [];
  const replayTangled: number[] = [];
  const replayOne: number[] = [];
  for (let run = 0; run < 5; run++) {
    quitTangled.push(await quitting(TANGLED_FILE));
    quitOne.push(await quitting(oneAction));
    replayTangled.push(replaying(TANGLED_FILE));
    replayOne.push(replaying(oneAction));
  }
  fs.rmSync(path.dirname(oneAction), { recursive: true, force: true });
  const ms = (xs: number[]) => `${fmt(median(xs))} ms`.padStart(9);
  console.log('What a player waits for (medians of 5, wall clock):');
  console.log(`  quitting the tangled game, y to exit   ${ms(quitTangled)}`);
  console.log(`  quitting a game of one action          ${ms(quitOne)}`);
  console.log(`  spider replay of the tangled game      ${ms(replayTangled)}`);
  console.log(`  spider replay of a game of one action  ${ms(replayOne)}`);
}

void waits();
