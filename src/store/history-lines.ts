/**
 * One line of the history (see `history.ts`): a game's result as a line holds it, a summary of
 * games folded away, and the checks that read either back, field by field, trusting nothing.
 */
import { TextDecoder } from 'util';
import {
  bySeed,
  type DealId,
  dealText,
  parseDeal,
  RELAXED_LEVELS,
  type Rules,
  type Scores,
  SUIT_COUNTS,
} from '../engine';
import { seedProblem } from '../notation';
import type { GameResult, Outcome } from '../stats/result';
import { type Digest, digest, NO_GAMES, VARIANTS, type VariantStats } from '../stats/stats';

/** The version written in every line (`"v"`); lines of any other version are skipped. */
export const HISTORY_VERSION = 1;
/** A line longer than this is skipped unread: a real line is a few hundred bytes. */
export const MAX_LINE_BYTES = 16 * 1024;
/**
 * A summary line longer than this is skipped unread: one of every statistics line (96) with
 * every figure at its largest (36 KiB), and its slots (`MAX_SUMMARY_SLOT_BYTES`), is shorter.
 */
export const MAX_SUMMARY_BYTES = 64 * 1024;
/**
 * The most bytes of slots a summary keeps (see `HistorySummary.slots`), each counted as written
 * (with its quotes and comma): about 750 slots as saves name them.
 */
export const MAX_SUMMARY_SLOT_BYTES = 24 * 1024;
/** How a summary line starts, as the program writes it. */
const SUMMARY_START = Buffer.from(`{"v":${HISTORY_VERSION},"summary":`);

/**
 * The games folded away from the head of a history kept within a limit (docs/serve.md,
 * "Limits on disk"): its first line.
 */
export interface HistorySummary {
  /** Their figures, which the games of the lines after the summary continue. */
  readonly games: Digest;
  /** Damaged lines folded away: skipped as the lines themselves were. */
  readonly skipped: number;
  /**
   * The slots of games folded away while they were among the last `RECENT_BYTES` of the history
   * (docs/saves.md, "Saved games and statistics"), as the search for results recorded late would
   * have found them (the newest that `MAX_SUMMARY_SLOT_BYTES` holds).
   */
  readonly slots: readonly string[];
}

/** The summary of a history that has none: no game folded away. */
export const NO_SUMMARY: HistorySummary = { games: NO_GAMES, skipped: 0, slots: [] };

/**
 * A result as a history line holds it: the version first, and the deal as records write it,
 * `seed` for a seed or `deal` (`pysol:N`) for a numbered deal.
 */
export function lineObject(result: GameResult): Record<string, unknown> {
  const { deal, ...rest } = result;
  const named = deal.scheme === 'seed' ? { seed: deal.key } : { deal: dealText(deal) };
  const object: Record<string, unknown> = { v: HISTORY_VERSION, ...named, ...rest };
  object.v = HISTORY_VERSION; // whatever else the object held, in first place
  return object;
}

/** The summary `bytes` (the head of a history) start with, or null. */
export function summaryAtHead(bytes: Buffer): HistorySummary | null {
  if (!bytes.subarray(0, SUMMARY_START.length).equals(SUMMARY_START)) return null;
  const newline = bytes.indexOf(0x0a);
  if (newline === -1 || newline > MAX_SUMMARY_BYTES) return null;
  const read = readLine(
    new TextDecoder('utf-8', { fatal: true }),
    bytes.subarray(0, newline),
    true,
  );
  return 'summary' in read ? read.summary : null;
}

export type Line =
  | { readonly result: GameResult }
  | { readonly summary: HistorySummary }
  | { readonly blank: true }
  | { readonly skipped: true };

/** One line of the history (without its line end): the first may be a summary. */
export function readLine(decoder: TextDecoder, line: Buffer, first: boolean): Line {
  if (isBlank(line)) return { blank: true };
  if (line.length > (first ? MAX_SUMMARY_BYTES : MAX_LINE_BYTES)) return { skipped: true };
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(line)) as unknown;
  } catch {
    return { skipped: true }; // not UTF-8 or not JSON
  }
  if (first && isFields(value) && Object.hasOwn(value, 'summary')) {
    const summary = toSummary(value);
    return summary ? { summary } : { skipped: true };
  }
  if (line.length > MAX_LINE_BYTES) return { skipped: true };
  const result = toResult(value);
  return result ? { result } : { skipped: true };
}

export function isBlank(line: Buffer): boolean {
  for (const byte of line) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  return true;
}

export function parseLine(decoder: TextDecoder, line: Buffer): GameResult | null {
  try {
    return toResult(JSON.parse(decoder.decode(line)) as unknown);
  } catch {
    return null; // not UTF-8 or not JSON
  }
}

type Fields = Readonly<Record<string, unknown>>;

/** The object's own value for `key` (never one inherited, never a `__proto__` accessor). */
function own(object: Fields, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

const OUTCOMES: readonly Outcome[] = ['won', 'lost', 'abandoned'];
/** A save slot's name, as the save store makes them. */
const SLOT = /^[\w.-]{1,100}$/;

function toRules(value: unknown): Rules | null {
  if (!isFields(value)) return null;
  const suits = SUIT_COUNTS.find((s) => s === own(value, 'suits'));
  const relaxed = RELAXED_LEVELS.find((r) => r === own(value, 'relaxed'));
  const keepSuits = own(value, 'keepSuits');
  if (suits === undefined || relaxed === undefined || typeof keepSuits !== 'boolean') return null;
  return { suits, relaxed, keepSuits };
}

function toScores(value: unknown): Scores | null {
  if (!isFields(value)) return null;
  const woods = own(value, 'woods');
  const microsoft = own(value, 'microsoft');
  const aisleriot = own(value, 'aisleriot');
  if (!isCount(woods) || !isCount(microsoft) || !isCount(aisleriot)) return null;
  return { woods, microsoft, aisleriot };
}

/**
 * A history line's object checked field by field into a fresh GameResult holding only the known
 * keys, or null when anything is missing, of the wrong type or out of range, or the version is
 * not HISTORY_VERSION.
 */
export function toResult(value: unknown): GameResult | null {
  if (!isFields(value) || own(value, 'v') !== HISTORY_VERSION) return null;
  const seed = own(value, 'seed');
  const numbered = own(value, 'deal');
  let deal: DealId;
  if (typeof seed === 'string' && numbered === undefined && seedProblem(seed) === null)
    deal = bySeed(seed);
  else if (typeof numbered === 'string' && seed === undefined) {
    const parsed = parseDeal(numbered);
    if (!parsed.ok) return null;
    deal = parsed.deal;
  } else return null;
  const rules = toRules(own(value, 'rules'));
  const outcome = OUTCOMES.find((o) => o === own(value, 'outcome'));
  const scores = toScores(own(value, 'scores'));
  const moves = own(value, 'moves');
  const actions = own(value, 'actions');
  const peeks = own(value, 'peeks');
  const elapsedMs = own(value, 'elapsedMs');
  const ended = own(value, 'ended');
  if (!rules || outcome === undefined || !scores) return null;
  if (!isCount(moves) || !isCount(actions) || !isCount(peeks) || !isCount(elapsedMs)) return null;
  if (typeof ended !== 'string' || ended.length > 64 || Number.isNaN(Date.parse(ended)))
    return null;
  const continued = own(value, 'continued');
  if (continued !== undefined && typeof continued !== 'boolean') return null;
  const helped = own(value, 'helped');
  if (helped !== undefined && typeof helped !== 'boolean') return null;
  const daily = own(value, 'daily');
  if (daily !== undefined && (typeof daily !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(daily)))
    return null;
  const slot = own(value, 'slot');
  if (slot !== undefined && (typeof slot !== 'string' || !SLOT.test(slot))) return null;
  const result = { deal, rules, outcome, moves, actions, peeks, elapsedMs, scores, ended };
  return {
    ...result,
    ...(continued ? { continued } : {}),
    ...(helped ? { helped } : {}),
    ...(daily !== undefined ? { daily } : {}),
    ...(slot !== undefined ? { slot } : {}),
  };
}

/** The newest of `slots` (the last given) that `MAX_SUMMARY_SLOT_BYTES` holds, in their order. */
export function newestSlots(slots: readonly string[]): string[] {
  let bytes = 0;
  let first = slots.length;
  while (first > 0 && bytes + slots[first - 1].length + 3 <= MAX_SUMMARY_SLOT_BYTES)
    bytes += slots[--first].length + 3;
  return slots.slice(first);
}

/** A statistics line as a summary holds it: the rules flattened, then the figures. */
function statsLineObject(line: VariantStats): Record<string, unknown> {
  return {
    suits: line.rules.suits,
    relaxed: line.rules.relaxed,
    keepSuits: line.rules.keepSuits,
    ...(line.daily ? { daily: true } : {}),
    played: line.played,
    won: line.won,
    lost: line.lost,
    abandoned: line.abandoned,
    currentStreak: line.currentStreak,
    bestStreak: line.bestStreak,
    bestScore: line.bestScore && { ...line.bestScore },
    fewestMoves: line.fewestMoves,
    fastestWinMs: line.fastestWinMs,
    wonWithoutPeeks: line.wonWithoutPeeks,
    wonWithHelp: line.wonWithHelp,
    timePlayedMs: line.timePlayedMs,
    winTimeMs: line.winTimeMs,
    timedWins: line.timedWins,
  };
}

/** The summary as the history's first line, without its line end. */
export function summaryText(summary: HistorySummary): string {
  const { games, skipped, slots } = summary;
  return JSON.stringify({
    v: HISTORY_VERSION,
    summary: {
      lines: games.lines.map(statsLineObject),
      continued: games.continued,
      skipped,
      until: games.until === null ? null : new Date(games.until).toISOString(),
      slots: newestSlots(slots),
    },
  });
}

/** A count, or null where the line has no win: what a figure of won games only must be. */
function ofWins(value: unknown, won: number): value is number | null {
  return won === 0 ? value === null : isCount(value);
}

/** A statistics line of a summary checked field by field, or null. */
function toLine(value: unknown): VariantStats | null {
  if (!isFields(value)) return null;
  const rules = toRules({
    suits: own(value, 'suits'),
    relaxed: own(value, 'relaxed'),
    keepSuits: own(value, 'keepSuits'),
  });
  const daily = own(value, 'daily');
  const [played, won, lost, abandoned, currentStreak, bestStreak, wonWithoutPeeks] = [
    'played',
    'won',
    'lost',
    'abandoned',
    'currentStreak',
    'bestStreak',
    'wonWithoutPeeks',
  ].map((key) => own(value, key));
  const bestScore = own(value, 'bestScore');
  const fewestMoves = own(value, 'fewestMoves');
  const fastestWinMs = own(value, 'fastestWinMs');
  // Figures a summary written before they were kept lacks: none of its games counted in them.
  const [wonWithHelp, timePlayedMs, winTimeMs, timedWins] = [
    'wonWithHelp',
    'timePlayedMs',
    'winTimeMs',
    'timedWins',
  ].map((key) => own(value, key) ?? 0);
  if (!isCount(wonWithHelp) || !isCount(timePlayedMs) || !isCount(winTimeMs)) return null;
  if (!rules || (daily !== undefined && daily !== true)) return null;
  if (!isCount(played) || !isCount(won) || !isCount(lost) || !isCount(abandoned)) return null;
  if (!isCount(currentStreak) || !isCount(bestStreak) || !isCount(wonWithoutPeeks)) return null;
  // Figures that could come from games: no line without one, a streak no longer than the wins.
  if (played === 0 || played !== won + wonWithHelp + lost + abandoned) return null;
  if (!isCount(timedWins) || timedWins > won || winTimeMs > timePlayedMs) return null;
  if (currentStreak > bestStreak || bestStreak > won || wonWithoutPeeks > won) return null;
  const scores = won === 0 ? null : toScores(bestScore);
  if ((won === 0 ? bestScore !== null : scores === null) || !ofWins(fewestMoves, won)) return null;
  if (!ofWins(fastestWinMs, won)) return null;
  return {
    rules,
    daily: daily === true,
    played,
    won,
    wonWithHelp,
    lost,
    abandoned,
    winRate: won / played,
    currentStreak,
    bestStreak,
    bestScore: scores,
    fewestMoves,
    fastestWinMs,
    wonWithoutPeeks,
    timePlayedMs,
    winTimeMs,
    timedWins,
  };
}

/**
 * A summary line's object checked field by field, or null when anything is missing, of the
 * wrong type or out of range, or a statistics line comes twice. Its lines come out in the order
 * `summarize` gives.
 */
export function toSummary(value: unknown): HistorySummary | null {
  if (!isFields(value) || own(value, 'v') !== HISTORY_VERSION) return null;
  const summary = own(value, 'summary');
  if (!isFields(summary)) return null;
  const lines = own(summary, 'lines');
  const continued = own(summary, 'continued');
  const skipped = own(summary, 'skipped');
  const until = own(summary, 'until');
  const slots = own(summary, 'slots');
  if (!Array.isArray(lines) || lines.length > 2 * VARIANTS.length) return null;
  if (!isCount(continued) || !isCount(skipped)) return null;
  if (!Array.isArray(slots) || slots.length > MAX_SUMMARY_SLOT_BYTES) return null;
  if (!slots.every((slot) => typeof slot === 'string' && SLOT.test(slot))) return null;
  if (newestSlots(slots).length < slots.length) return null;
  const checked = lines.map(toLine);
  if (!checked.every((line) => line !== null)) return null;
  let last: number | null = null;
  if (until !== null) {
    if (typeof until !== 'string' || until.length > 64) return null;
    last = Date.parse(until);
    if (Number.isNaN(last)) return null;
  } else if (checked.length > 0 || continued > 0) return null;
  // Each line once: continued by no game, the digest lists them in their order.
  const games = digest([], { lines: checked, continued, until: last });
  if (games.lines.length !== checked.length) return null;
  return { games, skipped, slots: slots as string[] };
}
