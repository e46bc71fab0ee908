/**
 * The fair player's follow-up after an uncertain action (README, "The fair player").
 */
import { Board, DEAL_CODE } from '../engine/board';
import type { FairTuning } from './fair';
import { measureOf, WIN } from './fair-look';
import { candidates } from './solver';

/**
 * The follow-up that rates where an uncertain action leads in one world: a small beam search by
 * moves alone (cards they turn are the world's), `followWidth` positions wide and `followDepth`
 * moves deep. It answers the best value it reached, and leaves the board anywhere.
 */
export class Follow {
  positions = 0;
  private layer: Uint8Array;
  private next: Uint8Array;
  private readonly codes = new Int32Array(4096);
  /** The best children of a layer, best first: their values, parents and actions. */
  private readonly keptValue: Float64Array;
  private readonly keptFrom: Int32Array;
  private readonly keptCode: Int32Array;
  private readonly seen = new Set<number>();
  private readonly value: (board: Board) => number;

  constructor(private readonly t: FairTuning) {
    this.value = measureOf(t);
    const width = Math.max(1, t.followWidth);
    this.layer = new Uint8Array(width * Board.RECORD);
    this.next = new Uint8Array(width * Board.RECORD);
    this.keptValue = new Float64Array(width);
    this.keptFrom = new Int32Array(width);
    this.keptCode = new Int32Array(width);
  }

  rate(board: Board): number {
    let best = this.value(board);
    if (best === WIN) return WIN;
    const width = Math.max(1, this.t.followWidth);
    const { codes, keptValue, keptFrom, keptCode, seen } = this;
    seen.clear();
    board.hash();
    seen.add(board.hashLo);
    board.store(this.layer, 0);
    let size = 1;
    for (let d = 0; d < this.t.followDepth && size > 0; d++) {
      let kept = 0;
      for (let i = 0; i < size; i++) {
        board.restore(this.layer, i * Board.RECORD);
        const n = candidates(board, codes, 1);
        for (let k = 0; k < n; k++) {
          if (codes[k] === DEAL_CODE) continue;
          board.play(codes[k]);
          this.positions++;
          board.hash();
          if (!seen.has(board.hashLo)) {
            seen.add(board.hashLo);
            const v = this.value(board);
            if (v === WIN) return WIN;
            // Into the kept children, best first, when it is among the `width` best.
            if (kept < width || v > keptValue[kept - 1]) {
              let at = kept < width ? kept++ : kept - 1;
              for (; at > 0 && keptValue[at - 1] < v; at--) {
                keptValue[at] = keptValue[at - 1];
                keptFrom[at] = keptFrom[at - 1];
                keptCode[at] = keptCode[at - 1];
              }
              keptValue[at] = v;
              keptFrom[at] = i;
              keptCode[at] = codes[k];
            }
          }
          board.takeBack();
        }
      }
      if (kept > 0 && keptValue[0] > best) best = keptValue[0];
      for (let j = 0; j < kept; j++) {
        board.restore(this.layer, keptFrom[j] * Board.RECORD);
        board.play(keptCode[j]);
        board.store(this.next, j * Board.RECORD);
      }
      [this.layer, this.next] = [this.next, this.layer];
      size = kept;
    }
    return best;
  }
}
