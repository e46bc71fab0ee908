/**
 * Where a game went wrong (docs/solver.md, "Where it went wrong"): the last point of its line of
 * play from which a win was still possible, and the action that lost it. Pure and synchronous, data
 * in and data out (positions and actions are plain values, the answer too), so that it can run
 * in a worker thread, with a budget and a cancel signal.
 *
 * Positions are numbered by the actions played: position i is the one after the first i actions
 * of the line (0 is the deal; action i, counted from 1 as records and `spider replay` count, leads
 * from position i - 1 to position i). Winnability is monotone along a line: if position i + 1 can
 * be won, so can position i (play action i + 1, then win). The positions that can be won are
 * therefore a first part of the line, and a binary search with the solver finds where it ends.
 * The solver may answer `unknown`; the search then narrows what it can around such positions and
 * reports the range it could establish: the last position proven winnable and the first proven
 * lost.
 */
import type { Action } from '../engine/actions';
import { apply } from '../engine/apply';
import type { Position } from '../engine/position';
import { isWon, statusSearch } from '../engine/status';
import { solve, type SolveResult } from './solver';

/** Positions the solver may search for each position of the line it looks at. */
export const WHERE_LOST_POSITIONS = 1_000_000;
/** Positions the rules' own look at the line's end takes between two looks at the cancel. */
const RULES_SLICE = 4096;
/** Time for the whole search, in milliseconds, unless the caller gives another. */
export const WHERE_LOST_TIME_MS = 60_000;

export interface WhereLostBudget {
  /** Positions the solver may search for each position looked at (default WHERE_LOST_POSITIONS). */
  readonly positionsEach?: number;
  /** Milliseconds for the whole search (default WHERE_LOST_TIME_MS). */
  readonly timeMs?: number;
  /** Asked now and then: true stops the search, which reports what it has established. */
  readonly cancelled?: () => boolean;
  /** The clock, in milliseconds (default `Date.now`). */
  readonly now?: () => number;
  /**
   * Told how far the search has gone, at most every `progressEveryMs` (default
   * WHERE_LOST_PROGRESS_MS) of `now`, so that a player sees it work (docs/solver.md, "Where it went
   * wrong").
   */
  readonly progress?: (progress: WhereLostProgress) => void;
  readonly progressEveryMs?: number;
}

/** How often the search tells how far it has gone, at most (milliseconds). */
export const WHERE_LOST_PROGRESS_MS = 250;
/**
 * The solver looks at its cancel signal once every this many positions: what the search counts
 * between two looks, to tell how far a solve under way has gone.
 */
const POSITIONS_PER_LOOK = 512;

/** How far the search has gone. Plain data: it crosses from the solver's thread. */
export interface WhereLostProgress {
  /** Actions in the line. */
  readonly actions: number;
  /** The position it looks at now, by the actions before it (0: the deal). */
  readonly at: number;
  /** Positions of the line it has looked at so far, the one under way not counted. */
  readonly looked: number;
  /** Positions the solver has searched so far, about (the solve under way is estimated). */
  readonly positions: number;
  readonly ms: number;
}

/** One position the solver looked at. */
export interface SearchedPosition {
  /** The position after this many actions (0: the deal). */
  readonly after: number;
  readonly result: SolveResult;
  readonly positions: number;
  readonly ms: number;
}

/** What the search established. Plain data: it can cross to and from a worker thread. */
export interface WhereLost {
  /** Actions in the line. */
  readonly actions: number;
  /** The deal: `winnable` (some position of the line was proven winnable), `lost`, or `unknown`. */
  readonly start: 'winnable' | 'lost' | 'unknown';
  /** The line's last position: `won` (the line wins), `winnable`, `lost` or `unknown`. */
  readonly end: 'won' | 'winnable' | 'lost' | 'unknown';
  /** The last position proven winnable, by the actions before it; null when none was. */
  readonly lastWinnable: number | null;
  /** The first position proven lost; null when none was. */
  readonly firstLost: number | null;
  /**
   * The action that lost the game, when the two meet (firstLost = lastWinnable + 1): its number
   * (from 1, as records count) and the action.
   */
  readonly losing: {
    readonly number: number;
    readonly action: Action;
  } | null;
  /** A winning line from the last position proven winnable (empty when none, or a won line). */
  readonly winningLine: readonly Action[];
  /** The positions looked at, in the order the search took them. */
  readonly searched: readonly SearchedPosition[];
  /** Why the search stopped before it had settled everything it could: null when it had not. */
  readonly stopped: 'time' | 'cancelled' | null;
  /** Positions the solver searched in all, and the time taken. */
  readonly positions: number;
  readonly ms: number;
}

/** Positions along a line: every 64th kept, the others replayed from the nearest one. */
class LinePositions {
  private static readonly EVERY = 64;
  private readonly kept: Position[] = [];
  /**
   * The line's end, always the same object: what is known of a position's status is kept for
   * that object, and the rules' look at the end (seconds, at worst) is not made twice.
   */
  private readonly end: Position;

  constructor(
    start: Position,
    private readonly line: readonly Action[],
  ) {
    let position = start;
    for (let i = 0; i <= line.length; i++) {
      if (i % LinePositions.EVERY === 0) this.kept.push(position);
      if (i < line.length) position = this.step(position, i);
    }
    this.end = position;
  }

  private step(position: Position, i: number): Position {
    const outcome = apply(position, this.line[i]);
    if (!outcome.ok) throw new Error(`where-lost: action ${i + 1} of the line is illegal`);
    return outcome.position;
  }

  /** The position after `count` actions. */
  at(count: number): Position {
    if (count === this.line.length) return this.end;
    const from = Math.floor(count / LinePositions.EVERY);
    let position = this.kept[from];
    for (let i = from * LinePositions.EVERY; i < count; i++) position = this.step(position, i);
    return position;
  }
}

/**
 * The middle of the longest run of positions not yet looked at between `low` and `high`
 * (exclusive), or null when every one of them has been.
 */
function nextToSearch(low: number, high: number, looked: ReadonlySet<number>): number | null {
  let best: [number, number] | null = null;
  let runStart = -1;
  for (let i = low + 1; i <= high; i++) {
    const open = i < high && !looked.has(i);
    if (open && runStart < 0) runStart = i;
    if (!open && runStart >= 0) {
      if (best === null || i - runStart > best[1] - best[0]) best = [runStart, i];
      runStart = -1;
    }
  }
  return best === null ? null : Math.floor((best[0] + best[1] - 1) / 2);
}

/**
 * Where the line of play from `start` stopped being winnable. `line` is the line kept (undone
 * actions left out); it must be legal from `start`.
 */
export function whereLost(
  start: Position,
  line: readonly Action[],
  budget: WhereLostBudget = {},
): WhereLost {
  const now = budget.now ?? Date.now;
  const stop = budget.cancelled ?? (() => false);
  const began = now();
  const deadline = began + (budget.timeMs ?? WHERE_LOST_TIME_MS);
  const each = budget.positionsEach ?? WHERE_LOST_POSITIONS;
  const positions = new LinePositions(start, line);
  const n = line.length;
  // Proven: every position up to `low` can be won, none from `high` on.
  let low = -1;
  let high = n + 1;
  let winningLine: readonly Action[] = [];
  const looked = new Set<number>();
  const searched: SearchedPosition[] = [];
  let total = 0;
  let stopped: WhereLost['stopped'] = null;

  // How far it has gone, told now and then: the solver asks `cancelled` every few hundred
  // positions, which counts them for the solve under way.
  let at = n;
  let calls = 0;
  let told = began;
  const every = budget.progressEveryMs ?? WHERE_LOST_PROGRESS_MS;
  const tell = (force: boolean): void => {
    if (!budget.progress) return;
    const time = now();
    if (!force && time - told < every) return;
    told = time;
    const positions = total + calls * POSITIONS_PER_LOOK;
    budget.progress({ actions: n, at, looked: looked.size, positions, ms: time - began });
  };
  const cancelled = (): boolean => {
    calls++;
    tell(false);
    return stop();
  };

  const look = (after: number): boolean => {
    const left = deadline - now();
    if (stop() || left <= 0) {
      stopped = stop() ? 'cancelled' : 'time';
      return false;
    }
    // The solver's second variant where the first cannot tell, as `c` has both (docs/solver.md,
    // "Where it went wrong"): else `g` could call unknown a position `c` has just called winnable.
    at = after;
    calls = 0;
    tell(false);
    const position = positions.at(after);
    const first = solve(position, { positions: each, timeMs: left, cancelled, now });
    const second =
      first.result === 'unknown' && !stop() && now() < deadline
        ? solve(position, { positions: each, timeMs: deadline - now(), cancelled, now, variant: 1 })
        : null;
    const found =
      second === null
        ? first
        : {
            ...second,
            positions: first.positions + second.positions,
            ms: first.ms + second.ms,
          };
    total += found.positions;
    calls = 0;
    if (found.result === 'unknown' && (stop() || now() >= deadline)) {
      stopped = stop() ? 'cancelled' : 'time';
      return false;
    }
    looked.add(after);
    searched.push({ after, result: found.result, positions: found.positions, ms: found.ms });
    if (found.result === 'won' && after > low) {
      low = after;
      winningLine = found.line;
    } else if (found.result === 'lost' && after < high) high = after;
    return true;
  };

  /**
   * The line's end is lost by the rules (docs/rules.md, "Lost"): known with no search by the
   * solver, whatever the time given (the rules' look may take a million positions, seconds at
   * worst; only a cancel stops it).
   */
  const lostByRules = (): boolean => {
    const from = now();
    // Unsettled (cancelled, or given up elsewhere): the end is not known lost.
    const goOn = () => {
      tell(false);
      return !stop();
    };
    if (statusSearch(positions.at(n)).settle(RULES_SLICE, goOn) !== 'lost') return false;
    looked.add(n);
    searched.push({ after: n, result: 'lost', positions: 0, ms: now() - from });
    high = n;
    return true;
  };
  if (isWon(positions.at(n))) low = n;
  else if (lostByRules() || look(n)) {
    for (let next = nextToSearch(low, high, looked); next !== null;) {
      if (!look(next)) break;
      next = nextToSearch(low, high, looked);
    }
  }

  const losing = high <= n && high === low + 1 ? { number: high, action: line[high - 1] } : null;
  return {
    actions: n,
    start: low >= 0 ? 'winnable' : high === 0 ? 'lost' : 'unknown',
    end: isWon(positions.at(n)) ? 'won' : low === n ? 'winnable' : high <= n ? 'lost' : 'unknown',
    lastWinnable: low >= 0 ? low : null,
    firstLost: high <= n ? high : null,
    losing,
    winningLine,
    searched,
    stopped,
    positions: total,
    ms: now() - began,
  };
}
