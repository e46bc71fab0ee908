/**
 * The lost-game search's tableau and its queue of positions still to look at (docs/rules.md,
 * "Lost"; the search is in progress.ts).
 */
import { COLUMN_COUNT } from './position';

// The search's own copy of the tableau: each column's cards in a fixed stretch of one array.
export const STRIDE = 128;

/** Bytes before a record's cards: each column's number of face-up cards, and the move made. */
const RECORD_HEAD = COLUMN_COUNT + 2;
/** In a record's move: no move (the start). */
export const NO_MOVE = 255;

/**
 * The positions still to look at, first in first out. The search never turns a card, so every
 * position holds the same face-up cards: each is kept as the number of face-up cards in each
 * column, the move that made it (`from * COLUMN_COUNT + to`, and the count), and the cards, one
 * byte each, in fixed-size records. Storage comes in chunks, given back as the search moves past
 * them.
 */
export class PositionQueue {
  private static readonly CHUNK = 1 << 16;
  private readonly chunks: (Uint8Array | null)[] = [];
  private readonly perChunk: number;
  private readonly recordSize: number;
  private head = 0;
  private tail = 0;

  /** For positions of `faceUp` face-up cards. */
  constructor(faceUp: number) {
    this.recordSize = RECORD_HEAD + faceUp;
    this.perChunk = Math.max(1, Math.floor(PositionQueue.CHUNK / this.recordSize));
  }

  get length(): number {
    return this.tail - this.head;
  }

  /** Adds the tableau as it is after moving the top `count` cards from `from` to `to`. */
  push(tableau: Tableau, from: number, to: number, count: number): void {
    const chunk = Math.floor(this.tail / this.perChunk);
    if (chunk === this.chunks.length)
      this.chunks.push(new Uint8Array(this.perChunk * this.recordSize));
    const bytes = this.chunks[chunk] as Uint8Array;
    const at = (this.tail % this.perChunk) * this.recordSize;
    const { cards, lengths, hidden } = tableau;
    bytes[at + COLUMN_COUNT] = count === 0 ? NO_MOVE : from * COLUMN_COUNT + to;
    bytes[at + COLUMN_COUNT + 1] = count;
    let next = at + RECORD_HEAD;
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const base = c * STRIDE;
      const end = base + lengths[c] - (c === from ? count : 0);
      for (let i = base + hidden[c]; i < end; i++) bytes[next++] = cards[i];
      if (c === to) {
        const moved = from * STRIDE + lengths[from];
        for (let i = moved - count; i < moved; i++) bytes[next++] = cards[i];
      }
      bytes[at + c] = end - base - hidden[c] + (c === to ? count : 0);
    }
    this.tail++;
  }

  /** After `shift`, the columns it changed, as bits (column c is bit c). */
  changed = 0;

  /**
   * Takes the oldest position into the tableau (face-down cards stay as they are); answers the
   * move that made it, as the record keeps it (NO_MOVE for the start) times 256 plus its count.
   * The positions in the queue are near one another (the children of one position, then of its
   * neighbour), so most columns are as they were: `changed` says which are not.
   */
  shift(tableau: Tableau): number {
    const chunk = Math.floor(this.head / this.perChunk);
    const bytes = this.chunks[chunk] as Uint8Array;
    const at = (this.head % this.perChunk) * this.recordSize;
    const { cards, lengths, hidden } = tableau;
    const made = bytes[at + COLUMN_COUNT] * 256 + bytes[at + COLUMN_COUNT + 1];
    let next = at + RECORD_HEAD;
    let changed = 0;
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const up = bytes[at + c];
      const base = c * STRIDE + hidden[c];
      let same = lengths[c] === hidden[c] + up;
      for (let i = 0; i < up; i++) {
        const card = bytes[next++];
        if (cards[base + i] !== card) {
          cards[base + i] = card;
          same = false;
        }
      }
      lengths[c] = hidden[c] + up;
      if (!same) changed |= 1 << c;
    }
    this.changed = changed;
    this.head++;
    if (this.head % this.perChunk === 0) this.chunks[chunk] = null;
    return made;
  }
}

/** The tableau being searched: column c's cards are `cards[c * STRIDE ..][0 .. lengths[c]]`. */
export interface Tableau {
  readonly cards: Uint8Array;
  readonly lengths: Int32Array;
  readonly hidden: Int32Array;
}
