/**
 * Fair thinking benchmark (docs/solver.md, "The fair player"): how fast the fair player thinks,
 * apart from how well it plays. It plays a few games blind, as `spider autoplay --fair` does, but
 * with no time limit: every plan is thought to its end, so the work is the same on any machine
 * and only its speed differs.
 *
 *   npm run bench:think     (SPIDER_BENCH_THINK_GAMES=N games per suit count, default 3;
 *                            SPIDER_BENCH_THINK_SUITS=1,2,4 to choose the suit counts;
 *                            SPIDER_BENCH_THINK_FIRST=N the first PySolFC game, default 1)
 *
 * Prints, per suit count, the plans thought and the time they took (median, 90th percentile,
 * worst, total), the positions looked at per second, and a digest of every action played. The
 * digest changes only when the player chooses otherwise: a change made for speed alone must
 * leave it as it was.
 */
import * as os from 'os';
import { gameStatus, newGame, play, type SuitCount } from '../src/engine';
import { formatAction } from '../src/notation';
import { fairChoice, gameView } from '../src/search';
import { percentile } from './figures';
import { runBench, suitsFromEnv, wholeFromEnv } from './settings';

/** Long enough that no plan of these games is ever cut short: the work done is all there is. */
const NO_LIMIT_MS = 3_600_000;
/** Most actions a game plays here: a game never needs nearly so many. */
const MAX_ACTIONS = 3_000;

interface Thought {
  readonly ms: number[];
  positions: number;
  /** FNV-1a of every action played, in order, as a record writes them. */
  digest: number;
}

function fnv(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return Math.imul(h ^ 0x20, 16777619) >>> 0; // a space between actions
}

/** Plays game `game` with `suits` to its end, thinking each plan through; into `into`. */
function playOne(game: number, suits: SuitCount, into: Thought): void {
  let played = newGame(
    { scheme: 'pysol', key: String(game) },
    { suits, relaxed: 0, keepSuits: false },
  );
  const seed = `pysol:${game}`;
  let actions = 0;
  while (gameStatus(played) === 'playing' && actions < MAX_ACTIONS) {
    const started = performance.now();
    const choice = fairChoice(gameView(played), { seed, timeMs: NO_LIMIT_MS });
    into.ms.push(performance.now() - started);
    into.positions += choice.positions;
    if (choice.cut) throw new Error(`game ${game}: a plan was cut short with no time limit`);
    if (!choice.action) break;
    for (const action of choice.plan) {
      const outcome = play(played, action);
      if (!outcome.ok) throw new Error(`game ${game}: an illegal plan: ${outcome.refusal.why}`);
      played = outcome.game;
      into.digest = fnv(into.digest, formatAction(action));
      actions++;
    }
  }
}

const whole = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  const games = wholeFromEnv('SPIDER_BENCH_THINK_GAMES', 3);
  const suitCounts = suitsFromEnv('SPIDER_BENCH_THINK_SUITS');
  const first = wholeFromEnv('SPIDER_BENCH_THINK_FIRST', 1);
  console.log(
    `spider fair thinking benchmark (node ${process.version}, ${os.cpus().length} cores): ` +
      'every plan thought to its end, one game at a time',
  );
  for (const suits of suitCounts) {
    const thought: Thought = { ms: [], positions: 0, digest: 2166136261 };
    for (let game = first; game < first + games; game++) playOne(game, suits, thought);
    const sorted = [...thought.ms].sort((a, b) => a - b);
    const total = sorted.reduce((sum, ms) => sum + ms, 0);
    const list = games === 1 ? `game ${first}` : `games ${first}..${first + games - 1}`;
    console.log(
      `${suits} suit${suits === 1 ? '' : 's'}, ${list}: ${sorted.length} plans ` +
        `in ${(total / 1000).toFixed(1)} s; per plan median ${whole(percentile(sorted, 0.5))} ms, ` +
        `90th percentile ${whole(percentile(sorted, 0.9))} ms, worst ${whole(sorted.at(-1) ?? 0)}` +
        ` ms; ${whole((thought.positions / total) * 1000)} positions a second; ` +
        `choices digest ${thought.digest.toString(16).padStart(8, '0')}`,
    );
  }
}

runBench(main);
