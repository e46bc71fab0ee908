/**
 * The best place for a run (README, "Playing"): where the cards of a column go when the player
 * chooses that column twice. Advice from what the player sees, like the hints.
 */
import type { MoveAction } from '../engine/actions';
import { legalActions } from '../engine/apply';
import { continuesRun, type Position } from '../engine/position';

/**
 * The best place for a column's run when its column is chosen twice: onto a card of the same
 * suit first, then onto any card, then into an empty column; more cards before fewer.
 */
export function bestMoveFrom(position: Position, from: number, count?: number): MoveAction | null {
  let best: MoveAction | null = null;
  let bestScore = -Infinity;
  const source = position.columns[from];
  for (const action of legalActions(position)) {
    if (action.kind !== 'move' || action.from !== from) continue;
    const moved = action.count ?? 0;
    if (count !== undefined && moved !== count) continue;
    const target = position.columns[action.to].cards;
    const head = source.cards[source.cards.length - moved];
    let score = moved;
    if (target.length > 0) score += continuesRun(target[target.length - 1], head) ? 3000 : 2000;
    else if (moved < source.cards.length) score += 1000; // an empty column is worth using only if it uncovers something
    if (score > bestScore) {
      best = action;
      bestScore = score;
    }
  }
  return best;
}
