import type { WhereLost } from '../search/where-lost';

/** "move 87", or "the deal" for the position before any move. */
const at = (after: number) => (after === 0 ? 'at the deal' : `after move ${after}`);

/**
 * Where a game went wrong, in one or two sentences for the player (docs/solver.md, "Where
 * it went wrong"). Moves are the actions of the record counted from 1, deals included, as the
 * status line's move count and `spider replay` count them.
 */
export function whereLostSentence(found: WhereLost): string {
  const { lastWinnable: low, firstLost: high, losing } = found;
  if (found.end === 'won') return 'You won: the game could be won all along.';
  if (found.end === 'winnable')
    return found.actions === 0
      ? 'The deal can be won: the solver found a way.'
      : `You can still win from here (after move ${found.actions}): the solver found a way.`;
  if (high === 0) return 'This deal could not be won: no line of play wins it from the start.';
  if (losing !== null)
    return `You could still have won ${at(losing.number - 1)}; move ${losing.number}, ${losing.token}, lost it.`;
  const lost = high === null ? '' : `; after move ${high} it was lost`;
  if (low === null) {
    return high === null
      ? 'The solver could not tell whether this game could ever be won.'
      : `The solver could not tell whether the deal could be won${lost}.`;
  }
  const between = high === null ? 'after that' : 'in between';
  return `You could still have won ${at(low)}${lost}; the solver could not tell ${between}.`;
}
