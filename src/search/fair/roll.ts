/**
 * The fair player's rollout (docs/solver.md, "The fair player"): each way to turn a column is
 * played on in a world by a cheap greedy player to the end, so that the ways are judged by how a
 * player who cannot see ahead fares after them, not by a solver that knows the world's cards and
 * wins almost every world from almost any turn.
 */
import { Board, DEAL_CODE } from '../../engine/board';
import type { Position } from '../../engine/position';
import { bestIntoEmpty, measureOf, WIN, type Weights } from './look';
import { candidates } from '../solver';

/** Moves a rollout plays at most, and moves in a row without a new best before it gives up. */
const ROLL_MOVES = 600;
const ROLL_STALE = 40;

/** The greedy player of the rollouts; it counts the positions it looks at. */
export class Roller {
  positions = 0;
  private readonly codes = new Int32Array(4096);
  private readonly value: (board: Board) => number;

  constructor(weights: Weights) {
    this.value = measureOf(weights);
  }

  /** Moves a card into an empty column, the move that leaves the best position: false if none. */
  private fill(board: Board): boolean {
    const best = bestIntoEmpty(board, this.codes, 0, this.value);
    if (best < 0) return false;
    board.play(best);
    return true;
  }

  /**
   * Whether the greedy player wins from `start`, a world: each time it plays the move to the best
   * position by the measure that it has not stood in before. The card a move turns is rated as
   * the world has it: one move's glance ahead, no more. When no move is left, or 40 moves in a
   * row find nothing better than the best so far, it deals (filling empty columns first where the
   * rules ask for it); when it cannot, it has lost.
   */
  wins(start: Position): boolean {
    const board = new Board(start);
    const { codes } = this;
    const seen = new Set<number>();
    board.hash();
    seen.add(board.hashLo);
    let record = this.value(board);
    let stale = 0;
    for (let moves = 0; moves < ROLL_MOVES; moves++) {
      if (board.won()) return true;
      const n = candidates(board, codes, 0);
      let best = -1;
      let bestValue = -Infinity;
      for (let k = 0; k < n; k++) {
        if (codes[k] === DEAL_CODE) continue;
        board.play(codes[k]);
        this.positions++;
        board.hash();
        if (!seen.has(board.hashLo)) {
          const v = this.value(board);
          if (v > bestValue) {
            bestValue = v;
            best = codes[k];
          }
        }
        board.takeBack();
      }
      if (best < 0 || stale > ROLL_STALE) {
        // Stuck: deal when the rules allow it (filling an empty column first where they ask
        // for it), and go on from the new cards.
        if (board.stockLeft > 0 && !board.dealAllowed() && this.fill(board)) continue;
        if (!board.dealAllowed()) return false;
        board.play(DEAL_CODE);
        board.hash();
        seen.add(board.hashLo);
        record = this.value(board);
        stale = 0;
        continue;
      }
      board.play(best);
      board.hash();
      seen.add(board.hashLo);
      if (bestValue === WIN) return true;
      if (bestValue > record) {
        record = bestValue;
        stale = 0;
      } else stale++;
    }
    return board.won();
  }
}
