import { type Game, gameScores, gameStatus, heuristicHints, movesKept } from '../engine';
import type { ScoringName } from '../engine';
import { rulesSummary } from '../notation';
import { initialState } from './controller';
import { runTerminalGame } from './screen';
import type { UiState } from './state';
import type { Theme } from './theme';

export interface PlayIo {
  readonly terminal: { readonly input: NodeJS.ReadStream; readonly output: NodeJS.WriteStream };
  readonly env: NodeJS.ProcessEnv;
  readonly randomSeed: () => string;
}

/** The state a game opens in: the board and a first message naming the seed and what to do. */
export function openingState(game: Game, theme: Theme, scoring: ScoringName): UiState {
  return initialState(game, theme, scoring, {
    text: `Seed ${game.seed}. Pick a column with 1-9 and 0, then where to put its run. ? shows help.`,
    kind: 'info',
  });
}

/** Plays a game full screen; returns the exit status and a line to leave on the terminal. */
export async function playInTerminal(
  game: Game,
  theme: Theme,
  scoring: ScoringName,
  io: PlayIo,
): Promise<{ status: number; summary: string }> {
  const state = openingState(game, theme, scoring);
  const exit = await runTerminalGame(
    state,
    { randomSeed: io.randomSeed, hints: heuristicHints },
    {
      input: io.terminal.input,
      output: io.terminal.output,
      term: io.env.TERM,
    },
  );
  const last = exit.state.game;
  const score = gameScores(last)[scoring];
  const status = gameStatus(last);
  const outcome = status === 'won' ? 'won' : status === 'lost' ? 'lost' : 'left';
  const summary =
    `Spider seed ${last.seed} (${rulesSummary(last.rules)}): ${outcome} after ${movesKept(last)} moves, ` +
    `${scoring} score ${score}. Play this deal again: spider --seed ${last.seed}`;
  return { status: exit.status, summary };
}
