/**
 * The daily board (docs/serve.md, "The daily board"): the results of the day's deal of a server's
 * players, ranked, and the names they are shown by. Pure: the store keeps the entries and names,
 * this decides what is a name and who stands where.
 */
import type { Rules } from '../engine';
import { graphemes, graphemeWidth, printable, textWidth } from '../notation';
import type { Outcome } from './result';

/** The most columns a name takes on a terminal. */
export const NAME_COLUMNS = 16;

/** One result of a daily deal, as the board keeps it. */
export interface DailyEntry {
  /** Who played: the player's id on the server (their key's fingerprint, URL-safe base64). */
  readonly player: string;
  /** The daily deal's date, `YYYY-MM-DD` (docs/deals.md, "The daily deal"). */
  readonly day: string;
  readonly rules: Rules;
  readonly outcome: Outcome;
  /** Moves in the line of play kept. */
  readonly moves: number;
  readonly elapsedMs: number;
  readonly peeks: number;
  /** The demo played an action of the game (docs/rules.md, "Won with help"). */
  readonly helped: boolean;
  /** When the game ended, ISO 8601. */
  readonly ended: string;
}

/** An entry with the name its player has now, if any. */
export interface NamedEntry extends DailyEntry {
  readonly name: string | null;
}

/** A name read: the name as it is kept and shown, and the key two names are compared by. */
export type NameRead =
  | { readonly ok: true; readonly name: string; readonly key: string }
  | { readonly ok: false; readonly why: string };

/**
 * A name as a player typed it, checked (docs/serve.md, "The daily board"): blanks around it
 * trimmed and runs of blanks inside made one space, in Unicode's composed form (NFC); printable
 * (nothing that does not show as itself, nothing of no width); at most 16 columns. Its key, the
 * compatibility form (NFKC) in lower case, is what must be unique: `Ada`, `ADA` and `Ａｄａ`
 * (full-width) are one name.
 */
export function readName(typed: string): NameRead {
  const name = typed.normalize('NFC').trim().replace(/\s+/gu, ' ');
  if (name === '') return { ok: false, why: 'a name needs at least one letter or sign' };
  const shown = graphemes(name);
  if (printable(name, Number.MAX_SAFE_INTEGER) !== name || shown.some((g) => graphemeWidth(g) < 1))
    return { ok: false, why: 'a name may hold only characters that show (no controls)' };
  if (textWidth(name) > NAME_COLUMNS)
    return { ok: false, why: `a name takes at most ${NAME_COLUMNS} columns on screen` };
  return { ok: true, name, key: nameKey(name) };
}

/** The form two names are compared in: compatibility-composed (NFKC), lower case. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().normalize('NFKC');
}

/** One player's place on the board. */
export interface Placed {
  /** 1 for the first; players whose results are equal share a place. */
  readonly place: number;
  readonly name: string;
  readonly entry: DailyEntry;
}

/** A day's board for one set of rules: the players' own results, and those with peeks or help. */
export interface DayStandings {
  readonly clean: readonly Placed[];
  readonly helped: readonly Placed[];
}

/** Whether a result had a peek or help: such results are ranked apart. */
export const aided = (entry: DailyEntry): boolean => entry.helped || entry.peeks > 0;

const OUTCOME_ORDER: Record<Outcome, number> = { won: 0, lost: 1, abandoned: 2 };

/**
 * The order of results: won first, then lost (played to the end), then abandoned; then the fewest
 * moves, then the least time; a negative number when `a` stands above `b`.
 */
export function compareResults(a: DailyEntry, b: DailyEntry): number {
  return (
    OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome] ||
    a.moves - b.moves ||
    a.elapsedMs - b.elapsedMs
  );
}

const sameRules = (a: Rules, b: Rules): boolean =>
  a.suits === b.suits && a.relaxed === b.relaxed && a.keepSuits === b.keepSuits;

/**
 * The board of `day` for `rules`: one entry a player, their best of the day (a result without
 * peeks or help before any with them, then by `compareResults`, the earlier first when equal),
 * ranked; players with no name are left off.
 */
export function rankDay(entries: readonly NamedEntry[], day: string, rules: Rules): DayStandings {
  const best = new Map<string, NamedEntry>();
  for (const entry of entries) {
    if (entry.day !== day || !sameRules(entry.rules, rules)) continue;
    const kept = best.get(entry.player);
    if (kept === undefined || betterOfTheDay(entry, kept)) best.set(entry.player, entry);
  }
  const named = [...best.values()].filter((e): e is NamedEntry & { name: string } => !!e.name);
  return {
    clean: placed(named.filter((e) => !aided(e))),
    helped: placed(named.filter(aided)),
  };
}

/** Whether `entry` is a better result of the day than `kept`, of the same player. */
function betterOfTheDay(entry: DailyEntry, kept: DailyEntry): boolean {
  if (aided(entry) !== aided(kept)) return !aided(entry);
  return (
    compareResults(entry, kept) < 0 ||
    (compareResults(entry, kept) === 0 && entry.ended < kept.ended)
  );
}

function placed(entries: (NamedEntry & { name: string })[]): Placed[] {
  const sorted = [...entries].sort(
    (a, b) => compareResults(a, b) || (a.ended < b.ended ? -1 : a.ended > b.ended ? 1 : 0),
  );
  const places: Placed[] = [];
  sorted.forEach((entry, i) => {
    const before = places[i - 1];
    const tied = before !== undefined && compareResults(before.entry, entry) === 0;
    const { name, ...result } = entry;
    places.push({ place: tied ? before.place : i + 1, name, entry: result });
  });
  return places;
}

/** Where a player stands on a day's board: their section and place, or null when not on it. */
export function placeOf(
  standings: DayStandings,
  player: string,
): { readonly section: 'clean' | 'helped'; readonly placed: Placed } | null {
  for (const section of ['clean', 'helped'] as const) {
    const found = standings[section].find((p) => p.entry.player === player);
    if (found) return { section, placed: found };
  }
  return null;
}
