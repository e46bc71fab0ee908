/**
 * What every command of the program shares (docs/records.md, "Headless commands"): its exit
 * statuses, where it reads and writes, the options of a deal and of its display, and the steps most
 * commands take: failing with a message, reading a record, choosing the deal, printing a position.
 * Each command is wired in a module of its own, in commands/.
 */
import { type Command, Option } from 'commander';
import {
  bySeed,
  cardCode,
  type DealId,
  explain,
  type Game,
  NUMBERED_SCHEMES,
  RELAXED_LEVELS,
  restoreGame,
  SCORING_NAMES,
  SUIT_COUNTS,
} from '../engine';
import {
  CARD_SIZE_NAMES,
  COLOR_MODES,
  grouped as count,
  jsonText,
  parseRecord,
  positionJson,
  printable,
  printableLines,
  recordLine,
} from '../notation';
import type { JobRunner } from '../search';
import { readTextInput } from '../store/input';
import type { Places } from '../store/paths';
import type { SettingsFile } from '../store/settings-file';
import { settingsFileProblem } from '../words/settings';
import { boardText } from './board-text';
import { valueOption } from './option-values';
import {
  checkDisplayOptions,
  type Checked,
  type DisplayOptions,
  type GameOptions,
  type RawOptions,
} from './options';
import { type SettingsScope, typedOn, withSettings } from './settings';

/** Exit statuses (docs/records.md, "Headless commands"). */
export const EXIT_OK = 0;
export const EXIT_ILLEGAL = 1;
export const EXIT_USAGE = 2;

/** Where the program reads and writes; injectable so tests run it without a process of its own. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
  /** Picks a seed when none is given: a decimal number. */
  readonly randomSeed: () => string;
  readonly version: string;
  /**
   * Whose games and statistics: a server's player's folder (docs/serve.md, "Your records and
   * statistics over SSH"), named to them with `shown`; the local player's (XDG folders) if not given.
   */
  readonly places?: Places;
  /** The player is at another machine, logged in with `login`: the words name no local command. */
  readonly remote?: { readonly login: string };
  /** The path the program was started by (`process.argv[1]`), for the exit text's command. */
  readonly started?: string;
  /** The clock: the daily deal is the local date's (default: the system clock). */
  readonly now?: () => Date;
  /**
   * Runs the solver on other threads (both cores: docs/solver.md, "Solver"); without it, `solve`
   * searches on this thread alone.
   */
  readonly solver?: () => JobRunner;
  /** The terminal, present only when standard input and output both are one: the game needs it. */
  readonly terminal?: { readonly input: NodeJS.ReadStream; readonly output: NodeJS.WriteStream };
}

/** Ends a command with an exit status once its message has been written. */
export class Exit extends Error {
  constructor(readonly status: number) {
    super(`exit ${status}`);
  }
}

/** The options of a new game's rules. */
export function addRuleOptions(command: Command): Command {
  return command
    .addOption(valueOption('-s, --suits <n>', 'suits in the deck: 1, 2 or 4', SUIT_COUNTS, '4'))
    .addOption(
      valueOption(
        '-r, --relaxed <level>',
        'deal with empty columns: 0 never, 1 if all in suit order, 2 if all in rank order, 3 always',
        RELAXED_LEVELS,
        '0',
      ),
    )
    .option('-k, --keep-suits', 'completed suits stay until removed (action rF)');
}

export function addGameOptions(command: Command): Command {
  return addRuleOptions(command)
    .option(
      '--seed <seed>',
      'the deal to play (any text of 1 to 100 characters); random when absent',
    )
    .addOption(
      valueOption(
        '--deal <scheme:n>',
        "another program's numbered deal: pysol:N or kpat:N",
        NUMBERED_SCHEMES.map((scheme) => `${scheme}:`),
      ),
    )
    .option(
      '--winnable',
      'only a deal the solver proved winnable: the first one from the seed or deal on',
    )
    .option('--daily', "the day's deal: the same for everyone on this date, proven winnable");
}

/** The score shown, for the commands that show one. */
export const scoringOption = () =>
  valueOption(
    '--scoring <name>',
    'score shown: woods, microsoft or aisleriot',
    SCORING_NAMES,
    'woods',
  );

/** Colour, for the commands that colour their output. */
export const colorOption = () =>
  valueOption(
    '--color <when>',
    'colour: auto, always or never (NO_COLOR and FORCE_COLOR are honoured)',
    COLOR_MODES,
    'auto',
  );

export function addDisplayOptions(command: Command): Command {
  return command
    .addOption(scoringOption())
    .addOption(new Option('--ascii', 'suits as letters s h d c').conflicts('unicode'))
    .option('--unicode', 'suits as symbols ♠ ♥ ♦ ♣ (default when the locale is UTF-8)')
    .addOption(colorOption())
    .option('--four-color', 'four-colour deck: diamonds blue, clubs green');
}

/**
 * What the settings file sets that only the game shows (docs/settings.md, "Settings"), and the
 * flags that undo a setting the file turns on.
 */
export function addSettingsOptions(command: Command): Command {
  return command
    .option('--no-keep-suits', 'completed suits go at once (over keep-suits in the settings)')
    .option('--no-four-color', 'two-colour deck (over four-color in the settings)')
    .option('--clock', 'the time played on the status line, where it fits (the default)')
    .option('--no-clock', 'no time on the status line')
    .addOption(
      valueOption(
        '--cards <size>',
        'card size: auto (large where the terminal has room), small or large',
        CARD_SIZE_NAMES,
        'auto',
      ),
    );
}

export function addOutputOptions(command: Command): Command {
  return command
    .option('--json', 'print the position as one JSON object')
    .option('--reveal', 'also show face-down cards and the stock');
}

/**
 * The steps the commands share, writing through `io`; a failure throws `Exit`. `settingsFile`
 * reads the settings file (docs/settings.md, "Settings"), once, when a command first asks.
 */
export function commandKit(io: CliIo, settingsFile: () => SettingsFile) {
  function fail(message: string, status = EXIT_USAGE): never {
    io.stderr.write(`spider: ${printableLines(message)}\n`);
    throw new Exit(status);
  }
  function take<T>(checked: Checked<T>): T {
    return checked.ok ? checked.value : fail(checked.message);
  }
  /** The settings file, read and checked: a bad one ends the command (status 2). */
  function settings(): Extract<SettingsFile, { ok: true }> {
    const file = settingsFile();
    return file.ok ? file : fail(settingsFileProblem(file));
  }
  /**
   * The options with the settings filling in those not typed: the game's (`game`) or the
   * display's alone; none for JSON, which no setting changes.
   */
  const settled = <R extends RawOptions>(raw: R, command: Command, scope: SettingsScope): R =>
    raw.json ? raw : withSettings(raw, typedOn(command), settings().settings, scope);
  const display = (raw: RawOptions): DisplayOptions =>
    take(checkDisplayOptions(raw, io.env, raw.json !== true && io.stdout.isTTY === true));
  const print = (game: Game, raw: RawOptions, shown: DisplayOptions): void => {
    const reveal = raw.reveal === true;
    io.stdout.write(
      raw.json ? `${jsonText(positionJson(game, reveal))}\n` : boardText(game, shown, reveal),
    );
  };

  /**
   * The deal to play (docs/deals.md, "Winnable deals"): the one asked for (or a random seed), or
   * with --winnable or --daily the first deal of the sequence from there that the solver wins.
   */
  async function chosenDeal(options: GameOptions): Promise<DealId> {
    if (options.choose === undefined) return options.deal ?? bySeed(io.randomSeed());
    const { winnableDeal } = await import('./winnable-deal');
    const chosen = winnableDeal(io, options);
    return chosen.ok ? chosen.deal : fail(chosen.message, chosen.status);
  }

  /** Reads, parses and replays a record file; exits 2 for bad input, 1 for an illegal action. */
  async function loadRecord(
    file: string,
    ascii: boolean,
    forScripts: boolean,
    onIllegal?: (game: Game) => void,
  ) {
    // The whole name (up to a generous limit): a player must see which file it was.
    const name = file === '-' ? 'standard input' : `'${printable(file, 300)}'`;
    const input = await readTextInput(file, io.stdin);
    if (!input.ok) {
      fail(
        input.line === undefined
          ? `cannot read ${name}: ${input.reason}`
          : `${name}, line ${input.line}: ${input.reason}`,
      );
    }
    const parsed = parseRecord(input.text);
    if (!parsed.ok) fail(`${name}, line ${parsed.error.line}: ${parsed.error.reason}`);
    const record = parsed.record;
    // A save read as a record keeps its undone actions to redo (docs/records.md, "Move
    // notation and game records").
    const result = restoreGame(record.deal, record.rules, recordLine(record));
    if (result.failure) {
      onIllegal?.(result.game);
      const { index, refusal } = result.failure;
      const reason = explain(refusal, ascii, forScripts ? cardCode : undefined);
      const { token, line } = record.where(index);
      fail(
        `action ${index + 1} '${printable(token)}' (line ${line}) is illegal: ${reason}; nothing after it was played`,
        EXIT_ILLEGAL,
      );
    }
    return { game: result.game, name, meta: record.meta };
  }

  return { io, fail, take, settings, settled, display, print, count, chosenDeal, loadRecord };
}

export type CommandKit = ReturnType<typeof commandKit>;
