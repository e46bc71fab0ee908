/**
 * Fair play benchmark (docs/playing.md, "Hints"): the fair player plays whole games blind, as
 * `spider autoplay --fair` does: no undo, no peek, thinking at most the given time per action.
 * The games are fixed lists of PySolFC's numbered deals per suit count; two games are played at
 * once, one per core, each player on its own thread.
 *
 *   npm run bench:play      (SPIDER_BENCH_PLAY_GAMES=N games per suit count, default 100 with
 *                            1 suit, 60 with 2 and 40 with 4;
 *                            SPIDER_BENCH_PLAY_SUITS=1,2,4 to choose the suit counts;
 *                            SPIDER_BENCH_PLAY_FIRST=N the first game number, default 5001;
 *                            SPIDER_BENCH_PLAY_THINK=MS per action, default 1000;
 *                            SPIDER_BENCH_PLAY_THREADS=N games at once, default 2;
 *                            SPIDER_FAIR_<name>=value for any of the player's constants,
 *                            FAIR_TUNING in src/search/fair/tuning.ts, to compare another value;
 *                            SPIDER_BENCH_PLAY_PEEK=down, stock, all or next to let the player
 *                            see those hidden cards of the real game, to measure what they are
 *                            worth to it (never in play);
 *                            SPIDER_BENCH_PLAY_COMPARE=1 to play each game both with those
 *                            values (or that peek) and as the player is, side by side, and
 *                            compare the two;
 *                            SPIDER_BENCH_PLAY_VERBOSE=1 to print each game as it ends, and
 *                            compared, with the player it was)
 *
 * Games 5001 on were never looked at while the player was written (it was tuned on games 1 to
 * 1000). Prints, per suit count, the share of games won with its 95% confidence interval
 * (Wilson), the time per action (median, 90th percentile, worst), the actions per game, the
 * mean suits removed per game, and the games lost; compared, those for each player, then the
 * differences in games won and suits removed with their standard errors (`compare.ts`).
 */
import * as os from 'os';
import type { SuitCount } from '../src/engine';
import { compare, comparisonLines } from './compare';
import { percentile } from './figures';
import {
  alreadyThePlayers,
  type FairPlayed,
  type FairTask,
  type Peek,
  peekFromEnv,
  playFairGames,
  tuningFromEnv,
} from './fairgames';
import { runBench, SettingError, suitsFromEnv, switchFromEnv, wholeFromEnv } from './settings';

/** What each peek lets the player see, as the benchmark prints it. */
const PEEK_NAMES: Readonly<Record<Peek, string>> = {
  down: 'the face-down cards',
  stock: 'the stock',
  all: 'every hidden card',
  next: 'the next card each column turns',
};

/** Wilson score interval for `won` of `n`, at 95%. */
function wilson(won: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = won / n;
  const centre = p + (z * z) / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const scale = 1 + (z * z) / n;
  return [Math.max(0, (centre - spread) / scale), Math.min(1, (centre + spread) / scale)];
}

async function main(): Promise<void> {
  const suitsList = suitsFromEnv('SPIDER_BENCH_PLAY_SUITS');
  const first = wholeFromEnv('SPIDER_BENCH_PLAY_FIRST', 5001);
  const thinkMs = wholeFromEnv('SPIDER_BENCH_PLAY_THINK', 1000);
  const threads = wholeFromEnv('SPIDER_BENCH_PLAY_THREADS', 2);
  const games = [100, 60, 40].map((fallback) => wholeFromEnv('SPIDER_BENCH_PLAY_GAMES', fallback));
  const gamesFor = (suits: SuitCount) => games[suits === 1 ? 0 : suits === 2 ? 1 : 2];
  console.log(
    `spider fair play benchmark (node ${process.version}, ${os.cpus().length} cores): ` +
      `PySolFC games from ${first} on, ${thinkMs} ms per action at most, ${threads} games at once`,
  );
  const tuning = tuningFromEnv();
  const comparing = switchFromEnv('SPIDER_BENCH_PLAY_COMPARE');
  const verbose = switchFromEnv('SPIDER_BENCH_PLAY_VERBOSE');
  const peek = peekFromEnv();
  const tuned = JSON.stringify(tuning);
  const tuningGiven = Object.keys(tuning).length > 0;
  // What the other player is: other constants, a peek, or both.
  const other = [tuningGiven ? tuned : '', peek ? `a peek at ${PEEK_NAMES[peek]}` : '']
    .filter(Boolean)
    .join(' and ');
  if (comparing && !tuningGiven && !peek)
    throw new SettingError(
      'SPIDER_BENCH_PLAY_COMPARE=1 needs a constant to compare, as SPIDER_FAIR_followDepth=16, ' +
        'or a peek, as SPIDER_BENCH_PLAY_PEEK=all',
    );
  if (tuningGiven) console.log(`tuning: ${tuned}`);
  if (peek) console.log(`peek: ${PEEK_NAMES[peek]} of the real game (never in play)`);
  for (const suits of suitsList)
    if (comparing && !peek && alreadyThePlayers(tuning, suits))
      throw new SettingError(
        `${tuned} is what the player already plays with ${suits} suit${suits === 1 ? '' : 's'}: ` +
          'comparing it with itself tells nothing',
      );
  for (const suits of suitsList) {
    const task = (game: number, given: FairTask['tuning'], peeking?: Peek): FairTask => ({
      game,
      suits,
      thinkMs,
      tuning: given,
      peek: peeking,
    });
    const asItIs: FairTask['tuning'] = {};
    // Compared, each game is played by both players at once, so both meet the same load.
    const tasks: FairTask[] = Array.from({ length: gamesFor(suits) }, (_, i) =>
      comparing
        ? [task(first + i, asItIs), task(first + i, tuning, peek)]
        : [task(first + i, tuning, peek)],
    ).flat();
    const began = Date.now();
    const results = await playFairGames(tasks, threads, (played, task) => {
      if (!verbose) return;
      // Compared, the two players' lines come as their games end: each says whose it is (the
      // task given back is the one made here, so the player as it is has `asItIs` itself).
      const whose = !comparing ? '' : task.tuning === asItIs ? ' (as it is)' : ` (with ${other})`;
      console.log(
        `  game ${played.game}${whose}: ${played.result}, ${played.removed} suits removed, ` +
          `${played.thought.length} actions`,
      );
    });
    const seconds = `${((Date.now() - began) / 1000).toFixed(0)} s${comparing ? ', both players' : ''}`;
    const name = `${suits} suit${suits === 1 ? '' : 's'}`;
    if (!comparing) {
      report(name, results, seconds);
      continue;
    }
    const base = results.filter((_, i) => i % 2 === 0);
    const others = results.filter((_, i) => i % 2 === 1);
    report(`${name}, as it is`, base, seconds);
    report(`${name}, with ${other}`, others, seconds);
    const outcome = (played: FairPlayed) => ({
      won: played.result === 'won',
      removed: played.removed,
    });
    const pairs = base.map((played, i) => ({
      game: played.game,
      base: outcome(played),
      other: outcome(others[i]),
    }));
    console.log('');
    for (const line of comparisonLines(compare(pairs), other)) console.log(line);
  }
}

/**
 * What one player did on a list of games: wins, times, suits removed, games lost; `seconds` is
 * how long the list took, told as it is.
 */
function report(name: string, results: readonly FairPlayed[], seconds: string): void {
  const won = results.filter((played) => played.result === 'won').length;
  const [low, high] = wilson(won, results.length);
  const times = results.flatMap((played) => played.thought).sort((a, b) => a - b);
  const lengths = results.map((played) => played.thought.length).sort((a, b) => a - b);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(
    `\n${name}: won ${won}/${results.length} = ${pct(won / results.length)} ` +
      `(95% CI ${pct(low)}..${pct(high)}) in ${seconds}`,
  );
  console.log(
    `  time per action: median ${percentile(times, 0.5)} ms, 90th percentile ${percentile(times, 0.9)} ms, ` +
      `worst ${times[times.length - 1] ?? 0} ms; actions per game: median ${percentile(lengths, 0.5)}`,
  );
  // Where no game is won, the suits removed still tell two players apart.
  const sum = (of: (played: FairPlayed) => number) =>
    results.reduce((total, played) => total + of(played), 0);
  const removed = sum((played) => played.removed) / results.length;
  console.log(`  suits removed per game: mean ${removed.toFixed(2)}`);
  // A plan cut short by the time is where a faster machine would have played better.
  console.log(`  plans cut short by the time: ${sum((p) => p.cut)} of ${sum((p) => p.plans)}`);
  const lost = results.filter((played) => played.result !== 'won');
  console.log(
    `  games lost (suits removed): ${lost.map((played) => `${played.game} (${played.removed})`).join(', ') || 'none'}`,
  );
}

runBench(main);
