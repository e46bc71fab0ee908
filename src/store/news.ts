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
  /** An unfinished game given up (from the saves), which counts as abandoned (or in nothing). */
  | { readonly kind: 'abandoned'; readonly deal: DealId; readonly continued: boolean }
  /** The save asked for is open in another session (`elsewhere`), or no longer there as it was. */
  | { readonly kind: 'save-unavailable'; readonly elsewhere: boolean }
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

/** Why a record cannot be written within the server's limits (docs/serve.md, "Limits on disk"). */
export type NoRoom =
  /** Larger than all the records the server keeps (`most` bytes). */
  | { readonly kind: 'too-large'; readonly bytes: number; readonly most: number }
  /** The folder of records is a link, not followed. */
  | { readonly kind: 'link'; readonly folder: string }
  /** The folder of records could not be looked through. */
  | { readonly kind: 'unlisted'; readonly reason: string }
  /** The oldest record could not be removed, after `before` older ones were. */
  | {
      readonly kind: 'stuck';
      readonly name: string;
      readonly reason: string;
      readonly before: number;
    };

/** The oldest records removed to make room, and what the server keeps that made them go. */
export interface RecordsRemoved {
  readonly names: readonly string[];
  readonly keeps: { readonly records?: number; readonly bytes?: number };
}

/** What became of a record `w` asked for. */
export type RecordNews =
  /** The server keeps no records. */
  | { readonly kind: 'records-not-kept' }
  /** The current folder, where it would go, no longer exists. */
  | { readonly kind: 'record-no-folder' }
  /** Nothing was played since the last one, written as `name`. */
  | { readonly kind: 'record-again'; readonly name: string }
  | { readonly kind: 'record-no-room'; readonly why: NoRoom }
  | {
      readonly kind: 'record-written';
      readonly name: string;
      /** The file, by its name alone in the current folder, else by its path. */
      readonly where: string;
      /** How the folder is named to a player who cannot reach it (over SSH). */
      readonly shown?: string;
      readonly removed: RecordsRemoved | null;
      /** The record's text, as written. */
      readonly text: string;
    }
  | {
      readonly kind: 'record-failed';
      readonly reason: string;
      readonly removed: RecordsRemoved | null;
    }
  /** Every name the record could have (`<stem>[-<n>].txt`) is taken in `folder`. */
  | {
      readonly kind: 'record-names-taken';
      readonly stem: string;
      readonly folder: string;
      readonly removed: RecordsRemoved | null;
    };

/** What became of a save that could not be used. */
export type SetAside = Extract<StoreNews, { kind: 'save-set-aside' }>;
/** A save its permissions keep from being read. */
export type Unreadable = Extract<StoreNews, { kind: 'save-unreadable' }>;
