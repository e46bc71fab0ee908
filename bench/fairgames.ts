/**
 * Whole games played blind by the fair player, as `spider autoplay --fair` does (docs/solver.md,
 * "The fair player"), or with a peek at hidden cards to measure what they are worth to it
 * (docs/measurements.md, "What was measured"), several at once, one per thread: what `bench:play`
 * and `bench:chances` measure.
 * Each game is a PySolFC numbered deal, and its name (`pysol:5027`) is the player's seed, as in
 * `spider autoplay --deal pysol:5027`: a game is played the same way every time, and a game the
 * benchmark lists as lost is lost the same way there (unless the time cut a plan short).
 */
import {
  type Card,
  DEFAULT_RULES,
  newGame,
  type Position,
  stockCards,
  type SuitCount,
  totalHidden,
} from '../src/engine';
import {
  autoplayFair,
  type Draw,
  FAIR_SWITCHES,
  FAIR_TUNING,
  type FairTuning,
  fairTuning,
  shuffled,
  unseenCards,
  worldOf,
} from '../src/search';
import { formatAction } from '../src/notation';
import { SettingError, switchFromEnv, wholeFromEnv } from './settings';
import { onThreads, serveTasks } from './threads';

export interface FairTask {
  readonly game: number;
  readonly suits: SuitCount;
  /** At most this long per action; the player's default when absent. */
  readonly thinkMs?: number;
  readonly tuning: Partial<FairTuning>;
  /** What the player is let see of the real game's hidden cards: nothing when absent. */
  readonly peek?: Peek;
}

/**
 * Hidden cards a peeking player sees (docs/measurements.md, "What was measured"): the face-down
 * ones, the stock's, all, or only the next card each column turns (the face-down card nearest its
 * top). Never in play: it measures what the hidden cards are worth to the player.
 */
export type Peek = 'down' | 'stock' | 'all' | 'next';
export const PEEKS: readonly Peek[] = ['down', 'stock', 'all', 'next'];

/**
 * Worlds that hold the real cards of `real()` where `peek` says (its face-down cards, its stock,
 * both, or the face-down card on top of each column's) and the other unseen cards shuffled into
 * the other places: with `all`, every world is the real game.
 */
export function peekingDraw(real: () => Position, peek: Peek): Draw {
  return (view, random) => {
    const truth = real();
    const counts = new Int32Array(64);
    for (const card of unseenCards(view)) counts[card]++;
    // Each face-down place: the real card where the peek sees it, else null (shuffled).
    const down = truth.columns.map((column, c) => {
      const hidden = view.columns[c].hidden;
      return column.cards
        .slice(0, hidden)
        .map((card, i) => (peek === 'stock' || (peek === 'next' && i < hidden - 1) ? null : card));
    });
    const stock = peek === 'down' || peek === 'next' ? null : stockCards(truth);
    for (const card of [...down.flat(), ...(stock ?? [])]) if (card !== null) counts[card]--;
    const rest: Card[] = [];
    counts.forEach((n, card) => {
      for (let k = 0; k < n; k++) rest.push(card);
    });
    const open = (stock ? 0 : view.stockLeft) + down.flat().filter((card) => card === null).length;
    if (counts.some((n) => n < 0) || rest.length !== open)
      throw new Error('the real game does not fit what the player sees');
    shuffled(rest, random);
    let next = 0;
    const take = (n: number) => rest.slice(next, (next += n));
    return worldOf(
      view,
      down.map((places) => places.map((card) => card ?? take(1)[0])),
      stock ?? take(view.stockLeft),
    );
  };
}

export interface FairPlayed {
  readonly game: number;
  readonly result: 'won' | 'lost' | 'resigned';
  /** Milliseconds thought before each action (none for an action that follows a plan). */
  readonly thought: readonly number[];
  /** Suits removed at the end. */
  readonly removed: number;
  /** Plans thought of, and how many of them the time cut short. */
  readonly plans: number;
  readonly cut: number;
  /** Every (deals left, cards face down) the game went through, from the deal on. */
  readonly reached: readonly (readonly [deals: number, hidden: number])[];
  /** The actions played, as a record writes them. */
  readonly actions: readonly string[];
}

const stage = (position: Position): [number, number] => [
  Math.floor((position.stock.length - position.dealt * 10) / 10),
  totalHidden(position),
];

function playOne({ game, suits, thinkMs, tuning, peek }: FairTask): FairPlayed {
  const start = newGame(
    { scheme: 'pysol', key: String(game) },
    { suits, relaxed: 0, keepSuits: false },
  );
  const seen = new Map<string, [number, number]>();
  const note = (position: Position) => {
    const at = stage(position);
    seen.set(at.join(','), at);
  };
  note(start.position);
  let now = start.position;
  const draw = peek ? peekingDraw(() => now, peek) : undefined;
  const played = autoplayFair(start, { timeMs: thinkMs, tuning, draw }, (_, after) => {
    now = after.position;
    note(after.position);
  });
  return {
    game,
    result: played.result,
    thought: played.thought,
    removed: played.game.position.foundations.length,
    plans: played.plans,
    cut: played.cut,
    reached: [...seen.values()],
    actions: played.actions.map(formatAction),
  };
}

serveTasks(__filename, playOne);

/**
 * Whether the values given are those the player already has with `suits` (`FAIR_TUNING_BY_SUITS`
 * in src/search/fair/tuning.ts): a comparison of it with itself would tell nothing.
 */
export function alreadyThePlayers(tuning: Partial<FairTuning>, suits: SuitCount): boolean {
  const own = fairTuning({ ...DEFAULT_RULES, suits });
  return Object.entries(tuning).every(([name, v]) => own[name as keyof FairTuning] === v);
}

/** The player's constants given as `SPIDER_FAIR_<name>=value` in the environment. */
export function tuningFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<FairTuning> {
  const tuning: Record<string, number> = {};
  for (const name of Object.keys(FAIR_TUNING))
    if (env[`SPIDER_FAIR_${name}`] !== undefined)
      tuning[name] = FAIR_SWITCHES.includes(name as keyof FairTuning)
        ? Number(switchFromEnv(`SPIDER_FAIR_${name}`, false, env))
        : wholeFromEnv(`SPIDER_FAIR_${name}`, 0, 0, env);
  const unknown = Object.keys(env).filter(
    (key) => key.startsWith('SPIDER_FAIR_') && !(key.slice('SPIDER_FAIR_'.length) in FAIR_TUNING),
  );
  if (unknown.length > 0)
    throw new SettingError(
      `${unknown.join(', ')}: not among the player's constants (${Object.keys(FAIR_TUNING).join(', ')})`,
    );
  return tuning;
}

/** The hidden cards the player may see, from SPIDER_BENCH_PLAY_PEEK: none when not given. */
export function peekFromEnv(env: NodeJS.ProcessEnv = process.env): Peek | undefined {
  const given = env.SPIDER_BENCH_PLAY_PEEK?.trim();
  if (given === undefined || given === '') return undefined;
  const peek = PEEKS.find((name) => name === given);
  if (!peek)
    throw new SettingError(
      `SPIDER_BENCH_PLAY_PEEK='${env.SPIDER_BENCH_PLAY_PEEK}': ${PEEKS.join(', ')} or nothing`,
    );
  return peek;
}

/**
 * Plays every task on `threads` threads at once and answers the games in the tasks' order;
 * `onPlayed` hears of each as it ends.
 */
export function playFairGames(
  tasks: readonly FairTask[],
  threads: number,
  onPlayed?: (played: FairPlayed, task: FairTask) => void,
): Promise<FairPlayed[]> {
  return onThreads(__filename, tasks, threads, onPlayed);
}
