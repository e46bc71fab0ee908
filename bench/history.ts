/**
 * What `s` costs a server's player, whose history is kept within a limit (docs/serve.md,
 * "Limits on disk").
 *
 *   npm run bench:history     (SPIDER_BENCH_HISTORY_RUNS: runs of each, default 15)
 *
 * Two players, each under the server's default limit (1 MiB): one whose history was 64 MiB
 * before the limit (written by a program without it), one whose history is just under 1 MiB.
 * For each: `s` in a new session (the history read whole: its summary and lines), `s` again (a
 * look at the file), and `s` after a game recorded (only its line read). For the 64 MiB history,
 * also its first `s` (which reads its last MiB and starts the fold) and the fold in the
 * background: how long it takes, and the longest the process's thread was held meanwhile, as the
 * event loop's largest delay (sampled every millisecond: on a busy machine it counts the time the
 * process waited for a core too) and as the process's CPU time in its longest turn of the event
 * loop (which does not). For comparison, a read and count of the whole 64 MiB at once, as `s`
 * did before the limit.
 *
 * Each history is of real lines (about 290 bytes) written as the program writes them. Medians,
 * in milliseconds.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { monitorEventLoopDelay } from 'perf_hooks';
import { DEAL, type Game, newGame, play, type Rules } from '../src/engine';
import { type GameResult, statsOfRules } from '../src/stats';
import { SERVER_DISK_LIMITS } from '../src/store/disk-limits';
import { historyPath, MAX_HISTORY_BYTES, readResults } from '../src/store/history';
import { playerPlaces } from '../src/store/paths';
import { ResultBook } from '../src/store/results';
import { percentile } from './figures';
import { runBench, wholeFromEnv } from './settings';

const RULES: Rules = { suits: 1, relaxed: 0, keepSuits: false };
const LIMIT = SERVER_DISK_LIMITS.historyBytes;

/** A history of `bytes` at most, of games ended a minute apart, as the program writes them. */
function historyText(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const result: Omit<GameResult, 'deal'> & { v: 1; seed: string } = {
      v: 1,
      seed: String(i),
      rules: RULES,
      outcome: i % 3 === 2 ? 'lost' : 'won',
      moves: 100 + (i % 97),
      actions: 140 + (i % 89),
      peeks: i % 5,
      elapsedMs: 300_000 + (i % 1000) * 900,
      scores: { woods: 990 + (i % 40), microsoft: 1000 + (i % 200), aisleriot: 96 },
      ended: new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString(),
      slot: `20200101T000000-${i}-${(i * 2654435761) % 2 ** 32}`,
    };
    const line = `${JSON.stringify(result)}\n`;
    if (size + line.length > bytes) break;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

/** A fresh player's folder holding `text` as the history. */
function player(text: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-history-'));
  fs.writeFileSync(historyPath(folder), text, { mode: 0o600 });
  return folder;
}

const now = () => new Date('2030-01-01T00:00:00.000Z'); // after every game of the histories
const book = (folder: string) => new ResultBook(playerPlaces(folder, SERVER_DISK_LIMITS), now);

function dealt(): Game {
  const outcome = play(newGame('1', RULES), DEAL);
  if (!outcome.ok) throw new Error('the deal was refused');
  return outcome.game;
}

const PLAYED = { elapsedMs: 1000, continued: false };

/** Milliseconds `s` takes in `results`. */
function timeS(results: ResultBook, game: Game): number {
  const begin = process.hrtime.bigint();
  results.statistics(game, PLAYED);
  return Number(process.hrtime.bigint() - begin) / 1e6;
}

const ms = (n: number) => `${n < 1 ? n.toFixed(2) : n.toFixed(1)} ms`;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/**
 * The CPU time (ms) the process spends in each turn of the event loop until `done` settles: the
 * most, and the 99th percentile.
 */
async function turns(done: Promise<unknown>): Promise<{ longest: number; p99: number }> {
  let settled = false;
  void done.finally(() => (settled = true));
  const spent: number[] = [];
  let last = process.cpuUsage();
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    const turn = process.cpuUsage(last);
    spent.push((turn.user + turn.system) / 1000);
    last = process.cpuUsage();
  }
  spent.sort((a, b) => a - b);
  return { longest: spent[spent.length - 1] ?? 0, p99: percentile(spent, 0.99) };
}

/** `s` in a new session, again, and after a game recorded: medians over `runs`. */
function steady(folder: string, game: Game, runs: number): string {
  const fresh: number[] = [];
  const again: number[] = [];
  const recorded: number[] = [];
  for (let run = 0; run < runs; run++) {
    const results = book(folder);
    fresh.push(timeS(results, game));
    again.push(timeS(results, game));
    results.record(game, 'abandoned', PLAYED);
    recorded.push(timeS(results, game));
  }
  const size = fs.statSync(historyPath(folder)).size;
  return (
    `s in a new session ${ms(median(fresh))} (the history of ${(size / 1024).toFixed(0)} KiB ` +
    `read whole), again ${ms(median(again))}, after a game recorded ${ms(median(recorded))}`
  );
}

async function main(): Promise<void> {
  const runs = wholeFromEnv('SPIDER_BENCH_HISTORY_RUNS', 15);
  const game = dealt();
  console.log(`bench:history: ${runs} runs of each; the server's default limit, 1 MiB`);

  // Before the limit: a read and count of all of it at once, as s did.
  const big = historyText(MAX_HISTORY_BYTES);
  const whole: number[] = [];
  let expected = '';
  for (let run = 0; run < Math.min(runs, 5); run++) {
    const folder = player(big);
    const begin = process.hrtime.bigint();
    const line = statsOfRules(readResults(folder).results, RULES, false).line;
    whole.push(Number(process.hrtime.bigint() - begin) / 1e6);
    expected = JSON.stringify(line);
    fs.rmSync(folder, { recursive: true, force: true });
  }
  console.log(`64 MiB history read and counted at once (s before the limit): ${ms(median(whole))}`);

  const first: number[] = [];
  const folds: number[] = [];
  const held: number[] = [];
  const longest: number[] = [];
  const p99: number[] = [];
  let folded = '';
  for (let run = 0; run < Math.min(runs, 5); run++) {
    const folder = player(big);
    const results = book(folder);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    first.push(timeS(results, game));
    const begin = process.hrtime.bigint();
    delay.enable();
    const fold = results.folded();
    const turn = await turns(fold);
    longest.push(turn.longest);
    p99.push(turn.p99);
    const outcome = await fold;
    delay.disable();
    folds.push(Number(process.hrtime.bigint() - begin) / 1e6);
    held.push(delay.max / 1e6);
    if (!outcome?.folded) throw new Error(`the history was not folded: ${outcome?.reason}`);
    if (run === 0) {
      // Every figure as before the fold, before the games the next figures add.
      const read = readResults(folder);
      const counted = statsOfRules(read.results, RULES, false, read.summary?.games).line;
      if (JSON.stringify(counted) !== expected)
        throw new Error('the folded history does not give the figures of the whole one');
      folded = steady(folder, game, runs);
    }
    fs.rmSync(folder, { recursive: true, force: true });
  }
  console.log(
    `64 MiB history from before the limit: first s ${ms(median(first))} (its last MiB read; ` +
      `starts the fold); the fold ${ms(median(folds))} in the background, the thread held at ` +
      `most ${ms(median(held))} at a time; CPU time in one turn of the event loop at most ` +
      `${ms(median(longest))}, 99th percentile ${ms(median(p99))} (medians over the runs)`,
  );
  console.log(`  then: ${folded}`);

  const capped = player(historyText(LIMIT - 16 * 1024)); // room for the games recorded
  console.log(`history at the limit (1 MiB): ${steady(capped, game, runs)}`);
  fs.rmSync(capped, { recursive: true, force: true });
}

runBench(main);
