/**
 * Cards picked up and put down (docs/playing.md, "Playing"): a column's key or a click picks up its
 * run (or the hinted part of it), Up and Down pick up more or fewer, a second column puts them down
 * there, the same column again sends them to the best place; a drag does the same with the mouse.
 * Pure, as the controller that calls it.
 */
import { type Action, explain, movableRunLength, type MoveAction, play } from '../engine';
import { bestMoveFrom } from '../search';
import { hintOnScreen } from './questions';
import type { Selection, UiState } from './state';
import { afterChange, error, info, same, sentence, type Update, withState } from './update';

/** Plays an action and describes the outcome: completed suits, a win, or no move left. */
export function act(state: UiState, action: Action): Update {
  const outcome = play(state.game, action);
  if (!outcome.ok) {
    // The cards go back: the next two keys are a new move, not a retry of this one.
    const reason = explain(outcome.refusal, state.theme.ascii);
    const text =
      state.selection === null ? sentence(reason) : `${sentence(reason)} The cards go back.`;
    return withState(state, { message: error(text), selection: null, press: null });
  }
  return afterChange(state, outcome.game, null);
}

/** Picks up `count` cards of a column (its whole movable run when not given), or says why not. */
function pickUp(state: UiState, column: number, count?: number): Update {
  const source = state.game.position.columns[column];
  const run = movableRunLength(source);
  if (run === 0)
    return withState(state, {
      message: error(`Column ${column + 1} is empty: nothing to pick up.`),
      focus: column,
    });
  const chosen = count === undefined ? run : Math.min(run, Math.max(1, count));
  return withState(state, {
    selection: { column, count: chosen, explicit: count !== undefined },
    focus: column,
    message: null,
  });
}

export const NOTHING_PICKED_UP = 'Nothing is picked up: a column key picks up its run.';

/** Up: one more card of the run picked up, or why not. */
export function pickUpMore(state: UiState, selection: Selection): Update {
  const run = movableRunLength(state.game.position.columns[selection.column]);
  if (selection.count < run) return pickUp(state, selection.column, selection.count + 1);
  const cards = run === 1 ? '1 card' : `${run} cards`;
  return withState(state, {
    message: info(`Column ${selection.column + 1} can move ${cards} together: all are picked up.`),
  });
}

/** Down: one card fewer picked up, or why not. */
export function pickUpFewer(state: UiState, selection: Selection): Update {
  if (selection.count > 1) return pickUp(state, selection.column, selection.count - 1);
  return withState(state, {
    message: info('One card is the fewest to pick up; Esc puts it back.'),
  });
}

/**
 * How many cards a column key picks up: the part of the run that the hint on the message line
 * moves from that column, if it moves only part (docs/playing.md, "Playing"); else the whole run.
 */
function hintedPart(state: UiState, column: number): number | undefined {
  const hinted = hintOnScreen(state);
  if (hinted?.kind !== 'move' || hinted.from !== column || hinted.count === undefined)
    return undefined;
  const run = movableRunLength(state.game.position.columns[column]);
  return hinted.count < run ? hinted.count : undefined;
}

/**
 * Picks up a column's run, whichever way it was asked for (its key, `Up` or `Enter` on it, a
 * click on its number): just the hinted part while such a hint is on the message line.
 */
export function pickUpRun(state: UiState, column: number): Update {
  return pickUp(state, column, hintedPart(state, column));
}

/** A column chosen by key or click: pick up, put down, or (same column) send to the best place. */
export function chooseColumn(state: UiState, column: number): Update {
  const selection = state.selection;
  if (!selection) return pickUpRun(state, column);
  if (selection.column === column) {
    const best = bestMoveFrom(
      state.game.position,
      column,
      selection.explicit ? selection.count : undefined,
    );
    // Like every other refusal, the cards go back.
    if (!best)
      return withState(state, {
        message: error(`No place for column ${column + 1}'s cards.`),
        selection: null,
        press: null,
      });
    return act({ ...state, focus: best.to }, best);
  }
  const move: MoveAction = selection.explicit
    ? { kind: 'move', from: selection.column, to: column, count: selection.count }
    : { kind: 'move', from: selection.column, to: column };
  return act({ ...state, focus: column }, move);
}

/** Picks up from a card of a column (its whole movable run when `index` is null). */
function pickUpAt(state: UiState, column: number, index: number | null): Update {
  if (index === null) return pickUpRun(state, column);
  const source = state.game.position.columns[column];
  if (index < source.hidden)
    return withState(state, { message: error('That card is face down.'), selection: null });
  const count = source.cards.length - index;
  if (count > movableRunLength(source)) {
    return withState(state, {
      message: error('Only the same-suit run on top of a column moves together.'),
      selection: null,
    });
  }
  return pickUp(state, column, count);
}

/**
 * The mouse button went down on a column. With cards picked up from another column, that is
 * where they go. With nothing picked up, the cards under the pointer are picked up at once, so a
 * drag shows what it carries. On the column already picked up from, the release decides.
 */
export function pressColumn(state: UiState, column: number, index: number | null): Update {
  const selection = state.selection;
  if (selection && selection.column !== column) return chooseColumn(state, column);
  if (selection) return withState(state, { press: { column, index, fresh: false } });
  const picked = pickUpAt(state, column, index);
  return withState(picked.state, {
    press: picked.state.selection ? { column, index, fresh: true } : null,
  });
}

/**
 * The button came up: on another column, the drag is a move there; off the board, the cards go
 * back. On the same column, a press that picked the cards up is done; a second click on the
 * picked-up cards does what choosing their column twice does (best place), and a click on a
 * deeper card of the run picks up from there.
 */
export function releaseAt(state: UiState, column: number | null): Update {
  const press = state.press;
  const selection = state.selection;
  const released = { ...state, press: null };
  if (!press || !selection) return same(released);
  if (column === null) return withState(released, { selection: null, message: null });
  if (column !== press.column) return chooseColumn(released, column);
  if (press.fresh) return same(released);
  const head = state.game.position.columns[column].cards.length - selection.count;
  if (press.index === null || press.index >= head) return chooseColumn(released, column);
  return pickUpAt(released, column, press.index);
}
