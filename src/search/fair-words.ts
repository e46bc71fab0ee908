/**
 * The fair player's choice in words, for the hint on the message line (docs/playing.md, "Hints"):
 * the action as every hint words it, why (what the action itself does, and where its plan leads),
 * and the chance of winning when the player gives one.
 */
import type { Action, MoveAction } from '../engine/actions';
import { apply, checkMove } from '../engine/apply';
import { continuesRun, movableRunLength, type Position } from '../engine/position';
import type { FairChoice } from './fair';
import { describeAction, type HintWhy, whyWords } from './hints';

/**
 * The choice as a sentence: `move 9♥ from column 3 onto 10♥ in column 5: builds in suit; about
 * 40% to win`. With no action, `nothing worth doing`.
 */
export function describeFair(position: Position, choice: FairChoice, ascii = false): string {
  const { action, goal } = choice;
  const chance = choice.chance === null ? '' : `; ${chanceWords(choice.chance)} to win`;
  if (!action) return `nothing worth doing${chance}`;
  if (action.kind === 'deal' && goal === 'deal') return `deal: nothing better to do${chance}`;
  const why = action.kind === 'move' ? moveWhy(position, action) : null;
  const reasons = [
    why && action.kind === 'move' ? whyWords(position, action, why, ascii) : '',
    planWords(position, choice),
  ].filter(Boolean);
  return `${describeAction(position, action, reasons, ascii)}${chance}`;
}

/** A chance of winning in words: `about 40%`, and `under 1%` or `over 99%` at the ends. */
export function chanceWords(chance: number): string {
  const percent = Math.round(chance * 100);
  if (percent < 1) return 'under 1%';
  if (percent > 99) return 'over 99%';
  return `about ${percent}%`;
}

/**
 * What a move does by itself, in the hints' terms: builds in suit (and maybe turns a card or
 * empties its column), turns a card, empties its column, or uncovers a face-up card.
 */
function moveWhy(position: Position, action: MoveAction): HintWhy | null {
  const check = checkMove(position, action);
  if (!check.ok) return null;
  const source = position.columns[action.from];
  const target = position.columns[action.to];
  const start = source.cards.length - check.count;
  const also = start === 0 ? 'empties-column' : start === source.hidden ? 'turns-card' : null;
  const onto = target.cards[target.cards.length - 1];
  if (onto !== undefined && continuesRun(onto, source.cards[start]))
    return { kind: 'builds-in-suit', length: check.count + movableRunLength(target), also };
  if (also) return { kind: also };
  return { kind: 'builds', uncovers: source.cards[start - 1] };
}

/** Where the plan the action starts leads, when the action alone does not say it. */
function planWords(position: Position, choice: FairChoice): string {
  const { plan, goal } = choice;
  if (goal === 'win')
    return plan.length === 1 ? 'wins the game' : `on the way to a win in ${plan.length} actions`;
  if (plan.length < 2) return '';
  switch (goal) {
    case 'turn': {
      const column = turnedColumn(position, plan);
      return `on the way to turning a card${column < 0 ? '' : ` in column ${column + 1}`}`;
    }
    case 'deal':
      return 'on the way to a deal';
    case 'arrange':
      return `the first of ${plan.length} moves that tidy the face-up cards`;
    default:
      return '';
  }
}

/** The column where the plan's last action turns a card; -1 when it turns none. */
function turnedColumn(position: Position, plan: readonly Action[]): number {
  let before = position;
  for (const [i, action] of plan.entries()) {
    const outcome = apply(before, action);
    if (!outcome.ok) return -1;
    if (i === plan.length - 1) {
      const after = outcome.position.columns;
      return before.columns.findIndex((column, c) => after[c].hidden < column.hidden);
    }
    before = outcome.position;
  }
  return -1;
}
