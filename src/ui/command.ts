/**
 * The commands the controller reacts to (docs/playing.md, "Playing"): what the player asked for, by
 * key or mouse (input.ts turns events into them), and what the game loop's background work reports.
 */
import type { Position, Status } from '../engine';
import type { HintEngine, JobProgress, JobResult } from '../search';
import type { FoundDeal } from '../host/deal-search';
import type { PanelTarget } from './new-game';
import type { HelpAt } from './state';

/** What the player asked for, from a key or the mouse (see input.ts). */
export type Command =
  | { readonly kind: 'column'; readonly column: number }
  | { readonly kind: 'press'; readonly column: number; readonly index: number | null }
  | { readonly kind: 'release'; readonly column: number | null }
  /** `?`; with the help open, `next` is where it turns to at the terminal's size (the layout's). */
  | { readonly kind: 'help'; readonly next?: HelpAt }
  | {
      readonly kind:
        | 'left'
        | 'right'
        | 'up'
        | 'down'
        | 'enter'
        | 'cancel'
        | 'deal'
        | 'undo'
        | 'redo'
        | 'remove'
        | 'restart'
        | 'new'
        | 'hint'
        | 'expand'
        | 'quit'
        | 'interrupt'
        | 'yes'
        | 'redraw'
        | 'suspend'
        | 'write'
        | 'stats'
        /** `b`: the daily board (docs/serve.md, "The daily board"). */
        | 'board'
        | 'clock'
        | 'winnable'
        | 'demo'
        | 'where'
        /** `v`: the end panel closed to see the board, or opened again. */
        | 'view';
    }
  /** A key with no meaning, named as the player would write it (`z`, `f1`, `M-d`). */
  | { readonly kind: 'other'; readonly key: string }
  /** From the game loop: the search it ran in the background decided a position's status. */
  | { readonly kind: 'settled'; readonly position: Position; readonly status: Status }
  /** From the game loop: how far the solver's question about a position has gone. */
  | { readonly kind: 'progress'; readonly position: Position; readonly progress: JobProgress }
  /** From the game loop: the solver answered about a position. */
  | { readonly kind: 'solved'; readonly position: Position; readonly result: JobResult }
  /** From the game loop: the demo's next action is due, from this position. */
  | { readonly kind: 'step'; readonly position: Position }
  /** A key with the new-game panel open: the panel reads it as typed (docs/playing.md, "A new game"). */
  | {
      readonly kind: 'panel-key';
      readonly name: string;
      readonly ch?: string;
      /** With the record panel open: the lines of the record that show (a page). */
      readonly rows?: number;
    }
  /** A click on one of the new-game panel's values or keys. */
  | { readonly kind: 'panel-click'; readonly target: PanelTarget }
  /** From the game loop: the deal the new-game panel asked it to search for, or why none came. */
  | { readonly kind: 'deal-found'; readonly found: FoundDeal };

/**
 * What the controller needs from outside: new seeds, the hint engine, and how many unfinished
 * games the player has saved (for the new-game panel), where any are kept.
 */
export interface ControllerDeps {
  readonly randomSeed: () => string;
  readonly hints: HintEngine;
  savedGames?(): number;
  /** The rules cannot be changed: the server fixes them (docs/serve.md, "Choosing the game at login"). */
  readonly fixedRules?: boolean;
}
