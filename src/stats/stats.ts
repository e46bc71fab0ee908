/**
 * Statistics computed from the history of games, per rule variant. Pure: no files, no process.
 *
 * Decisions:
 * - Every game in the history counts as played, abandoned ones included: the win rate is
 *   won / played, so leaving a game counts against it as a loss does.
 * - A streak is a run of wins in the order games ended in (their `ended` times; as appended where
 *   those are equal) within one variant; a loss or an abandoned game in that variant ends it,
 *   games of other variants do not. A result recorded late (docs/saves.md, "Saved
 *   games and statistics") is appended after games that ended later, and counts in its place.
 * - A game the solver played an action of (the demo) and won is won with help (docs/rules.md,
 *   "Won with help"): counted as played and in `wonWithHelp`, never in `won`, so never in the win
 *   rate, a record or a streak. It ends the streak, as a loss does: the run of the player's own
 *   wins was broken by a game the player did not win alone.
 * - Time played adds up the playing time of every game counted; the average win is over the
 *   player's own wins.
 * - Best scores, fewest moves and the fastest win are taken over won games only: a game that was
 *   not won says nothing about how well it can be won (and an abandoned game with no action at
 *   all would hold the best microsoft score, 500). Each score's best is taken on its own, so the
 *   three may come from different games. They are null before the first win.
 * - Daily deals (docs/deals.md, "The daily deal") are counted apart: each variant's daily games
 *   have a line of their own, after the variants' other games, with their own streaks and records.
 *   A deal proven winnable is not the same test as a random one.
 * - A game continued from a record file counts in nothing: not played, not won, no streak, no
 *   record. Anyone can write a record one move from a win, or continue a won one; the history
 *   keeps such games, marked, and `spider stats` says how many there are.
 * - The figures of games already counted are a `Digest`, which later games continue exactly as if
 *   every game were counted again (docs/serve.md, "Limits on disk"): a history folded into a
 *   summary, or a session that has read part of a history, counts only what is new. Later games
 *   count after the digest's, even one that ended before the digest's last game did.
 */
import {
  RELAXED_LEVELS,
  type Rules,
  SCORING_NAMES,
  type ScoringName,
  type Scores,
  SUIT_COUNTS,
} from '../engine';
import type { GameResult } from './result';

/** The statistics of one rule variant (suits x relaxed x keep-suits). */
export interface VariantStats {
  readonly rules: Rules;
  /** The variant's daily deals, counted apart from its other games. */
  readonly daily: boolean;
  readonly played: number;
  /** The player's own wins: those won with help are in `wonWithHelp`. */
  readonly won: number;
  /** Games won with help (the demo): played, but no win of the player's. */
  readonly wonWithHelp: number;
  readonly lost: number;
  readonly abandoned: number;
  /** won / played, 0..1. */
  readonly winRate: number;
  /** Wins since the last game of this variant that was not won. */
  readonly currentStreak: number;
  readonly bestStreak: number;
  /** The best of each score over won games (each on its own); null before the first win. */
  readonly bestScore: Scores | null;
  /** Fewest moves in a won game; null before the first win. */
  readonly fewestMoves: number | null;
  /** Shortest playing time of a won game, in milliseconds; null before the first win. */
  readonly fastestWinMs: number | null;
  /** Won games in which no peek was counted. */
  readonly wonWithoutPeeks: number;
  /** The playing time of every game counted, in milliseconds. */
  readonly timePlayedMs: number;
  /**
   * The playing time of the own wins in `timedWins`, whose average is the average win: wins
   * folded into a history's summary before it kept times are in neither.
   */
  readonly winTimeMs: number;
  readonly timedWins: number;
}

/** The average playing time of the player's own wins, in milliseconds; null before the first. */
export function averageWinMs(stats: VariantStats): number | null {
  return stats.timedWins === 0 ? null : Math.round(stats.winTimeMs / stats.timedWins);
}

export function sameRules(a: Rules, b: Rules): boolean {
  return a.suits === b.suits && a.relaxed === b.relaxed && a.keepSuits === b.keepSuits;
}

/** Every variant in the order statistics list them: suits 1, 2, 4; relaxed 0 to 3; keep-suits no, yes. */
export const VARIANTS: readonly Rules[] = SUIT_COUNTS.flatMap((suits) =>
  RELAXED_LEVELS.flatMap((relaxed) =>
    [false, true].map((keepSuits): Rules => ({ suits, relaxed, keepSuits })),
  ),
);

const minOf = (a: number | null, b: number): number => (a === null ? b : Math.min(a, b));

/** Whether two results are counted in the same line: the same rules, both daily or neither. */
function sameLine(a: GameResult, rules: Rules, daily: boolean): boolean {
  return sameRules(a.rules, rules) && (a.daily !== undefined) === daily;
}

/**
 * The statistics of the games of one variant, given in the order they ended, continuing `from`
 * (the same variant's figures of earlier games) when given.
 */
function variantStats(
  rules: Rules,
  daily: boolean,
  games: readonly GameResult[],
  from?: VariantStats,
): VariantStats {
  let won = from?.won ?? 0;
  let lost = from?.lost ?? 0;
  let abandoned = from?.abandoned ?? 0;
  let streak = from?.currentStreak ?? 0;
  let bestStreak = from?.bestStreak ?? 0;
  let best: Record<ScoringName, number> | null = from?.bestScore ? { ...from.bestScore } : null;
  let fewestMoves: number | null = from?.fewestMoves ?? null;
  let fastestWinMs: number | null = from?.fastestWinMs ?? null;
  let wonWithoutPeeks = from?.wonWithoutPeeks ?? 0;
  let wonWithHelp = from?.wonWithHelp ?? 0;
  let timePlayedMs = from?.timePlayedMs ?? 0;
  let winTimeMs = from?.winTimeMs ?? 0;
  let timedWins = from?.timedWins ?? 0;
  for (const game of games) {
    timePlayedMs += game.elapsedMs;
    if (game.outcome !== 'won' || game.helped) {
      if (game.outcome === 'won') wonWithHelp++;
      else if (game.outcome === 'lost') lost++;
      else abandoned++;
      streak = 0;
      continue;
    }
    won++;
    winTimeMs += game.elapsedMs;
    timedWins++;
    streak++;
    bestStreak = Math.max(bestStreak, streak);
    if (best === null) best = { ...game.scores };
    else for (const name of SCORING_NAMES) best[name] = Math.max(best[name], game.scores[name]);
    fewestMoves = minOf(fewestMoves, game.moves);
    fastestWinMs = minOf(fastestWinMs, game.elapsedMs);
    if (game.peeks === 0) wonWithoutPeeks++;
  }
  const played = (from?.played ?? 0) + games.length;
  return {
    rules: { suits: rules.suits, relaxed: rules.relaxed, keepSuits: rules.keepSuits },
    daily,
    played,
    won,
    wonWithHelp,
    lost,
    abandoned,
    winRate: played === 0 ? 0 : won / played,
    currentStreak: streak,
    bestStreak,
    bestScore: best,
    fewestMoves,
    fastestWinMs,
    wonWithoutPeeks,
    timePlayedMs,
    winTimeMs,
    timedWins,
  };
}

/**
 * The figures of the games counted so far, which later games continue (`digest`): all that
 * `summarize` and `newRecords` need of them, a few hundred bytes a line however many games.
 */
export interface Digest {
  /** The statistics lines, as `summarize` gives them. */
  readonly lines: readonly VariantStats[];
  /** Games continued from record files: counted in no line. */
  readonly continued: number;
  /**
   * When the last of the games ended (milliseconds since 1970), continued ones included; null
   * before the first. A game that ended before it does not continue the digest exactly (`follows`).
   */
  readonly until: number | null;
}

/** The digest of no game at all. */
export const NO_GAMES: Digest = { lines: [], continued: 0, until: null };

/** A line's place in the order of VARIANTS, the daily lines after the others. */
function lineIndex(rules: Rules, daily: boolean): number {
  const suits = SUIT_COUNTS.indexOf(rules.suits);
  const relaxed = RELAXED_LEVELS.indexOf(rules.relaxed);
  return (
    (daily ? VARIANTS.length : 0) +
    (suits * RELAXED_LEVELS.length + relaxed) * 2 +
    (rules.keepSuits ? 1 : 0)
  );
}

/**
 * The digest of `results` (in the order they were recorded) counted after the games of `from`:
 * the same figures as one digest of `from`'s games followed by these. Within `results` the games
 * count in the order they ended (as recorded where the times are equal).
 */
export function digest(results: readonly GameResult[], from: Digest = NO_GAMES): Digest {
  let continued = from.continued;
  let until = from.until;
  const counted: { readonly result: GameResult; readonly ended: number }[] = [];
  for (const result of results) {
    const ended = Date.parse(result.ended);
    until = until === null ? ended : Math.max(until, ended);
    if (result.continued) continued++;
    else counted.push({ result, ended });
  }
  // A stable sort: as recorded where the times are equal (and nearly always in order already).
  counted.sort((a, b) => a.ended - b.ended);
  const games = new Map<number, GameResult[]>();
  for (const { result } of counted) {
    const index = lineIndex(result.rules, result.daily !== undefined);
    const line = games.get(index);
    if (line) line.push(result);
    else games.set(index, [result]);
  }
  const before = new Map(from.lines.map((line) => [lineIndex(line.rules, line.daily), line]));
  const lines: VariantStats[] = [];
  for (const daily of [false, true]) {
    for (const rules of VARIANTS) {
      const index = lineIndex(rules, daily);
      const line = games.get(index);
      const start = before.get(index);
      if (line || start) lines.push(variantStats(rules, daily, line ?? [], start));
    }
  }
  return { lines, continued, until };
}

/**
 * Whether `results` continue `from` exactly: none ended before the last of its games, so that
 * counting them after its games puts every game where one count of them all would.
 */
export function follows(from: Digest, results: readonly GameResult[]): boolean {
  const until = from.until;
  return until === null || results.every((r) => Date.parse(r.ended) >= until);
}

/**
 * The statistics of each variant that has games, in the order of VARIANTS; then those of the
 * daily deals, in the same order. With `from`, the games of `results` continue its figures.
 */
export function summarize(results: readonly GameResult[], from?: Digest): VariantStats[] {
  return [...digest(results, from).lines];
}

/** What the statistics panel of a game shows (docs/saves.md, "Saved games and statistics"). */
export interface GameStats {
  readonly rules: Rules;
  readonly daily: boolean;
  /**
   * Whether the history was read: false when it is not kept or cannot be read, and the line then
   * says nothing.
   */
  readonly read: boolean;
  /** The line of these rules (of their daily deals, for a daily deal); null before its first game. */
  readonly line: VariantStats | null;
  /** Games counted in every other line. */
  readonly others: number;
  /** What the player should know about the history: why it cannot be read, or what was skipped. */
  readonly note: string | null;
}

/**
 * The line of a game's rules in the statistics, and how many games the other lines count; with
 * `from`, of its games and then those of `results`.
 */
export function statsOfRules(
  results: readonly GameResult[],
  rules: Rules,
  daily: boolean,
  from?: Digest,
): Pick<GameStats, 'line' | 'others'> {
  const lines = digest(results, from).lines;
  const line = lines.find((l) => sameRules(l.rules, rules) && l.daily === daily) ?? null;
  const all = lines.reduce((sum, l) => sum + l.played, 0);
  return { line, others: all - (line?.played ?? 0) };
}

/** A playing time as `m:ss`, or `h:mm:ss` from an hour on (whole seconds, rounded down). */
export function formatDuration(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const seconds = total % 60;
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/**
 * What a win just improved in its variant, as short phrases for the win screen ("fewest moves:
 * 145 (was 170)"); empty when nothing improved or `win` is not a win. `before` is the history
 * without `win` (read it before appending the win), after the games of `from` when given. The
 * first win of a variant says so rather than comparing with nothing. Times count in whole
 * seconds, as they are shown. A win with help sets none (docs/rules.md, "Won with help").
 */
export function newRecords(
  before: readonly GameResult[],
  win: GameResult,
  from?: Digest,
): string[] {
  if (win.outcome !== 'won' || win.continued || win.helped) return [];
  const daily = win.daily !== undefined;
  const games = before.filter((r) => !r.continued && sameLine(r, win.rules, daily));
  const counted = digest(games, from).lines.find(
    (l) => sameRules(l.rules, win.rules) && l.daily === daily,
  );
  const old = counted ?? variantStats(win.rules, daily, []);
  const now = variantStats(win.rules, daily, [win], old);
  const phrases: string[] = [];
  if (old.won === 0)
    phrases.push(daily ? 'first daily win in this variant' : 'first win in this variant');
  if (win.peeks === 0 && old.wonWithoutPeeks === 0) phrases.push('first win without peeks');
  if (old.bestScore) {
    for (const name of SCORING_NAMES) {
      if (win.scores[name] > old.bestScore[name])
        phrases.push(`best ${name} score: ${win.scores[name]} (was ${old.bestScore[name]})`);
    }
  }
  if (old.fewestMoves !== null && win.moves < old.fewestMoves)
    phrases.push(`fewest moves: ${win.moves} (was ${old.fewestMoves})`);
  if (
    old.fastestWinMs !== null &&
    Math.floor(win.elapsedMs / 1000) < Math.floor(old.fastestWinMs / 1000)
  )
    phrases.push(
      `fastest win: ${formatDuration(win.elapsedMs)} (was ${formatDuration(old.fastestWinMs)})`,
    );
  if (now.bestStreak > old.bestStreak && now.bestStreak >= 2)
    phrases.push(`best streak: ${now.bestStreak}`);
  return phrases;
}
