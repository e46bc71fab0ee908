/**
 * What the store has to tell the player, as values: what happened to a save, a game or a
 * result, with the facts to word it by. `src/words/store.ts` turns each into the sentence the
 * player reads.
 */
import type { DealId } from '../engine';

export type StoreNews =
  /** A save that could not be used, moved aside (or not, and why). */
  | {
      readonly kind: 'save-set-aside';
      /** The save's file name. */
      readonly file: string;
      /** Why it could not be used. */
      readonly reason: string;
      readonly aside: { readonly moved: string } | { readonly failed: string };
    }
  /** A save its permissions keep from being read: left as it is. */
  | {
      readonly kind: 'save-unreadable';
      readonly file: string;
      readonly reason: string;
      /** Where it is, to make it readable. */
      readonly path: string;
    }
  /** The folder of saves could not be looked through. */
  | { readonly kind: 'saves-unlisted'; readonly dir: string; readonly reason: string }
  /** A start resumed a saved game. */
  | {
      readonly kind: 'resumed';
      /** When it was saved (ISO 8601). */
      readonly saved: string;
      readonly deal: DealId;
      readonly moves: number;
      /** It is the game of the deal asked for. */
      readonly sameDeal: boolean;
      /** Another of the player's games is open in another session. */
      readonly othersInUse: boolean;
    }
  /** A new game was started over an unfinished one, which counts as abandoned (or in nothing). */
  | { readonly kind: 'abandoned'; readonly deal: DealId; readonly continued: boolean }
  /** A start continues the game of a record file. */
  | { readonly kind: 'continuing'; readonly name: string; readonly deal: DealId }
  /** A new game, where a player may wonder why theirs was not resumed: it is open elsewhere. */
  | { readonly kind: 'deal-elsewhere' }
  | { readonly kind: 'others-elsewhere'; readonly inUse: number }
  /** The game cannot be saved: play goes on without. */
  | { readonly kind: 'cannot-save'; readonly reason: string }
  /** Saving works again after it failed. */
  | { readonly kind: 'saving-works' }
  /** A result the statistics could not take: the game is kept, recorded next time. */
  | { readonly kind: 'unrecorded'; readonly reason: string }
  /** A result neither the statistics nor the save folder could take: it is lost. */
  | { readonly kind: 'result-lost'; readonly reason: string; readonly saveReason: string }
  /** A win and the records it sets (as the statistics word them). */
  | { readonly kind: 'won'; readonly records: readonly string[] }
  /** A win whose records could not be checked: lines of the history are damaged, or unread. */
  | { readonly kind: 'won-unchecked'; readonly damaged: number }
  | { readonly kind: 'won-unchecked'; readonly overBytes: number };
