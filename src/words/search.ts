/**
 * The search's answers in words for the player: a hint and the fair player's choice on the
 * message line (docs/playing.md, "Hints"), and where a game went wrong (docs/solver.md, "Where it
 * went wrong"). The search returns values; the sentences are made here.
 */
import type { Action, MoveAction } from '../engine/actions';
import { apply, checkMove } from '../engine/apply';
import { type Card, cardLabel, SUIT_LENGTH, suitLabel, suitOf } from '../engine/cards';
import { continuesRun, movableRunLength, type Position } from '../engine/position';
import { formatAction } from '../notation/action';
import type { FairChoice } from '../search/fair';
import type { Hint, HintWhy } from '../search/hints';
import type { WhereLost, WhereLostProgress } from '../search/where-lost';
import { grouped } from '../notation/number';

/** The cards a move carries, as `7♠` or `J♥..9♥`, and where they go. */
function moveWords(
  position: Position,
  action: MoveAction,
  label: (card: Card) => string,
): { run: string; from: string; where: string } {
  const source = position.columns[action.from].cards;
  const target = position.columns[action.to].cards;
  const check = checkMove(position, action);
  const count = check.ok ? check.count : (action.count ?? 1);
  const head = source[source.length - count];
  const top = source[source.length - 1];
  return {
    run: count === 1 ? label(top) : `${label(head)}..${label(top)}`,
    from: `from column ${action.from + 1}`,
    where:
      target.length === 0
        ? `into empty column ${action.to + 1}`
        : `onto ${label(target[target.length - 1])} in column ${action.to + 1}`,
  };
}

function reason(
  position: Position,
  action: MoveAction,
  why: HintWhy,
  label: (card: Card) => string,
  ascii: boolean,
): string {
  switch (why.kind) {
    case 'builds-in-suit': {
      const source = position.columns[action.from].cards;
      const suit = suitLabel(suitOf(source[source.length - 1]), ascii);
      const built =
        why.length >= SUIT_LENGTH
          ? `completes the ${suit} suit`
          : why.length > 2
            ? `builds ${why.length === 8 || why.length === 11 ? 'an' : 'a'} ${why.length}-card run in suit`
            : 'builds in suit';
      if (why.also === 'turns-card') return `${built} and turns a card`;
      if (why.also === 'empties-column') return `${built} and empties column ${action.from + 1}`;
      return built;
    }
    case 'turns-card':
      return 'turns a card';
    case 'empties-column':
      return `empties column ${action.from + 1}`;
    case 'builds':
      return `uncovers ${label(why.uncovers)}`;
    case 'opens': {
      const after = apply(position, action);
      if (!after.ok) return 'opens a move';
      const next = moveWords(after.position, why.next, label);
      return `lets ${next.run} ${next.from} go ${next.where}`;
    }
    case 'fills-for-deal':
      return 'fills it so the stock can be dealt';
    case 'remove-suit':
    case 'deal':
      return '';
  }
}

/** Why a move is worth playing, in words: '' when the action needs no reason. */
export function whyWords(
  position: Position,
  action: MoveAction,
  why: HintWhy,
  ascii = false,
): string {
  return reason(position, action, why, (card) => cardLabel(card, ascii), ascii);
}

/**
 * An action as the message line words it, columns numbered 1..10 (`move J♥..9♥ from column 3
 * onto Q♥ in column 5`, `remove the complete ♠ suit from column 2`, `deal a new row from the
 * stock`), then its reasons, if any, after a colon.
 */
export function describeAction(
  position: Position,
  action: Action,
  reasons: readonly string[],
  ascii = false,
): string {
  const because = reasons.length > 0 ? `: ${reasons.join(', ')}` : '';
  switch (action.kind) {
    case 'deal':
      return `deal a new row from the stock${because}`;
    case 'remove': {
      const cards = position.columns[action.column].cards;
      const suit = suitLabel(suitOf(cards[cards.length - 1]), ascii);
      return `remove the complete ${suit} suit from column ${action.column + 1}${because}`;
    }
    case 'move': {
      const words = moveWords(position, action, (card) => cardLabel(card, ascii));
      return `move ${words.run} ${words.from} ${words.where}${because}`;
    }
  }
}

/** The hint as a short sentence for the message line, with columns numbered 1..10. */
export function describeHint(position: Position, hint: Hint, ascii = false): string {
  const { action, why } = hint;
  if (action.kind === 'deal' && (why.kind !== 'deal' || why.alone)) return 'deal: no better move';
  const because = action.kind === 'move' ? whyWords(position, action, why, ascii) : '';
  return describeAction(position, action, because ? [because] : [], ascii);
}

/*
 * The fair player's choice in words, for the hint on the message line (docs/playing.md, "Hints"):
 * the action as every hint words it, why (what the action itself does, and where its plan leads),
 * and the chance of winning when the player gives one.
 */

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
    return `You could still have won ${at(losing.number - 1)}; move ${losing.number}, ${formatAction(losing.action)}, lost it.`;
  const lost = high === null ? '' : `; after move ${high} it was lost`;
  if (low === null) {
    return high === null
      ? 'The solver could not tell whether this game could ever be won.'
      : `The solver could not tell whether the deal could be won${lost}.`;
  }
  const between = high === null ? 'after that' : 'in between';
  return `You could still have won ${at(low)}${lost}; the solver could not tell ${between}.`;
}

/** A count of positions, short: 950, 12,400, 380k, 1.2M. */
function positionCount(count: number): string {
  if (count < 100_000) return grouped(count);
  if (count < 1_000_000) return `${Math.round(count / 1000)}k`;
  return `${(count / 1_000_000).toFixed(1)}M`;
}

/**
 * How far the search for where the game went wrong has gone, for the player to see it work
 * (docs/solver.md, "Where it went wrong"): the position it looks at now, the positions of the
 * line looked at, the solver's positions and the time.
 */
export function whereLostProgressWords(progress: WhereLostProgress): string {
  const looked = progress.looked === 1 ? '1 move looked at' : `${progress.looked} moves looked at`;
  const now =
    progress.at === 0 ? 'at the deal' : `after move ${progress.at} of ${progress.actions}`;
  const seconds = Math.floor(progress.ms / 1000);
  return `Now ${now}: ${looked}, ${positionCount(progress.positions)} positions, ${seconds} s.`;
}
