import type { Action, Game, Position, ScoringName, Status } from '../engine';
import type { FairChoice, Hint, WhereLostProgress } from '../search';
import type { GameStats } from '../stats';
import type { Choice, NewGamePanel } from './new-game';
import type { SavesPanel } from './saves-panel';
import type { Theme } from './theme';

/** The part of a column picked up to move: its top `count` cards. */
export interface Selection {
  readonly column: number;
  readonly count: number;
  /** True once the player chose the count (arrow keys, or a click on a card): the move is `F-T/N`. */
  readonly explicit: boolean;
}

/** What the message line says, and how it is coloured. */
export interface Message {
  readonly text: string;
  readonly kind: 'info' | 'error' | 'hint' | 'win';
}

/**
 * A question waiting for its answer: `y` for quitting or a restart; for the solver,
 * which counts as a peek, its own key pressed again (docs/playing.md, "Peeks").
 */
export type Confirm = 'quit' | 'restart' | 'winnable' | 'demo' | 'where';

/**
 * Where the help is open: which of its pages (keys, rules…), and which screen of that page
 * where the terminal is too short for all of it. Kept as the page, not as a count of screens,
 * so that a resize leaves the reader on the page they were reading.
 */
export interface HelpAt {
  readonly page: number;
  readonly screen: number;
}

/** A panel drawn over the board. */
export type Overlay =
  | ({ readonly kind: 'help' } & HelpAt)
  | { readonly kind: 'expand'; readonly column: number }
  | { readonly kind: 'choose-expand' }
  /**
   * The end panels: won, or lost with where the game went wrong once the solver has said (`g`).
   * `closed` while the player studies the board under it (docs/playing.md, "The end of a game").
   */
  | { readonly kind: 'won'; readonly closed?: boolean }
  | { readonly kind: 'lost'; readonly wrong?: string; readonly closed?: boolean }
  /** The statistics of the game's rules (`s`), over the panel they were asked from, if any. */
  | { readonly kind: 'stats'; readonly stats: GameStats; readonly back: Overlay | null }
  /** The record `w` wrote, to read and copy (docs/playing.md, "The record panel"). */
  | {
      readonly kind: 'record';
      readonly lines: readonly string[];
      /** The first line shown. */
      readonly top: number;
      readonly back: Overlay | null;
    }
  /** The daily board (`b`; docs/serve.md, "The daily board"): its lines; any key closes it. */
  | {
      readonly kind: 'board';
      readonly title: string;
      readonly lines: readonly string[];
      readonly back: Overlay | null;
    }
  /**
   * The player's name for the board, being typed; `waiting` for the server's answer, `note` why
   * the last one was not taken, `then` the board to show once it is.
   */
  | {
      readonly kind: 'name';
      readonly typed: string;
      readonly note: string | null;
      readonly waiting: boolean;
      readonly then: 'board' | null;
      readonly back: Overlay | null;
    }
  /** The new-game panel (`n`; docs/playing.md, "A new game"). */
  | NewGamePanel
  /** The player's saved games, from the new-game panel. */
  | SavesPanel;

/**
 * A question for the solver about the position on screen, waiting for its answer (docs/solver.md,
 * "The solver in the game"). The answer counts only for that position: once the game moves on, the
 * question is dropped.
 */
export type SolverAsk =
  /**
   * Can the game still be won (`c`), where did it go wrong (`g`), or what would the fair player
   * do (`h`, docs/playing.md, "Hints")?
   */
  | {
      readonly kind: 'winnable' | 'where' | 'hint';
      readonly position: Position;
      /** How far the search for where it went wrong has gone, once it has told. */
      readonly progress?: WhereLostProgress;
    }
  /**
   * The demo: the solver's line is asked for (`line` null), then played from `position` one
   * action at a time; `played` actions are behind.
   */
  | {
      readonly kind: 'demo';
      readonly position: Position;
      readonly line: readonly Action[] | null;
      readonly played: number;
    };

/**
 * The hints for the position on screen (docs/playing.md, "Hints"), which `h` shows one at a time:
 * the heuristic's, and the fair player's choice once it has answered, shown before them.
 */
export interface Hints {
  /** The heuristic's hints, best first. */
  readonly list: readonly Hint[];
  /** The fair player's choice; 'failed' when it could not answer; null until it has. */
  readonly fair: FairChoice | 'failed' | null;
  /** Which hint `h` showed last, counting the fair player's first when there is one (-1: none). */
  readonly shown: number;
}

/** Everything the terminal game shows; changed only by the controller's `update`. */
export interface UiState {
  readonly game: Game;
  /**
   * The game's status as far as it is known: null while the search that decides whether the
   * position is lost still runs (docs/rules.md, "Lost"); the game loop runs it and reports back.
   */
  readonly status: Status | null;
  readonly theme: Theme;
  readonly scoring: ScoringName;
  /** The column the arrow keys point at (0..9). */
  readonly focus: number;
  readonly selection: Selection | null;
  readonly message: Message | null;
  readonly overlay: Overlay | null;
  readonly confirm: Confirm | null;
  /** The hints for the current position, once `h` asked for them. */
  readonly hints: Hints | null;
  /**
   * The rest of the fair player's plan when the last action played was the first of the plan
   * it hinted (docs/playing.md, "Hints"): `h` goes on with it rather than think again.
   */
  readonly planAhead: { readonly position: Position; readonly choice: FairChoice } | null;
  /** What the solver is asked, while it thinks. */
  readonly solver: SolverAsk | null;
  /** The player was told, in this game, that asking the solver counts as a peek. */
  readonly peekWarned: boolean;
  /** What the new-game panel chose last, where it opens again (docs/playing.md, "A new game"). */
  readonly lastChoice?: Choice;
  /**
   * The time played in this game as the clock last read it, in milliseconds, to the whole second
   * as it shows it (docs/playing.md, "The clock"); null where no clock is kept.
   */
  readonly playedMs: number | null;
  /** Whether the status line shows the clock, where it fits (`t` turns it on and off). */
  readonly clockShown: boolean;
  /**
   * Where the game went wrong, as the solver last said (`g`), with the line of play it was said
   * of (`lineOf`): a lost panel shown again for that same line, after an undo and a redo, shows
   * it at once rather than offer to search again.
   */
  readonly whereAnswer?: {
    /** The number of actions in that line, compared first: most lines differ in length. */
    readonly kept: number;
    readonly line: string;
    readonly text: string;
  };
  /**
   * A mouse press waiting for its release: where it went down, and whether that press picked
   * the cards up (then its release on the same column does nothing more).
   */
  readonly press: {
    readonly column: number;
    readonly index: number | null;
    readonly fresh: boolean;
  } | null;
}
