/**
 * Autoplay (docs/solver.md, "Solver"): plays a game to its end on its own. `open` follows the
 * solver, which sees every card; where the solver finds no win, the game goes on with the hints
 * until the rules call it lost, or until the hints see nothing useful left (then autoplay searches
 * once more, and resigns if that finds no win either).
 * `fair` asks the fair player for every action, as a player who sees only the face-up cards
 * would, and never undoes.
 */
import type { Action } from '../engine/actions';
import { dealText } from '../engine/deals';
import { type Game, gameStatus, play } from '../engine/game';
import { stockLeft, totalHidden } from '../engine/position';
import { type FairBudget, fairChoice } from './fair';
import { gameView } from './view';
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
  /** Whether the search before resigning found the win, and its line was played. */
  readonly lastLook: boolean;
}

/** Most actions the hints play before autoplay resigns: a game never needs nearly so many. */
const MAX_HINTED = 2_000;

/**
 * Before autoplay resigns where every card is in view: one more search, bounded by positions
 * rather than by the time given for each action (so the answer is the same on any machine), for a
 * win the time cut short. A game a few moves from won is never resigned.
 */
const LAST_LOOK: SolveBudget = { positions: 300_000, prove: false };

/** The winning line the last look finds from `game`, or null. */
function lastLook(game: Game): readonly Action[] | null {
  const found = solve(game.position, LAST_LOOK);
  return found.result === 'won' ? found.line : null;
}

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
    return { game, result: 'won', actions, solved: true, lastLook: false };
  for (let i = 0; i < MAX_HINTED; i++) {
    const status = gameStatus(game);
    if (status !== 'playing')
      return { game, result: status, actions, solved: false, lastLook: false };
    const best = heuristicHints.hints(game.position)[0];
    if (!best || !step(best.action)) break;
  }
  const status = gameStatus(game);
  if (status === 'playing' && lastLook(game)?.every(step))
    return { game, result: 'won', actions, solved: false, lastLook: true };
  const result = status === 'playing' ? 'resigned' : status;
  return { game, result, actions, solved: false, lastLook: false };
}

/** Most actions a fair game plays before autoplay resigns: a game never needs nearly so many. */
const MAX_FAIR = 3_000;

export interface FairAutoplayed extends Autoplayed {
  /** Milliseconds the player thought for each action. */
  readonly thought: readonly number[];
  /** Plans the player thought of, and how many of them the time cut short (`FairChoice.cut`). */
  readonly plans: number;
  readonly cut: number;
}

/**
 * Plays the game to its end with the fair player (docs/playing.md, "Hints"): each action is chosen
 * from what the player sees at that moment, with the budget given for each; nothing is undone. Ends
 * won, lost by the rules, or resigned when the player sees nothing worth doing. Its worlds are
 * drawn with the deal's name as the seed (`pysol:5027`) unless the budget gives another, so a
 * deal is played the same way every time.
 * `onAction` hears of each action as it is played.
 */
export function autoplayFair(
  start: Game,
  budget: FairBudget = {},
  onAction?: (action: Action, game: Game, ms: number) => void,
): FairAutoplayed {
  const seeded = { seed: dealText(start.deal), ...budget };
  const actions: Action[] = [];
  const thought: number[] = [];
  let game = start;
  let plans = 0;
  let cut = 0;
  // A game the rules call lost is over: no move there leads anywhere (docs/rules.md, "Lost").
  while (gameStatus(game) === 'playing' && actions.length < MAX_FAIR) {
    const choice = fairChoice(gameView(game), seeded);
    plans++;
    if (choice.cut) cut++;
    if (!choice.action) break;
    // The plan's moves are certain until its last, which may turn a card or deal: the player
    // follows it all, and thinks again when something new is seen.
    choice.plan.forEach((action, i) => {
      const outcome = play(game, action);
      if (!outcome.ok)
        throw new Error(`the fair player planned an illegal action: ${outcome.refusal.why}`);
      game = outcome.game;
      const ms = i === 0 ? choice.ms : 0;
      actions.push(action);
      thought.push(ms);
      onAction?.(action, game, ms);
    });
  }
  // With nothing hidden and nothing left to deal, the player sees all the solver does.
  const { position } = game;
  const inView = stockLeft(position) === 0 && totalHidden(position) === 0;
  const line = gameStatus(game) === 'playing' && inView ? lastLook(game) : null;
  for (const action of line ?? []) {
    const outcome = play(game, action);
    if (!outcome.ok) break;
    game = outcome.game;
    actions.push(action);
    thought.push(0);
    onAction?.(action, game, 0);
  }
  const status = gameStatus(game);
  const result = status === 'playing' ? 'resigned' : status;
  return { game, result, actions, solved: false, lastLook: line !== null, thought, plans, cut };
}
