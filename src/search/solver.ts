/**
 * The solver (README, "Solver"): sees every card, face-down and stock included, and answers
 * `won` with a winning line, `lost` (proven), or `unknown` (its budget ran out). Pure: no I/O;
 * time comes from the clock it is given.
 *
 * How it searches:
 * 1. A position the rules call lost (no progress possible) is lost.
 * 2. Beam searches of growing width: breadth first, one action deeper per layer, keeping in each
 *    layer the best `width` new positions for each number of deals made (so that dealing neither
 *    starves nor floods the beam), by a score of face-down cards, broken runs, empty columns and
 *    removed suits. The actions tried are pruned to those that can help (see `candidates`).
 * 3. With time left, a complete search of every legal action, which proves a loss when it runs
 *    out of positions within the budget.
 * Every winning line is played through the rules before it is reported.
 */
// From the modules themselves, not the engine's index: its re-exports are getters under the
// compiler's CommonJS output, a cost on every call in these loops.
import { type Action, DEAL, move, remove } from '../engine/actions';
import { apply, applyLegal, checkDeal, legalActions } from '../engine/apply';
import { rankOf } from '../engine/cards';
import { HashSet64, positionHash } from '../engine/hash';
import {
  COLUMN_COUNT,
  continuesRun,
  fitsOn,
  hasCompleteSuitOnTop,
  movableRunLength,
  type Position,
} from '../engine/position';
import { isWon, status } from '../engine/status';

export type SolveResult = 'won' | 'lost' | 'unknown';

export interface Solution {
  readonly result: SolveResult;
  /** The winning line from the position searched (empty unless won). */
  readonly line: readonly Action[];
  /** Positions generated. */
  readonly positions: number;
  readonly ms: number;
}

export interface SolveBudget {
  /** Milliseconds to search (default 10,000). */
  readonly timeMs?: number;
  /** Positions to generate at most (default 20,000,000). */
  readonly positions?: number;
  /** Asked now and then: true stops the search (the answer is then `unknown`). */
  readonly cancelled?: () => boolean;
  /** The clock, in milliseconds (default `Date.now`). */
  readonly now?: () => number;
  /** Beam widths to try in turn (for measuring the solver). */
  readonly widths?: readonly number[];
}

/** Beam widths tried in turn, per number of deals made. */
const WIDTHS = [16, 40, 100, 250, 600, 1500, 4000, 10000];
/** Layers a beam goes down at most: a line longer than this is not worth following. */
const MAX_DEPTH = 300;
/** How often (in positions) the clock and the cancel signal are looked at. */
const CHECK_EVERY = 512;

class OutOfBudget extends Error {}

class Budget {
  positions = 0;
  private readonly started: number;
  private readonly deadline: number;
  private readonly maxPositions: number;
  private readonly now: () => number;
  private readonly cancelled: () => boolean;

  constructor(budget: SolveBudget) {
    this.now = budget.now ?? Date.now;
    this.started = this.now();
    this.deadline = this.started + (budget.timeMs ?? 10_000);
    this.maxPositions = budget.positions ?? 20_000_000;
    this.cancelled = budget.cancelled ?? (() => false);
  }

  /** Counts a position; throws OutOfBudget when time, positions or patience are spent. */
  count(): void {
    if (this.positions >= this.maxPositions) throw new OutOfBudget();
    this.positions++;
    if (this.positions % CHECK_EVERY !== 0) return;
    if (this.now() >= this.deadline || this.cancelled()) throw new OutOfBudget();
  }

  get ms(): number {
    return this.now() - this.started;
  }
}

/** Searches `start` for a win within the budget. */
export function solve(start: Position, budget: SolveBudget = {}): Solution {
  const spent = new Budget(budget);
  const answer = (result: SolveResult, line: readonly Action[] = []): Solution => ({
    result,
    line,
    positions: spent.positions,
    ms: spent.ms,
  });
  if (isWon(start)) return answer('won');
  if (status(start) === 'lost') return answer('lost');
  try {
    for (const width of budget.widths ?? WIDTHS) {
      const line = beamSearch(start, width, spent);
      if (line && checkedWin(start, line)) return answer('won', line);
    }
    return completeSearch(start, spent) ? answer('lost') : answer('unknown');
  } catch (error) {
    if (error instanceof OutOfBudget) return answer('unknown');
    throw error;
  }
}

/** Whether the line is legal from `start` and wins: the rules have the last word. */
function checkedWin(start: Position, line: readonly Action[]): boolean {
  let position = start;
  for (const action of line) {
    const outcome = apply(position, action);
    if (!outcome.ok) return false;
    position = outcome.position;
  }
  return isWon(position);
}

/**
 * Lower is better. First how tangled the tableau is: every face-down card and every place where a
 * card does not continue the run of its suit below it counts one; a column whose deepest card is a
 * king, or could go onto another column's top card, counts one less; so does each empty column.
 * Then, among equally tangled positions, more cards ready: in top runs, removed, or empty columns.
 */
export function score(position: Position): number {
  const columns = position.columns;
  let tangle = 0;
  let ready = position.foundations.length * 13;
  let empty = 0;
  for (const column of columns) {
    const cards = column.cards;
    if (cards.length === 0) {
      empty++;
      continue;
    }
    tangle += column.hidden + 1;
    for (let i = column.hidden + 1; i < cards.length; i++) {
      if (!continuesRun(cards[i - 1], cards[i])) tangle++;
    }
    ready += movableRunLength(column);
    const base = cards[0];
    if (rankOf(base) === 13) tangle--;
    else if (
      columns.some(
        (other) =>
          other !== column &&
          other.cards.length > 0 &&
          fitsOn(base, other.cards[other.cards.length - 1]),
      )
    )
      tangle--;
  }
  tangle = Math.max(0, tangle - empty);
  return tangle * 1000 - (ready + empty);
}

/**
 * The actions worth trying: the moves that build in suit, turn a card, free a card that does not
 * fit where it lies, or use an empty column to split a run; the remove of a complete suit (alone:
 * nothing is better); and the deal.
 */
export function candidates(position: Position): Action[] {
  const columns = position.columns;
  for (let c = 0; c < COLUMN_COUNT; c++) if (hasCompleteSuitOnTop(columns[c])) return [remove(c)];
  const actions: Action[] = [];
  const firstEmpty = columns.findIndex((column) => column.cards.length === 0);
  for (let from = 0; from < COLUMN_COUNT; from++) {
    const source = columns[from];
    const run = movableRunLength(source);
    if (run === 0) continue;
    const cards = source.cards;
    for (let count = 1; count <= run; count++) {
      const at = cards.length - count;
      const head = cards[at];
      const below = at > source.hidden ? cards[at - 1] : undefined; // undefined: a turn or an empty column
      const breaking = below !== undefined && continuesRun(below, head);
      for (let to = 0; to < COLUMN_COUNT; to++) {
        if (to === from) continue;
        const target = columns[to].cards;
        if (target.length === 0) {
          if (to !== firstEmpty) continue;
          // A whole column into an empty one changes nothing.
          if (at === 0) continue;
          actions.push(move(from, to, count));
          continue;
        }
        const onto = target[target.length - 1];
        if (!fitsOn(head, onto)) continue;
        const inSuit = continuesRun(onto, head);
        if (breaking) {
          // Splitting a run pays only when the part joins a longer run of its suit.
          if (!inSuit || movableRunLength(columns[to]) + count <= run) continue;
        } else if (!inSuit && below !== undefined && rankOf(below) === rankOf(onto)) {
          continue; // from one card to another of the same rank, not in suit: nothing gained
        }
        actions.push(move(from, to, count));
      }
    }
  }
  if (checkDeal(position) === null) actions.push(DEAL);
  return actions;
}

/** Finds a win by a beam search of the given width; the line, or null. */
function beamSearch(start: Position, width: number, spent: Budget): Action[] | null {
  const seen = new HashSet64();
  const parents: number[] = [-1];
  const via: Action[] = [DEAL]; // unused for the root
  let layer: { position: Position; node: number }[] = [{ position: start, node: 0 }];
  const key = positionHash(start);
  seen.add(key.lo, key.hi, Infinity);
  for (let depth = 0; depth < MAX_DEPTH && layer.length > 0; depth++) {
    const next: { position: Position; node: number; score: number; lo: number }[] = [];
    for (const { position, node } of layer) {
      for (const action of candidates(position)) {
        const child = applyLegal(position, action);
        spent.count();
        const hash = positionHash(child);
        if (seen.add(hash.lo, hash.hi, Infinity) !== 'new') continue;
        parents.push(node);
        via.push(action);
        const id = parents.length - 1;
        if (isWon(child)) return lineTo(id, parents, via);
        next.push({ position: child, node: id, score: score(child), lo: hash.lo });
      }
    }
    // Best first within each number of deals made; ties by hash, so that runs are reproducible.
    next.sort((a, b) => a.position.dealt - b.position.dealt || a.score - b.score || a.lo - b.lo);
    layer = [];
    let dealt = -1;
    let kept = 0;
    for (const candidate of next) {
      if (candidate.position.dealt !== dealt) {
        dealt = candidate.position.dealt;
        kept = 0;
      }
      if (kept++ < width) layer.push(candidate);
    }
  }
  return null;
}

function lineTo(node: number, parents: readonly number[], via: readonly Action[]): Action[] {
  const line: Action[] = [];
  for (let n = node; n > 0; n = parents[n]) line.push(via[n]);
  return line.reverse();
}

/**
 * Every position reachable by legal actions, breadth first: true when they are all seen without
 * a win (the deal is lost); throws OutOfBudget when the budget ends first.
 */
function completeSearch(start: Position, spent: Budget): boolean {
  const seen = new HashSet64();
  const key = positionHash(start);
  seen.add(key.lo, key.hi, Infinity);
  let layer = [start];
  while (layer.length > 0) {
    const next: Position[] = [];
    for (const position of layer) {
      for (const action of legalActions(position)) {
        const child = applyLegal(position, action);
        spent.count();
        if (isWon(child)) return false;
        const hash = positionHash(child);
        if (seen.add(hash.lo, hash.hi, Infinity) === 'new') next.push(child);
      }
    }
    layer = next;
  }
  return true;
}
