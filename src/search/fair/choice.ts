/**
 * What the fair player is given and what it answers (docs/playing.md, "Hints"): its budget, its
 * choice and the plan the choice starts, which the player follows on while its moves are certain.
 */
import type { Action } from '../../engine/actions';
import { apply } from '../../engine/apply';
import { positionHash } from '../../engine/hash';
import type { Position } from '../../engine/position';
import type { Draw } from '../view';
import type { FairTuning } from './tuning';

export interface FairBudget {
  /** Milliseconds to think at most (default 1,000). */
  readonly timeMs?: number;
  /** The seed of the worlds sampled (default 'fair'). */
  readonly seed?: string;
  /** Asked now and then: true stops the thinking (the best choice so far is answered). */
  readonly cancelled?: () => boolean;
  /** The clock, in milliseconds (default `Date.now`). */
  readonly now?: () => number;
  /** Constants other than the player's own, to compare them (the benchmark). */
  readonly tuning?: Partial<FairTuning>;
  /**
   * How the worlds are drawn (default `sampleWorld`). Only the benchmark sets it, to measure
   * what seeing the hidden cards would be worth (docs/measurements.md, "What was measured"); play
   * never does.
   */
  readonly draw?: Draw;
}

/** What the chosen action leads to. */
export type FairGoal =
  /** The game is won by the plan's moves, which turn no card. */
  | 'win'
  /** A better arrangement of the face-up cards. */
  | 'arrange'
  /** A card turned face up (by the plan's last move). */
  | 'turn'
  /** A deal from the stock (the plan's last action). */
  | 'deal';

export interface FairChoice {
  /** The action to play now; null when nothing is worth doing (the player would resign). */
  readonly action: Action | null;
  /** The plan the action starts: moves that turn no card, then maybe a turn or a deal. */
  readonly plan: readonly Action[];
  readonly goal: FairGoal | null;
  /** The estimated chance of winning from here, 0 to 1, when there is one. */
  readonly chance: number | null;
  /** Worlds every uncertain action was rated in. */
  readonly worlds: number;
  /** Positions looked at. */
  readonly positions: number;
  readonly ms: number;
  /**
   * Whether the time (or a cancel) stopped the thinking before it was done. Only then can the
   * answer differ from one run to another: the work done depends on how fast the machine was.
   */
  readonly cut: boolean;
}

/**
 * The rest of `choice`'s plan once its first action has been played from `from`, reaching `to`:
 * its moves are certain until its last (docs/playing.md, "Hints"), so the player follows it as
 * `spider autoplay` does, where asking afresh at each step could turn back and forth between two
 * plans of the same worth. Null when the plan is done, or `to` is not where its first action leads.
 */
export function planGoesOn(
  choice: FairChoice | null,
  from: Position,
  to: Position,
): FairChoice | null {
  if (choice === null || choice.plan.length < 2) return null;
  const played = apply(from, choice.plan[0]);
  if (!played.ok) return null;
  const [expected, reached] = [positionHash(played.position), positionHash(to)];
  if (expected.lo !== reached.lo || expected.hi !== reached.hi) return null;
  const plan = choice.plan.slice(1);
  return { ...choice, action: plan[0], plan, positions: 0, ms: 0, cut: false };
}
