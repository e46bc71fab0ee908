/**
 * How long `--winnable` takes to find a deal the solver wins (docs/deals.md, "Winnable deals").
 *
 *   npm run bench:winnable   (SPIDER_BENCH_WINNABLE_SEEDS=N seeds per suit count, default 20;
 *                             SPIDER_BENCH_WINNABLE_SUITS=4,2,1 the suit counts)
 *
 * Runs `spider deal --winnable --seed S` for S = 1..N, as a player would start it, each in an
 * empty cache (a folder of its own), and prints the median and the slowest wall time per suit
 * count, with the deal each seed led to; then each seed again from the cache the first run left,
 * which is the program's own start and a look in the cache.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { settingsFromEnv, suitsFromEnv, wholeFromEnv } from './settings';

const SEEDS = settingsFromEnv(() => wholeFromEnv('SPIDER_BENCH_WINNABLE_SEEDS', 20));
const SUITS = settingsFromEnv(() => suitsFromEnv('SPIDER_BENCH_WINNABLE_SUITS', [4, 2, 1]));
const SPIDER = path.join(__dirname, '..', '..', 'bin', 'spider');

interface Run {
  readonly seed: number;
  readonly seconds: number;
  /** The seed of the deal it gave, or why it gave none. */
  readonly dealt: string;
}

/** `spider deal --winnable` from `seed` with its cache in `cache`, timed from the spawn. */
function run(seed: number, suits: number, cache: string): Run {
  const begin = process.hrtime.bigint();
  const child = spawnSync(
    process.execPath,
    [SPIDER, 'deal', '--winnable', '--seed', String(seed), '--suits', String(suits), '--json'],
    { env: { ...process.env, XDG_CACHE_HOME: cache }, encoding: 'utf8' },
  );
  const seconds = Number(process.hrtime.bigint() - begin) / 1e9;
  if (child.status !== 0) {
    const how = child.signal ? `killed by ${child.signal}` : `exit ${child.status}`;
    return { seed, seconds, dealt: `${how}: ${child.stderr.trim()}` };
  }
  const dealt = (JSON.parse(child.stdout) as { seed?: string }).seed ?? '?';
  return { seed, seconds, dealt };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const secs = (n: number) => `${n.toFixed(2)} s`;

console.log(`spider deal --winnable, seeds 1..${SEEDS} (node ${process.version})`);
for (const suits of SUITS) {
  const fresh: Run[] = [];
  const cached: Run[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-winnable-'));
    try {
      fresh.push(run(seed, suits, cache));
      cached.push(run(seed, suits, cache));
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  }
  const slowest = fresh.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  const moved = fresh.filter((r) => r.dealt !== String(r.seed));
  console.log(
    `${suits} suit${suits > 1 ? 's' : ''}: median ${secs(median(fresh.map((r) => r.seconds)))}, ` +
      `slowest ${secs(slowest.seconds)} (seed ${slowest.seed}, dealt ${slowest.dealt}); ` +
      `from the cache, median ${secs(median(cached.map((r) => r.seconds)))}`,
  );
  console.log(
    `  seeds not won themselves: ${moved.length === 0 ? 'none' : moved.map((r) => `${r.seed} -> ${r.dealt}`).join(', ')}`,
  );
}
