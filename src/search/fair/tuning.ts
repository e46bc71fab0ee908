/**
 * The fair player's constants (docs/solver.md, "The fair player"): fixed for play, by the number of
 * suits; the benchmark may try others to compare them.
 */
import type { SuitCount } from '../../engine/cards';
import type { Rules } from '../../engine/rules';

/**
 * The player's constants, with `FAIR_TUNING_BY_SUITS` over them. Fixed for play; the benchmark
 * may try others to compare them.
 */
export interface FairTuning {
  /** Worlds sampled. */
  readonly worlds: number;
  /** Arrangements reachable without turning a card, looked at most. */
  readonly nodes: number;
  /** Uncertain actions rated at most: the best turns by a first look, and the best deals. */
  readonly turns: number;
  readonly deals: number;
  /**
   * How many ways to turn each column are kept first among the turns rated (the best of them if
   * they are more than `turns`), before the best of the rest; 0: the best by a first look,
   * whichever columns they turn.
   */
  readonly turnSpread: number;
  /** The follow-up after an uncertain action: positions kept per move, and moves. */
  readonly followWidth: number;
  readonly followDepth: number;
  /** How much worse than the best arrangement a turn may look and still come before a deal. */
  readonly turnCost: number;
  /**
   * With the stock dealt: worlds the solver plays out, positions it may look at in each, and how
   * many of them it must win for their vote to decide.
   */
  readonly solved: number;
  readonly solvedPositions: number;
  readonly solvedVotes: number;
  /**
   * With the stock dealt, the tally in place of the vote when not 0: the best ways to turn a
   * column (one per column) it tries, each in `solved` worlds, and the positions the solver may
   * look at after each.
   */
  readonly tallied: number;
  readonly talliedPositions: number;
  /** With the tally, 1: step 2 rates no turn first, and the tally has its time. */
  readonly talliedAlone: number;
  /**
   * With the stock dealt, the rollout in place of the vote when not 0: the best ways to turn a
   * column (one per column) it tries, each played on to the end by a greedy player (`Roller` in
   * `roll.ts`) in `rolledWorlds` worlds. With `rolledEarly` 1, before the stock is dealt too.
   */
  readonly rolled: number;
  readonly rolledWorlds: number;
  readonly rolledEarly: number;
  /**
   * The measure's weights (1,000 in `value`): a face-down card, a card that follows the rank
   * but not the suit of the card below it, an empty column (`measureOf` in `look.ts`).
   * And what a column is worth, less, once it has cards but none of them face down.
   */
  readonly hiddenWeight: number;
  readonly offSuitWeight: number;
  readonly emptyWeight: number;
  readonly clearWeight: number;
  /**
   * What each face-up card lying on face-down ones costs, more: to reach those cards it must all
   * be moved away.
   */
  readonly coverWeight: number;
  /**
   * 1: a column's deepest card counts in the measure (as a king, or as fitting on another top)
   * only when it is face up; 0: in a world, a face-down one counts too, as the solver's does.
   */
  readonly baseSeen: number;
}

export const FAIR_TUNING: FairTuning = {
  worlds: 32,
  nodes: 3_000,
  turns: 48,
  deals: 8,
  turnSpread: 0,
  followWidth: 8,
  followDepth: 8,
  turnCost: 1_500,
  solved: 12,
  solvedPositions: 60_000,
  solvedVotes: 3,
  tallied: 0,
  talliedPositions: 10_000,
  talliedAlone: 0,
  rolled: 0,
  rolledWorlds: 32,
  rolledEarly: 0,
  hiddenWeight: 1_000,
  offSuitWeight: 1_000,
  emptyWeight: 1_000,
  clearWeight: 0,
  coverWeight: 0,
  baseSeen: 0,
};

/** The constants that are switches: 1 on, 0 off. */
export const FAIR_SWITCHES: readonly (keyof FairTuning)[] = [
  'talliedAlone',
  'rolledEarly',
  'baseSeen',
];

/**
 * What changes with the number of suits (docs/solver.md, "The fair player"). With 2 and 4 suits the
 * follow-up looks 12 moves deep: compared side by side on games no one tuned on, that won 28 more
 * of 400 with 2 suits and 21 more of 600 with 4. With 4 suits step 2 rates the 96 best turns, not
 * 48: 17 more of 500. With 1 suit 12 moves deep wins no more; there a face-down card counts as one
 * and a half breaks in a run, which won 14 more of 500.
 */
export const FAIR_TUNING_BY_SUITS: Readonly<Record<SuitCount, Partial<FairTuning>>> = {
  1: { hiddenWeight: 1_500 },
  2: { followDepth: 12 },
  4: { followDepth: 12, turns: 96 },
};

/** The player's constants for a game of `rules`, with `given` (the benchmark's) over them. */
export function fairTuning(rules: Rules, given: Partial<FairTuning> = {}): FairTuning {
  return { ...FAIR_TUNING, ...FAIR_TUNING_BY_SUITS[rules.suits], ...given };
}
