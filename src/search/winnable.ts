/**
 * Winnable deals (docs/deals.md, "Winnable deals"): from the deal asked for, the first deal of a
 * fixed sequence that the solver wins within a fixed budget of positions. The budget counts
 * positions, never time, so the same start gives the same deal on every machine (for one version of
 * the solver). Pure: the caller says what to show while it searches.
 */
import {
  type Action,
  apply,
  type DealId,
  dealPosition,
  isWon,
  type Rules,
  SCHEMES,
} from '../engine';
import { solve } from './solver';

/**
 * Positions the solver may search per candidate deal. Measured (docs/deals.md, "Winnable deals"):
 * one to two seconds on a 2-core machine; it wins about three 4-suit deals in four, and nearly
 * every 2- and 1-suit deal.
 */
export const WINNABLE_POSITIONS = 500_000;

/** Candidates tried at most before the search gives up and says so. */
export const MAX_CANDIDATES = 100;

/** A seed that is a decimal number without leading zeros: its sequence counts up. */
const DECIMAL = /^(0|[1-9][0-9]*)$/;

/**
 * Candidate `index` (from 0) of the sequence starting at `from`, or null when the sequence has
 * ended (the name would not be a valid deal). Candidate 0 is `from` itself. A numbered deal or a
 * decimal seed counts up: N, N+1, N+2, ...; any other seed S goes S, S/1, S/2, ...
 */
export function candidateDeal(from: DealId, index: number): DealId | null {
  const { scheme, key } = from;
  const counted = scheme !== 'seed' || DECIMAL.test(key);
  const next = counted
    ? String(BigInt(key) + BigInt(index))
    : index === 0
      ? key
      : `${key}/${index}`;
  return SCHEMES[scheme].check(next) === null ? { scheme, key: next } : null;
}

/** What the search tells its caller as it goes. */
export interface WinnableProgress {
  /** A candidate is about to be searched. */
  trying?(deal: DealId, index: number): void;
  /** A candidate was searched: won or not within the budget. */
  searched?(deal: DealId, index: number, won: boolean, ms: number): void;
}

export type WinnableSearch =
  | {
      readonly found: true;
      /** The deal to play, its origin saying where the sequence started. */
      readonly deal: DealId;
      /** Candidates searched and not won before it. */
      readonly skipped: readonly DealId[];
      /** The solver's winning line for it. */
      readonly line: readonly Action[];
      /** Positions searched, over every candidate. */
      readonly positions: number;
    }
  | {
      readonly found: false;
      readonly skipped: readonly DealId[];
      /** Why no deal was found: every candidate allowed was tried, or the sequence ended. */
      readonly why: 'tried-all' | 'sequence-ended' | 'stopped';
    };

export interface WinnableOptions extends WinnableProgress {
  /** Positions per candidate (default WINNABLE_POSITIONS; tests measure with smaller ones). */
  readonly positions?: number;
  /** Candidates tried at most (default MAX_CANDIDATES). */
  readonly candidates?: number;
  /** The daily deal's date, recorded in the origin. */
  readonly daily?: string;
  /** The clock for the progress times (default Date.now). */
  readonly now?: () => number;
  /**
   * Whether to give up (a search no longer wanted, or out of time): looked at while it searches.
   * A search given up answers `stopped`, and keeps nothing in the cache.
   */
  readonly stop?: () => boolean;
}

/**
 * Where the daily deal's sequence starts for a date: the seed `YYYY-MM-DD` of the local date
 * (docs/deals.md, "The daily deal"), so everyone gets the same deal that day, offline.
 */
export function dailyStart(date: Date): { readonly from: DealId; readonly daily: string } {
  const two = (n: number) => String(n).padStart(2, '0');
  const daily = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return { from: { scheme: 'seed', key: daily }, daily };
}

/** Whether the solver wins the deal within `positions`: the test every candidate faces. */
export function wonWithin(deal: DealId, rules: Rules, positions = WINNABLE_POSITIONS): boolean {
  return solve(dealPosition(deal, rules), { timeMs: Infinity, positions }).result === 'won';
}

/** The first deal from `from` on that the solver wins within the budget. */
export function findWinnable(
  from: DealId,
  rules: Rules,
  options: WinnableOptions = {},
): WinnableSearch {
  const start = { scheme: from.scheme, key: from.key };
  const budget = options.positions ?? WINNABLE_POSITIONS;
  const now = options.now ?? Date.now;
  const skipped: DealId[] = [];
  let positions = 0;
  for (let index = 0; index < (options.candidates ?? MAX_CANDIDATES); index++) {
    const deal = candidateDeal(start, index);
    if (deal === null) return { found: false, skipped, why: 'sequence-ended' };
    options.trying?.(deal, index);
    const began = now();
    const stop = options.stop;
    const solved = solve(dealPosition(deal, rules), {
      timeMs: Infinity,
      positions: budget,
      ...(stop ? { cancelled: stop } : {}),
    });
    // A search cut short says nothing of the deal: it is not counted as lost.
    if (stop?.()) return { found: false, skipped, why: 'stopped' };
    positions += solved.positions;
    const won = solved.result === 'won';
    options.searched?.(deal, index, won, now() - began);
    if (won) {
      const origin =
        options.daily === undefined ? { from: start } : { from: start, daily: options.daily };
      return { found: true, deal: { ...deal, origin }, skipped, line: solved.line, positions };
    }
    skipped.push(deal);
  }
  return { found: false, skipped, why: 'tried-all' };
}

/**
 * Where deals found winnable are kept between runs, so that the same request is answered at once
 * the next time. Never needed: a cache that cannot read or keep an entry answers null, or keeps
 * nothing, and the search simply runs.
 */
export interface WinnableCache {
  /** The last deal kept for `key` (its key in its scheme) and its winning line; null if none. */
  get(key: string): { readonly deal: string; readonly line: readonly Action[] } | null;
  put(key: string, deal: string, line: readonly Action[]): void;
}

/** A winnable deal asked for: from where the sequence starts, by which rules. */
export interface WinnableRequest {
  readonly from: DealId;
  readonly rules: Rules;
  /** The daily deal's date, when it is the daily deal that is asked for. */
  readonly daily?: string;
  /** The program's version: another version's solver may win other deals. */
  readonly version: string;
}

export type WinnableChoice =
  | {
      readonly chosen: true;
      readonly deal: DealId;
      /** Whether it was found by a search now (else it was in the cache). */
      readonly searched: boolean;
    }
  | {
      readonly chosen: false;
      /** Candidates searched and not won. */
      readonly tries: number;
      readonly why: 'tried-all' | 'sequence-ended' | 'stopped';
    };

/**
 * What a cache entry is kept under: the program's version, the budget, the rules and where the
 * sequence starts.
 */
export function winnableKey(request: WinnableRequest): string {
  const { from, version } = request;
  const { suits, relaxed, keepSuits } = request.rules;
  return (
    `spider ${version}; ${WINNABLE_POSITIONS} positions; ` +
    `suits ${suits}, relaxed ${relaxed}, keep-suits ${keepSuits}; from ${from.scheme}:${from.key}`
  );
}

/** Whether the line wins the deal by the rules: a cache entry is trusted only then. */
export function winsBy(deal: DealId, rules: Rules, line: readonly Action[]): boolean {
  let position = dealPosition(deal, rules);
  for (const action of line) {
    const outcome = apply(position, action);
    if (!outcome.ok) return false;
    position = outcome.position;
  }
  return isWon(position);
}

/**
 * The deal a request asks for (docs/deals.md, "Winnable deals"): from the cache when it was found
 * before (its winning line played through the rules again), else searched for, `progress`
 * told of each candidate, and kept in the cache once found.
 */
export function chooseWinnable(
  request: WinnableRequest,
  cache: WinnableCache,
  progress: WinnableProgress & { starting?(): void; stop?: () => boolean } = {},
): WinnableChoice {
  const { from, rules, daily } = request;
  const key = winnableKey(request);
  const cached = cache.get(key);
  if (cached !== null && SCHEMES[from.scheme].check(cached.deal) === null) {
    const deal = { scheme: from.scheme, key: cached.deal };
    const origin = daily === undefined ? { from } : { from, daily };
    if (winsBy(deal, rules, cached.line))
      return { chosen: true, deal: { ...deal, origin }, searched: false };
  }
  progress.starting?.();
  const found = findWinnable(from, rules, {
    ...(daily === undefined ? {} : { daily }),
    ...(progress.trying ? { trying: progress.trying } : {}),
    ...(progress.searched ? { searched: progress.searched } : {}),
    ...(progress.stop ? { stop: progress.stop } : {}),
  });
  if (!found.found) return { chosen: false, tries: found.skipped.length, why: found.why };
  cache.put(key, found.deal.key, found.line);
  return { chosen: true, deal: found.deal, searched: true };
}
