/**
 * Whether progress is still possible (docs/rules.md, "Lost"): a search over the positions reachable
 * without progress. Progress is an action that turns a card face up, deals, or removes a complete
 * suit. Until one of those, no card turns, so every position the search meets holds the same
 * face-up cards and the face-down ones are never looked at: the answer needs only what the player
 * sees.
 *
 * The search works on one mutable copy of the position, moving cards and taking them back, and
 * tells positions apart by a 64-bit hash kept up to date move by move. Columns with no face-down
 * card are interchangeable (the rules never look at a column's number), so their hashes are added
 * up in any order; a column with face-down cards keeps its own place.
 */
import { checkDeal } from './apply';
import { HashSet64, mixHi, mixLo } from './hash';
import { ACE, KING, rankOf, SUIT_LENGTH } from './cards';
import {
  type Column,
  COLUMN_COUNT,
  continuesRun,
  DEAL_SIZE,
  hasCompleteSuitOnTop,
  type Position,
  stockLeft,
} from './position';
import { NO_MOVE, PositionQueue, STRIDE, type Tableau } from './progress-queue';

// Looked up once: a global looked up in a hot loop is slow in some hosts (Jest's sandbox).
const imul = Math.imul;

/** The most distinct positions the search looks at; beyond that the game counts as playing. */
export const PROGRESS_SEARCH_LIMIT = 1_000_000;

/**
 * `yes`: progress is possible; `no`: every position reachable without progress was seen and none
 * offers any; `unknown`: there are more of them than the limit.
 */
export type ProgressVerdict = 'yes' | 'no' | 'unknown';

// Hash keys: one table per column with face-down cards (it keeps its place) and one shared by
// the others, indexed by the card's height in its column and the card.
const SLOTS = COLUMN_COUNT + 1;
const OPEN_SLOT = COLUMN_COUNT;
const HEIGHTS = 128;
const CARD_CODES = 64;
const KEYS = SLOTS * HEIGHTS * CARD_CODES;
// Made by the first search (`makeKeys`): a program that never searches never holds them.
let keyLo = new Uint32Array(0);
let keyHi = new Uint32Array(0);
/** Which rows of keys (one per slot and height) are worked out: done on first use. */
let rowFilled = new Uint8Array(0);

function makeKeys(): void {
  if (keyLo.length > 0) return;
  keyLo = new Uint32Array(KEYS);
  keyHi = new Uint32Array(KEYS);
  rowFilled = new Uint8Array(SLOTS * HEIGHTS);
}

/**
 * The index of the keys for a card at a height in a slot. Each key is a hash of its own index
 * (the same in every run, and whatever order rows are worked out in), so a row is worked out
 * only when a search first needs it: a start that decides a game's status needs a few rows, not
 * the 180,000 keys of them all.
 */
function keyIndex(slot: number, height: number, card: number): number {
  const row = slot * HEIGHTS + height;
  if (rowFilled[row] === 0) {
    rowFilled[row] = 1;
    for (let i = row * CARD_CODES; i < (row + 1) * CARD_CODES; i++) {
      keyLo[i] = spread(2 * i + 1);
      keyHi[i] = spread(2 * i + 2);
    }
  }
  return row * CARD_CODES + card;
}

/** A well-spread 32-bit number from a counter (a murmur3-style finaliser). */
function spread(n: number): number {
  let z = imul(n ^ 0x9e3779b9, 0x85ebca6b);
  z ^= z >>> 13;
  z = imul(z, 0xc2b2ae35);
  z ^= z >>> 16;
  z = imul(z, 0x27d4eb2f);
  return (z ^ (z >>> 15)) >>> 0;
}

/** Every column, as bits. */
const ALL_COLUMNS = (1 << COLUMN_COUNT) - 1;

// A column's own hash is a sum of keys (cheap to update card by card); before columns are added
// together it is mixed (`mixLo`, `mixHi`), so that which cards share a column counts, not just
// where each one is. A column with face-down cards mixes in its number too.

/**
 * The search, breadth first, so that progress a few moves away is found after few positions; and
 * resumable: `run` looks at up to a given number of further positions and returns the verdict, or
 * null when it needs more time. The game runs it in slices between keystrokes;
 * `progressPossible` runs it to the end.
 */
export class ProgressSearch {
  private readonly tableau: Tableau = {
    cards: new Uint8Array(COLUMN_COUNT * STRIDE),
    lengths: new Int32Array(COLUMN_COUNT),
    hidden: new Int32Array(COLUMN_COUNT),
  };
  private readonly slot = new Int32Array(COLUMN_COUNT);
  private readonly colLo = new Uint32Array(COLUMN_COUNT);
  private readonly colHi = new Uint32Array(COLUMN_COUNT);
  private readonly mixLo = new Uint32Array(COLUMN_COUNT);
  private readonly mixHi = new Uint32Array(COLUMN_COUNT);
  /** Each column's movable run, and the rank of its top card (0: empty). */
  private readonly runs = new Int32Array(COLUMN_COUNT);
  private readonly tops = new Int32Array(COLUMN_COUNT);
  /** For `expand`: the columns with each rank on top, as bits. */
  private readonly onTop = new Int32Array(KING + 2);
  private hashLo = 0;
  private hashHi = 0;
  private remixedLo = 0;
  private remixedHi = 0;
  private childLo = 0;
  private childHi = 0;
  private readonly seen = new HashSet64();
  private readonly queue: PositionQueue;
  private verdict: ProgressVerdict | null = null;

  constructor(
    private readonly position: Position,
    private readonly limit = PROGRESS_SEARCH_LIMIT,
  ) {
    const { cards, lengths, hidden } = this.tableau;
    let faceUp = 0;
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const column = position.columns[c];
      cards.set(column.cards, c * STRIDE);
      lengths[c] = column.cards.length;
      hidden[c] = column.hidden;
      this.slot[c] = column.hidden > 0 ? c : OPEN_SLOT;
      faceUp += column.cards.length - column.hidden;
    }
    this.queue = new PositionQueue(faceUp);
    // Most of the time a deal is allowed: nothing to search.
    if (checkDeal(position) === null || position.columns.some(hasCompleteSuitOnTop))
      this.verdict = 'yes';
    else {
      makeKeys();
      this.rehash(ALL_COLUMNS);
      this.seen.add(this.hashLo, this.hashHi, this.limit);
      this.queue.push(this.tableau, 0, 0, 0);
    }
  }

  /** Distinct positions looked at so far. */
  get positions(): number {
    return this.seen.size;
  }

  /** Moves tried so far: each makes a position and looks it up among those seen. */
  tried = 0;

  /** Looks at up to about `budget` more positions; the verdict, or null when not done yet. */
  run(budget = Infinity): ProgressVerdict | null {
    if (this.verdict) return this.verdict;
    const stop = this.seen.size + budget;
    while (this.queue.length > 0) {
      if (this.seen.size >= stop) return null;
      const made = this.queue.shift(this.tableau);
      this.rehash(this.queue.changed);
      const found = this.expand(made);
      if (found) return (this.verdict = found);
    }
    return (this.verdict = 'no');
  }

  /**
   * Works out the hashes of the current position from its cards, and each column's movable run
   * and top card, for the columns `changed`.
   */
  private rehash(changed: number): void {
    const lo = keyLo;
    const hi = keyHi;
    const { cards, lengths, hidden } = this.tableau;
    this.hashLo = 0;
    this.hashHi = 0;
    for (let c = 0; c < COLUMN_COUNT; c++) {
      if ((changed & (1 << c)) === 0) {
        this.hashLo = (this.hashLo + this.mixLo[c]) >>> 0;
        this.hashHi = (this.hashHi + this.mixHi[c]) >>> 0;
        continue;
      }
      const slot = this.slot[c];
      const base = c * STRIDE;
      let cLo = 0;
      let cHi = 0;
      for (let i = hidden[c]; i < lengths[c]; i++) {
        const k = keyIndex(slot, i, cards[base + i]);
        cLo = (cLo + lo[k]) >>> 0;
        cHi = (cHi + hi[k]) >>> 0;
      }
      this.colLo[c] = cLo;
      this.colHi[c] = cHi;
      this.remix(cLo, cHi, c);
      this.mixLo[c] = this.remixedLo;
      this.mixHi[c] = this.remixedHi;
      this.hashLo = (this.hashLo + this.remixedLo) >>> 0;
      this.hashHi = (this.hashHi + this.remixedHi) >>> 0;
      this.runs[c] = this.runLength(c);
      this.tops[c] = lengths[c] === 0 ? 0 : rankOf(cards[base + lengths[c] - 1]);
    }
  }

  /** Mixes a column's own hash (lo, hi) for column c, into `remixedLo` and `remixedHi`. */
  private remix(lo: number, hi: number, c: number): void {
    const salted = this.slot[c] === OPEN_SLOT ? lo : lo ^ imul(c + 1, 0x9e3779b1);
    const a = mixLo(salted, hi);
    this.remixedHi = mixHi(salted, hi, a);
    this.remixedLo = imul(a ^ (this.remixedHi >>> 13), 0x27d4eb2f) >>> 0;
  }

  /**
   * The hash of the position after moving the top `count` cards between columns, into
   * `childLo` and `childHi`, without moving them.
   */
  private hashAfter(from: number, to: number, count: number): void {
    const lo = keyLo;
    const hi = keyHi;
    const { cards, lengths } = this.tableau;
    const base = lengths[from] - count;
    const targetLength = lengths[to];
    let fLo = this.colLo[from];
    let fHi = this.colHi[from];
    let tLo = this.colLo[to];
    let tHi = this.colHi[to];
    const fromSlot = this.slot[from];
    const toSlot = this.slot[to];
    for (let j = 0; j < count; j++) {
      const card = cards[from * STRIDE + base + j];
      const out = keyIndex(fromSlot, base + j, card);
      const into = keyIndex(toSlot, targetLength + j, card);
      fLo = (fLo - lo[out]) >>> 0;
      fHi = (fHi - hi[out]) >>> 0;
      tLo = (tLo + lo[into]) >>> 0;
      tHi = (tHi + hi[into]) >>> 0;
    }
    let hashLo = this.hashLo - this.mixLo[from] - this.mixLo[to];
    let hashHi = this.hashHi - this.mixHi[from] - this.mixHi[to];
    this.remix(fLo, fHi, from);
    hashLo += this.remixedLo;
    hashHi += this.remixedHi;
    this.remix(tLo, tHi, to);
    this.childLo = (hashLo + this.remixedLo) >>> 0;
    this.childHi = (hashHi + this.remixedHi) >>> 0;
  }

  /**
   * Tries every move from the current position: 'yes' when one is progress (or a deal or a
   * removal is legal), 'unknown' when a new position would go past the limit; otherwise the new
   * positions wait in the queue and the answer is null. The moves are those of the rules
   * (`legalActions`), except that of several empty columns only the first is tried (the others
   * give the same position), and that the move back along `made` (the move that made this
   * position, as `shift` answers it) is not: it gives the position it came from, seen already.
   * That is one move in six, each a look-up in a set of up to a million positions.
   *
   * Nor is a move that could have been made before `made`: one onto a card, between two columns
   * that `made` did not touch, from a column left of the one `made` took cards from. Its position
   * is seen already, so looking it up would change nothing. Say `made` led from P to this position
   * and the move m is such a one. Then m was legal in P too (its two columns are as they were),
   * and P, trying moves from the left, came to m before `made`: P + m was in the set before this
   * position was, so it was taken from the queue and expanded before this one. Trying `made`
   * there (its columns too are as they were, and so is which move is progress) gave P + m +
   * `made`, the same cards as this position + m. Each of the moves not tried gives a position in
   * the set at that moment (by this same argument for a move skipped so, for a position expanded
   * earlier), so the search keeps the same positions in the same order and gives the same
   * verdicts: only fewer look-ups.
   */
  private expand(made: number): ProgressVerdict | null {
    const { cards, lengths, hidden } = this.tableau;
    if (this.dealAllowed()) return 'yes';
    // The columns `made` took cards from and put them on (none for the start).
    const madeFrom = made >> 8 === NO_MOVE ? -1 : Math.floor((made >> 8) / COLUMN_COUNT);
    const madeTo = made >> 8 === NO_MOVE ? -1 : (made >> 8) % COLUMN_COUNT;
    const { runs, tops, onTop } = this;
    let firstEmpty = -1;
    onTop.fill(0);
    for (let c = 0; c < COLUMN_COUNT; c++) {
      if (lengths[c] > 0) onTop[tops[c]] |= 1 << c;
      else if (firstEmpty < 0) firstEmpty = c;
    }
    for (let from = 0; from < COLUMN_COUNT; from++) {
      const run = runs[from];
      if (run === 0) continue;
      // A complete suit on top (keep-suits: a deal covered it, and a move uncovered it again)
      // can be removed.
      if (run >= SUIT_LENGTH) return 'yes';
      const top = from * STRIDE + lengths[from] - 1;
      const turns = hidden[from] > 0 ? lengths[from] - hidden[from] : 0; // moving that many turns a card
      // The run's ranks climb by one from the top card: each part of it fits on the columns
      // whose top card is one rank above its head; any part goes into the first empty column.
      let targets = firstEmpty < 0 ? 0 : 1 << firstEmpty;
      for (let k = 1; k <= run && tops[from] + k <= KING; k++) targets |= onTop[tops[from] + k];
      targets &= ~(1 << from);
      // In column order, as bits from the lowest.
      for (; targets !== 0; targets &= targets - 1) {
        const to = 31 - Math.clz32(targets & -targets);
        let count: number;
        let last: number;
        if (lengths[to] === 0) {
          count = 1;
          last = run; // any part of the run may go into an empty column
        } else {
          // Only one part of the run fits.
          const onto = cards[to * STRIDE + lengths[to] - 1];
          count = tops[to] - tops[from];
          last = count;
          // A run whose head lands on its own suit and reaches from king to ace is complete.
          if (continuesRun(onto, cards[top - count + 1]) && tops[from] === ACE) {
            if (runs[to] + count >= SUIT_LENGTH) return 'yes';
          }
          // Could have come before `made` (see above): its position is seen already.
          if (from < madeFrom && from !== madeTo && to !== madeFrom && to !== madeTo) {
            if (count !== turns) continue;
          }
        }
        // The move back: from where the last move put its cards to where they were, as many.
        const back = made >> 8 === to * COLUMN_COUNT + from ? made & 0xff : 0;
        for (; count <= last; count++) {
          if (count === turns) return 'yes';
          if (count === back) continue;
          this.hashAfter(from, to, count);
          this.tried++;
          const added = this.seen.add(this.childLo, this.childHi, this.limit);
          if (added === 'full') return 'unknown';
          if (added === 'new') this.queue.push(this.tableau, from, to, count);
        }
      }
    }
    return null;
  }

  /** The length of column c's movable run, as `movableRunLength` counts it. */
  private runLength(c: number): number {
    const { cards, lengths, hidden } = this.tableau;
    const base = c * STRIDE;
    let i = base + lengths[c] - 1;
    if (i < base + hidden[c]) return 0;
    while (i > base + hidden[c] && continuesRun(cards[i - 1], cards[i])) i--;
    return base + lengths[c] - i;
  }

  /** Whether the rules allow a deal now; asked of the rules themselves when the stock has one. */
  private dealAllowed(): boolean {
    const position = this.position;
    if (stockLeft(position) < DEAL_SIZE) return false;
    const { cards, lengths, hidden } = this.tableau;
    const columns: Column[] = [];
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const base = c * STRIDE;
      columns.push({
        cards: Array.from(cards.subarray(base, base + lengths[c])),
        hidden: hidden[c],
      });
    }
    return checkDeal({ ...position, columns }) === null;
  }
}

/** Whether progress can still be made from a position (docs/rules.md, "Lost"). */
export function progressPossible(
  position: Position,
  limit = PROGRESS_SEARCH_LIMIT,
): ProgressVerdict {
  return new ProgressSearch(position, limit).run() as ProgressVerdict;
}
