/**
 * Hashing positions for search: 64-bit hashes as two 32-bit halves, a set of them in typed
 * arrays, and a position's key. Two positions with the same key are taken to be the same; with
 * 64 bits the chance that two of a million positions share one is about 1 in 30 million.
 */
import type { Column, Position } from './position';

// Looked up once: a global looked up in a hot loop is slow in some hosts (Jest's sandbox).
const imul = Math.imul;

/** Mixes a 64-bit value (lo, hi) into a well-spread 32-bit half: the low one. */
export function mixLo(lo: number, hi: number): number {
  let a = imul(lo ^ (hi >>> 16), 0x85ebca6b) ^ hi;
  a ^= a >>> 13;
  a = imul(a, 0xc2b2ae35);
  return (a ^ (a >>> 16)) >>> 0;
}

/** The high half of the same mix, given the low one `a`. */
export function mixHi(lo: number, hi: number, a: number): number {
  let b = imul(hi ^ (a >>> 15), 0xcc9e2d51) ^ lo;
  b ^= b >>> 15;
  b = imul(b, 0x1b873593);
  return (b ^ (b >>> 16)) >>> 0;
}

/**
 * A set of 64-bit hashes. It is split into shards by the hash's top bits, each an open-addressing
 * table of two 32-bit halves side by side ((0, 0) marks a free slot), so that growing never
 * rehashes more than a small part of the set at once: a search running between keystrokes must
 * not stop for the tens of milliseconds a single table of a million hashes takes to grow.
 */
export class HashSet64 {
  private static readonly SHARD_BITS = 8;
  private readonly shards: Uint32Array[] = [];
  private readonly counts: Int32Array;
  size = 0;

  constructor() {
    const shards = 1 << HashSet64.SHARD_BITS;
    for (let i = 0; i < shards; i++) this.shards.push(new Uint32Array(16));
    this.counts = new Int32Array(shards);
  }

  /** Adds a hash: 'new', 'seen', or 'full' when it is new but the set already holds `limit`. */
  add(lo: number, hi: number, limit: number): 'new' | 'seen' | 'full' {
    if (lo === 0 && hi === 0) lo = 1;
    const shard = hi >>> (32 - HashSet64.SHARD_BITS);
    let table = this.shards[shard];
    let mask = (table.length >> 1) - 1;
    let i = imul(lo, 0x9e3779b1) >>> 0;
    for (;;) {
      const at = 2 * (i & mask);
      const l = table[at];
      const h = table[at + 1];
      if (l === 0 && h === 0) break;
      if (l === lo && h === hi) return 'seen';
      i++;
    }
    if (this.size >= limit) return 'full';
    if ((this.counts[shard] + 1) * 2 > mask + 1) {
      table = this.grow(shard);
      mask = (table.length >> 1) - 1;
    }
    insert(table, lo, hi);
    this.counts[shard]++;
    this.size++;
    return 'new';
  }

  private grow(shard: number): Uint32Array {
    const old = this.shards[shard];
    const table = new Uint32Array(old.length * 2);
    for (let j = 0; j < old.length; j += 2) {
      if (old[j] !== 0 || old[j + 1] !== 0) insert(table, old[j], old[j + 1]);
    }
    this.shards[shard] = table;
    return table;
  }
}

function insert(table: Uint32Array, lo: number, hi: number): void {
  const mask = (table.length >> 1) - 1;
  let i = imul(lo, 0x9e3779b1) >>> 0;
  while (table[2 * (i & mask)] !== 0 || table[2 * (i & mask) + 1] !== 0) i++;
  table[2 * (i & mask)] = lo;
  table[2 * (i & mask) + 1] = hi;
}

// Not cached per column: a WeakMap of millions of columns costs the garbage collector far more
// than hashing a hundred cards again.
let columnLo = 0;
let columnHi = 0;
function columnHash(column: Column): void {
  let lo = 0x811c9dc5;
  let hi = 0x2545f491;
  const cards = column.cards;
  for (let i = 0; i < cards.length; i++) {
    const value = cards[i] | (i < column.hidden ? 128 : 0);
    lo = imul(lo ^ value, 0x01000193);
    hi = imul(hi ^ value, 0x5bd1e995) ^ (hi >>> 15);
  }
  columnLo = mixLo(lo >>> 0, hi >>> 0);
  columnHi = mixHi(lo >>> 0, hi >>> 0, columnLo);
}

/**
 * A position's key as a search sees it: every card where it lies, face up or down, each column
 * in its place, the deals made and the suits removed.
 */
export function positionHash(position: Position): { lo: number; hi: number } {
  let lo = imul(position.dealt + 1, 0x9e3779b1) ^ position.foundations.length;
  let hi = position.foundations.length * 0x85ebca6b;
  const columns = position.columns;
  for (let c = 0; c < columns.length; c++) {
    columnHash(columns[c]);
    const a = mixLo(columnLo ^ imul(c + 1, 0x27d4eb2f), columnHi);
    lo = (lo + a) >>> 0;
    hi = (hi + mixHi(columnLo, columnHi, a)) >>> 0;
  }
  const a = mixLo(lo, hi);
  return { lo: a, hi: mixHi(lo, hi, a) };
}
