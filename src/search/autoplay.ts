/**
 * Autoplay (README, "Solver"): plays a game to its end on its own. `open` follows the solver,
 * which sees every card; where the solver finds no win, the game goes on with the hints until the
 * rules call it lost, or until the hints see nothing useful left (then autoplay resigns).
 */
import type { Action } from '../engine/actions';
import { type Game, gameStatus, play } from '../engine/game';
import { heuristicHints } from './hints';
import { type SolveBudget, solve } from './solver';

export interface Autoplayed {
  readonly game: Game;
  /** Won, lost by the rules, or resigned: nothing useful left to do though not lost by the rules. */
  readonly result: 'won' | 'lost' | 'resigned';
  /** The actions played, in order. */
  readonly actions: readonly Action[];
  /** Whether the solver's line was followed (else the hints were). */
  readonly solved: boolean;
}

/** Most actions the hints play before autoplay resigns: a game never needs nearly so many. */
const MAX_HINTED = 2_000;

export function autoplayOpen(start: Game, budget: SolveBudget = {}): Autoplayed {
  const actions: Action[] = [];
  let game = start;
  const step = (action: Action): boolean => {
    const outcome = play(game, action);
    if (!outcome.ok) return false;
    game = outcome.game;
    actions.push(action);
    return true;
  };
  const found = solve(game.position, budget);
  if (found.result === 'won' && found.line.every(step))
    return { game, result: 'won', actions, solved: true };
  for (let i = 0; i < MAX_HINTED; i++) {
    const status = gameStatus(game);
    if (status !== 'playing') return { game, result: status, actions, solved: false };
    const best = heuristicHints.hints(game.position)[0];
    if (!best || !step(best.action)) break;
  }
  const status = gameStatus(game);
  return { game, result: status === 'playing' ? 'resigned' : status, actions, solved: false };
}
