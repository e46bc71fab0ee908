/**
 * Choosing the next game (docs/playing.md, "A new game"): `n` opens the new-game panel, its keys
 * and clicks change the choice, and Enter deals it, at once for a deal named or by chance, or once
 * the game loop has found a deal searched for (daily, winnable).
 */
import { type DealId, newGame } from '../engine';
import { dealName, originName } from '../notation';
import type { FoundDeal } from '../host/deal-search';
import type { Command } from './command';
import type { ControllerDeps } from './command';
import { initialState } from './initial-state';
import {
  choiceOf,
  type NewGamePanel,
  openPanel,
  type PanelAnswer,
  panelClick,
  panelKey,
  rulesOf,
} from './new-game';
import { type SavesAnswer, savesClick, savesKey, type SavesPanel } from './saves-panel';
import type { UiState } from './state';
import { info, lostPanel, same, type Update, withState } from './update';

/** `n`: the panel, on the choice made last or else the game's own rules. */
export function openNewGame(state: UiState, deps: ControllerDeps): Update {
  const choice = choiceOf(state.game.rules, state.lastChoice);
  return withState(state, {
    overlay: openPanel(choice, deps.savedGames?.() ?? 0, deps.fixedRules === true),
    selection: null,
    press: null,
    confirm: null,
  });
}

/** The panel a finished game shows, or none while it goes on. */
function endOverlay(state: UiState): UiState['overlay'] {
  if (state.status === 'won') return { kind: 'won' };
  return state.status === 'lost' ? lostPanel(state, state.game) : null;
}

/** A command with the panel open: keys and clicks go to it; Ctrl-L, Ctrl-Z and Ctrl-C as ever. */
export function onPanel(
  state: UiState,
  panel: NewGamePanel,
  command: Command,
  deps: ControllerDeps,
): Update {
  switch (command.kind) {
    case 'panel-key':
      return answer(state, panel, panelKey(panel, command), deps);
    case 'panel-click':
      return answer(state, panel, panelClick(panel, command.target), deps);
    case 'deal-found':
      return dealFound(state, panel, command.found);
    default:
      // The mouse off the panel, the board's keys: nothing while the panel is open.
      return processKey(state, command);
  }
}

/** Ctrl-C quits, Ctrl-L repaints and Ctrl-Z suspends with a panel open; other commands do nothing. */
function processKey(state: UiState, command: Command): Update {
  if (command.kind === 'interrupt') return { state, effect: 'quit' };
  if (command.kind === 'redraw' || command.kind === 'suspend')
    return { state, effect: command.kind };
  return same(state);
}

function answer(
  state: UiState,
  panel: NewGamePanel,
  said: PanelAnswer,
  deps: ControllerDeps,
): Update {
  switch (said.kind) {
    case 'stay':
      return withState(state, { overlay: said.panel });
    case 'close':
      // A game over goes back to its end panel.
      return withState(state, { overlay: endOverlay(state), lastChoice: panel.choice });
    case 'saves':
      return { state: { ...state, lastChoice: panel.choice }, effect: 'saves' };
    case 'search':
      return {
        state: { ...state, overlay: { ...panel, searching: true, problem: null } },
        effect: 'find-deal',
      };
    case 'deal': {
      const deal = said.deal === 'random' ? deps.randomSeed() : said.deal;
      return dealt(state, panel, newGame(deal, said.rules).deal);
    }
  }
}

/**
 * The deal searched for has come: dealt, or the panel says why not. The player who gave up
 * waiting (Esc) has moved on: it is dropped.
 */
export function dealFound(state: UiState, panel: NewGamePanel, result: FoundDeal): Update {
  if (!panel.searching) return same(state);
  if (!result.ok)
    return withState(state, { overlay: { ...panel, searching: false, problem: result.message } });
  return dealt(state, panel, result.deal);
}

/** The new game, on screen, with the panel's choice kept for the next `n`. */
function dealt(state: UiState, panel: NewGamePanel, deal: DealId): Update {
  const game = newGame(deal, rulesOf(panel.choice));
  const origin = originName(game.deal);
  const rules = `${game.rules.suits} suit${game.rules.suits > 1 ? 's' : ''}`;
  return same({
    ...initialState(game, state.theme, state.scoring),
    lastChoice: panel.choice,
    clockShown: state.clockShown,
    message: info(`New game: ${dealName(game.deal)}${origin && `, ${origin}`}, ${rules}.`),
  });
}

/** A command with the list of saved games open: its keys and clicks; Ctrl-L, Ctrl-Z, Ctrl-C as ever. */
export function onSavesList(state: UiState, list: SavesPanel, command: Command): Update {
  switch (command.kind) {
    case 'panel-key':
      return listAnswer(state, list, savesKey(list, command.name, command.ch));
    case 'panel-click':
      return command.target.row === 'game'
        ? listAnswer(state, list, savesClick(list, command.target.index))
        : same(state);
    default:
      return processKey(state, command);
  }
}

function listAnswer(state: UiState, list: SavesPanel, said: SavesAnswer): Update {
  switch (said.kind) {
    case 'stay':
      return withState(state, { overlay: said.panel });
    case 'back': {
      // The count the panel shows follows what was given up meanwhile.
      const saves = list.games.filter((game) => game.open !== 'here').length;
      const panel = { ...list.back, saves, row: saves > 0 ? list.back.row : 'suits' } as const;
      return withState(state, { overlay: panel });
    }
    case 'close':
      return withState(state, { overlay: endOverlay(state) });
    case 'switch':
      return { state, effect: 'switch-save' };
    case 'give-up':
      return { state: { ...state, overlay: { ...list, asking: false } }, effect: 'give-up' };
  }
}
