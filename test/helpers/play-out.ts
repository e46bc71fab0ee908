import {
  type Action,
  apply,
  type Game,
  gameStatus,
  isWon,
  legalActions,
  newGame,
  play,
  type Position,
  type Rules,
  undo,
} from '../../src/engine';
import { heuristicHints } from '../../src/search';

/** Whether the line, played from the position through the rules, wins. */
export function playsToWin(start: Position, line: readonly Action[]): boolean {
  let p = start;
  for (const action of line) {
    const outcome = apply(p, action);
    if (!outcome.ok) return false;
    p = outcome.position;
  }
  return isWon(p);
}

/** Plays `pick`'s actions from a seed's deal until the game ends; null if it never does. */
export function playOut(
  seed: string,
  rules: Rules,
  pick: (game: Game, i: number) => Action | undefined,
): Game | null {
  let game = newGame(seed, rules);
  for (let i = 0; i < 3000 && gameStatus(game) === 'playing'; i++) {
    const action = pick(game, i);
    if (!action) return null;
    const outcome = play(game, action);
    if (!outcome.ok) return null;
    game = outcome.game;
  }
  return game;
}

/**
 * Picks for a game that ends `outcome`: the top hint to win, random legal actions (from a
 * generator seeded by `seed`) to lose.
 */
export function pickerFor(
  outcome: 'won' | 'lost',
  seed: number,
): (game: Game) => Action | undefined {
  let random = seed * 7919;
  return (game) => {
    if (outcome === 'won') return heuristicHints.hints(game.position)[0]?.action;
    const legal = legalActions(game.position);
    random = (random * 1103515245 + 12345) % 2147483648;
    return legal[random % legal.length];
  };
}

/**
 * A 1-suit game played to its end (won by following the hints, or lost by random play), and the
 * game one action before.
 */
export function playedOut(outcome: 'won' | 'lost'): { before: Game; after: Game } {
  const oneSuit: Rules = { suits: 1, relaxed: 0, keepSuits: false };
  for (let s = 1; s < 400; s++) {
    const end = playOut(String(s), oneSuit, pickerFor(outcome, s));
    if (!end || gameStatus(end) !== outcome) continue;
    const back = undo(end);
    if (back.ok) return { before: back.game, after: end };
  }
  throw new Error(`no 1-suit deal under seed 400 ends ${outcome}`);
}
