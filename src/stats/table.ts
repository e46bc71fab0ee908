import type chalkModule from 'chalk';
import type { ScoringName } from '../engine';
import { averageWinMs, formatDuration, type VariantStats } from './stats';

/** The widest table `statsTable` draws. */
export const TABLE_WIDTH = 80;

export const NO_GAMES_LINE = "No games played yet: start one with 'spider'.";

export interface TableOptions {
  readonly color: boolean;
  /** Which score the "Best" column shows. */
  readonly scoring: ScoringName;
}

/** "4 suits r0", "1 suit r2 keep"; daily deals "daily 4s r0", "daily 1s r2 k" (as narrow). */
export function variantLabel(stats: VariantStats): string {
  const { suits, relaxed, keepSuits } = stats.rules;
  if (stats.daily) return `daily ${suits}s r${relaxed}${keepSuits ? ' k' : ''}`;
  return `${suits} suit${suits === 1 ? '' : 's'} r${relaxed}${keepSuits ? ' keep' : ''}`;
}

/** A win rate as a whole percentage that reads 0% only with no win and 100% only with no other game. */
export function winPercent(stats: VariantStats): string {
  if (stats.won === 0) return '0%';
  if (stats.won === stats.played) return '100%';
  return `${Math.min(99, Math.max(1, Math.round(stats.winRate * 100)))}%`;
}

interface Column {
  /** Two header lines. */
  readonly head: readonly [string, string];
  readonly cell: (stats: VariantStats) => string;
  readonly left?: boolean;
}

const NONE = '-';

/** A count in at most 5 characters: 99999, then 100k, 999k, 1M... (the JSON has them whole). */
export function compactCount(n: number): string {
  if (n < 100_000) return String(n);
  if (n < 1_000_000) return `${Math.floor(n / 1000)}k`;
  return `${Math.floor(n / 1_000_000)}M`;
}

const orNone = (value: number | null | undefined): string =>
  value === null || value === undefined ? NONE : compactCount(value);

/** A playing time in at most 8 characters. */
function time(ms: number | null): string {
  if (ms === null) return NONE;
  return ms < 100 * 3_600_000 ? formatDuration(ms) : '>99h';
}

/** A time played, which may run to many hours: `h:mm:ss`, or whole hours from 100 on. */
function hours(ms: number): string {
  return ms < 100 * 3_600_000 ? formatDuration(ms) : `${Math.floor(ms / 3_600_000)}h`;
}

/** A table's lines: two header lines (bold where `paint` is), then a row per variant. */
function tableLines(
  columns: readonly Column[],
  stats: readonly VariantStats[],
  paint: chalkModule.Chalk,
): string[] {
  const rows = stats.map((s) => columns.map((c) => c.cell(s)));
  const widths = columns.map((c, i) =>
    Math.max(c.head[0].length, c.head[1].length, ...rows.map((row) => row[i].length)),
  );
  const total = widths.reduce((sum, w) => sum + w, 0);
  // Two spaces between columns when they fit, one otherwise (a long score name, many games):
  // with every cell at most 5 characters (times 8) the widest table is 80 columns.
  const gap = total + 2 * (columns.length - 1) <= TABLE_WIDTH ? '  ' : ' ';
  const line = (cells: readonly string[]): string =>
    cells
      .map((text, i) => (columns[i].left ? text.padEnd(widths[i]) : text.padStart(widths[i])))
      .join(gap)
      .trimEnd();
  const header = [0, 1].map((h) => line(columns.map((c) => c.head[h])));
  return [
    ...header.filter((text) => text !== '').map((text) => paint.bold(text)),
    ...rows.map(line),
  ];
}

/**
 * The statistics as tables for a terminal, one row per variant, at most 80 columns wide
 * (`TABLE_WIDTH`), ending with a line end: the results and records, then the wins with help and
 * the time played. The header is bold when `color` is set; without it the text holds no escape
 * code at all. With no variant, one friendly line.
 */
export function statsTable(stats: readonly VariantStats[], options: TableOptions): string {
  if (stats.length === 0) return `${NO_GAMES_LINE}\n`;
  // chalk is loaded when a table is printed, not at every start, which reaches this module
  // through the store (docs/measurements.md, "Start-up").
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const chalk = require('chalk') as typeof chalkModule;
  const paint = new chalk.Instance({ level: options.color ? 1 : 0 });
  const variant: Column = { head: ['', 'Variant'], cell: variantLabel, left: true };
  const results: Column[] = [
    variant,
    { head: ['', 'Played'], cell: (s) => compactCount(s.played) },
    { head: ['', 'Won'], cell: (s) => compactCount(s.won) },
    { head: ['Win', 'rate'], cell: winPercent },
    { head: ['', 'Streak'], cell: (s) => compactCount(s.currentStreak) },
    { head: ['Best', 'streak'], cell: (s) => compactCount(s.bestStreak) },
    { head: ['Best', options.scoring], cell: (s) => orNone(s.bestScore?.[options.scoring]) },
    { head: ['Fewest', 'moves'], cell: (s) => orNone(s.fewestMoves) },
    { head: ['', 'Fastest'], cell: (s) => time(s.fastestWinMs) },
    { head: ['No-peek', 'wins'], cell: (s) => compactCount(s.wonWithoutPeeks) },
  ];
  const times: Column[] = [
    variant,
    { head: ['Won', 'with help'], cell: (s) => compactCount(s.wonWithHelp) },
    { head: ['Time', 'played'], cell: (s) => hours(s.timePlayedMs) },
    { head: ['Average', 'win'], cell: (s) => time(averageWinMs(s)) },
  ];
  return [
    ...tableLines(results, stats, paint),
    '',
    ...tableLines(times, stats, paint),
    '',
    'r0..r3: --relaxed level; keep: --keep-suits. Best, moves, time: won games.',
    'Won with help: the solver played (the demo); not a win, a record or a streak.',
    ...(stats.some((s) => s.daily)
      ? ['daily: the daily deals (spider --daily), counted apart; k: --keep-suits.']
      : []),
  ]
    .map((text) => text + '\n')
    .join('');
}
