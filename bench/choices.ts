/**
 * Where the fair player's choices could be better (docs/measurements.md, "What was measured"). It
 * plays each game blind as `bench:play` does (1 s per action, the deal's name as the seed), and
 * stops at the player's first choice after a given deal. There it plays every legal action in the
 * same worlds, drawn for what the player sees, each followed by the blind player to the end, and
 * prints how many worlds each action wins, the player's own choice first. The action that won most,
 * when it is not the player's, meets the player's choice again in as many fresh worlds, since the
 * best of many counts is also the luckiest: an action that wins more there is a choice the player
 * could have made better; equal counts mean that there the game was in the hands of the cards.
 *
 *   npm run bench:choices   (SPIDER_BENCH_CHOICES_GAMES=the PySolFC games, as in
 *                            '9294,9311' or '5001..5100', default 5001..5020;
 *                            SPIDER_BENCH_CHOICES_SUITS=1, 2 or 4, default 1;
 *                            SPIDER_BENCH_CHOICES_DEAL=after which deal, 0 (the player's first
 *                            choice of the game) to 5, default 4;
 *                            SPIDER_BENCH_CHOICES_LOST=1 to look only at games the player
 *                            loses (the default), 0 at every game;
 *                            SPIDER_BENCH_CHOICES_WORLDS=N worlds per action, default 12;
 *                            SPIDER_BENCH_CHOICES_THINK=MS per action in the worlds, default
 *                            1000;
 *                            SPIDER_FAIR_<name>=value for the player in the worlds, which
 *                            otherwise draws 8 worlds and lets the solver look at 20,000
 *                            positions (LIGHTER), so that no plan is cut short;
 *                            SPIDER_BENCH_CHOICES_THREADS=N worlds at once, default 2)
 */
import * as os from 'os';
import { isMainThread } from 'worker_threads';
import {
  type Action,
  type Game,
  legalActions,
  newGame,
  play,
  type Position,
  type SuitCount,
  writtenLine,
} from '../src/engine';
import { formatAction, parseAction } from '../src/notation';
import { autoplayFair, type FairTuning, gameView, sampleWorld, worldsRandom } from '../src/search';
import { playFairGames, tuningFromEnv } from './fairgames';
import { runBench, SettingError, suitsFromEnv, switchFromEnv, wholeFromEnv } from './settings';
import { onThreads, serveTasks } from './threads';

/** One world of a point, with one action played first. */
export interface WorldTask {
  readonly game: number;
  readonly suits: SuitCount;
  /** The record up to the point. */
  readonly played: readonly string[];
  /** Which of the point's worlds, from 0. */
  readonly world: number;
  /** The action played there first. */
  readonly first: string;
  readonly thinkMs: number;
  /** The constants of the player in the world. */
  readonly tuning: Partial<FairTuning>;
}

/** How a world after an action ended: won or not, and how many plans the time cut short. */
export interface WorldPlayed {
  readonly won: boolean;
  readonly cut: number;
}

/**
 * The player in the worlds, unless `SPIDER_FAIR_<name>` says otherwise: a quarter of the worlds
 * and a third of the solver's positions, so that within its second no plan is cut short and the
 * counts are the same on any machine.
 */
export const LIGHTER: Partial<FairTuning> = { worlds: 8, solvedPositions: 20_000 };

/** The game `game` (PySolFC's number) after the actions `played`. */
export function replayed(game: number, suits: SuitCount, played: readonly string[]): Game {
  let now = newGame(
    { scheme: 'pysol', key: String(game) },
    { suits, relaxed: 0, keepSuits: false },
  );
  for (const text of played) {
    const action = parseAction(text);
    const outcome = action ? play(now, action) : null;
    if (!outcome?.ok) throw new Error(`game ${game}: '${text}' cannot be played`);
    now = outcome.game;
  }
  return now;
}

/**
 * World `k` of the point `now`: drawn for what the player sees there, the same for every action
 * tried, and for every run of the benchmark.
 */
export function worldAt(now: Game, k: number): Position {
  const view = gameView(now);
  const random = worldsRandom(view, 'choices');
  let world = sampleWorld(view, random);
  for (let i = 0; i < k; i++) world = sampleWorld(view, random);
  return world;
}

/** Whether the blind player, after `first` in the world, wins it. */
export function wonAfter(task: WorldTask): WorldPlayed {
  const now = replayed(task.game, task.suits, task.played);
  const world = worldAt(now, task.world);
  const first = parseAction(task.first);
  const outcome = first ? play({ ...now, position: world }, first) : null;
  if (!outcome?.ok) throw new Error(`game ${task.game}: '${task.first}' cannot be played`);
  const seed = `world ${task.world}`;
  const played = autoplayFair(outcome.game, { timeMs: task.thinkMs, seed, tuning: task.tuning });
  return { won: played.result === 'won', cut: played.cut };
}

serveTasks(__filename, wonAfter);

/**
 * Where a record stops for the player's first choice after deal `deal` (0: at the start), and
 * that choice: null when the game never made that deal, or ended right after it.
 */
export function pointAfter(
  actions: readonly string[],
  deal: number,
): { played: readonly string[]; choice: string } | null {
  let at = 0;
  for (let deals = 0; deals < deal; at++) {
    if (at >= actions.length) return null;
    if (actions[at] === 'd') deals++;
  }
  return at < actions.length ? { played: actions.slice(0, at), choice: actions[at] } : null;
}

/** PySolFC game numbers given as `name`, such as '9294,9311' or '5001..5100'. */
export function gamesFromEnv(
  name: string,
  fallback: readonly number[],
  env: NodeJS.ProcessEnv = process.env,
): number[] {
  const given = env[name];
  if (given === undefined || given.trim() === '') return [...fallback];
  const games: number[] = [];
  for (const part of given.split(',')) {
    const range = /^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$/.exec(part);
    const [first, last] = range ? [Number(range[1]), Number(range[2] ?? range[1])] : [0, -1];
    if (!range || first < 1 || last < first)
      throw new SettingError(`${name}='${given}': game numbers as in '9294,9311' or '5001..5100'`);
    for (let game = first; game <= last; game++) games.push(game);
  }
  return games;
}

async function main(): Promise<void> {
  const first = 5001;
  const games = gamesFromEnv(
    'SPIDER_BENCH_CHOICES_GAMES',
    Array.from({ length: 20 }, (_, i) => first + i),
  );
  const counts = suitsFromEnv('SPIDER_BENCH_CHOICES_SUITS', [1]);
  if (counts.length > 1)
    throw new SettingError(`SPIDER_BENCH_CHOICES_SUITS='${counts.join(',')}': one suit count`);
  const [suits] = counts;
  const deal = wholeFromEnv('SPIDER_BENCH_CHOICES_DEAL', 4, 0);
  if (deal > 5) throw new SettingError(`SPIDER_BENCH_CHOICES_DEAL='${deal}': a deal from 0 to 5`);
  const lostOnly = switchFromEnv('SPIDER_BENCH_CHOICES_LOST', true);
  const worlds = wholeFromEnv('SPIDER_BENCH_CHOICES_WORLDS', 12);
  const thinkMs = wholeFromEnv('SPIDER_BENCH_CHOICES_THINK', 1000);
  const tuning = { ...LIGHTER, ...tuningFromEnv() };
  const threads = wholeFromEnv('SPIDER_BENCH_CHOICES_THREADS', 2);
  console.log(
    `spider fair choices benchmark (node ${process.version}, ${os.cpus().length} cores): ` +
      `${suits} suit${suits > 1 ? 's' : ''}, the first choice after deal ${deal}` +
      `${lostOnly ? ' of the games lost' : ''}; each action in ${worlds} worlds, ` +
      `the player on at ${thinkMs} ms per action with ${JSON.stringify(tuning)}`,
  );
  const tasks = games.map((game) => ({ game, suits, tuning: {} }));
  // Games won and passed over, choices looked at and worlds won there (the player's choice, the
  // best action), choices tried again and worlds won then, and plans the time cut short.
  const sum = {
    passed: 0,
    looked: 0,
    ownWon: 0,
    bestWon: 0,
    retried: 0,
    againOwn: 0,
    againBest: 0,
    disagreed: 0,
    cut: 0,
  };
  for (const blind of await playFairGames(tasks, threads)) {
    if (lostOnly && blind.result === 'won') {
      sum.passed++;
      continue;
    }
    const point = pointAfter(blind.actions, deal);
    if (!point) {
      console.log(`  game ${blind.game}: ${blind.result} before the choice after deal ${deal}`);
      continue;
    }
    const now = replayed(blind.game, suits, point.played);
    // Each as a record writes it, so the player's choice is found among them.
    const written = (action: Action) => formatAction(writtenLine(now.position, [action])[0]);
    const choice = written(parseAction(point.choice) as Action);
    const others = legalActions(now.position)
      .map(written)
      .filter((text) => text !== choice);
    const tried = [choice, ...others];
    // Whether each action tried wins each of `count` worlds from `from` on.
    const tryIn = async (texts: readonly string[], from: number, count: number) => {
      const won = new Map(texts.map((text) => [text, new Array<boolean>(count).fill(false)]));
      const worldTasks = texts.flatMap((text) =>
        Array.from({ length: count }, (_, i) => ({
          game: blind.game,
          suits,
          played: point.played,
          world: from + i,
          first: text,
          thinkMs,
          tuning,
        })),
      );
      await onThreads<WorldTask, WorldPlayed>(__filename, worldTasks, threads, (ended, task) => {
        won.get(task.first)![task.world - from] = ended.won;
        sum.cut += ended.cut;
      });
      return texts.map((text) => won.get(text)!);
    };
    const counted = (worlds: readonly boolean[]) => worlds.filter(Boolean).length;
    const wins = (await tryIn(tried, 0, worlds)).map(counted);
    // The player's choice unless another won more; of equals, the first.
    const best = wins.indexOf(Math.max(...wins));
    sum.looked++;
    sum.ownWon += wins[0];
    sum.bestWon += wins[best];
    const hidden = gameView(now).columns.reduce((n, column) => n + column.hidden, 0);
    console.log(
      `  game ${blind.game} (${blind.result}), action ${point.played.length + 1}, ` +
        `${hidden} face down: the player's ${choice} won ${wins[0]} of ${worlds}, ` +
        `the best ${tried[best]} ${wins[best]}; ` +
        tried.map((text, i) => `${text} ${wins[i]}`).join(', '),
    );
    if (best === 0) continue;
    // The best of many counts is the luckiest too: it meets the player's choice again in fresh
    // worlds, where luck favours neither.
    const [own, other] = await tryIn([choice, tried[best]], worlds, worlds);
    sum.retried++;
    own.forEach((won, i) => {
      sum.againOwn += Number(won);
      sum.againBest += Number(other[i]);
      if (won !== other[i]) sum.disagreed++;
    });
    console.log(
      `    again in ${worlds} fresh worlds: the player's ${choice} won ${counted(own)}, ` +
        `${tried[best]} ${counted(other)}`,
    );
  }
  const { looked, retried } = sum;
  console.log(
    `choices looked at: ${looked}; the player's won ${sum.ownWon} of ${looked * worlds} ` +
      `worlds, the best action at each ${sum.bestWon}` +
      (sum.passed > 0 ? `; games won, not looked at: ${sum.passed}` : ''),
  );
  const error = Math.sqrt(sum.disagreed).toFixed(1);
  console.log(
    `  where another action won more, again in fresh worlds (choices: ${retried}, worlds: ` +
      `${retried * worlds}): the player's won ${sum.againOwn}, the other ${sum.againBest} ` +
      `(difference ${sum.againBest - sum.againOwn}, standard error ${error})`,
  );
  console.log(`plans in the worlds cut short by the time: ${sum.cut}`);
}

if (require.main === module && isMainThread) runBench(main);
