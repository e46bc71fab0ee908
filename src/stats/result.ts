import type { DealId, Rules, Scores } from '../engine';

/** How a game ended for the statistics. */
export type Outcome = 'won' | 'lost' | 'abandoned';

/** One finished or abandoned game: a line of the history the statistics are computed from. */
export interface GameResult {
  readonly deal: DealId;
  readonly rules: Rules;
  readonly outcome: Outcome;
  /** Moves in the line of play kept (the record's length). */
  readonly moves: number;
  /** Every action counted, undos included (the microsoft score's count). */
  readonly actions: number;
  readonly peeks: number;
  /** Time spent playing, in milliseconds. */
  readonly elapsedMs: number;
  readonly scores: Scores;
  /** When the game ended, ISO 8601. */
  readonly ended: string;
  /**
   * The game was continued from a record file (`spider play FILE`): nothing shows how it was
   * played before, so it is kept in the history but counted in no statistic.
   */
  readonly continued?: boolean;
  /**
   * The solver played an action of the game (the demo, docs/rules.md, "Won with help"): a win is
   * counted apart from the player's own, sets no record and ends a streak.
   */
  readonly helped?: boolean;
  /**
   * The daily deal of this date, `YYYY-MM-DD` (docs/deals.md, "The daily deal"): counted apart from
   * the variant's other games.
   */
  readonly daily?: string;
  /**
   * The save slot the game was kept in (docs/saves.md, "Saved games and statistics"): a save whose
   * result is already in the history, as when the save could not be removed after its result
   * was recorded, is neither counted again nor resumed.
   */
  readonly slot?: string;
}
