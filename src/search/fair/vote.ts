/**
 * The solver's vote, its tally and the rollout (docs/solver.md, "The fair player"): with the stock
 * dealt and cards face down, the solver plays out worlds. In the vote the lines it wins vote for
 * the column to turn first; in the tally each way to turn a column is played in the same worlds and
 * solved there; in the rollout a greedy player plays on from there instead of the solver.
 */
import type { Action } from '../../engine/actions';
import { applyLegal } from '../../engine/apply';
import { actionOf, type ActionCode } from '../../engine/board';
import { type Position, totalHidden } from '../../engine/position';
import type { FairGoal } from './choice';
import type { FairTuning } from './tuning';
import type { Chance } from './look';
import { Roller } from './roll';
import { type Solution, solve } from '../solver';
import type { Draw, View } from '../view';

/**
 * The solver's beam widths in a world of the vote: a wider beam would spend more positions than
 * a world is given before it found anything.
 */
const VOTE_WIDTHS = [16, 40, 100, 250];

/** The time a vote may take: the thinking's clock, its cancel, and when it must answer. */
export interface VoteClock {
  readonly now: () => number;
  readonly cancelled: () => boolean;
  readonly out: () => boolean;
  readonly deadline: number;
  /** Told when a world's search was stopped by its share of the time. */
  readonly stopped: () => void;
}

/** What a line shows first: the column whose card it turns, a deal, or nothing to the win. */
export type Shown = number | 'deal' | 'win';

/** What an action shows if it shows something: the column it may turn, or the deal. */
export function shownBy(code: ActionCode): Shown {
  const action = actionOf(code);
  return action.kind === 'deal' ? 'deal' : action.kind === 'move' ? action.from : action.column;
}

/**
 * The solver plays out `t.solved` worlds (the first is `first`, the others are drawn from
 * `random`), each within `t.solvedPositions` positions and its share of the time left. Each line
 * it wins votes for what it shows first: most often the column whose card it turns. Null when
 * fewer than `t.solvedVotes` worlds are won; else what most lines show first, and of the lines
 * that show it, the one most often found (the shortest of those), up to what it shows.
 */
export function solvedVote(
  view: View,
  first: Position,
  random: () => number,
  t: FairTuning,
  clock: VoteClock,
  draw: Draw,
): {
  shows: Shown;
  line: Action[];
  goal: FairGoal;
  worlds: number;
  positions: number;
} | null {
  const votes = new Map<Shown, Map<string, { found: number; line: Action[] }>>();
  let worlds = 0;
  let won = 0;
  let positions = 0;
  for (; worlds < t.solved; worlds++) {
    if (worlds > 0 && clock.out()) break;
    const world = worlds === 0 ? first : draw(view, random);
    const found = solveWorld(world, t.solvedPositions, t.solved - worlds, clock);
    positions += found.positions;
    if (found.result !== 'won') continue;
    won++;
    const { line, shows } = untilShown(world, found.line);
    const lines = votes.get(shows) ?? new Map<string, { found: number; line: Action[] }>();
    const text = JSON.stringify(line);
    const entry = lines.get(text) ?? { found: 0, line };
    entry.found++;
    lines.set(text, entry);
    votes.set(shows, lines);
  }
  if (won < t.solvedVotes) return null;
  const count = (lines: Map<string, { found: number }>) =>
    [...lines.values()].reduce((sum, entry) => sum + entry.found, 0);
  let shows: Shown | null = null;
  for (const [key, lines] of votes)
    if (shows === null || count(lines) > count(votes.get(shows)!)) shows = key;
  let chosen: { found: number; line: Action[] } | null = null;
  for (const entry of votes.get(shows!)!.values())
    if (
      !chosen ||
      entry.found > chosen.found ||
      (entry.found === chosen.found && entry.line.length < chosen.line.length)
    )
      chosen = entry;
  const goal = shows === 'win' ? 'win' : shows === 'deal' ? 'deal' : 'turn';
  return { shows: shows!, line: chosen!.line, goal, worlds, positions };
}

/**
 * The solver in one world of the vote or the tally, within `positions` and an even share of the
 * time left to the `searches` still to come; the clock is told when the time stopped it.
 */
function solveWorld(
  world: Position,
  positions: number,
  searches: number,
  clock: VoteClock,
): Solution {
  const share = Math.max(1, (clock.deadline - clock.now()) / searches);
  const until = clock.now() + share;
  const found = solve(world, {
    positions,
    timeMs: share,
    now: clock.now,
    cancelled: clock.cancelled,
    prove: false,
    widths: VOTE_WIDTHS,
  });
  if (found.result !== 'won' && (clock.now() >= until || clock.cancelled())) clock.stopped();
  return found;
}

/** The start of `line` up to its first action that shows something new, and what that shows. */
function untilShown(start: Position, line: readonly Action[]): { line: Action[]; shows: Shown } {
  const plan: Action[] = [];
  let position = start;
  for (const action of line) {
    const next = applyLegal(position, action);
    plan.push(action);
    if (action.kind === 'deal') return { line: plan, shows: 'deal' };
    if (totalHidden(next) < totalHidden(position))
      return { line: plan, shows: action.kind === 'move' ? action.from : action.column };
    position = next;
  }
  return { line: plan, shows: 'win' };
}

/**
 * `count` of the turns `sorted` (best first), in the order given: the first `perColumn` of each
 * column they turn are kept first (the best of them if they are more than `count`), then the best
 * of the rest. With `perColumn` 0, the first `count`.
 */
export function spreadTurns(sorted: readonly Chance[], count: number, perColumn: number): Chance[] {
  if (perColumn <= 0) return sorted.slice(0, count);
  const taken = new Map<Shown, number>();
  const first: Chance[] = [];
  const rest: Chance[] = [];
  for (const chance of sorted) {
    const shows = shownBy(chance.code);
    const n = taken.get(shows) ?? 0;
    taken.set(shows, n + 1);
    (n < perColumn ? first : rest).push(chance);
  }
  const kept = new Set([...first, ...rest].slice(0, count));
  return sorted.filter((chance) => kept.has(chance));
}

/**
 * The best way to turn each column (by `rate`, the first of equals), best first, `count` at most:
 * what the tally tries.
 */
export function bestWays(
  turning: readonly Chance[],
  rate: (chance: Chance) => number,
  count: number,
): Chance[] {
  const best = new Map<Shown, { chance: Chance; rated: number }>();
  for (const chance of turning) {
    const shows = shownBy(chance.code);
    const rated = rate(chance);
    const held = best.get(shows);
    if (!held || rated > held.rated) best.set(shows, { chance, rated });
  }
  return [...best.values()]
    .sort((a, b) => b.rated - a.rated)
    .slice(0, count)
    .map((way) => way.chance);
}

/** How many worlds each way won, of the `worlds` where every way was played, and the work. */
export interface WaysWon {
  won: number[];
  worlds: number;
  positions: number;
}

/**
 * The tally: `t.solved` worlds drawn from `random`, and in each, each plan (moves that turn no
 * card, then the turn) played and the rest solved within `t.talliedPositions` positions and an
 * even share of the time left. Answers how many worlds each plan won, counting only worlds where
 * every plan was tried, so all are counted on the same luck.
 */
export function tallyWays(
  view: View,
  random: () => number,
  plans: readonly (readonly Action[])[],
  t: FairTuning,
  clock: VoteClock,
  draw: Draw,
): WaysWon {
  const searches = t.solved * plans.length;
  const solveOut = (turned: Position, done: number) => {
    const found = solveWorld(turned, t.talliedPositions, searches - done, clock);
    return { won: found.result === 'won', positions: found.positions };
  };
  return playWays(view, random, plans, t.solved, clock, solveOut, draw);
}

/**
 * The rollout: `t.rolledWorlds` worlds drawn from `random`, and in each, each plan played and the
 * game played on by the greedy player (`Roller`). Counted as the tally counts.
 */
export function rollWays(
  view: View,
  random: () => number,
  plans: readonly (readonly Action[])[],
  t: FairTuning,
  clock: VoteClock,
  draw: Draw,
): WaysWon {
  const roller = new Roller(t);
  const rollOut = (turned: Position) => {
    const before = roller.positions;
    return { won: roller.wins(turned), positions: roller.positions - before };
  };
  return playWays(view, random, plans, t.rolledWorlds, clock, rollOut, draw);
}

/**
 * Each plan in `wanted` worlds drawn from `random`, played on by `playOut` (told how many
 * play-outs came before it). Only worlds where every plan was played on are counted.
 */
export function playWays(
  view: View,
  random: () => number,
  plans: readonly (readonly Action[])[],
  wanted: number,
  clock: VoteClock,
  playOut: (turned: Position, done: number) => { won: boolean; positions: number },
  draw: Draw,
): WaysWon {
  const won = plans.map(() => 0);
  let worlds = 0;
  let positions = 0;
  while (plans.length > 0 && worlds < wanted && !clock.out()) {
    const world = draw(view, random);
    const wins: boolean[] = [];
    for (const [i, plan] of plans.entries()) {
      const turned = plan.reduce((at, action) => applyLegal(at, action), world);
      const found = playOut(turned, worlds * plans.length + i);
      positions += found.positions;
      if (clock.cancelled()) return { won, worlds, positions }; // a world half tried is not used
      wins.push(found.won);
    }
    wins.forEach((w, i) => (won[i] += w ? 1 : 0));
    worlds++;
  }
  return { won, worlds, positions };
}

/** The way won in most worlds, the first of equals; null when none was won at all. */
export function mostWon<T>(ways: readonly T[], won: readonly number[]): T | null {
  let chosen = -1;
  for (let i = 0; i < ways.length; i++) if (won[i] > (chosen < 0 ? 0 : won[chosen])) chosen = i;
  return chosen < 0 ? null : ways[chosen];
}
