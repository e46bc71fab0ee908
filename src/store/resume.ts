/**
 * Which saved game a start resumes, records or lets go (docs/measurements.md, "Start-up"):
 * decisions on what the saves' headers and games say, and on what the player asked for. Nothing
 * here reads or writes a file; `session-open.ts` acts on what these decide.
 */
import { type DealId, type Rules, sameDeal, type Status } from '../engine';
import type { SaveHeader } from '../notation/save';
import type { Outcome } from '../stats/result';

/** What the player asked for at the start. */
export interface Wanted {
  /** The rules for a new game. */
  readonly rules: Rules;
  /** Only the rule options the player gave: a game is resumed only if it matches them. */
  readonly explicitRules: Partial<Rules>;
  /** A deal asked for (`--seed` or `--deal`). */
  readonly deal?: DealId;
  /** --new: a new game even if one could be resumed. */
  readonly fresh: boolean;
  /** A game continued from a record file. */
  readonly loaded: boolean;
  /** The save asked for (`spider resume`): that game, or none (docs/saves.md, "Your saved games"). */
  readonly slot?: string;
}

/** Whether `rules` are those the player asked for, where they asked. */
export function matches(rules: Rules, wanted: Partial<Rules>): boolean {
  return (Object.keys(wanted) as (keyof Rules)[]).every((key) => wanted[key] === rules[key]);
}

/**
 * The saves of the deal asked for, with the same rules: that game goes on rather than a new one
 * of the deal. Null when no deal is asked for, or a new game is (--new, or a file to continue).
 */
export function sameDealWanted(wanted: Wanted): ((header: SaveHeader) => boolean) | null {
  const deal = wanted.deal;
  if (deal === undefined || wanted.fresh || wanted.loaded) return null;
  return (header) => sameDeal(header.deal, deal) && matches(header.rules, wanted.rules);
}

/** The saves a start may resume when no deal of theirs is asked for: those of the rules named. */
export function rulesWanted(wanted: Wanted): (header: SaveHeader) => boolean {
  return (header) => matches(header.rules, wanted.explicitRules);
}

/** What becomes of an unfinished game a start chose, once its moves are replayed. */
export type Choice =
  /** Its moves say it is over (its header said otherwise): recorded so, with its save's time. */
  | { readonly kind: 'record'; readonly outcome: Exclude<Status, 'playing'> }
  /** Played on: the start resumes it. */
  | { readonly kind: 'resume' };

/**
 * Whether the start deals a new game (a deal asked for, --new, a file to continue): then it
 * resumes only the game of the deal asked for, and every other unfinished game stays saved as it
 * is (docs/saves.md, "Saved games and statistics").
 */
export function newGameAsked(wanted: Wanted): boolean {
  return wanted.deal !== undefined || wanted.fresh || wanted.loaded;
}

/**
 * Decides what becomes of `candidate`, the unfinished game a start chose: the most recent one
 * `wanted` allows, or the game of the deal asked for. `status`: its status as far as it is known
 * at a glance (a status that takes a search is decided by the game once it is on screen,
 * docs/rules.md, "Lost").
 */
export function choose(candidate: { readonly status: Status | null }): Choice {
  if (candidate.status !== null && candidate.status !== 'playing')
    return { kind: 'record', outcome: candidate.status };
  return { kind: 'resume' };
}

/**
 * What becomes of a game that waits only for the statistics, once its moves are replayed: its
 * moves decide, not a header edited by hand. A game whose moves can be played on goes back among
 * the unfinished ones, unless it was given up.
 */
export function settle(
  status: Status,
  abandoned: boolean,
): { readonly kind: 'play-on' } | { readonly kind: 'record'; readonly outcome: Outcome } {
  if (status === 'playing' && !abandoned) return { kind: 'play-on' };
  return { kind: 'record', outcome: status !== 'playing' ? status : 'abandoned' };
}

/** Why a start deals a new game, when the player may wonder why none was resumed. */
export type NewGameWhy =
  /** The game of the deal asked for is open in another session. */
  | 'deal-elsewhere'
  /** Every unfinished game is open in another session. */
  | 'others-elsewhere'
  | null;

/**
 * Why a new game is dealt, for a player who may wonder: `elsewhere` holds the headers of the
 * games open in other sessions, `inUse` how many there are.
 */
export function whyNewGame(
  wanted: Wanted,
  elsewhere: readonly SaveHeader[],
  inUse: number,
): NewGameWhy {
  const same = sameDealWanted({ ...wanted, loaded: false });
  const unfinished = (header: SaveHeader): boolean =>
    header.status !== 'won' && header.status !== 'lost' && !header.abandoned;
  if (same !== null && elsewhere.some((header) => same(header) && unfinished(header)))
    return 'deal-elsewhere';
  const latest = !wanted.fresh && wanted.deal === undefined && wanted.slot === undefined;
  if (inUse > 0 && latest) return 'others-elsewhere';
  return null;
}
