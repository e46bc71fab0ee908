/**
 * The fair player's look at what is certain (docs/solver.md, "The fair player"): every arrangement
 * of the face-up cards reachable by moves that turn no card, and the uncertain actions found on the
 * way (a move that turns a card, a deal). And the measure the player rates positions by.
 */
import type { Action } from '../../engine/actions';
import { actionOf, Board, DEAL_CODE, STRIDE, type ActionCode } from '../../engine/board';
import { SUIT_LENGTH } from '../../engine/cards';
import { HashSet64 } from '../../engine/hash';
import { COLUMN_COUNT, DEAL_SIZE, fitsOn } from '../../engine/position';
import type { FairTuning } from './tuning';
import { candidates, score, type Variant } from '../solver';

/** Value of a won position: more than any other. */
export const WIN = 1e9;

/**
 * Higher is better: the solver's measure of tangle. The stock is left out: the positions it
 * compares always have as many cards in the stock (deals are only weighed against deals). A
 * position whose stock can never be dealt is worth least of all: it is lost.
 */
export function value(board: Board): number {
  if (board.won()) return WIN;
  if (cannotDeal(board)) return -WIN;
  return -score(board);
}

/**
 * The weights of the measure's parts, in its units (a face-down card is 1,000 in `value`), and its
 * switch `baseSeen`.
 */
export type Weights = Pick<
  FairTuning,
  'hiddenWeight' | 'offSuitWeight' | 'emptyWeight' | 'clearWeight' | 'coverWeight' | 'baseSeen'
>;

/**
 * The measure with other weights: a face-down card counts `hiddenWeight`, a card that follows
 * the rank but not the suit of the card below it `offSuitWeight` (other breaks count 1,000), and
 * an empty column `emptyWeight`, less; a column with cards but none face down counts
 * `clearWeight` less; each face-up card that lies on face-down ones counts `coverWeight` more.
 * With `baseSeen` 1, a column's deepest card counts (as a king, or as fitting on another top)
 * only when it is face up: in a world, a face-down one is a guess. With every weight 1,000 and
 * `clearWeight`, `coverWeight` and `baseSeen` 0 it is `value`.
 */
export function measureOf(w: Weights): (board: Board) => number {
  if (
    w.hiddenWeight === UNIT &&
    w.offSuitWeight === UNIT &&
    w.emptyWeight === UNIT &&
    w.clearWeight === 0 &&
    w.coverWeight === 0 &&
    w.baseSeen === 0
  )
    return value;
  return (board) => {
    if (board.won()) return WIN;
    if (cannotDeal(board)) return -WIN;
    return -weightedScore(board, w);
  };
}

/** What `score` counts a face-down card, and any other part of the tangle. */
const UNIT = 1_000;

/**
 * `score` (the solver's) with the weights of `w`: each part counts its weight where the solver
 * counts 1,000, a cleared column `-clearWeight` and a face-up card on face-down ones `coverWeight`
 * where the solver counts nothing; with `baseSeen`, the solver's score leaves out a face-down
 * deepest card. Where nothing is tangled any more (the score is not positive) the weights change
 * nothing.
 */
function weightedScore(board: Board, w: Weights): number {
  const base = score(board, w.baseSeen > 0);
  if (base <= 0) return base;
  const { lengths, hidden, cards } = board;
  let down = 0;
  let offSuit = 0;
  let empty = 0;
  let clear = 0;
  let cover = 0;
  for (let c = 0; c < COLUMN_COUNT; c++) {
    if (lengths[c] === 0) empty++;
    else if (hidden[c] === 0) clear++;
    else cover += lengths[c] - hidden[c];
    down += hidden[c];
    if (w.offSuitWeight === UNIT || board.breaks[c] === 0) continue;
    const from = c * STRIDE + hidden[c] + 1;
    for (let i = from; i < c * STRIDE + lengths[c]; i++)
      if (cards[i] + 1 !== cards[i - 1] && fitsOn(cards[i], cards[i - 1])) offSuit++;
  }
  return (
    base +
    (w.hiddenWeight - UNIT) * down +
    (w.offSuitWeight - UNIT) * offSuit -
    (w.emptyWeight - UNIT) * empty -
    w.clearWeight * clear +
    w.coverWeight * cover
  );
}

/**
 * Whether the stock is left but can never be dealt (docs/solver.md, "The fair player"): where a
 * deal needs every column filled, a tableau of fewer cards than columns can never fill them (a
 * complete suit on top counts as gone: it leaves at once).
 */
function cannotDeal(board: Board): boolean {
  if (board.rules.relaxed !== 0 || board.stockLeft === 0) return false;
  let cards = 0;
  for (let c = 0; c < COLUMN_COUNT; c++) {
    cards += board.lengths[c];
    if (!board.rules.keepSuits && board.completeOnTop(c)) cards -= SUIT_LENGTH;
  }
  return cards < COLUMN_COUNT;
}

function hiddenSum(board: Board): number {
  let sum = 0;
  for (let c = 0; c < COLUMN_COUNT; c++) sum += board.hidden[c];
  return sum;
}

/**
 * Of the moves into an empty column (among `candidates` of `variant`), the one that leaves the
 * position `rate` rates best; -1 when there is none, or when every one is rated -Infinity.
 */
export function bestIntoEmpty(
  board: Board,
  codes: Int32Array,
  variant: Variant,
  rate: (board: Board) => number,
): ActionCode | -1 {
  const n = candidates(board, codes, variant);
  let best: ActionCode | -1 = -1;
  let bestValue = -Infinity;
  for (let k = 0; k < n; k++) {
    const code = codes[k];
    if (code === DEAL_CODE || board.lengths[(code >> 8) & 0xff] !== 0) continue;
    board.play(code);
    const v = rate(board);
    board.takeBack();
    if (v > bestValue) {
      bestValue = v;
      best = code;
    }
  }
  return best;
}

/** An uncertain action: `code` from arrangement `node`. */
export interface Chance {
  readonly node: number;
  readonly code: ActionCode;
  readonly prior: number;
  sum: number;
}

/**
 * The arrangements reachable from the present one by moves that turn no card, as records on
 * the first world's board, each with the move that first reached it; and the uncertain actions
 * found on the way.
 */
export class Known {
  records = new Uint8Array(256 * Board.RECORD);
  readonly parent: number[] = [];
  readonly via: ActionCode[] = [];
  readonly depth: number[] = [];
  readonly values: number[] = [];
  readonly turns: Chance[] = [];
  readonly deals: Chance[] = [];
  /** An arrangement that wins, or -1. */
  won = -1;
  positions = 0;
  /** Whether some arrangement was left out, as `limit` were kept. */
  full = false;
  private readonly seen = new HashSet64();
  private readonly turnSeen = new HashSet64();
  private readonly hidden: number;
  private readonly codes = new Int32Array(4096);

  constructor(
    private readonly board: Board,
    /** Arrangements kept at most. */
    private readonly limit: number,
    /** The measure arrangements are rated by. */
    private readonly measure: (board: Board) => number = value,
  ) {
    this.hidden = hiddenSum(board);
    board.hash();
    this.seen.add(board.hashLo, board.hashHi, Infinity);
    this.add(-1, 0);
  }

  /** Breadth first, until `nodes` arrangements, a win, or `out` says stop. */
  explore(out: () => boolean): void {
    const { board, codes } = this;
    for (let node = 0; node < this.parent.length && this.won < 0; node++) {
      if ((node & 63) === 63 && out()) break;
      board.restore(this.records, node * Board.RECORD);
      const n = candidates(board, codes, 1);
      for (let k = 0; k < n && this.won < 0; k++) {
        if (codes[k] === DEAL_CODE)
          this.deals.push({ node, code: DEAL_CODE, prior: this.values[node], sum: 0 });
        else {
          board.play(codes[k]);
          this.reached(node, codes[k]);
          board.takeBack();
        }
      }
    }
  }

  /**
   * Under the rules that refuse a deal while a column is empty, the way to a deal from `node`
   * when none was reached: fill the empty columns one move at a time, each time with the move
   * that leaves the best arrangement. Exploring finds this seldom, as the ways to fill several
   * columns are many.
   */
  fillForDeal(node: number): void {
    const { board, codes } = this;
    let at = node;
    for (let step = 0; step < COLUMN_COUNT; step++) {
      board.restore(this.records, at * Board.RECORD);
      if (board.dealAllowed()) {
        this.deals.push({ node: at, code: DEAL_CODE, prior: this.values[at], sum: 0 });
        return;
      }
      if (board.stockLeft < DEAL_SIZE) return;
      const best = bestIntoEmpty(board, codes, 1, (b) =>
        hiddenSum(b) < this.hidden ? -Infinity : this.measure(b),
      );
      if (best < 0) return;
      board.play(best);
      board.hash();
      this.seen.add(board.hashLo, board.hashHi, Infinity);
      at = this.add(at, best);
      board.takeBack();
    }
  }

  /** The plan to `node`, then `last` if given. */
  planTo(node: number, last?: ActionCode): Action[] {
    const plan: Action[] = last === undefined ? [] : [actionOf(last)];
    for (let at = node; at > 0; at = this.parent[at]) plan.push(actionOf(this.via[at]));
    return plan.reverse();
  }

  /** The board is where `code` led from `node`: keeps it as an arrangement or a turn. */
  private reached(node: number, code: ActionCode): void {
    const board = this.board;
    this.positions++;
    board.hash();
    if (hiddenSum(board) < this.hidden) {
      if (this.turnSeen.add(board.hashLo, board.hashHi, Infinity) === 'new')
        this.turns.push({ node, code, prior: this.measure(board), sum: 0 });
    } else if (this.parent.length >= this.limit) {
      this.full = true;
    } else if (this.seen.add(board.hashLo, board.hashHi, Infinity) === 'new') {
      const id = this.add(node, code);
      if (board.won()) this.won = id;
    }
  }

  /** Keeps the board as an arrangement reached by `code` from `node`; its number. */
  private add(node: number, code: ActionCode): number {
    const id = this.parent.length;
    if (this.records.length < (id + 1) * Board.RECORD) {
      const grown = new Uint8Array(this.records.length * 2);
      grown.set(this.records);
      this.records = grown;
    }
    this.board.store(this.records, id * Board.RECORD);
    this.parent.push(node);
    this.via.push(code);
    this.depth.push(node < 0 ? 0 : this.depth[node] + 1);
    this.values.push(this.measure(this.board));
    return id;
  }
}
