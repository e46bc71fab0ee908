import {
  type Action,
  actionsKept,
  actionsUndone,
  type DealId,
  type DealOrigin,
  parseDeal,
  type Game,
  type ReplayFailure,
  restoreGame,
  type Rules,
  type SavedLine,
} from '../engine';
import { explain, movesKept, statusWithin } from '../engine';
import { printable } from './printable';
import { seedProblem } from './seed';
import { formatRecord, type GameRecord, parseRecord } from './record';

/**
 * A saved game is a game record (docs/records.md, "Move notation and game records") with a few more
 * header keys, so any record reader can replay it and a person can read it:
 *
 *   save-format: 1       the version of these keys; a newer one is refused, never guessed at
 *   undone: N            the last N actions of the body are undone (the redo stack)
 *   actions: N           actions counted for the microsoft score (undos included)
 *   peeks: N             xpat2's cheat count
 *   elapsed-ms: N        time spent playing
 *   started: ISO date    when the game was dealt
 *   saved: ISO date      when this file was written
 *   status: playing      playing, won or lost when it was written: lets a start choose a game
 *                        from the headers alone; never trusted beyond that (the game chosen is
 *                        replayed, and what its moves say wins)
 *   continued: yes       (only then) the game was continued from a record file: the
 *                        statistics keep it apart (docs/saves.md, "Saved games and statistics")
 *   helped: yes          (only then) the solver played an action of the game (the demo): a win
 *                        is won with help (docs/rules.md, "Won with help"); older saves have no
 *                        such line and read as not helped
 *   abandoned: yes       (only then) the game was given up for a new one, but the statistics
 *                        could not hear of it: the next start records it, then removes the save
 *   winnable-from-seed: S, winnable-from-deal: SCHEME:N   (only then) the deal was chosen as
 *                        proven winnable, from this start (docs/deals.md, "Winnable deals")
 *   daily: YYYY-MM-DD    (only then) the daily deal of that date
 *
 * The body holds the line of play kept, then the undone actions in the order they were played.
 * Loading always replays the body from the deal through the rules.
 */
export const SAVE_FORMAT = 1;

/** What a save file holds besides the game itself. */
export interface SaveInfo {
  readonly elapsedMs: number;
  readonly started: string;
  readonly saved: string;
  /** The game was abandoned, and waits only to be recorded in the statistics. */
  readonly abandoned?: boolean;
  /**
   * The game was continued from a record file, so it sets no records (docs/saves.md, "Saved games
   * and statistics").
   */
  readonly continued?: boolean;
}

/** A save file read and replayed. */
export interface LoadedSave extends SaveInfo {
  readonly game: Game;
}

export type SaveParse =
  | { readonly ok: true; readonly save: LoadedSave }
  | { readonly ok: false; readonly reason: string };

/** Keys about the state of one game, not its deal: its status and its save's bookkeeping. */
const STATE_KEYS = [
  'save-format',
  'undone',
  'actions',
  'peeks',
  'elapsed-ms',
  'moves',
  'started',
  'saved',
  'status',
  'abandoned',
  'continued',
  'helped',
];

/**
 * The header keys a record made from another one carries on (docs/records.md, "Move notation
 * and game records"): all but those about the state of the game read, which its new line of play
 * may contradict (a `status: lost` over a winning line).
 */
export function carriedMeta(meta: GameRecord['meta']): GameRecord['meta'] {
  return meta.filter(([key]) => !STATE_KEYS.includes(key));
}

const SAVE_KEYS = [...STATE_KEYS, 'winnable-from-seed', 'winnable-from-deal', 'daily'];

/** Header lines that say how a chosen deal was chosen (none for a deal named directly). */
export function originMeta(deal: DealId): [string, string][] {
  const origin = deal.origin;
  if (origin === undefined) return [];
  const { scheme, key } = origin.from;
  const from: [string, string] =
    scheme === 'seed' ? ['winnable-from-seed', key] : ['winnable-from-deal', `${scheme}:${key}`];
  return origin.daily === undefined ? [from] : [from, ['daily', origin.daily]];
}

/** The origin the header lines name, or undefined when they name none (or nothing valid). */
function originOf(meta: ReadonlyMap<string, string>): DealOrigin | undefined {
  const seed = meta.get('winnable-from-seed');
  const numbered = meta.get('winnable-from-deal');
  const parsed = numbered === undefined ? undefined : parseDeal(numbered);
  const from =
    seed !== undefined && seedProblem(seed) === null
      ? { scheme: 'seed' as const, key: seed }
      : parsed?.ok
        ? parsed.deal
        : undefined;
  if (from === undefined) return undefined;
  const daily = meta.get('daily');
  return daily !== undefined && /^\d{4}-\d\d-\d\d$/.test(daily) ? { from, daily } : { from };
}

/** The deal with the origin its header names, if any. */
function withOrigin(deal: DealId, meta: ReadonlyMap<string, string>): DealId {
  const origin = originOf(meta);
  return origin === undefined ? deal : { ...deal, origin };
}

export function formatSave(game: Game, info: SaveInfo): string {
  const undone = actionsUndone(game);
  const meta: [string, string][] = [
    ['save-format', String(SAVE_FORMAT)],
    ['undone', String(undone.length)],
    ['actions', String(game.actions)],
    ['peeks', String(game.peeks)],
    ['elapsed-ms', String(Math.max(0, Math.round(info.elapsedMs)))],
    // For the list of saves, read without replaying the game (docs/saves.md, "Your saved games").
    ['moves', String(movesKept(game))],
    ['started', info.started],
    ['saved', info.saved],
    // Never a wait: a status still being decided is written as playing (docs/rules.md, "Lost").
    ['status', statusWithin(game.position) ?? 'playing'],
    ...(info.continued ? [['continued', 'yes'] as [string, string]] : []),
    ...(game.helped ? [['helped', 'yes'] as [string, string]] : []),
    ...(info.abandoned ? [['abandoned', 'yes'] as [string, string]] : []),
    ...originMeta(game.deal),
  ];
  const actions: Action[] = [...actionsKept(game), ...undone];
  return `# Spider game in progress: rewritten after every action.\n${formatRecord({ deal: game.deal, rules: game.rules, meta, actions })}`;
}

/** A whole number from a header value, or null. */
function count(value: string | undefined, max = 1e12): number | null {
  if (value === undefined || !/^\d{1,13}$/.test(value)) return null;
  const n = Number(value);
  return n <= max ? n : null;
}

function date(value: string | undefined, fallback: string): string {
  return value !== undefined && /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : fallback;
}

/** What a start needs to choose among saves, read from a save's header alone. */
export interface SaveHeader {
  readonly deal: DealId;
  readonly rules: Rules;
  readonly saved: string;
  /** As written, or undefined in saves written before the key existed. Not proof of anything. */
  readonly status?: 'playing' | 'won' | 'lost';
  readonly abandoned: boolean;
  /** For the list of saves: as written, or null (an earlier version's save). Not proof of anything. */
  readonly moves: number | null;
  readonly elapsedMs: number | null;
}

/**
 * Reads only the header of a save (the lines before the first blank line), without parsing or
 * replaying the body: cheap enough to look at every save at start. Never throws.
 */
export function readSaveHeader(
  text: string,
  now: string,
): { ok: true; header: SaveHeader } | { ok: false; reason: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let i = 0;
  while (i < lines.length && (lines[i].trim() === '' || /^\s*#/.test(lines[i]))) i++;
  let end = i;
  while (end < lines.length && lines[end].trim() !== '') end++;
  const parsed = parseRecord(lines.slice(0, end).join('\n'), { headerOnly: true });
  if (!parsed.ok) return { ok: false, reason: `line ${parsed.error.line}: ${parsed.error.reason}` };
  const { record } = parsed;
  const meta = new Map(record.meta.filter(([key]) => SAVE_KEYS.includes(key)));
  const wrong = formatProblem(meta.get('save-format'));
  if (wrong !== null) return { ok: false, reason: wrong };
  const status = meta.get('status');
  return {
    ok: true,
    header: {
      deal: withOrigin(record.deal, meta),
      rules: record.rules as Rules,
      saved: date(meta.get('saved'), now),
      ...(status === 'playing' || status === 'won' || status === 'lost' ? { status } : {}),
      abandoned: meta.get('abandoned') === 'yes',
      moves: count(meta.get('moves')),
      elapsedMs: count(meta.get('elapsed-ms')),
    },
  };
}

/**
 * The line of play a record holds, as a game restores it (docs/records.md, "Move notation
 * and game records"): a save read as a record keeps its undone actions to redo and its count of
 * actions for the score; any other record is its actions alone.
 */
export function recordLine(record: GameRecord): SavedLine {
  const counted = record.meta.some(([key]) => key === 'save-format')
    ? record.meta.find(([key]) => key === 'actions')?.[1]
    : undefined;
  return {
    actions: record.actions,
    undone: record.undone,
    actionCount: counted !== undefined && /^\d{1,15}$/.test(counted) ? Number(counted) : 0,
    peeks: 0,
  };
}

/** Why a save's `save-format` value is not one this version reads, or null. */
function formatProblem(format: string | undefined): string | null {
  if (format === undefined) return "it is not a saved game (no 'save-format' line)";
  if (format === String(SAVE_FORMAT)) return null;
  // A number is another version's; anything else is a file cut short or damaged.
  if (!/^\d+$/.test(format))
    return `it is cut short or damaged (save format '${format}' is no version number)`;
  return `it was written by another version of spider (save format '${format}', this one reads ${SAVE_FORMAT})`;
}

/** Reads and replays a save. Never throws; never trusts the counters beyond what the moves allow. */
export function parseSave(text: string, now: string): SaveParse {
  const parsed = parseRecord(text);
  if (!parsed.ok) return { ok: false, reason: `line ${parsed.error.line}: ${parsed.error.reason}` };
  const { record } = parsed;
  const meta = new Map(record.meta.filter(([key]) => SAVE_KEYS.includes(key)));
  const wrong = formatProblem(meta.get('save-format'));
  if (wrong !== null) return { ok: false, reason: wrong };
  const undone = count(meta.get('undone'), record.actions.length);
  const actionCount = count(meta.get('actions'));
  const peeks = count(meta.get('peeks'));
  const elapsedMs = count(meta.get('elapsed-ms'));
  if (undone === null || actionCount === null || peeks === null || elapsedMs === null) {
    return {
      ok: false,
      reason:
        'its undone, actions, peeks or elapsed-ms line is missing or not a whole number in range',
    };
  }
  const restored: { game: Game; failure?: ReplayFailure } = restoreGame(
    withOrigin(record.deal, meta),
    record.rules as Rules,
    {
      actions: record.actions,
      undone,
      actionCount,
      peeks,
      helped: meta.get('helped') === 'yes',
    },
  );
  if (restored.failure) {
    const { index, refusal } = restored.failure;
    const { token, line } = record.where(index);
    return {
      ok: false,
      reason: `action ${index + 1} '${printable(token)}' (line ${line}) is illegal: ${explain(refusal)}`,
    };
  }
  return {
    ok: true,
    save: {
      game: restored.game,
      elapsedMs,
      started: date(meta.get('started'), now),
      saved: date(meta.get('saved'), now),
      ...(meta.get('abandoned') === 'yes' ? { abandoned: true } : {}),
      ...(meta.get('continued') === 'yes' ? { continued: true } : {}),
    },
  };
}
