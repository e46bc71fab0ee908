import type { SuitCount } from './cards';

/**
 * When a deal is allowed while a column is empty (xpat2's relaxed-deal level, and 3 for the
 * programs that always allow it: KPat, SerenityOS, PySolFC's "Relaxed Spider").
 */
export type RelaxedLevel = 0 | 1 | 2 | 3;

export const RELAXED_LEVELS: readonly RelaxedLevel[] = [0, 1, 2, 3];

/** The rule variant a game is played under; fixed for the whole game. */
export interface Rules {
  /** 1, 2 or 4 different suits in the deck. */
  readonly suits: SuitCount;
  /** 0: no deal while a column is empty; 1 and 2: see `checkDeal`; 3: always a deal. */
  readonly relaxed: RelaxedLevel;
  /** Completed suits stay in the tableau until removed with an explicit remove action. */
  readonly keepSuits: boolean;
}

export const DEFAULT_RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
