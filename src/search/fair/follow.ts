/**
 * The fair player's follow-up after an uncertain action (docs/solver.md, "The fair player").
 */
import { Board, DEAL_CODE } from '../../engine/board';
import type { FairTuning } from './tuning';
import { measureOf, WIN } from './look';
import { candidates } from '../solver';

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
  /** The positions of the layer looked at: their parents (in `layer`) and the moves from them. */
  private readonly parentFrom: Int32Array;
  private readonly parentCode: Int32Array;
  private readonly seen = new SeenSet();
  private readonly value: (board: Board) => number;

  constructor(private readonly t: FairTuning) {
    this.value = measureOf(t);
    const width = Math.max(1, t.followWidth);
    this.layer = new Uint8Array(width * Board.RECORD);
    this.next = new Uint8Array(width * Board.RECORD);
    this.keptValue = new Float64Array(width);
    this.keptFrom = new Int32Array(width);
    this.keptCode = new Int32Array(width);
    this.parentFrom = new Int32Array(width);
    this.parentCode = new Int32Array(width);
  }

  rate(board: Board): number {
    let best = this.value(board);
    if (best === WIN) return WIN;
    const width = Math.max(1, this.t.followWidth);
    const { codes, keptValue, keptFrom, keptCode, parentFrom, parentCode, seen } = this;
    seen.clear();
    board.hash();
    seen.add(board.hashLo);
    board.store(this.layer, 0);
    // A layer's positions are kept as their parent's record in `layer` and the move from it:
    // each is played when its own children are looked at, and stored then for theirs, so a
    // position is made once, and the last layer's never.
    parentFrom[0] = 0;
    parentCode[0] = -1;
    let size = 1;
    for (let d = 0; d < this.t.followDepth && size > 0; d++) {
      let kept = 0;
      for (let i = 0; i < size; i++) {
        board.restore(this.layer, parentFrom[i] * Board.RECORD);
        if (parentCode[i] >= 0) board.play(parentCode[i]);
        board.store(this.next, i * Board.RECORD);
        const n = candidates(board, codes, 1);
        for (let k = 0; k < n; k++) {
          if (codes[k] === DEAL_CODE) continue;
          board.play(codes[k]);
          this.positions++;
          board.hash();
          if (seen.add(board.hashLo)) {
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
      parentFrom.set(keptFrom.subarray(0, kept));
      parentCode.set(keptCode.subarray(0, kept));
      [this.layer, this.next] = [this.next, this.layer];
      size = kept;
    }
    return best;
  }
}

/**
 * The positions one rating has reached, by the low half of their hash: an open-addressed table
 * that empties in one step (each rating stamps its own entries). A `Set` of numbers did the same
 * about 6% slower over a whole plan (docs/solver.md, "The fair player": `npm run bench:think`).
 */
export class SeenSet {
  private keys = new Uint32Array(1 << 12);
  private stamps = new Uint32Array(1 << 12);
  private stamp = 1;
  private size = 0;

  /** Empties the set. */
  clear(): void {
    this.size = 0;
    if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
  }

  /** Adds `key`, 32 bits read as unsigned: true when it was not in the set. */
  add(key: number): boolean {
    const { keys, stamps, stamp } = this;
    const mask = keys.length - 1;
    const k = key >>> 0;
    let i = k; // already well mixed: the low half of a position's hash
    for (; stamps[i & mask] === stamp; i++) if (keys[i & mask] === k) return false;
    keys[i & mask] = k;
    stamps[i & mask] = stamp;
    if (++this.size * 2 > keys.length) this.grow();
    return true;
  }

  private grow(): void {
    const { keys, stamps, stamp } = this;
    this.keys = new Uint32Array(keys.length * 2);
    this.stamps = new Uint32Array(keys.length * 2);
    this.stamp = 1;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (stamps[i] === stamp) this.add(keys[i]);
  }
}
