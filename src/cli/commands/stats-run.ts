/**
 * `spider stats [--json] [--scoring NAME] [--color WHEN]`: the statistics of the games in the
 * history ($XDG_DATA_HOME/spider/games.jsonl), as a table or one JSON document.
 *
 * Wired in stats.ts, which loads this module only when the command runs.
 *
 * Exit status: 0, also when some lines of the history were skipped (said in one line on stderr);
 * 2 for a bad option value or a history that cannot be read at all.
 */
import { MAX_SEED_LENGTH, printable, printableLines } from '../../notation';
import { averageWinMs, digest, statsTable, type VariantStats } from '../../stats';
import type { StoreEngine } from '../../store/engine';
import { historyPath, MAX_HISTORY_BYTES, readResults } from '../../store/history';
import { localPlaces } from '../../store/paths';
import { type CliIo, EXIT_OK as OK, EXIT_USAGE as USAGE } from '../kit';
import { checkDisplayOptions } from '../options';

/** One variant in `spider stats --json`: the rules flattened, then the statistics. */
export interface VariantJson {
  suits: number;
  relaxed: number;
  keepSuits: boolean;
  /** Only on the line of a variant's daily deals. */
  daily?: true;
  played: number;
  /** The player's own wins: not those won with help. */
  won: number;
  /** Games won with help (the solver's demo played in them): in no record or streak. */
  wonWithHelp: number;
  lost: number;
  abandoned: number;
  winRate: number;
  currentStreak: number;
  bestStreak: number;
  bestScore: { woods: number; microsoft: number; aisleriot: number } | null;
  fewestMoves: number | null;
  fastestWinMs: number | null;
  wonWithoutPeeks: number;
  /** The playing time of every game counted. */
  timePlayedMs: number;
  /** The average playing time of the player's own wins; null before the first. */
  averageWinMs: number | null;
}

export interface StatsJson {
  variants: VariantJson[];
  skipped: number;
  /** Games continued from record files: in the history, counted in no statistic. */
  continued: number;
}

export function variantJson(stats: VariantStats): VariantJson {
  return {
    suits: stats.rules.suits,
    relaxed: stats.rules.relaxed,
    keepSuits: stats.rules.keepSuits,
    ...(stats.daily ? { daily: true as const } : {}),
    played: stats.played,
    won: stats.won,
    wonWithHelp: stats.wonWithHelp,
    lost: stats.lost,
    abandoned: stats.abandoned,
    winRate: stats.winRate,
    currentStreak: stats.currentStreak,
    bestStreak: stats.bestStreak,
    bestScore: stats.bestScore && { ...stats.bestScore },
    fewestMoves: stats.fewestMoves,
    fastestWinMs: stats.fastestWinMs,
    wonWithoutPeeks: stats.wonWithoutPeeks,
    timePlayedMs: stats.timePlayedMs,
    averageWinMs: averageWinMs(stats),
  };
}

/** Runs `spider stats` with the options as commander hands them over; returns the exit status. */
export async function statsCommand(
  io: CliIo,
  raw: { json?: boolean; color?: string; scoring?: string },
): Promise<number> {
  const say = (message: string): void => {
    io.stderr.write(`spider: ${printableLines(message)}\n`);
  };
  const display = checkDisplayOptions(
    { scoring: raw.scoring, color: raw.color },
    io.env,
    raw.json !== true && io.stdout.isTTY === true,
  );
  if (!display.ok) {
    say(display.message);
    return USAGE;
  }
  const places = io.places ?? localPlaces(io.env);
  const shown = places.shown ?? ((text: string) => text);
  const problem = places.dataProblem();
  if (problem) {
    say(`cannot read the history of games: ${shown(problem)}`);
    return USAGE;
  }
  const dir = places.data;
  const file = printable(shown(historyPath(dir)), 3 * MAX_SEED_LENGTH);
  // A server's database (docs/serve.md, "The database") holds the results, not a file.
  const history = places.engine ? engineResults(places.engine) : readResults(dir);
  if (history.problem !== undefined) {
    say(`cannot read the history of games: ${shown(history.problem)}`);
    return USAGE;
  }
  // The games folded into the summary (docs/serve.md, "Limits on disk"), then every line after it.
  const games = digest(history.results, history.summary?.games);
  const stats = [...games.lines];
  const continued = games.continued;
  const document: StatsJson = {
    variants: stats.map(variantJson),
    skipped: history.skipped,
    continued,
  };
  io.stdout.write(
    raw.json
      ? `${JSON.stringify(document, null, 2)}\n`
      : statsTable(stats, { color: display.value.color, scoring: display.value.scoring }) +
          (continued > 0
            ? `${continued} game${continued === 1 ? '' : 's'} continued from record files ${continued === 1 ? 'is' : 'are'} not counted.\n`
            : ''),
  );
  if (history.unreadBytes !== undefined)
    say(
      `${file} is larger than ${MAX_HISTORY_BYTES / 1024 / 1024} MiB: only the games in its last ${MAX_HISTORY_BYTES / 1024 / 1024} MiB were counted`,
    );
  if (history.skipped > 0) {
    const lines = history.skipped === 1 ? '1 line' : `${history.skipped} lines`;
    const were = history.skipped === 1 ? 'was' : 'were';
    say(`${lines} of ${file} could not be read and ${were} skipped`);
  }
  return OK;
}

/** The results a store engine holds, as the history file's reading gives them. */
function engineResults(engine: StoreEngine): ReturnType<typeof readResults> {
  const read = engine.history().digest(null, MAX_HISTORY_BYTES);
  return {
    results: [],
    summary: { games: read.games, skipped: 0, slots: [] },
    skipped: read.skipped,
  };
}
