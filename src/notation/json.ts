import {
  cardCode,
  type DealId,
  dealText,
  type Game,
  gameScores,
  PRINTED_STATUS_LIMIT,
  type Scores,
  type Status,
  statusWithin,
  stockCards,
  SUIT_LETTERS,
} from '../engine';
import { UNSEEN_CLASS } from './printable';

/** One column in the JSON document: face-down count, face-down cards (with reveal), face-up cards. */
export interface ColumnJson {
  hidden: number;
  down?: string[];
  up: string[];
}

/** The JSON document of docs/records.md, "Headless commands". Key order is part of the contract. */
export interface PositionJson {
  /** A seed deal's seed; a numbered deal has `deal` instead. */
  seed?: string;
  /** A numbered deal: `pysol:N`, `kpat:N`. */
  deal?: string;
  /** A deal chosen as proven winnable (docs/deals.md, "Winnable deals"). */
  winnable?: true;
  /** Where its sequence started: a seed, or `SCHEME:N`. */
  from?: string;
  /** The daily deal's date. */
  daily?: string;
  suits: number;
  relaxed: number;
  keepSuits: boolean;
  columns: ColumnJson[];
  stock: number;
  stockCards?: string[];
  foundations: string[];
  actions: number;
  status: Status;
  /**
   * Only when `status` is `playing` because the lost-game search stopped after this many
   * positions without deciding (`PRINTED_STATUS_LIMIT`): the game may yet be lost.
   */
  undecided?: number;
  score: Scores;
}

/** The name of a deal in JSON: the members a document names it by, before any other. */
export type DealNameJson = Pick<PositionJson, 'seed' | 'deal' | 'winnable' | 'from' | 'daily'>;

/**
 * How the JSON documents name the game's deal: its seed, or `deal` for a numbered one; for a deal
 * chosen as winnable, where the search began; for the daily deal, its date.
 */
export function dealNameJson(deal: DealId): DealNameJson {
  const origin = deal.origin;
  return {
    ...(deal.scheme === 'seed' ? { seed: deal.key } : { deal: dealText(deal) }),
    ...(origin ? { winnable: true, from: dealText(origin.from) } : {}),
    ...(origin?.daily !== undefined ? { daily: origin.daily } : {}),
  };
}

/** The position of a game as the headless commands print it with `--json`. */
export function positionJson(game: Game, reveal: boolean): PositionJson {
  const position = game.position;
  const columns = position.columns.map((column): ColumnJson => {
    const codes = column.cards.map(cardCode);
    return reveal
      ? {
          hidden: column.hidden,
          down: codes.slice(0, column.hidden),
          up: codes.slice(column.hidden),
        }
      : { hidden: column.hidden, up: codes.slice(column.hidden) };
  });
  const stock = stockCards(position);
  const scores = gameScores(game);
  return {
    ...dealNameJson(game.deal),
    suits: game.rules.suits,
    relaxed: game.rules.relaxed,
    keepSuits: game.rules.keepSuits,
    columns,
    stock: stock.length,
    ...(reveal ? { stockCards: stock.map(cardCode) } : {}),
    foundations: position.foundations.map((suit) => SUIT_LETTERS[suit]),
    actions: game.actions,
    ...printedStatus(game),
    score: { woods: scores.woods, microsoft: scores.microsoft, aisleriot: scores.aisleriot },
  };
}

/**
 * A game's status as the headless commands print it (docs/records.md, "Headless commands"):
 * decided by a search of at most `PRINTED_STATUS_LIMIT` positions, so that printing never waits
 * for the game's own limit; `undecided` says when that was not enough.
 */
export function printedStatus(game: Game): Pick<PositionJson, 'status' | 'undecided'> {
  const status = statusWithin(game.position, PRINTED_STATUS_LIMIT);
  return status === null ? { status: 'playing', undecided: PRINTED_STATUS_LIMIT } : { status };
}

/**
 * Characters that would not show, or would change how the output shows, in a terminal; and
 * combining marks at the start of a string, which would sit on its quote mark (docs/deals.md,
 * "Seeds on screen").
 */
const UNSEEN_OR_ALONE = new RegExp(`[${UNSEEN_CLASS}\\p{Co}\\p{Cn}]|(?<=")\\p{M}+`, 'gu');

/**
 * A value as JSON text for people and scripts alike: indented, and with every invisible or
 * direction-changing character (U+200B, U+202E, U+2028 and the like) written as a `\u` escape,
 * so that output pasted into a terminal shows what is there. JSON.stringify leaves those raw.
 * They can only stand inside strings, so escaping them keeps the document's meaning.
 */
export function jsonText(value: unknown): string {
  // Line ends between members are the indentation's own; inside strings JSON escapes them.
  return JSON.stringify(value, null, 2).replace(UNSEEN_OR_ALONE, (ch) =>
    ch === '\n'
      ? ch
      : Array.from(
          { length: ch.length },
          (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`,
        ).join(''),
  );
}
