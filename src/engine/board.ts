/**
 * The rules on one mutable board, for searches that look at millions of positions (docs/solver.md,
 * "Solver"): the same actions as `apply`, played in place on typed arrays and taken back, with no
 * object made per position. `apply` stays the reference: tests play random games on both and
 * compare every position, and the solver replays every line it finds through `apply`.
 *
 * Layout: column c's cards are `cards[c * STRIDE ..][0 .. lengths[c]]`, the first `hidden[c]` of
 * them face down. Face-down cards never move: those of column c are always the deepest ones it
 * was dealt, so a stored position needs only its face-up cards.
 */
import { type Action, DEAL, move, remove } from './actions';
import { ACE, KING, rankOf, SUIT_LENGTH, suitOf, type Suit } from './cards';
import { mixHi, mixLo } from './hash';
import { type Column, COLUMN_COUNT, continuesRun, DEAL_SIZE, type Position } from './position';
import type { Rules } from './rules';
import { SUITS_TO_WIN } from './status';

// Looked up once: a global looked up in a hot loop is slow in some hosts (Jest's sandbox).
const imul = Math.imul;

/** Room for one column: 44 face-down cards at most under a run of 13 and more. */
export const STRIDE = 128;

/** Actions as numbers: a move is `from << 16 | to << 8 | count`; deal and remove are apart. */
export type ActionCode = number;
export const DEAL_CODE = 1 << 24;
const REMOVE_CODE = 2 << 24;
export const moveCode = (from: number, to: number, count: number): ActionCode =>
  (from << 16) | (to << 8) | count;
export const removeCode = (column: number): ActionCode => REMOVE_CODE | column;

export function actionOf(code: ActionCode): Action {
  if (code === DEAL_CODE) return DEAL;
  if (code >= REMOVE_CODE) return remove(code & 0xff);
  return move(code >> 16, (code >> 8) & 0xff, code & 0xff);
}

/**
 * What an action changes besides cards above a column's length: enough to take it back. A move
 * touches two columns; a deal or a removal may touch any.
 */
interface Saved {
  /** The columns saved: `a` and `b`, or every one when `a` is -1. */
  a: number;
  b: number;
  readonly lengths: Int32Array;
  readonly hidden: Int32Array;
  readonly runs: Int32Array;
  readonly breaks: Int32Array;
  readonly shareLo: Uint32Array;
  readonly shareHi: Uint32Array;
  dealt: number;
  removed: number;
}

/**
 * A position in a form that can be changed in place. `play` makes an action (known to be legal)
 * and `takeBack` returns to the position before it; between the two, the board is the position
 * after the action. Per-column figures used by searches (hash, broken runs, movable run) are
 * kept up to date for the columns an action touches.
 */
export class Board {
  readonly cards = new Uint8Array(COLUMN_COUNT * STRIDE);
  readonly lengths = new Int32Array(COLUMN_COUNT);
  readonly hidden = new Int32Array(COLUMN_COUNT);
  /** Deals made. */
  dealt = 0;
  /** Suits removed. */
  removed = 0;
  /** The suit of each removed suit, in order of removal (the first `removed` entries). */
  readonly foundations = new Uint8Array(SUITS_TO_WIN);
  readonly rules: Rules;
  readonly stock: Uint8Array;
  /** Each column's face-down cards as dealt: what lies under its face-up cards, always. */
  private readonly dealtDown: Uint8Array;
  /** The hash of column c's first h face-down cards, as `positionHash` runs over them. */
  private readonly downLo = new Int32Array(COLUMN_COUNT * STRIDE);
  private readonly downHi = new Int32Array(COLUMN_COUNT * STRIDE);
  private readonly saved: Saved[] = [];
  private depth = 0;

  // Per column, kept current by `play` and `takeBack`: the column's share of the position's
  // hash (two halves), its movable run, and the places in it where a card does not continue
  // the run of its suit below it.
  readonly runs = new Int32Array(COLUMN_COUNT);
  readonly breaks = new Int32Array(COLUMN_COUNT);
  private readonly shareLo = new Uint32Array(COLUMN_COUNT);
  private readonly shareHi = new Uint32Array(COLUMN_COUNT);

  constructor(position: Position) {
    this.rules = position.rules;
    this.stock = Uint8Array.from(position.stock);
    this.dealtDown = new Uint8Array(COLUMN_COUNT * STRIDE);
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const column = position.columns[c];
      const base = c * STRIDE;
      this.dealtDown.set(column.cards.slice(0, column.hidden), base);
      let lo = 0x811c9dc5;
      let hi = 0x2545f491;
      for (let i = 0; i <= column.hidden; i++) {
        this.downLo[base + i] = lo;
        this.downHi[base + i] = hi;
        const value = column.cards[i] | 128;
        lo = imul(lo ^ value, 0x01000193);
        hi = imul(hi ^ value, 0x5bd1e995) ^ (hi >>> 15);
      }
    }
    this.load(position);
  }

  /** Sets the board to a position of the same game (same stock, same face-down cards). */
  load(position: Position): void {
    this.cards.set(this.dealtDown);
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const column = position.columns[c];
      this.cards.set(column.cards, c * STRIDE);
      this.lengths[c] = column.cards.length;
      this.hidden[c] = column.hidden;
    }
    this.dealt = position.dealt;
    this.removed = position.foundations.length;
    this.foundations.set(position.foundations);
    this.depth = 0;
    this.refresh();
  }

  /** The board as an engine position. */
  position(): Position {
    const columns: Column[] = [];
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const base = c * STRIDE;
      columns.push({
        cards: Array.from(this.cards.subarray(base, base + this.lengths[c])),
        hidden: this.hidden[c],
      });
    }
    return {
      rules: this.rules,
      columns,
      stock: Array.from(this.stock),
      dealt: this.dealt,
      foundations: Array.from(this.foundations.subarray(0, this.removed)) as Suit[],
    };
  }

  // ---- Stored positions -------------------------------------------------------------------

  /** Bytes a stored position takes: lengths, face-down counts, deals, removed suits, face-up cards. */
  static readonly RECORD = 2 * COLUMN_COUNT + 2 + SUITS_TO_WIN + 104;

  /** Stores the board at `at` in `bytes`. */
  store(bytes: Uint8Array, at: number): void {
    const { cards, lengths, hidden } = this;
    let next = at + 2 * COLUMN_COUNT + 2 + SUITS_TO_WIN;
    for (let c = 0; c < COLUMN_COUNT; c++) {
      bytes[at + c] = lengths[c];
      bytes[at + COLUMN_COUNT + c] = hidden[c];
      const base = c * STRIDE;
      for (let i = base + hidden[c]; i < base + lengths[c]; i++) bytes[next++] = cards[i];
    }
    bytes[at + 2 * COLUMN_COUNT] = this.dealt;
    bytes[at + 2 * COLUMN_COUNT + 1] = this.removed;
    for (let s = 0; s < this.removed; s++)
      bytes[at + 2 * COLUMN_COUNT + 2 + s] = this.foundations[s];
  }

  /** Sets the board to the position stored at `at` in `bytes`. */
  restore(bytes: Uint8Array, at: number): void {
    const { cards, lengths, hidden, dealtDown } = this;
    let next = at + 2 * COLUMN_COUNT + 2 + SUITS_TO_WIN;
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const length = bytes[at + c];
      const down = bytes[at + COLUMN_COUNT + c];
      const base = c * STRIDE;
      for (let i = base; i < base + down; i++) cards[i] = dealtDown[i];
      for (let i = base + down; i < base + length; i++) cards[i] = bytes[next++];
      lengths[c] = length;
      hidden[c] = down;
    }
    this.dealt = bytes[at + 2 * COLUMN_COUNT];
    this.removed = bytes[at + 2 * COLUMN_COUNT + 1];
    for (let s = 0; s < this.removed; s++)
      this.foundations[s] = bytes[at + 2 * COLUMN_COUNT + 2 + s];
    this.depth = 0;
    this.refresh();
  }

  // ---- The rules ----------------------------------------------------------------------------

  get stockLeft(): number {
    return this.stock.length - this.dealt * DEAL_SIZE;
  }

  /** As `isWon`. */
  won(): boolean {
    if (this.removed === SUITS_TO_WIN) return true;
    if (!this.rules.keepSuits || this.stockLeft > 0) return false;
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const length = this.lengths[c];
      if (length !== 0 && (length !== SUIT_LENGTH || !this.completeOnTop(c))) return false;
    }
    return true;
  }

  /** As `hasCompleteSuitOnTop`. */
  completeOnTop(c: number): boolean {
    const length = this.lengths[c];
    return (
      this.runs[c] >= SUIT_LENGTH &&
      rankOf(this.cards[c * STRIDE + length - 1]) === ACE &&
      length - this.hidden[c] >= SUIT_LENGTH
    );
  }

  /** As `checkDeal(...) === null`. */
  dealAllowed(): boolean {
    if (this.stockLeft < DEAL_SIZE) return false;
    const { lengths, hidden, cards } = this;
    let empty = false;
    for (let c = 0; c < COLUMN_COUNT; c++) if (lengths[c] === 0) empty = true;
    if (!empty) return true;
    const relaxed = this.rules.relaxed;
    if (relaxed === 0) return false;
    if (relaxed === 3) return true;
    for (let c = 0; c < COLUMN_COUNT; c++) {
      if (lengths[c] === 0) continue;
      if (hidden[c] > 0) return false;
      const base = c * STRIDE;
      for (let i = base + 1; i < base + lengths[c]; i++) {
        if (rankOf(cards[i]) + 1 !== rankOf(cards[i - 1])) return false;
        if (relaxed === 1 && suitOf(cards[i]) !== suitOf(cards[i - 1])) return false;
      }
    }
    return true;
  }

  /** Plays a legal action (a move's count given); `takeBack` undoes it. */
  play(code: ActionCode): void {
    if (code === DEAL_CODE) {
      this.save(-1, -1);
      const base = this.dealt * DEAL_SIZE;
      for (let c = 0; c < COLUMN_COUNT; c++) {
        this.cards[c * STRIDE + this.lengths[c]] = this.stock[base + c];
        this.lengths[c]++;
        this.column(c);
      }
      this.dealt++;
      if (!this.rules.keepSuits) for (let c = 0; c < COLUMN_COUNT; c++) this.removeAll(c);
    } else if (code >= REMOVE_CODE) {
      this.save(code & 0xff, code & 0xff);
      this.removeTop(code & 0xff);
    } else {
      const from = code >> 16;
      const to = (code >> 8) & 0xff;
      const count = code & 0xff;
      this.save(from, to);
      const { cards, lengths, hidden } = this;
      const source = from * STRIDE + lengths[from] - count;
      cards.copyWithin(to * STRIDE + lengths[to], source, source + count);
      lengths[from] -= count;
      lengths[to] += count;
      if (hidden[from] >= lengths[from] && hidden[from] > 0) hidden[from] = lengths[from] - 1;
      if (lengths[from] === 0) hidden[from] = 0;
      this.column(from);
      this.column(to);
      if (!this.rules.keepSuits) this.removeAll(to);
    }
  }

  /** Returns to the position before the last action played and not yet taken back. */
  takeBack(): void {
    const saved = this.saved[--this.depth];
    if (saved.a < 0) {
      for (let c = 0; c < COLUMN_COUNT; c++) this.restoreColumn(saved, c);
    } else {
      this.restoreColumn(saved, saved.a);
      this.restoreColumn(saved, saved.b);
    }
    this.dealt = saved.dealt;
    this.removed = saved.removed;
  }

  /** Saves what an action on columns a and b (every column when a is -1) changes. */
  private save(a: number, b: number): void {
    let saved = this.saved[this.depth];
    if (saved === undefined) {
      saved = {
        a: 0,
        b: 0,
        lengths: new Int32Array(COLUMN_COUNT),
        hidden: new Int32Array(COLUMN_COUNT),
        runs: new Int32Array(COLUMN_COUNT),
        breaks: new Int32Array(COLUMN_COUNT),
        shareLo: new Uint32Array(COLUMN_COUNT),
        shareHi: new Uint32Array(COLUMN_COUNT),
        dealt: 0,
        removed: 0,
      };
      this.saved.push(saved);
    }
    this.depth++;
    saved.a = a;
    saved.b = b;
    if (a < 0) {
      for (let c = 0; c < COLUMN_COUNT; c++) this.saveColumn(saved, c);
    } else {
      this.saveColumn(saved, a);
      this.saveColumn(saved, b);
    }
    saved.dealt = this.dealt;
    saved.removed = this.removed;
  }

  private saveColumn(saved: Saved, c: number): void {
    saved.lengths[c] = this.lengths[c];
    saved.hidden[c] = this.hidden[c];
    saved.runs[c] = this.runs[c];
    saved.breaks[c] = this.breaks[c];
    saved.shareLo[c] = this.shareLo[c];
    saved.shareHi[c] = this.shareHi[c];
  }

  private restoreColumn(saved: Saved, c: number): void {
    this.lengths[c] = saved.lengths[c];
    this.hidden[c] = saved.hidden[c];
    this.runs[c] = saved.runs[c];
    this.breaks[c] = saved.breaks[c];
    this.shareLo[c] = saved.shareLo[c];
    this.shareHi[c] = saved.shareHi[c];
  }

  /** Removes every complete suit on top of column c (the default rules, after an action). */
  private removeAll(c: number): void {
    while (this.completeOnTop(c)) this.removeTop(c);
  }

  private removeTop(c: number): void {
    const top = c * STRIDE + this.lengths[c] - 1;
    this.foundations[this.removed++] = suitOf(this.cards[top]);
    this.lengths[c] -= SUIT_LENGTH;
    const length = this.lengths[c];
    if (this.hidden[c] >= length) this.hidden[c] = Math.max(0, length - 1);
    this.column(c);
  }

  // ---- What searches need to know -------------------------------------------------------------

  /** Works out every column's figures from its cards. */
  private refresh(): void {
    for (let c = 0; c < COLUMN_COUNT; c++) this.column(c);
  }

  /** Works out column c's figures: movable run, broken places, hash share (as `positionHash`). */
  private column(c: number): void {
    const { cards, hidden } = this;
    const base = c * STRIDE;
    const length = this.lengths[c];
    const down = hidden[c];
    // The face-down part never changes: its hash so far was worked out once.
    let lo = this.downLo[base + down];
    let hi = this.downHi[base + down];
    for (let i = down; i < length; i++) {
      const value = cards[base + i];
      lo = imul(lo ^ value, 0x01000193);
      hi = imul(hi ^ value, 0x5bd1e995) ^ (hi >>> 15);
    }
    const columnLo = mixLo(lo >>> 0, hi >>> 0);
    const columnHi = mixHi(lo >>> 0, hi >>> 0, columnLo);
    const a = mixLo(columnLo ^ imul(c + 1, 0x27d4eb2f), columnHi);
    this.shareLo[c] = a;
    this.shareHi[c] = mixHi(columnLo, columnHi, a);
    // Movable run and broken places in the face-up part.
    let run = 0;
    let broken = 0;
    if (length > down) {
      run = 1;
      let i = base + length - 1;
      while (i > base + down && continuesRun(cards[i - 1], cards[i])) {
        run++;
        i--;
      }
      for (; i > base + down; i--) if (!continuesRun(cards[i - 1], cards[i])) broken++;
    }
    this.runs[c] = run;
    this.breaks[c] = broken;
  }

  /** The position's hash, as `positionHash` gives it: low half into `hashLo`, high into `hashHi`. */
  hash(): void {
    let lo = imul(this.dealt + 1, 0x9e3779b1) ^ this.removed;
    let hi = this.removed * 0x85ebca6b;
    for (let c = 0; c < COLUMN_COUNT; c++) {
      lo = (lo + this.shareLo[c]) >>> 0;
      hi = (hi + this.shareHi[c]) >>> 0;
    }
    const a = mixLo(lo, hi);
    this.hashLo = a;
    this.hashHi = mixHi(lo, hi, a);
  }
  hashLo = 0;
  hashHi = 0;

  /** The rank of column c's top card, or 0 when it is empty. */
  topRank(c: number): number {
    const length = this.lengths[c];
    return length === 0 ? 0 : rankOf(this.cards[c * STRIDE + length - 1]);
  }

  /** Whether column c's deepest card is a king. */
  kingAtBase(c: number): boolean {
    return this.lengths[c] > 0 && rankOf(this.cards[c * STRIDE]) === KING;
  }
}
