import { SUIT_LENGTH } from './cards';
import { PROGRESS_SEARCH_LIMIT, ProgressSearch } from './progress';
import { hasCompleteSuitOnTop, type Position, stockLeft } from './position';

/** Where a game stands. */
export type Status = 'playing' | 'won' | 'lost';

/** Suits in a complete game. */
export const SUITS_TO_WIN = 8;

/**
 * Won: all 8 suits removed; or, with keep-suits, the stock is empty and every column is either
 * empty or exactly the 13 cards of one complete suit.
 */
export function isWon(position: Position): boolean {
  if (position.foundations.length === SUITS_TO_WIN) return true;
  if (!position.rules.keepSuits || stockLeft(position) > 0) return false;
  return position.columns.every(
    (column) =>
      column.cards.length === 0 ||
      (column.cards.length === SUIT_LENGTH && hasCompleteSuitOnTop(column)),
  );
}

// Statuses worked out so far. Positions never change, so an answer stays true; and the game
// asks again for the same positions (the layout on every paint, the save, undo and redo).
const known = new WeakMap<Position, Status>();
// Searches under way, so that a caller that must have the answer now finishes the one the game
// started in the background instead of starting over.
const underWay = new WeakMap<Position, StatusSearch>();

/**
 * Works out a position's status, a slice at a time: `step` looks at up to `budget` more
 * positions and returns the status once it is known. The game runs it between keystrokes.
 */
export class StatusSearch {
  private search: ProgressSearch | null;
  private result: Status | null;

  constructor(
    readonly position: Position,
    limit = PROGRESS_SEARCH_LIMIT,
    /** Whether `status` may finish this search rather than start its own. */
    share = true,
  ) {
    this.result = known.get(position) ?? (isWon(position) ? 'won' : null);
    this.search = this.result === null ? new ProgressSearch(position, limit) : null;
    if (this.search && share && limit === PROGRESS_SEARCH_LIMIT) underWay.set(position, this);
  }

  /** Gives the search up and lets its memory go; `step` answers null from now on. */
  cancel(): void {
    if (underWay.get(this.position) === this) underWay.delete(this.position);
    this.search = null;
  }

  /** Positions the search has looked at so far. */
  get positions(): number {
    return this.search?.positions ?? 0;
  }

  /**
   * Steps `slice` positions at a time for as long as `goOn` says so, for a caller with a clock or
   * a cancel of its own: the status, or null when `goOn` stopped it first or the search was given
   * up elsewhere (it no longer moves).
   */
  settle(slice: number, goOn: () => boolean): Status | null {
    for (;;) {
      const before = this.positions;
      const found = this.step(slice);
      if (found !== null || this.positions === before || !goOn()) return found;
    }
  }

  step(budget = Infinity): Status | null {
    if (this.result !== null || this.search === null) return this.result;
    const verdict = this.search.run(budget);
    if (verdict === null) return null;
    // Beyond the limit the game counts as playing (docs/rules.md, "Lost").
    this.result = verdict === 'no' ? 'lost' : 'playing';
    known.set(this.position, this.result);
    underWay.delete(this.position);
    return this.result;
  }
}

/**
 * Won, lost or playing (docs/rules.md, "Lost"): lost when no progress (a card turned, a deal, a
 * suit removed) can be reached from the position any more, which a search of up to
 * `PROGRESS_SEARCH_LIMIT` positions decides. Usually settled at a glance; see `statusWithin`
 * for callers that cannot wait.
 */
export function status(position: Position): Status {
  return statusSearch(position).step() as Status;
}

/**
 * The search that settles `status(position)`: the one under way if there is one, so that a
 * caller that steps it a slice at a time (within a time of its own) shares its work.
 */
export function statusSearch(position: Position): StatusSearch {
  return underWay.get(position) ?? new StatusSearch(position);
}

/** Positions a caller that must answer at once may afford to look at (a millisecond or so). */
export const QUICK_STATUS_LIMIT = 200;

/**
 * Positions a start looks at before its first frame (docs/rules.md, "Lost"): there the search's
 * code runs for the first time, not yet compiled to machine code, and 200 positions cost several
 * milliseconds. A game opened with the question still open is settled in the background.
 */
export const OPENING_STATUS_LIMIT = 20;

/**
 * Positions a printed position's status may take (docs/records.md, "Headless commands"): a
 * fraction of a second, where the game's own limit takes seconds. A status not decided within it
 * is printed as `playing`, and said to be undecided.
 */
export const PRINTED_STATUS_LIMIT = 50_000;

/** The status if it is known already or takes no more than `budget` positions to settle. */
export function statusWithin(position: Position, budget = QUICK_STATUS_LIMIT): Status | null {
  const result = known.get(position);
  if (result !== undefined) return result;
  // The start, the screen and the save all ask the same quick question of a new position.
  if (budget <= (unsettled.get(position) ?? -1)) return null;
  const found = new StatusSearch(position, PROGRESS_SEARCH_LIMIT, false).step(budget);
  if (found === null) unsettled.set(position, budget);
  return found;
}

// Positions a quick look did not settle, with the largest number of positions it looked at.
const unsettled = new WeakMap<Position, number>();

/**
 * After a legal action: a lost position only leads to lost ones (every action from it is no
 * progress, so what can be reached from the next is a part of what could be reached from it).
 */
export function statusCarriesOver(before: Position, after: Position): void {
  if (known.get(before) === 'lost' && !known.has(after)) known.set(after, 'lost');
}
