import type { Action } from './actions';
import { apply, checkMove } from './apply';
import { dealPosition } from './deal';
import { type Position, totalHidden } from './position';
import type { Refusal } from './refusal';
import type { Rules } from './rules';
import { scores, type Scores } from './scores';
import { status, type Status } from './status';

/** One action played, with the positions on both sides so undo and redo need no replay. */
interface Played {
  readonly action: Action;
  readonly before: Position;
  readonly after: Position;
  readonly prev: Played | null;
}

/**
 * A game: its rules and seed, the line of play kept, and the undo and redo stacks. Immutable;
 * every function returns a new game. The position is always rebuildable from seed, rules and
 * the actions kept.
 */
export interface Game {
  readonly seed: string;
  readonly rules: Rules;
  readonly start: Position;
  readonly position: Position;
  /** The line of play kept, most recent first (a persistent stack). */
  readonly played: Played | null;
  /** Undone actions, most recently undone first; cleared by a new action. */
  readonly undone: Played | null;
  /** Actions counted for scoring: every move, deal, remove, undo and redo. */
  readonly actions: number;
  /** Undos that took back a turned card or a deal, and restarts after cards were seen (xpat2's cheat count). */
  readonly peeks: number;
}

export type GameOutcome =
  { readonly ok: true; readonly game: Game } | { readonly ok: false; readonly refusal: Refusal };

export function newGame(seed: string, rules: Rules): Game {
  const start = dealPosition(seed, rules);
  return { seed, rules, start, position: start, played: null, undone: null, actions: 0, peeks: 0 };
}

/**
 * The action as it is best written down: a move whose explicit count is what `F-T` would choose
 * anyway loses the count, so records stay short.
 */
function canonical(position: Position, action: Action): Action {
  if (action.kind !== 'move' || action.count === undefined) return action;
  const auto = checkMove(position, { kind: 'move', from: action.from, to: action.to });
  return auto.ok && auto.count === action.count
    ? { kind: 'move', from: action.from, to: action.to }
    : action;
}

/** The same game at another point of its history; one object shape for every game (fast property access). */
function withHistory(
  game: Game,
  position: Position,
  played: Played | null,
  undone: Played | null,
  actions: number,
  peeks: number,
): Game {
  return {
    seed: game.seed,
    rules: game.rules,
    start: game.start,
    position,
    played,
    undone,
    actions,
    peeks,
  };
}

/** Plays an action; a new action clears the redo stack. */
export function play(game: Game, action: Action): GameOutcome {
  const outcome = apply(game.position, action);
  if (!outcome.ok) return outcome;
  const played: Played = {
    action: canonical(game.position, action),
    before: game.position,
    after: outcome.position,
    prev: game.played,
  };
  return {
    ok: true,
    game: withHistory(game, outcome.position, played, null, game.actions + 1, game.peeks),
  };
}

/** Whether taking back this action shows the player something they could not have known. */
function revealed(step: Played): boolean {
  return step.action.kind === 'deal' || totalHidden(step.after) < totalHidden(step.before);
}

export function undo(game: Game): GameOutcome {
  const last = game.played;
  if (!last) return { ok: false, refusal: { why: 'nothing-to-undo' } };
  const undone: Played = {
    action: last.action,
    before: last.before,
    after: last.after,
    prev: game.undone,
  };
  const peeks = game.peeks + (revealed(last) ? 1 : 0);
  return {
    ok: true,
    game: withHistory(game, last.before, last.prev, undone, game.actions + 1, peeks),
  };
}

export function redo(game: Game): GameOutcome {
  const next = game.undone;
  if (!next) return { ok: false, refusal: { why: 'nothing-to-redo' } };
  const played: Played = {
    action: next.action,
    before: next.before,
    after: next.after,
    prev: game.played,
  };
  return {
    ok: true,
    game: withHistory(game, next.after, played, next.prev, game.actions + 1, game.peeks),
  };
}

function anyRevealed(steps: Played | null): boolean {
  for (let s = steps; s; s = s.prev) if (revealed(s)) return true;
  return false;
}

/**
 * Back to the deal with the same seed and rules. The action count starts again; the peek count
 * is kept, plus one when the line taken back had revealed cards, since the player has now seen
 * them. Undone actions are not counted again: their undo was already counted as a peek.
 */
export function restart(game: Game): Game {
  const peeked = anyRevealed(game.played);
  return withHistory(game, game.start, null, null, 0, game.peeks + (peeked ? 1 : 0));
}

/** The line of play kept, oldest first: what a game record holds. */
export function actionsKept(game: Game): Action[] {
  const actions: Action[] = [];
  for (let s = game.played; s; s = s.prev) actions.push(s.action);
  return actions.reverse();
}

/** Number of actions in the line of play kept. */
export function movesKept(game: Game): number {
  let n = 0;
  for (let s = game.played; s; s = s.prev) n++;
  return n;
}

export function canUndo(game: Game): boolean {
  return game.played !== null;
}

export function canRedo(game: Game): boolean {
  return game.undone !== null;
}

export function gameStatus(game: Game): Status {
  return status(game.position);
}

export function gameScores(game: Game): Scores {
  return scores(game.position, game.actions);
}

/** Where replaying a line of play stopped: the 0-based index of the refused action and why. */
export interface ReplayFailure {
  readonly index: number;
  readonly refusal: Refusal;
}

/** Plays actions in order; stops at the first illegal one and returns the game up to it. */
export function replay(
  game: Game,
  actions: readonly Action[],
): { readonly game: Game; readonly failure?: ReplayFailure } {
  let current = game;
  for (let index = 0; index < actions.length; index++) {
    const outcome = play(current, actions[index]);
    if (!outcome.ok) return { game: current, failure: { index, refusal: outcome.refusal } };
    current = outcome.game;
  }
  return { game: current };
}

/** The undone actions (the redo stack), in the order they were played: what `redo` replays next first. */
export function actionsUndone(game: Game): Action[] {
  const actions: Action[] = [];
  for (let s = game.undone; s; s = s.prev) actions.push(s.action);
  return actions;
}

/** What a saved game holds besides its seed and rules. */
export interface SavedLine {
  /** The line of play kept, then the undone actions in the order they were played. */
  readonly actions: readonly Action[];
  /** How many of the last actions are undone (the redo stack). */
  readonly undone: number;
  readonly actionCount: number;
  readonly peeks: number;
}

/**
 * Rebuilds a saved game by playing its actions from the deal through the rules, so a saved
 * file can never create a position the rules do not reach. Counters that cannot be right are
 * raised to the least they can be (every action played counts at least once).
 */
export function restoreGame(
  seed: string,
  rules: Rules,
  saved: SavedLine,
): { readonly game: Game; readonly failure?: ReplayFailure } {
  const replayed = replay(newGame(seed, rules), saved.actions);
  if (replayed.failure) return replayed;
  let game = replayed.game;
  const undone = Math.min(Math.max(0, Math.floor(saved.undone)), saved.actions.length);
  for (let i = 0; i < undone; i++) {
    const outcome = undo(game);
    if (outcome.ok) game = outcome.game;
  }
  const actions = Math.max(saved.actions.length + undone, Math.floor(saved.actionCount) || 0);
  const peeks = Math.max(0, Math.floor(saved.peeks) || 0);
  return { game: withHistory(game, game.position, game.played, game.undone, actions, peeks) };
}
