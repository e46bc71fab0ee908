/**
 * `spider saves [--json]` and `spider resume GAME` (docs/saves.md, "Your saved games"). Wired in
 * saves.ts, which loads this module only when one of them runs.
 *
 * Exit status: 0; 2 for a bad option, a game not found or open in another session, or a folder of
 * saves that cannot be looked through.
 */
import { dealText } from '../../engine';
import {
  dealName,
  type DealNameJson,
  dealNameJson,
  lastPlayed,
  printable,
  printableLines,
} from '../../notation';
import { formatDuration } from '../../stats/stats';
import { localPlaces } from '../../store/paths';
import { cannotDrawOn } from '../../ui/terminal-type';
import { listSaves, type SavedGame, type SavesList } from '../../store/saves-list';
import { type CliIo, type CommandKit, EXIT_OK as OK, EXIT_USAGE as USAGE } from '../kit';
import { checkDisplayOptions, type RawOptions } from '../options';

/** One game in `spider saves --json`. */
export interface SavedGameJson extends DealNameJson {
  number: number;
  suits: number;
  relaxed: number;
  keepSuits: boolean;
  moves: number;
  elapsedMs: number;
  saved: string;
  openElsewhere: boolean;
}

export interface SavesJson {
  games: SavedGameJson[];
  /** Unfinished games beyond those listed (without --all). */
  more: number;
  skipped: number;
}

/** Games `spider saves` lists unless --all asks for every one. */
export const LISTED = 20;

/** Said when there is no saved game. */
export const NO_SAVES = 'No saved games: spider deals a new one.';
const NO_SAVES_REMOTE = 'No saved games: logging in deals a new one.';

function savedJson(game: SavedGame, i: number): SavedGameJson {
  const { deal, rules } = game;
  return {
    number: i + 1,
    ...dealNameJson(deal),
    suits: rules.suits,
    relaxed: rules.relaxed,
    keepSuits: rules.keepSuits,
    moves: game.moves,
    elapsedMs: game.elapsedMs,
    saved: game.saved,
    openElsewhere: game.open === 'elsewhere',
  };
}

/** The deal as the list names it: `seed 42`, `deal pysol:123, daily 2026-12-07`. */
function dealShown(game: SavedGame): string {
  const origin = game.deal.origin;
  const more = origin?.daily !== undefined ? `, daily ${origin.daily}` : origin ? ', winnable' : '';
  return `${dealName(game.deal)}${more}`;
}

function rulesShown(game: SavedGame): string {
  const { suits, relaxed, keepSuits } = game.rules;
  const parts = [`${suits} suit${suits === 1 ? '' : 's'}`];
  if (relaxed > 0) parts.push(`relaxed ${relaxed}`);
  if (keepSuits) parts.push('keep suits');
  return parts.join(', ');
}

/** The list as a table: a heading, then a line a game. */
function savesTable(games: readonly SavedGame[], now: Date): string {
  const rows = [
    ['#', 'Deal', 'Rules', 'Moves', 'Time', 'Last played', ''],
    ...games.map((game, i) => [
      String(i + 1),
      printable(dealShown(game)),
      rulesShown(game),
      String(game.moves),
      formatDuration(game.elapsedMs),
      lastPlayed(game.saved, now),
      game.open === 'elsewhere' ? 'open in another session' : '',
    ]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const right = new Set([0, 3, 4]);
  return rows
    .map((row) =>
      row
        .map((cell, c) => (right.has(c) ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Reads the list (the `most` most recent games), or says why it cannot be read. */
function readList(io: CliIo, most?: number): SavesList | null {
  const places = io.places ?? localPlaces(io.env);
  const list = listSaves(places, most === undefined ? {} : { most });
  if (list.problem !== null) {
    const why = places.shown?.(list.problem) ?? list.problem;
    io.stderr.write(`spider: ${printableLines(`can't look through your saved games: ${why}`)}\n`);
    return null;
  }
  return list;
}

function saySkipped(io: CliIo, skipped: number): void {
  if (skipped === 0) return;
  const saves = skipped === 1 ? '1 saved game' : `${skipped} saved games`;
  io.stderr.write(
    `spider: ${saves} could not be read and ${skipped === 1 ? 'is' : 'are'} not listed; ${io.remote ? 'the game says why when you log in' : 'spider says why when it starts'}\n`,
  );
}

/** Runs `spider saves`; returns the exit status. */
export function savesCommand(io: CliIo, raw: { json?: boolean; all?: boolean }): number {
  const list = readList(io, raw.all ? undefined : LISTED);
  if (list === null) return USAGE;
  const now = io.now?.() ?? new Date();
  const { games, more, skipped } = list;
  if (raw.json) {
    const document: SavesJson = { games: games.map(savedJson), more, skipped };
    io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  } else if (games.length === 0) io.stdout.write(`${io.remote ? NO_SAVES_REMOTE : NO_SAVES}\n`);
  else {
    const others = more === 1 ? '1 more' : `${more} more`;
    const all = io.remote
      ? `${io.remote.login.replace(/^ssh -t/, 'ssh')} saves --all`
      : 'spider saves --all';
    const rest = more > 0 ? `\n... and ${others}, less recent: ${all} lists them all.` : '';
    io.stdout.write(`${savesTable(games, now)}${rest}\n`);
  }
  saySkipped(io, list.skipped);
  return OK;
}

/** The game `spider resume` names, or why none is. */
export function pickSave(
  games: readonly SavedGame[],
  named: { readonly game?: string; readonly seed?: string },
): { ok: true; index: number } | { ok: false; message: string } {
  const { game, seed } = named;
  if (game !== undefined && seed !== undefined)
    return { ok: false, message: 'name the game once: by its number or deal, or with --seed' };
  if (game === undefined && seed === undefined)
    return {
      ok: false,
      message: "name the game: its number in 'spider saves', or its deal (spider resume 1)",
    };
  if (game !== undefined && /^\d{1,9}$/.test(game)) {
    const n = Number(game);
    if (n >= 1 && n <= games.length) return { ok: true, index: n - 1 };
  }
  const matching = games
    .map((saved, index) => ({ saved, index }))
    .filter(({ saved }) =>
      seed !== undefined
        ? saved.deal.scheme === 'seed' && saved.deal.key === seed
        : dealText(saved.deal) === game || saved.deal.origin?.daily === game,
    );
  if (matching.length === 1) return { ok: true, index: matching[0].index };
  const what = seed !== undefined ? `seed ${seed}` : (game as string);
  const count = games.length === 1 ? '1 saved game' : `${games.length} saved games`;
  if (matching.length === 0)
    return {
      ok: false,
      message:
        games.length === 0
          ? `there is no saved game of ${what}: you have none`
          : game !== undefined && /^\d+$/.test(game)
            ? `there is no saved game numbered ${game}, nor one of seed ${game}: 'spider saves' lists your ${count}`
            : `there is no saved game of ${what}: 'spider saves' lists your ${count}`,
    };
  const numbers = matching.map(({ index }) => String(index + 1));
  const listed = `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
  return {
    ok: false,
    message: `${what} is in saved games ${listed}: give the number (spider resume ${numbers[0]})`,
  };
}

/** Runs `spider resume`; returns the exit status. */
export async function resumeCommand(
  kit: CommandKit,
  game: string | undefined,
  raw: RawOptions & { seed?: string },
): Promise<number> {
  const { io, fail, take } = kit;
  const shown = take(checkDisplayOptions(raw, io.env, true));
  // A number reads the list only as far as it; a deal, all of it (it must be the only one).
  const number = game !== undefined && /^\d{1,9}$/.test(game) ? Number(game) : 0;
  const list = readList(io, number > 0 && raw.seed === undefined ? number : undefined);
  if (list === null) return USAGE;
  const picked = pickSave(list.games, { game, seed: raw.seed });
  if (!picked.ok) return fail(picked.message);
  const chosen = list.games[picked.index];
  const named = `game ${picked.index + 1} (${dealShown(chosen)})`;
  if (chosen.open === 'elsewhere')
    fail(`${named} is open in another spider session: leave it there first`);
  const terminal = io.terminal;
  if (!terminal)
    return fail(
      "the game needs a terminal on standard input and output; 'spider saves' lists your games",
    );
  if (cannotDrawOn(io.env.TERM))
    fail(
      "this terminal (TERM=dumb) cannot move its cursor, so the game cannot draw on it: set TERM to your terminal's type (xterm-256color, vt100)",
    );
  const { playInTerminal } = await import('../../ui/play');
  const { localTerminalHost } = await import('../../host/local-terminal');
  const result = await playInTerminal({
    theme: { ascii: shown.ascii, color: shown.color, fourColor: shown.fourColor },
    scoring: shown.scoring,
    terminal,
    env: io.env,
    randomSeed: io.randomSeed,
    rules: chosen.rules,
    explicitRules: {},
    fresh: false,
    slot: chosen.slot,
    host: localTerminalHost(terminal.output),
  });
  if (result.summary !== '') io.stdout.write(`${result.summary}\n`);
  if (result.problem !== undefined) io.stderr.write(`spider: ${result.problem}\n`);
  return result.status;
}
