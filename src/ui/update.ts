/**
 * What the controller hands back for each command, and the small pieces it builds one from:
 * messages, an unchanged or amended state, and the state after the game changed (a completed
 * suit, a win, or a lost game: see docs/playing.md, "Playing"; docs/rules.md, "Lost").
 */
import { actionsKept, type Game, hasCompleteSuitOnTop, statusWithin, suitLabel } from '../engine';
import { formatAction } from '../notation';
import { planGoesOn } from '../search';
import type { Confirm, Message, Overlay, UiState } from './state';

/** What the adapter must do besides drawing the new state. */
export type Effect =
  | 'quit'
  | 'redraw'
  | 'suspend'
  | 'write'
  | 'stats'
  /** The daily board, or the name it needs first. */
  | 'board'
  /** The new-game panel asks for the deal it shows to be searched for (daily, winnable). */
  | 'find-deal'
  /** The new-game panel asks for the player's saved games. */
  | 'saves'
  /** The list of saved games asks to play the game at its cursor. */
  | 'switch-save'
  /** The list of saved games asks to give up the game at its cursor. */
  | 'give-up'
  /** The record panel's text goes to the terminal's clipboard. */
  | 'copy'
  | null;

export interface Update {
  readonly state: UiState;
  readonly effect: Effect;
}

/** A reason from the engine as a sentence: capital first letter, full stop. */
export const sentence = (text: string): string =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
export const info = (text: string): Message => ({ text, kind: 'info' });
export const error = (text: string): Message => ({ text, kind: 'error' });
export const same = (state: UiState): Update => ({ state, effect: null });
export const withState = (state: UiState, changes: Partial<UiState>): Update => ({
  state: { ...state, ...changes },
  effect: null,
});

/**
 * A yes/no question put before `confirm`: it takes the message line's place, and what arrives
 * while it waits (a solver's answer) is shown once it is answered by going on (`confirmed`).
 */
export const askFirst = (state: UiState, confirm: Confirm): Update =>
  withState(state, { confirm, message: null });

/** What the message line says when the game is lost (docs/rules.md, "Lost"). */
export const LOST_TEXT =
  'Lost: no move can turn a card, deal or complete a suit any more. u undoes, R restarts this deal, n starts a new game.';

/** The rest of the plan the fair player hinted, when `game` played its first action. */
function planAhead(state: UiState, game: Game): UiState['planAhead'] {
  const fair = state.hints?.fair;
  if (fair === undefined || fair === null || fair === 'failed') return null;
  const choice = planGoesOn(fair, state.game.position, game.position);
  return choice && { position: game.position, choice };
}

/**
 * The game's line of play as text to compare: the actions it keeps. The screen's state is of one
 * deal and its rules (a new game or a resumed one starts it afresh), so they need no place in it.
 */
export function lineOf(game: Game): string {
  return actionsKept(game).map(formatAction).join(' ');
}

/** The lost panel for `game`: with where it went wrong when the solver said so of this line. */
export function lostPanel(state: UiState, game: Game): Overlay {
  const answer = state.whereAnswer;
  return answer !== undefined && answer.kept === game.kept && answer.line === lineOf(game)
    ? { kind: 'lost', wrong: answer.text }
    : { kind: 'lost' };
}

/** What the message line says of a win: one with help is not the player's (docs/rules.md, "Won with help"). */
function wonText(game: Game): string {
  return game.helped
    ? 'Won with help: the solver played, so no record is set. n for a new game.'
    : 'You won! n for a new game.';
}

/**
 * The state after an action, an undo or a redo changed the game: selection, hints and any
 * question for the solver are dropped; the message is `message`, or else what the change brought
 * (completed suits removed, a complete suit waiting for x); a win or a lost game shows its panel.
 */
export function afterChange(state: UiState, game: Game, message: Message | null): Update {
  const before = state.game.position.foundations.length;
  const removed = game.position.foundations.slice(before);
  let text = message;
  if (!text && removed.length > 0) {
    const suits = removed.map((s) => suitLabel(s, state.theme.ascii)).join(' ');
    text = info(`Complete suit${removed.length > 1 ? 's' : ''} ${suits} removed.`);
  }
  const complete = game.position.columns.findIndex(hasCompleteSuitOnTop);
  if (!text && complete >= 0 && game.rules.keepSuits) {
    text = info(`Column ${complete + 1} holds a complete suit: x removes it.`);
  }
  // Settled at once when that is quick; otherwise the game loop decides it in the background.
  const status = statusWithin(game.position);
  const next: UiState = {
    ...state,
    game,
    status,
    selection: null,
    hints: null,
    planAhead: planAhead(state, game),
    press: null,
    solver: null,
    overlay: status === 'won' ? { kind: 'won' } : status === 'lost' ? lostPanel(state, game) : null,
    message:
      status === 'lost'
        ? error(LOST_TEXT)
        : status === 'won'
          ? { text: wonText(game), kind: 'win' }
          : text,
  };
  return same(next);
}
