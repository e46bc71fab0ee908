/** The screen's state for a game as it opens (docs/playing.md, "Playing"). */
import { type Game, OPENING_STATUS_LIMIT, type ScoringName, statusWithin } from '../engine';
import type { Message, UiState } from './state';
import type { Theme } from './theme';

export function initialState(
  game: Game,
  theme: Theme,
  scoring: ScoringName,
  message?: Message,
): UiState {
  // Before the first frame, a glance only: the game loop settles the rest (docs/rules.md, "Lost").
  const status = statusWithin(game.position, OPENING_STATUS_LIMIT);
  return {
    game,
    status,
    theme,
    scoring,
    focus: 0,
    selection: null,
    message: message ?? null,
    // A game opened finished (a record continued after its end) shows its end panel at once.
    overlay: status === 'won' ? { kind: 'won' } : status === 'lost' ? { kind: 'lost' } : null,
    confirm: null,
    hints: null,
    planAhead: null,
    press: null,
    solver: null,
    peekWarned: false,
    playedMs: null,
    clockShown: true,
  };
}
