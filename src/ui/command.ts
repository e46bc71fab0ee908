/**
 * The commands the controller reacts to (docs/playing.md, "Playing"): what the player asked for, by
 * key or mouse (input.ts turns events into them), and what the game loop's background work reports.
 */
import type { Position, Status } from '../engine';
import type { JobResult } from '../search';
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
        | 'clock'
        | 'winnable'
        | 'demo'
        | 'where';
    }
  /** A key with no meaning, named as the player would write it (`z`, `f1`, `M-d`). */
  | { readonly kind: 'other'; readonly key: string }
  /** From the game loop: the search it ran in the background decided a position's status. */
  | { readonly kind: 'settled'; readonly position: Position; readonly status: Status }
  /** From the game loop: the solver answered about a position. */
  | { readonly kind: 'solved'; readonly position: Position; readonly result: JobResult }
  /** From the game loop: the demo's next action is due, from this position. */
  | { readonly kind: 'step'; readonly position: Position };
