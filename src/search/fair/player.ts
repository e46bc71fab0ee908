/**
 * The fair player (docs/playing.md, "Hints"): chooses an action from what the player sees, and
 * nothing else: the face-up cards, how many cards are face down in each column, how many are left
 * in the stock, and the removed suits; hence which cards are still unseen. Pure: no I/O; time comes
 * from the clock it is given.
 *
 * How it decides (what it sees, and the worlds it samples, are in `view.ts`):
 * 1. It looks at every arrangement it can reach with moves that turn no card (breadth first, up
 *    to `FAIR_TUNING.nodes` of them; `Known` in `look.ts`). Those moves are certain: nothing
 *    unseen decides where they lead.
 * 2. From those arrangements, the actions that show something new (a move that turns a card, a
 *    deal) are the uncertain ones: the best by a first look (with `turnSpread`, the best ways to
 *    turn each column first). It samples `worlds` arrangements of the unseen cards that fit
 *    what is visible, plays each such action in each world, and rates where it leads after a
 *    short beam search by moves (cards they turn are the world's; `Follow` in `follow.ts`).
 *    Every action is rated in the same worlds.
 * 3. It chooses the best: an arrangement better than the present one, a card to turn, or a deal
 *    when nothing else is worth doing; and answers the first action of the way there.
 * 4. With the stock dealt and cards face down, the solver plays out worlds first, and the column
 *    that most of the lines it wins turn first is the one turned (`solvedVote` in `vote.ts`).
 *    Or, with `tallied`, the solver plays each of the best ways to turn a column in the same
 *    worlds, and the way won in most is played (`tallyWays`; with `talliedAlone`, step 2 rates
 *    no turn first, and the tally has its time); with `rolled`, a greedy player plays them on
 *    instead of the solver (`rollWays`).
 * The worlds are drawn from the seed and the unseen cards only, so they stay the same between
 * two turns of a card: the plan does not wander while the player arranges the face-up cards.
 */
import type { Action } from '../../engine/actions';
import { Board, DEAL_CODE } from '../../engine/board';
import { winChance } from '../chance';
import { solve } from '../solver';
import { sampleWorld, type View, worldsRandom } from '../view';
import type { FairBudget, FairChoice, FairGoal } from './choice';
import { Follow } from './follow';
import { type Chance, Known, measureOf } from './look';
import { fairTuning } from './tuning';
import { bestWays, mostWon, rollWays, shownBy, solvedVote, spreadTurns, tallyWays } from './vote';

/** How many times more arrangements each further look keeps (two further looks at most). */
const DEEPER = 8;
/** A little for each action of a plan, so that of two equal plans the shorter one wins. */
const PER_ACTION = 1;

/** Chooses an action for the player who sees `view`. */
export function fairChoice(view: View, budget: FairBudget = {}): FairChoice {
  const now = budget.now ?? Date.now;
  const started = now();
  const deadline = started + (budget.timeMs ?? 1_000);
  const cancelled = budget.cancelled ?? (() => false);
  /** Whether the time or a cancel stopped any of the thinking: the answer then depends on it. */
  let cut = false;
  let over = false;
  /**
   * True once the time is up or the thinking is cancelled: what is left of it is skipped. A
   * world of the vote stopped by its share of the time marks the answer cut, but stops nothing.
   */
  const out = (): boolean => {
    over ||= now() >= deadline || cancelled();
    cut ||= over;
    return over;
  };
  const random = worldsRandom(view, budget.seed ?? 'fair');
  const t = fairTuning(view.rules, budget.tuning);
  const wanted = Math.max(1, t.worlds);
  const draw = budget.draw ?? sampleWorld;
  const first = draw(view, random);
  const answer = (
    plan: Action[],
    goal: FairGoal,
    worlds: number,
    positions: number,
  ): FairChoice => ({
    action: plan[0] ?? null,
    plan,
    goal: plan.length > 0 ? goal : null,
    chance: winChance(view),
    worlds,
    positions,
    ms: now() - started,
    cut,
  });
  if (view.stockLeft === 0 && view.columns.every((column) => column.hidden === 0)) {
    // Nothing is hidden: the solver sees no more than the player does.
    const found = solve(first, {
      timeMs: Math.max(1, deadline - now()),
      cancelled,
      now,
      prove: false,
    });
    if (found.result === 'won') return answer([...found.line], 'win', 1, found.positions);
    out(); // the solver may have stopped for the time
  }
  // With the stock dealt and cards face down, the solver plays out worlds, and those it wins vote
  // for the column to turn; or, with the tally or the rollout, each way to turn is played out in
  // the same worlds once step 2 has found them, by the solver or by a greedy player
  // (docs/solver.md, "The fair player").
  const endgame = view.stockLeft === 0 && view.columns.some((column) => column.hidden > 0);
  const clock = { now, cancelled, out, deadline, stopped: () => (cut = true) };
  const voted =
    endgame && t.tallied === 0 && t.rolled === 0
      ? solvedVote(view, first, random, t, clock, draw)
      : null;

  // 1. Arrangements reachable by moves that turn no card. With the stock dealt, when none of
  // those kept leads to a turn, the player would give up: it looks further first, while it has
  // time (docs/solver.md, "The fair player").
  let board = new Board(first);
  const rateBy = measureOf(t);
  let known = new Known(board, t.nodes, rateBy);
  known.explore(out);
  for (
    let limit = t.nodes * DEEPER;
    view.stockLeft === 0 && known.full && known.turns.length === 0 && known.won < 0;
    limit *= DEEPER
  ) {
    if (limit > t.nodes * DEEPER ** 2 || out()) break;
    board = new Board(first);
    known = new Known(board, limit, rateBy);
    known.explore(out);
  }
  const { values, depth } = known;
  if (known.won >= 0) return answer(known.planTo(known.won), 'win', 0, known.positions);
  let arranged = 0;
  for (let node = 1; node < values.length; node++) {
    const better = values[node] - values[arranged] - PER_ACTION * (depth[node] - depth[arranged]);
    if (better > 0) arranged = node;
  }
  if (known.deals.length === 0) known.fillForDeal(arranged);

  // 2. The uncertain actions, rated in the same worlds, a world at a time.
  const byPrior = (a: Chance, b: Chance) => b.prior - a.prior || a.node - b.node;
  const chances = [
    ...spreadTurns(known.turns.sort(byPrior), t.turns, t.turnSpread),
    ...known.deals.sort(byPrior).slice(0, t.deals),
  ];
  let worlds = 0;
  let positions = known.positions;
  const follow = new Follow(t);
  // With the tally alone in the endgame, its solver judges the turns: no follow-up rates them.
  const tallying = endgame && t.tallied > 0 && t.talliedAlone > 0 && t.rolled === 0;
  while (!tallying && worlds < wanted && chances.length > 0) {
    if (worlds > 0 && out()) break;
    const world = worlds === 0 ? board : new Board(draw(view, random));
    const sums = chances.map((chance) => {
      world.restore(known.records, chance.node * Board.RECORD);
      world.play(chance.code);
      return follow.rate(world);
    });
    if (worlds > 0 && cancelled()) {
      cut = true; // a world half rated is not used
      break;
    }
    positions += follow.positions;
    follow.positions = 0;
    chances.forEach((chance, i) => (chance.sum += sums[i]));
    worlds++;
  }

  // 3. The best plan. The best arrangement reachable (the present one included) is the
  // measure: a turn that beats it; else the way to it; else, where the player stands, a turn
  // that costs little, a deal, or any turn at all. Values do not depend on where the player
  // stands, so the plan stays the same as its moves are played.
  const rate = (chance: Chance) =>
    (worlds > 0 ? chance.sum / worlds : chance.prior) - PER_ACTION * (depth[chance.node] + 1);
  const bestOf = (group: Chance[], floor: number): Chance | null => {
    let found: Chance | null = null;
    let best = floor;
    for (const chance of group) {
      const rated = rate(chance);
      if (rated > best) {
        best = rated;
        found = chance;
      }
    }
    return found;
  };
  const turning = chances.filter((chance) => chance.code !== DEAL_CODE);
  const dealing = chances.filter((chance) => chance.code === DEAL_CODE);
  if (voted) {
    // The best way found to turn the column voted for; else the line most often found for it.
    const ways = turning.filter((chance) => shownBy(chance.code) === voted.shows);
    const way = bestOf(ways, -Infinity);
    if (way) return answer(known.planTo(way.node, way.code), 'turn', worlds, positions);
    return answer(voted.line, voted.goal, voted.worlds, voted.positions + positions);
  }
  const judging = t.rolled > 0 ? t.rolled : t.tallied;
  if ((endgame || (t.rolled > 0 && t.rolledEarly > 0)) && judging > 0) {
    const ways = bestWays(turning, rate, judging);
    const planOf = (chance: Chance) => known.planTo(chance.node, chance.code);
    const plans = ways.map(planOf);
    const judged =
      t.rolled > 0
        ? rollWays(view, random, plans, t, clock, draw)
        : tallyWays(view, random, plans, t, clock, draw);
    positions += judged.positions;
    const way = mostWon(ways, judged.won);
    if (way) return answer(planOf(way), 'turn', worlds, positions);
  }
  const measure = values[arranged] - PER_ACTION * depth[arranged];
  const chosen =
    bestOf(turning, measure) ??
    (arranged === 0
      ? (bestOf(turning, measure - t.turnCost) ??
        bestOf(dealing, -Infinity) ??
        bestOf(turning, -Infinity))
      : null);
  if (!chosen) return answer(known.planTo(arranged), 'arrange', worlds, positions);
  const goal = chosen.code === DEAL_CODE ? 'deal' : 'turn';
  return answer(known.planTo(chosen.node, chosen.code), goal, worlds, positions);
}
