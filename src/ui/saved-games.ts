/**
 * The list of saved games as the game loop runs it (docs/playing.md, "A new game"): opening it,
 * switching to a game on it and giving one up go through the host's hooks to the store; the
 * screen's state after each.
 */
import type { Game } from '../engine';
import type { SavedGame } from '../store/saves-list';
import { initialState } from './initial-state';
import { openSaves } from './saves-panel';
import type { UiState } from './state';
import type { Effect } from './update';

/** What the game needs of the store for its list of saved games. */
export interface SavedGamesHooks {
  /** The player's unfinished games, most recent first (the game in play marked). */
  list(): {
    readonly games: readonly SavedGame[];
    /** Games not listed, beyond the most recent. */
    readonly more?: number;
    readonly problem?: string | null;
  };
  /** Plays the game of `slot`, the game in play let go, saved; or why it cannot. */
  switchTo(
    slot: string,
  ):
    | { readonly ok: true; readonly game: Game; readonly text: string }
    | { readonly ok: false; readonly text: string };
  /** Gives the game of `slot` up (it counts as abandoned); what to tell the player. */
  giveUp(slot: string): string;
  /**
   * The command that lists every saved game, as the player types it (`spider saves --all`; over
   * SSH, `ssh -p 2222 HOST saves --all`).
   */
  readonly listAll?: string;
}

const NONE_KEPT = 'No saved games are kept here.';

/** The state after the list's effect: the list opened, a game switched to, or one given up. */
export function savedGames(
  state: UiState,
  effect: Extract<Effect, 'saves' | 'switch-save' | 'give-up'>,
  hooks: SavedGamesHooks | undefined,
  now = new Date(),
): UiState {
  const overlay = state.overlay;
  if (!hooks) return { ...state, message: { text: NONE_KEPT, kind: 'info' } };
  if (effect === 'saves') {
    if (overlay?.kind !== 'new-game') return state;
    const listed = hooks.list();
    const list = openSaves(listed.games, overlay, now);
    const more = listed.more ?? 0;
    const note: string | null =
      listed.problem ??
      (more > 0 ? `${more} more: ${hooks.listAll ?? 'spider saves --all'} lists every one.` : null);
    return { ...state, overlay: { ...list, note } };
  }
  if (overlay?.kind !== 'saves') return state;
  const game = overlay.games[overlay.at];
  if (!game) return state;
  if (effect === 'give-up') {
    const text = hooks.giveUp(game.slot);
    const again = openSaves(hooks.list().games, overlay.back, now);
    return { ...state, overlay: { ...again, note: text } };
  }
  const switched = hooks.switchTo(game.slot);
  if (!switched.ok) return { ...state, overlay: { ...overlay, note: switched.text } };
  return {
    ...initialState(switched.game, state.theme, state.scoring, {
      text: switched.text,
      kind: 'info',
    }),
    clockShown: state.clockShown,
    ...(state.lastChoice ? { lastChoice: state.lastChoice } : {}),
  };
}
