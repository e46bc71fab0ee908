import type { Action } from './actions';
import {
  type Chunk,
  CHUNK_SIZE,
  codesOf,
  decodeAction,
  encodeAction,
  peek,
  pop,
  push,
  rememberedAfter,
} from './action-log';
import { apply, checkMove } from './apply';
import { type DealId, dealPosition, toDeal } from './deals';
import { type Position, totalHidden } from './position';
import type { Refusal } from './refusal';
import type { Rules } from './rules';
import { scores, type Scores } from './scores';
import { status, type Status, statusCarriesOver } from './status';

/**
 * A game: its rules and deal, the line of play kept, and the undo and redo stacks. Immutable;
 * every function returns a new game. The position is always rebuildable from deal, rules and
 * the actions kept.
 *
 * The history holds actions, not positions (a record may hold millions of actions): a position
 * every `CHUNK_SIZE` actions, and an undo far back replays the few actions since the nearest
 * one. The positions of the most recent actions are remembered (action-log.ts), so the undos
 * and redos of play give back the very same position objects.
 */
export interface Game {
  /** The deal: a seed, or another program's game number. */
  readonly deal: DealId;
  readonly rules: Rules;
  readonly start: Position;
  readonly position: Position;
  /** The line of play kept, as a compact stack (see action-log.ts); null when nothing is kept. */
  readonly played: Chunk | null;
  /** Number of actions in the line of play kept. */
  readonly kept: number;
  /** Undone actions, most recently undone on top; cleared by a new action. Null when none. */
  readonly undone: Chunk | null;
  readonly undoneCount: number;
  /** Actions counted for scoring: every move, deal, remove, undo and redo. */
  readonly actions: number;
  /**
   * Undos that took back a turned card or a deal, restarts after cards were seen (xpat2's cheat
   * count), and answers of the solver shown (docs/playing.md, "Peeks").
   */
  readonly peeks: number;
  /**
   * The solver played an action of this game (the demo): a win is then won with help, which the
   * statistics count apart and never take for a record (docs/rules.md, "Won with help"). Kept through
   * undo, redo and restart, and in the save.
   */
  readonly helped: boolean;
}

export type GameOutcome =
  { readonly ok: true; readonly game: Game } | { readonly ok: false; readonly refusal: Refusal };

/** A game at its deal: a deal by scheme, or a seed string. */
export function newGame(deal: DealId | string, rules: Rules): Game {
  const id = toDeal(deal);
  const start = dealPosition(id, rules);
  return {
    deal: id,
    rules,
    start,
    position: start,
    played: null,
    kept: 0,
    undone: null,
    undoneCount: 0,
    actions: 0,
    peeks: 0,
    helped: false,
  };
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

/**
 * A line of play from `from` as it is best written down (docs/records.md, "Move notation
 * and game records"): each move whose count `F-T` would choose anyway loses it. From an action the
 * rules refuse on, the rest stays as given.
 */
export function writtenLine(from: Position, line: readonly Action[]): Action[] {
  const written: Action[] = [];
  let position = from;
  for (const [i, action] of line.entries()) {
    const outcome = apply(position, action);
    if (!outcome.ok) return [...written, ...line.slice(i)];
    written.push(canonical(position, action));
    position = outcome.position;
  }
  return written;
}

/** The same game at another point of its history; one object shape for every game (fast property access). */
function withHistory(
  game: Game,
  position: Position,
  played: Chunk | null,
  kept: number,
  undone: Chunk | null,
  undoneCount: number,
  actions: number,
  peeks: number,
): Game {
  return {
    deal: game.deal,
    rules: game.rules,
    start: game.start,
    position,
    played,
    kept,
    undone,
    undoneCount,
    actions,
    peeks,
    helped: game.helped,
  };
}

/** Plays an action; a new action clears the redo stack. */
export function play(game: Game, action: Action): GameOutcome {
  const outcome = apply(game.position, action);
  if (!outcome.ok) return outcome;
  statusCarriesOver(game.position, outcome.position);
  const code = encodeAction(canonical(game.position, action));
  const played = push(game.played, game.kept, code, game.position, outcome.position);
  return {
    ok: true,
    game: withHistory(
      game,
      outcome.position,
      played,
      game.kept + 1,
      null,
      0,
      game.actions + 1,
      game.peeks,
    ),
  };
}

/**
 * The position after the first `kept` actions of a line whose top chunk is `top`: remembered,
 * or replayed from the chunk's checkpoint (every action there was legal from the very same
 * position).
 */
function positionAt(game: Game, top: Chunk | null, kept: number): Position {
  if (top === null) return game.start;
  const remembered = rememberedAfter(top, kept - 1);
  if (remembered !== undefined) return remembered;
  let position = top.checkpoint ?? game.start;
  for (let i = top.base; i < kept; i++) {
    const outcome = apply(position, decodeAction(top.codes[i - top.base]));
    if (outcome.ok) position = outcome.position;
  }
  return position;
}

/** Whether taking back this action shows the player something they could not have known. */
function revealed(code: number, before: Position, after: Position): boolean {
  return decodeAction(code).kind === 'deal' || totalHidden(after) < totalHidden(before);
}

export function undo(game: Game): GameOutcome {
  const last = game.played;
  if (last === null) return { ok: false, refusal: { why: 'nothing-to-undo' } };
  const code = peek(last, game.kept);
  const played = pop(last, game.kept);
  const before = positionAt(game, played, game.kept - 1);
  const peeks = game.peeks + (revealed(code, before, game.position) ? 1 : 0);
  return {
    ok: true,
    game: withHistory(
      game,
      before,
      played,
      game.kept - 1,
      push(game.undone, game.undoneCount, code, null, game.position),
      game.undoneCount + 1,
      game.actions + 1,
      peeks,
    ),
  };
}

export function redo(game: Game): GameOutcome {
  const next = game.undone;
  if (next === null) return { ok: false, refusal: { why: 'nothing-to-redo' } };
  const code = peek(next, game.undoneCount);
  let after = rememberedAfter(next, game.undoneCount - 1);
  if (after === undefined) {
    const outcome = apply(game.position, decodeAction(code));
    if (!outcome.ok) return outcome; // cannot happen: it was played from this very position
    after = outcome.position;
  }
  return {
    ok: true,
    game: withHistory(
      game,
      after,
      push(game.played, game.kept, code, game.position, after),
      game.kept + 1,
      pop(next, game.undoneCount),
      game.undoneCount - 1,
      game.actions + 1,
      game.peeks,
    ),
  };
}

/**
 * The same game with one more peek: the player was shown something the face-down cards decide,
 * such as the solver's answer (docs/playing.md, "Peeks"). Nothing else changes.
 */
export function countPeek(game: Game): Game {
  return withHistory(
    game,
    game.position,
    game.played,
    game.kept,
    game.undone,
    game.undoneCount,
    game.actions,
    game.peeks + 1,
  );
}

/** The same game marked as played with help: the solver played an action of it (the demo). */
export function markHelped(game: Game): Game {
  return game.helped ? game : { ...game, helped: true };
}

/**
 * Back to the deal with the same seed and rules. The action count starts again; the peek count
 * is kept, plus one when the line taken back had revealed cards, since the player has now seen
 * them. Undone actions are not counted again: their undo was already counted as a peek.
 */
export function restart(game: Game): Game {
  // No action turns a card face down, so the line kept revealed cards exactly when fewer are
  // hidden now than at the deal, or when it dealt.
  const peeked =
    totalHidden(game.position) < totalHidden(game.start) || game.position.dealt > game.start.dealt;
  return withHistory(game, game.start, null, 0, null, 0, 0, game.peeks + (peeked ? 1 : 0));
}

/** The line of play kept, oldest first: what a game record holds. */
export function actionsKept(game: Game): Action[] {
  return Array.from(codesOf(game.played, game.kept), decodeAction);
}

/** Number of actions in the line of play kept. */
export function movesKept(game: Game): number {
  return game.kept;
}

/**
 * Whether anything was done in the game: an action played or undone, or a peek (a restart keeps
 * the peeks). Such a game is worth keeping, and counts as abandoned when given up
 * (docs/saves.md, "Saved games and statistics"); a deal nobody touched counts in nothing.
 */
export function touched(game: Game): boolean {
  return game.played !== null || game.undone !== null || game.peeks > 0;
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
  return replayRange(game, actions, 0, actions.length);
}

/** `replay` of `actions[from..to)`, without a game object per action: a record may hold millions. */
function replayRange(
  game: Game,
  actions: readonly Action[],
  from: number,
  to: number,
): { readonly game: Game; readonly failure?: ReplayFailure } {
  let position = game.position;
  let played = game.played;
  let kept = game.kept;
  let failure: ReplayFailure | undefined;
  for (let index = from; index < to; index++) {
    const outcome = apply(position, actions[index]);
    if (!outcome.ok) {
      failure = { index, refusal: outcome.refusal };
      break;
    }
    const code = encodeAction(canonical(position, actions[index]));
    played = push(played, kept, code, position, outcome.position);
    kept++;
    position = outcome.position;
  }
  const count = kept - game.kept;
  const replayed =
    count === 0
      ? game
      : withHistory(game, position, played, kept, null, 0, game.actions + count, game.peeks);
  return failure ? { game: replayed, failure } : { game: replayed };
}

/** The undone actions (the redo stack), in the order they were played: what `redo` replays next first. */
export function actionsUndone(game: Game): Action[] {
  return Array.from(codesOf(game.undone, game.undoneCount), decodeAction).reverse();
}

/** What a saved game holds besides its deal and rules. */
export interface SavedLine {
  /** The line of play kept, then the undone actions in the order they were played. */
  readonly actions: readonly Action[];
  /** How many of the last actions are undone (the redo stack). */
  readonly undone: number;
  readonly actionCount: number;
  readonly peeks: number;
  /** The solver played an action of it (`Game.helped`); false when not given. */
  readonly helped?: boolean;
}

/**
 * Rebuilds a saved game by playing its actions from the deal through the rules, so a saved
 * file can never create a position the rules do not reach. Counters that cannot be right are
 * raised to the least they can be (every action played counts at least once).
 */
export function restoreGame(
  deal: DealId | string,
  rules: Rules,
  saved: SavedLine,
): { readonly game: Game; readonly failure?: ReplayFailure } {
  const all = saved.actions;
  const undone = Math.min(Math.max(0, Math.floor(saved.undone)), all.length);
  const keptCount = all.length - undone;
  const replayed = replayRange(newGame(deal, rules), all, 0, keptCount);
  if (replayed.failure) return replayed;
  const game = replayed.game;
  // The undone actions must be legal too: played on from the line kept, then stacked for redo
  // (an undo of each would replay the line again and again).
  const codes = new Uint16Array(undone);
  const after: Position[] = []; // for the undone actions on top, which redo remembers
  let position = game.position;
  for (let i = 0; i < undone; i++) {
    const action = all[keptCount + i];
    const outcome = apply(position, action);
    if (!outcome.ok) {
      const upTo = replayRange(game, all, keptCount, keptCount + i).game;
      return { game: upTo, failure: { index: keptCount + i, refusal: outcome.refusal } };
    }
    codes[i] = encodeAction(canonical(position, action));
    position = outcome.position;
    if (i < 2 * CHUNK_SIZE) after.push(position);
  }
  let redoStack: Chunk | null = null;
  for (let i = undone - 1; i >= 0; i--) {
    redoStack = push(redoStack, undone - 1 - i, codes[i], null, after[i]);
  }
  const actions = Math.max(all.length + undone, Math.floor(saved.actionCount) || 0);
  const peeks = Math.max(0, Math.floor(saved.peeks) || 0);
  const restored = withHistory(
    game,
    game.position,
    game.played,
    game.kept,
    redoStack,
    undone,
    actions,
    peeks,
  );
  return { game: saved.helped === true ? markHelped(restored) : restored };
}
