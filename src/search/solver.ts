/**
 * The solver (docs/solver.md, "Solver"): sees every card, face-down and stock included, and answers
 * `won` with a winning line, `lost` (proven), or `unknown` (its budget ran out). Pure: no I/O;
 * time comes from the clock it is given.
 *
 * How it searches:
 * 1. A position the rules call lost (no progress possible) is lost.
 * 2. Beam searches of growing width: breadth first, one action deeper per layer, keeping in each
 *    layer the best `width` new positions for each number of deals made (so that dealing neither
 *    starves nor floods the beam), by a score of face-down cards, broken runs, empty columns and
 *    removed suits. The actions tried are pruned to those that can help (see `candidates`).
 *    The search plays on one mutable `Board` and keeps a layer as byte records, so that it makes
 *    no object per position.
 * 3. With time left, a complete search of every legal action, which proves a loss when it runs
 *    out of positions within the budget.
 * Every winning line is played through the rules before it is reported.
 */
// From the modules themselves, not the engine's index: its re-exports are getters under the
// compiler's CommonJS output, a cost on every call in these loops.
import { type Action } from '../engine/actions';
import { apply, applyLegal, legalActions } from '../engine/apply';
import { actionOf, Board, DEAL_CODE, moveCode, removeCode, STRIDE } from '../engine/board';
import { KING, rankOf } from '../engine/cards';
import { HashSet64, positionHash } from '../engine/hash';
import { COLUMN_COUNT, continuesRun, type Position } from '../engine/position';
import { isWon, statusSearch } from '../engine/status';

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
  /** Whether to prove losses (default true): the rules' own verdict first, the complete search last. */
  readonly prove?: boolean;
  /**
   * Which of two ways to search (default 0). They break ties between equally ranked positions
   * differently and 1 prunes one kind of move less, so two threads on one deal search apart.
   */
  readonly variant?: Variant;
}

export type Variant = 0 | 1;

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
    if (this.positions % CHECK_EVERY === 0 && this.spent()) throw new OutOfBudget();
  }

  /** Whether the time or patience is spent, whatever the positions. */
  spent(): boolean {
    return this.now() >= this.deadline || this.cancelled();
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
  try {
    if (budget.prove !== false && lostByRules(start, spent)) return answer('lost');
    for (const width of budget.widths ?? WIDTHS) {
      const line = beamSearch(start, width, spent, budget.variant ?? 0);
      if (line && checkedWin(start, line)) return answer('won', line);
    }
    if (budget.prove === false) return answer('unknown');
    return completeSearch(start, spent) ? answer('lost') : answer('unknown');
  } catch (error) {
    if (error instanceof OutOfBudget) return answer('unknown');
    throw error;
  }
}

/**
 * Whether the rules call `start` lost (docs/rules.md, "Lost"), within the budget's time: their
 * search may look at a million positions, seconds of work, so it runs a slice at a time. Throws
 * OutOfBudget when the time ends first (the search is left under way: `status` and
 * `statusSearch` asked of the same position object later, on this thread, go on with it).
 */
function lostByRules(start: Position, spent: Budget): boolean {
  const found = statusSearch(start).settle(STATUS_SLICE, () => !spent.spent());
  // Not settled: the time ran out (unknown), or the search was given up elsewhere (not lost).
  if (found === null && spent.spent()) throw new OutOfBudget();
  return found === 'lost';
}

/** Positions the rules' search looks at between two looks at the clock. */
const STATUS_SLICE = 4096;

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

/** Growable list of 32-bit integers. */
class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/** How many columns have each rank on top (0: empty), for `score`. */
const tops = new Int32Array(KING + 2);

/** For `candidates`: the columns with each rank on top, as bits. */
const onTop = new Int32Array(KING + 2);

/** Offset that makes every score positive, for the layer's sort keys. */
const SCORE_OFFSET = 1 << 10;

/**
 * Lower is better. First how tangled the tableau is: every face-down card and every place where a
 * card does not continue the run of its suit below it counts one; a column whose deepest card is a
 * king, or could go onto another column's top card, counts one less; so does each empty column.
 * Then, among equally tangled positions, more cards ready: in top runs, removed, or empty columns.
 * With `seenBase`, only a deepest card face up counts so: the fair player's measure, with its
 * switch `baseSeen`, then reads no face-down card (docs/solver.md, "The fair player").
 */
export function score(board: Board, seenBase = false): number {
  const { lengths, hidden, breaks, runs } = board;
  let tangle = 0;
  let ready = board.removed * 13;
  let empty = 0;
  tops.fill(0);
  for (let c = 0; c < COLUMN_COUNT; c++) tops[board.topRank(c)]++;
  for (let c = 0; c < COLUMN_COUNT; c++) {
    if (lengths[c] === 0) {
      empty++;
      continue;
    }
    tangle += hidden[c] + 1 + breaks[c];
    ready += runs[c];
    // A king, or a card that fits on another column's top (with `seenBase`, a face-up one).
    if (seenBase && hidden[c] > 0) continue;
    const base = rankOf(board.cards[c * STRIDE]);
    if (base === KING || tops[base + 1] > (board.topRank(c) === base + 1 ? 1 : 0)) tangle--;
  }
  tangle = Math.max(0, tangle - empty);
  return tangle * 1000 - (ready + empty);
}

/**
 * The actions worth trying, into `out` (their number is returned): the moves that build in suit,
 * turn a card, free a card that does not fit where it lies, or use an empty column to split a
 * run; the remove of a complete suit (alone: nothing is better); and the deal.
 */
export function candidates(board: Board, out: Int32Array, variant: Variant = 0): number {
  const { cards, lengths, hidden, runs } = board;
  for (let c = 0; c < COLUMN_COUNT; c++) {
    if (board.completeOnTop(c)) {
      out[0] = removeCode(c);
      return 1;
    }
  }
  let n = 0;
  let firstEmpty = -1;
  for (let c = 0; c < COLUMN_COUNT && firstEmpty < 0; c++) if (lengths[c] === 0) firstEmpty = c;
  // The columns each rank lies on top of, as bits: a run's head fits on those of the rank above.
  onTop.fill(0);
  for (let c = 0; c < COLUMN_COUNT; c++)
    if (lengths[c] > 0) onTop[rankOf(cards[c * STRIDE + lengths[c] - 1])] |= 1 << c;
  for (let from = 0; from < COLUMN_COUNT; from++) {
    const run = runs[from];
    if (run === 0) continue;
    const base = from * STRIDE;
    for (let count = 1; count <= run; count++) {
      const at = lengths[from] - count;
      const head = cards[base + at];
      const hasBelow = at > hidden[from]; // no: a turn or an empty column
      const below = hasBelow ? cards[base + at - 1] : 0;
      const breaking = hasBelow && continuesRun(below, head);
      // Into the first empty column (a whole column changes nothing there), or onto a card one
      // rank above the head; in column order.
      let targets = onTop[rankOf(head) + 1] & ~(1 << from);
      if (firstEmpty >= 0 && at !== 0) targets |= 1 << firstEmpty;
      for (; targets !== 0; targets &= targets - 1) {
        const to = 31 - Math.clz32(targets & -targets);
        if (to === firstEmpty) {
          out[n++] = moveCode(from, to, count);
          continue;
        }
        const onto = cards[to * STRIDE + lengths[to] - 1];
        const inSuit = continuesRun(onto, head);
        if (breaking) {
          // Splitting a run pays only when the part joins a longer run of its suit.
          if (!inSuit || runs[to] + count <= run) continue;
        } else if (variant === 0 && !inSuit && hasBelow && rankOf(below) === rankOf(onto)) {
          continue; // from one card to another of the same rank, not in suit: seldom of use
        }
        out[n++] = moveCode(from, to, count);
      }
    }
  }
  if (board.dealAllowed()) out[n++] = DEAL_CODE;
  return n;
}

/**
 * Finds a win by a beam search of the given width; the line, or null. The positions of a layer
 * are kept as records in one byte array; a child is tried on the board in place, scored, and
 * kept only as its parent and action until the layer is cut down to the best.
 */
function beamSearch(
  start: Position,
  width: number,
  spent: Budget,
  variant: Variant,
): Action[] | null {
  const RECORD = Board.RECORD;
  const board = new Board(start);
  const seen = new HashSet64();
  const parents = new IntList(); // node -> its parent node
  const via = new IntList(); // node -> the action that led to it
  parents.push(-1);
  via.push(0);
  board.hash();
  seen.add(board.hashLo, board.hashHi, Infinity);
  let layer = new Uint8Array(RECORD);
  let layerNodes = new Int32Array(1);
  let layerSize = 1;
  board.store(layer, 0);
  const actions = new Int32Array(4096);
  for (let depth = 0; depth < MAX_DEPTH && layerSize > 0; depth++) {
    const slot = new IntList(); // child -> its parent's place in the layer
    const code = new IntList();
    const node = new IntList();
    const keys: number[] = [];
    for (let i = 0; i < layerSize; i++) {
      board.restore(layer, i * RECORD);
      const n = candidates(board, actions, variant);
      for (let k = 0; k < n; k++) {
        board.play(actions[k]);
        spent.count();
        board.hash();
        if (seen.add(board.hashLo, board.hashHi, Infinity) === 'new') {
          parents.push(layerNodes[i]);
          via.push(actions[k]);
          const id = parents.length - 1;
          if (board.won()) return lineTo(id, parents.data, via.data);
          slot.push(i);
          code.push(actions[k]);
          node.push(id);
          // Best first within each number of deals made; ties by hash, so that runs are
          // reproducible. Deals (3 bits), score (18 bits) and hash (32 bits) fit a double exactly.
          const tie = variant === 0 ? board.hashLo : board.hashHi;
          keys.push((board.dealt * 2 ** 18 + score(board) + SCORE_OFFSET) * 2 ** 32 + tie);
        }
        board.takeBack();
      }
    }
    const order = Array.from({ length: keys.length }, (_, j) => j).sort(
      (a, b) => keys[a] - keys[b],
    );
    const kept: number[] = [];
    let dealt = -1;
    let inBucket = 0;
    for (const j of order) {
      const d = Math.floor(keys[j] / 2 ** 50);
      if (d !== dealt) {
        dealt = d;
        inBucket = 0;
      }
      if (inBucket++ < width) kept.push(j);
    }
    // Made from their parents in layer order, so each parent is set up once.
    kept.sort((a, b) => slot.data[a] - slot.data[b] || a - b);
    const next = new Uint8Array(kept.length * RECORD);
    const nextNodes = new Int32Array(kept.length);
    let current = -1;
    for (let j = 0; j < kept.length; j++) {
      const child = kept[j];
      if (slot.data[child] !== current) {
        current = slot.data[child];
        board.restore(layer, current * RECORD);
      }
      board.play(code.data[child]);
      board.store(next, j * RECORD);
      board.takeBack();
      nextNodes[j] = node.data[child];
    }
    layer = next;
    layerNodes = nextNodes;
    layerSize = kept.length;
  }
  return null;
}

function lineTo(node: number, parents: Int32Array, via: Int32Array): Action[] {
  const line: Action[] = [];
  for (let n = node; n > 0; n = parents[n]) line.push(actionOf(via[n]));
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
