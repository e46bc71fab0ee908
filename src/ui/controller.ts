/**
 * The pure controller (docs/playing.md, "Playing"): the game's reaction to each command, from a
 * key, the mouse or the game loop's background work, as the new state and what the adapter must do
 * besides drawing it. Same state and command, same result. The solver's questions are answered
 * in questions.ts, cards picked up and put down in pick-up.ts; the pieces every answer is built
 * from are in update.ts.
 */
import {
  canRedo,
  explain,
  hasCompleteSuitOnTop,
  movesKept,
  type Position,
  redo,
  restart,
  type Status,
  undo,
} from '../engine';
import {
  answered,
  askHint,
  askSolver,
  demoStep,
  progressed,
  startDemo,
  stopDemo,
  stopHint,
} from './questions';
import type { Command, ControllerDeps } from './command';
import { dealFound, onPanel, onSavesList, openNewGame } from './choosing';
import { initialState } from './initial-state';
import { recordKey } from './record-panel';
import { keyLabel } from './input';
import {
  act,
  chooseColumn,
  NOTHING_PICKED_UP,
  pickUpFewer,
  pickUpMore,
  pickUpRun,
  pressColumn,
  releaseAt,
} from './pick-up';
import type { Overlay, UiState } from './state';
import {
  afterChange,
  askFirst,
  error,
  info,
  LOST_TEXT,
  lostPanel,
  same,
  sentence,
  type Update,
  withState,
} from './update';

export type { Command, ControllerDeps } from './command';
export { initialState } from './initial-state';

/** Whether the game is not over, as far as is known. */
function goingOn(state: UiState): boolean {
  return state.status !== 'won' && state.status !== 'lost';
}

/** Whether a restart asks first: it loses the line of play and the undone actions, if any. */
function restartLoses(state: UiState): boolean {
  return goingOn(state) && (movesKept(state.game) > 0 || canRedo(state.game));
}

/** Whether quitting asks first (nothing is lost: the game is saved), after a move. */
function quitAsks(state: UiState): boolean {
  return goingOn(state) && movesKept(state.game) > 0;
}

/**
 * The background search settled the status of a position. Only the current one counts (the
 * player may have moved on); a lost game shows its panel, as a won one does, unless a question
 * is waiting for its answer.
 */
function settle(state: UiState, position: Position, status: Status): Update {
  if (position !== state.game.position || state.status !== null) return same(state);
  if (status !== 'lost') return withState(state, { status });
  if (state.confirm) return withState(state, { status, message: null });
  return withState(state, {
    status,
    overlay: lostPanel(state, state.game),
    selection: null,
    press: null,
    message: error(LOST_TEXT),
  });
}

function restartGame(state: UiState): Update {
  return same({
    ...initialState(restart(state.game), state.theme, state.scoring),
    peekWarned: state.peekWarned, // the same game: the player knows
    playedMs: state.playedMs, // and its clock goes on
    clockShown: state.clockShown,
    // Played again to the same lost end, the panel says at once where it went wrong.
    ...(state.whereAnswer ? { whereAnswer: state.whereAnswer } : {}),
    message: info('Restarted this deal.'),
  });
}

function confirmed(state: UiState, command: Command): Update {
  const question = state.confirm;
  const cleared = { ...state, confirm: null };
  // The game was found lost while the question waited: now is the time to say so, unless the
  // player leaves it or asks where it went wrong.
  const lost = cleared.status === 'lost' && !cleared.overlay;
  const panel: UiState = lost
    ? { ...cleared, overlay: lostPanel(cleared, cleared.game), selection: null, press: null }
    : cleared;
  if (question === 'where' && command.kind === question)
    return askSolver({ ...panel, peekWarned: true }, question);
  if (!lost && question === 'winnable' && command.kind === question)
    return askSolver({ ...cleared, peekWarned: true }, question);
  if (!lost && question === 'demo' && command.kind === 'demo')
    return startDemo({ ...cleared, peekWarned: true });
  if (
    command.kind !== 'yes' ||
    question === 'winnable' ||
    question === 'demo' ||
    question === 'where'
  ) {
    if (lost) return withState(panel, { message: error(LOST_TEXT) });
    // What arrived while the question waited (an answer) is shown now.
    return withState(cleared, { message: cleared.message ?? info('Carrying on.') });
  }
  if (question === 'quit') return { state: cleared, effect: 'quit' };
  return restartGame(cleared);
}

const CHOOSE_A_COLUMN = 'Expand which column? Press 1-9 or 0 (column 10), or Esc.';

const PANEL_KEYS_ONLY =
  'The game is over: only the keys on the panel do anything now; v shows the board under it.';

/** What the message line says while the board is studied under a closed end panel. */
const LOOKING = 'The game is over: the board is there to look at, not to play. v shows the panel.';

/**
 * The end panel opened or closed (`v`, or `Esc`): closed, the board is seen whole, to study; the
 * game stays over (docs/playing.md, "The end of a game").
 */
function toggleEndPanel(state: UiState, overlay: Overlay & { kind: 'won' | 'lost' }): Update {
  if (overlay.closed)
    return withState(state, {
      overlay: { ...overlay, closed: false },
      message: overlay.kind === 'lost' ? error(LOST_TEXT) : null,
    });
  return withState(state, { overlay: { ...overlay, closed: true }, message: info(LOOKING) });
}

function withOverlay(state: UiState, command: Command, deps: ControllerDeps): Update | null {
  const overlay = state.overlay;
  if (!overlay) return null;
  const closed = { ...state, overlay: null };
  switch (overlay.kind) {
    case 'help':
      // The layout knows how many screens the help takes at this size; ? turns them round.
      if (command.kind === 'help') {
        const next = command.next ?? { page: overlay.page + 1, screen: 0 };
        return withState(state, { overlay: { kind: 'help', ...next } });
      }
      return same(closed);
    case 'choose-expand': {
      // Esc, e again or q back out; a mouse release means nothing; another key says what the
      // question wants and leaves it asked. Once answered, that reminder goes.
      const message = state.message?.text === CHOOSE_A_COLUMN ? null : state.message;
      if (command.kind === 'column' || command.kind === 'press')
        return withState(state, { overlay: { kind: 'expand', column: command.column }, message });
      if (command.kind === 'cancel' || command.kind === 'expand' || command.kind === 'quit')
        return withState(closed, { message });
      if (command.kind === 'release') return same(state);
      return withState(state, { message: info(CHOOSE_A_COLUMN) });
    }
    case 'expand':
      if (command.kind === 'column')
        return withState(state, { overlay: { kind: 'expand', column: command.column } });
      // The release of the click that chose the column (or of any click) closes nothing.
      if (command.kind === 'release') return same(state);
      return same(closed);
    case 'stats':
    case 'board':
      // Any key closes it, back to the panel it was asked from.
      return same({ ...state, overlay: overlay.back });
    case 'name':
      // Typed into by the game loop (board-panel.ts); Ctrl-C still quits.
      return command.kind === 'interrupt' ? { state, effect: 'quit' } : same(state);
    case 'record':
      if (command.kind === 'panel-key')
        return recordKey(state, overlay, command, command.rows ?? 10);
      if (command.kind === 'interrupt') return { state, effect: 'quit' };
      if (command.kind === 'redraw' || command.kind === 'suspend')
        return { state, effect: command.kind };
      return same({ ...state, overlay: overlay.back });
    case 'new-game':
      return onPanel(state, overlay, command, deps);
    case 'saves':
      return onSavesList(state, overlay, command);
    case 'won':
    case 'lost':
      if (command.kind === 'new') return openNewGame(closed, deps);
      if (overlay.kind === 'lost' && command.kind === 'restart')
        return update(closed, command, deps);
      if (command.kind === 'quit' || command.kind === 'interrupt') return { state, effect: 'quit' };
      if (command.kind === 'undo') return update(closed, command, deps);
      if (command.kind === 'write') return { state, effect: 'write' };
      if (command.kind === 'stats') return { state, effect: 'stats' };
      if (command.kind === 'board') return { state, effect: 'board' };
      // Where it went wrong: asked with the panel up, and shown on it; once shown, g is a key
      // the panel no longer offers.
      if (overlay.kind === 'lost' && overlay.wrong === undefined && command.kind === 'where')
        return askSolver(state, 'where');
      if (command.kind === 'view' || command.kind === 'cancel')
        return toggleEndPanel(state, overlay);
      // Any other key says so (docs/playing.md, "Playing"); a mouse press or release does not,
      // unless the board is studied: a press there is a move the game refuses.
      if (command.kind === 'release' || (command.kind === 'press' && !overlay.closed))
        return same(state);
      return withState(state, { message: info(overlay.closed ? LOOKING : PANEL_KEYS_ONLY) });
  }
}

/**
 * The game's reaction to a command while the terminal is too small to show the board: nothing
 * the player cannot see may change, so only quitting (at once: the game is saved), repainting
 * and suspending do anything.
 */
export function updateUnseen(state: UiState, command: Command): Update {
  switch (command.kind) {
    case 'settled':
      return settle(state, command.position, command.status);
    case 'solved':
      return answered(state, command.position, command.result);
    case 'progress':
      return progressed(state, command.position, command.progress);
    case 'step':
      // Nothing the player cannot see may change: the demo stops.
      return state.solver?.kind === 'demo'
        ? withState(state, { solver: null, message: info('Demo stopped: the board was hidden.') })
        : same(state);
    case 'quit':
    case 'interrupt':
      return { state, effect: 'quit' };
    case 'redraw':
      return { state, effect: 'redraw' };
    case 'suspend':
      return { state, effect: 'suspend' };
    case 'deal-found':
      // The deal searched for came while the board was hidden: it waits on the panel.
      return state.overlay?.kind === 'new-game'
        ? dealFound(state, state.overlay, command.found)
        : same(state);
    default:
      return same(state);
  }
}

/** The game's reaction to one command. Pure: the same state and command give the same result. */
export function update(state: UiState, command: Command, deps: ControllerDeps): Update {
  if (command.kind === 'interrupt') return { state, effect: 'quit' };
  if (command.kind === 'settled') return settle(state, command.position, command.status);
  if (command.kind === 'solved') return answered(state, command.position, command.result);
  if (command.kind === 'progress') return progressed(state, command.position, command.progress);
  if (command.kind === 'step') return demoStep(state, command.position);
  // Repainting or suspending answers no question and closes no panel.
  if (command.kind === 'redraw') return { state, effect: 'redraw' };
  if (command.kind === 'suspend') return { state, effect: 'suspend' };
  if (state.solver?.kind === 'demo') return stopDemo(state);
  // Any key but h itself stops the fair player's thinking about a hint, then does its work.
  if (state.solver?.kind === 'hint' && command.kind !== 'hint')
    return update(stopHint(state), command, deps);
  if (state.confirm) return confirmed(state, command);
  const overlaid = withOverlay(state, command, deps);
  if (overlaid) return overlaid;

  const game = state.game;
  const selection = state.selection;
  switch (command.kind) {
    case 'column':
      return chooseColumn(state, command.column);
    case 'press':
      return pressColumn(state, command.column, command.index);
    case 'release':
      return releaseAt(state, command.column);
    case 'enter':
      return chooseColumn(state, state.focus);
    case 'left':
      return withState(state, { focus: (state.focus + 9) % 10 });
    case 'right':
      return withState(state, { focus: (state.focus + 1) % 10 });
    case 'up':
      if (!selection) return pickUpRun(state, state.focus);
      return pickUpMore(state, selection);
    case 'down':
      if (!selection) return withState(state, { message: info(NOTHING_PICKED_UP) });
      return pickUpFewer(state, selection);
    case 'cancel':
      // Esc with nothing picked up clears the message; with nothing to clear either, it says so.
      if (!selection && state.message === null)
        return withState(state, { message: info(NOTHING_PICKED_UP) });
      return withState(state, { selection: null, press: null, message: null });
    case 'deal':
      return act(state, { kind: 'deal' });
    case 'remove': {
      // Where suits leave at once, x means nothing: it says why, and changes nothing else, so
      // cards picked up stay picked up (docs/playing.md, "Playing").
      if (!game.rules.keepSuits)
        return withState(state, {
          message: info(sentence(explain({ why: 'suits-leave-at-once' }, state.theme.ascii))),
        });
      // With nothing picked up, x takes the first complete suit there is.
      const complete = game.position.columns.findIndex(hasCompleteSuitOnTop);
      const column = selection?.column ?? (complete >= 0 ? complete : state.focus);
      return act(state, { kind: 'remove', column });
    }
    case 'undo': {
      const outcome = undo(game);
      if (!outcome.ok) return withState(state, { message: error('Nothing to undo.') });
      // Taking back a turned card or a deal shows what was hidden: a peek (docs/playing.md,
      // "Peeks").
      const peeked = outcome.game.peeks > game.peeks;
      return afterChange(
        state,
        outcome.game,
        info(peeked ? 'Undone; a peek, since the cards it showed have been seen.' : 'Undone.'),
      );
    }
    case 'redo': {
      const outcome = redo(game);
      if (!outcome.ok) return withState(state, { message: error('Nothing to redo.') });
      return afterChange(state, outcome.game, info('Redone.'));
    }
    case 'restart':
      return restartLoses(state) ? askFirst(state, 'restart') : restartGame(state);
    case 'new':
      return openNewGame(state, deps);
    case 'quit':
      return quitAsks(state) ? askFirst(state, 'quit') : { state, effect: 'quit' };
    case 'hint':
      return askHint(state, deps.hints);
    case 'winnable':
    case 'where':
      return askSolver(state, command.kind);
    case 'demo':
      return startDemo(state);
    case 'expand':
      return withState(state, {
        overlay: selection
          ? { kind: 'expand', column: selection.column }
          : { kind: 'choose-expand' },
      });
    case 'help':
      return withState(state, { overlay: { kind: 'help', page: 0, screen: 0 } });
    case 'write':
      return { state, effect: 'write' };
    case 'stats':
    case 'board':
      return { state, effect: command.kind };
    case 'clock':
      return toggleClock(state);
    case 'yes':
      return unbound(state, 'y');
    case 'panel-key':
    case 'panel-click':
    case 'deal-found':
      // For a panel no longer open: nothing.
      return same(state);
    case 'view':
      return unbound(state, 'v');
    case 'other':
      return unbound(state, command.key);
  }
}

/** `t` shows or hides the clock on the status line (docs/playing.md, "The clock"). */
function toggleClock(state: UiState): Update {
  const clockShown = !state.clockShown;
  const text = clockShown
    ? 'Clock shown: the time played in this game, where the status line has room; t hides it.'
    : 'Clock hidden; it still counts. t shows it again.';
  return withState(state, { clockShown, message: info(text) });
}

/** A key that means nothing here says so, and changes nothing else (docs/playing.md, "Playing"). */
function unbound(state: UiState, key: string): Update {
  return withState(state, {
    message: info(`${keyLabel(key)} does nothing here; ? shows the keys.`),
  });
}
