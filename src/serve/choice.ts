/**
 * What a login's command asks of the server (docs/serve.md, "Choosing the game at login", "Your
 * records and statistics over SSH"): the game it names, or the question it asks and its answer.
 */
import type { DealId, Rules } from '../engine';
import type { Places } from '../store/paths';
import type { Board } from '../store/board';

/**
 * The game a player named when logging in (docs/serve.md, "Choosing the game at login"): its
 * rules (the server's, with those named over them), the deal, and whether to deal a new game
 * even if one is unfinished.
 */
export interface GameChoice {
  readonly rules: Rules;
  /** The rules the player named: only these decide which saved game is resumed. */
  readonly named: Partial<Rules>;
  readonly deal?: DealId;
  /** A deal to search for first, on the solver's thread: the day's, or a winnable one. */
  readonly choose?: 'daily' | 'winnable';
  readonly fresh: boolean;
}

/**
 * Who asks a question without a terminal (docs/serve.md, "Your records and statistics over SSH"):
 * their places and records folder (none for a guest), and what they type to log in.
 */
export interface Asker {
  readonly places: Places | null;
  /** The player's places with what the server's database holds of them, read when asked. */
  readonly load?: (() => Promise<Places>) | undefined;
  readonly records: string | null;
  readonly login: string;
  /** The server's daily board as the asker reaches it, if the server keeps one. */
  readonly board?: BoardAccess;
}

/** The answer to a question: what goes to the player's standard output and error, the status. */
export interface Answer {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A login's command read: the game it names, or the line that refuses it. */
export type LoginChoice =
  | { readonly ok: true; readonly choice: GameChoice }
  | { readonly ok: false; readonly message: string };

/** The board as one player reaches it: the server's, their id (none for a guest), the rules. */
export interface BoardAccess {
  readonly board: Board;
  readonly player: string | null;
  /** The server's rules: the board `ssh HOST board` prints unless others are named. */
  readonly rules: Rules;
  /** Now, for the day. */
  readonly now?: () => Date;
  /** What the player types to log in (`ssh -t -p 2222 HOST`), for the words that name it. */
  readonly login?: string;
}
