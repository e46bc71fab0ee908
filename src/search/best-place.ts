/**
 * The best place for a run (docs/playing.md, "Playing"): where the cards of a column go when the
 * player chooses that column twice. Advice from what the player sees, like the hints.
 */
import type { MoveAction } from '../engine/actions';
import { legalActions } from '../engine/apply';
import { continuesRun, movableRunLength, type Position } from '../engine/position';

/**
 * The best place for the cards picked up from a column when it is chosen twice: its whole
 * movable run, or `count` cards when the player chose how many. Onto a card of the same suit
 * first, then onto any card, then into an empty column, but only where that leaves something
 * behind: a whole column moved into an empty one changes nothing. Null where they go nowhere:
 * part of the run is never sent instead, which would move cards the player did not pick up.
 */
export function bestMoveFrom(position: Position, from: number, count?: number): MoveAction | null {
  const source = position.columns[from];
  const moving = count ?? movableRunLength(source);
  let best: MoveAction | null = null;
  let bestScore = -1;
  for (const action of legalActions(position)) {
    if (action.kind !== 'move' || action.from !== from || action.count !== moving) continue;
    const target = position.columns[action.to].cards;
    const head = source.cards[source.cards.length - moving];
    let score: number;
    if (target.length > 0) score = continuesRun(target[target.length - 1], head) ? 2 : 1;
    else if (moving < source.cards.length) score = 0;
    else continue;
    if (score > bestScore) {
      best = action;
      bestScore = score;
    }
  }
  return best;
}
