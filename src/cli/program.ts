import { Command, CommanderError, Help, Option } from 'commander';
import {
  actionsKept,
  bySeed,
  cardCode,
  type DealId,
  explain,
  type Game,
  newGame,
  replay,
  writtenLine,
} from '../engine';
import {
  carriedMeta,
  formatAction,
  formatRecord,
  jsonText,
  parseRecord,
  positionJson,
  printable,
  printableLines,
} from '../notation';
import type { JobResult, JobRunner } from '../search';
import { pathExists, readTextInput } from '../store/input';
import { cannotDrawOn } from '../ui/terminal-type';
import { autoplayText } from './autoplay-command';
import { boardText } from './board-text';
import {
  checkDisplayOptions,
  checkGameOptions,
  type Checked,
  type DisplayOptions,
  type GameOptions,
  type RawOptions,
} from './options';

/** Exit statuses (README, "Headless commands"). */
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
  /** The clock: the daily deal is the local date's (default: the system clock). */
  readonly now?: () => Date;
  /**
   * Runs the solver on other threads (both cores: README, "Solver"); without it, `solve` searches
   * on this thread alone.
   */
  readonly solver?: () => JobRunner;
  /** The terminal, present only when standard input and output both are one: the game needs it. */
  readonly terminal?: { readonly input: NodeJS.ReadStream; readonly output: NodeJS.WriteStream };
}

/** Ends a command with an exit status once its message has been written. */
class Exit extends Error {
  constructor(readonly status: number) {
    super(`exit ${status}`);
  }
}

function addGameOptions(command: Command): Command {
  return command
    .option('-s, --suits <n>', 'suits in the deck: 1, 2 or 4', '4')
    .option(
      '--seed <seed>',
      'the deal to play (any text of 1 to 100 characters); random when absent',
    )
    .option('--deal <scheme:n>', "another program's numbered deal: pysol:N or kpat:N")
    .option(
      '-r, --relaxed <level>',
      'deal with empty columns: 0 never, 1 if all in suit order, 2 if all in rank order, 3 always',
      '0',
    )
    .option('-k, --keep-suits', 'completed suits stay until removed (action rF)')
    .option(
      '--winnable',
      'only a deal the solver proved winnable: the first one from the seed or deal on',
    )
    .option('--daily', "the day's deal: the same for everyone on this date, proven winnable");
}

function addDisplayOptions(command: Command): Command {
  return command
    .option('--scoring <name>', 'score shown: woods, microsoft or aisleriot', 'woods')
    .addOption(new Option('--ascii', 'suits as letters s h d c').conflicts('unicode'))
    .option('--unicode', 'suits as ♠ ♥ ♦ ♣ (default when the locale is UTF-8)')
    .option('--color <when>', 'colour: auto, always or never (NO_COLOR is honoured)', 'auto')
    .option('--four-color', 'four-colour deck: diamonds blue, clubs green');
}

function addOutputOptions(command: Command): Command {
  return command
    .option('--json', 'print the position as one JSON object')
    .option('--reveal', 'also show face-down cards and the stock');
}

/** Builds the commander program; every action writes through `io` and ends by throwing `Exit`. */
function buildProgram(io: CliIo): Command {
  function fail(message: string, status = EXIT_USAGE): never {
    io.stderr.write(`spider: ${printableLines(message)}\n`);
    throw new Exit(status);
  }
  function take<T>(checked: Checked<T>): T {
    return checked.ok ? checked.value : fail(checked.message);
  }
  const display = (raw: RawOptions): DisplayOptions =>
    take(checkDisplayOptions(raw, io.env, raw.json !== true && io.stdout.isTTY === true));
  const print = (game: Game, raw: RawOptions, shown: DisplayOptions): void => {
    const reveal = raw.reveal === true;
    io.stdout.write(
      raw.json ? `${jsonText(positionJson(game, reveal))}\n` : boardText(game, shown, reveal),
    );
  };

  const count = (n: number) => n.toLocaleString('en-US');

  /**
   * The deal to play (README, "Winnable deals"): the one asked for (or a random seed), or with
   * --winnable or --daily the first deal of the sequence from there that the solver wins.
   */
  async function chosenDeal(options: GameOptions): Promise<DealId> {
    if (options.choose === undefined) return options.deal ?? bySeed(io.randomSeed());
    const { winnableDeal } = await import('./winnable-deal');
    const chosen = winnableDeal(io, options);
    return chosen.ok ? chosen.deal : fail(chosen.message, chosen.status);
  }

  const program = new Command('spider')
    .description('Spider solitaire for the terminal')
    .version(io.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(printableLines(text)),
      // One line: commander puts a suggestion ("(Did you mean --seed?)") on a line of its own.
      // Without a suggestion, it says where the options are.
      outputError: (text, write) => {
        const message = text
          .replace(/^error: /, 'spider: ')
          .trimEnd()
          .replace(/\s*\n\s*/g, ' ')
          .replace(
            /^(spider: unknown option '[^']*')$/,
            '$1: this command has no such option (see its --help)',
          );
        write(`${message}\n`);
      },
    })
    .showSuggestionAfterError(true);

  const dealCommand = program
    .command('deal')
    .description('print the initial position of a deal')
    .allowExcessArguments(false);
  addOutputOptions(addDisplayOptions(addGameOptions(dealCommand))).action(
    async (raw: RawOptions) => {
      const options = take(checkGameOptions(raw));
      const shown = display(raw);
      print(newGame(await chosenDeal(options), options.rules), raw, shown);
    },
  );

  const replayCommand = program
    .command('replay')
    .description('play a game record from its deal and print the final position')
    .argument('<file>', "the record to play; '-' reads standard input")
    .allowExcessArguments(false);
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
    if (!input.ok) fail(`cannot read ${name}: ${input.reason}`);
    const parsed = parseRecord(input.text);
    if (!parsed.ok) fail(`${name}, line ${parsed.error.line}: ${parsed.error.reason}`);
    const record = parsed.record;
    const result = replay(newGame(record.deal, record.rules), record.actions);
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

  addOutputOptions(addDisplayOptions(replayCommand)).action(
    async (file: string, raw: RawOptions) => {
      const shown = display(raw);
      const print1 = (game: Game) => print(game, raw, shown);
      const { game } = await loadRecord(file, shown.ascii, raw.json === true, print1);
      print1(game);
    },
  );

  /** Solves the game's position within `timeMs`, on the solver's threads when there are some. */
  /** A solve job's answer; an error when the solver's thread broke. */
  async function solved(
    game: Game,
    timeMs: number,
  ): Promise<Extract<JobResult, { kind: 'solved' }>> {
    const search = await import('../search');
    if (!io.solver) return { kind: 'solved', ...search.solve(game.position, { timeMs }) };
    const runner = io.solver();
    try {
      const answer = await new Promise<JobResult>((resolve) => {
        runner.run({ kind: 'solve', game: search.gameData(game), timeMs }, resolve);
      });
      return search.solutionOf(answer);
    } finally {
      runner.close();
    }
  }

  const solveCommand = program
    .command('solve')
    .description('search a deal, or the end of a game record, for a winning line (sees every card)')
    .argument('[file]', "a game record whose last position is searched; '-' reads standard input")
    .option('--time <seconds>', 'how long to search (default 10; 60 with --where-lost)')
    .option(
      '--where-lost',
      "search the record's line of play for the last point a win was possible (needs FILE)",
    )
    .option('--json', 'print the result as one JSON object')
    .allowExcessArguments(false);
  /**
   * The game a search starts from: a record's end, or a deal from the options; with the record's
   * other header keys, which the record it prints keeps (README, "Move notation and game records").
   */
  async function searchedGame(file: string | undefined, raw: RawOptions, command: Command) {
    const options = take(checkGameOptions(raw));
    const given = (name: string) => command.getOptionValueSource(name) === 'cli';
    const dealOptions = ['seed', 'deal', 'suits', 'relaxed', 'keepSuits', 'winnable', 'daily'];
    if (file !== undefined && dealOptions.some(given)) {
      fail('a record file brings its own deal and rules: give FILE or deal options, not both');
    }
    if (file === undefined)
      return { game: newGame(await chosenDeal(options), options.rules), meta: [] };
    const { game, meta } = await loadRecord(file, false, raw.json === true);
    return { game, meta: carriedMeta(meta) };
  }
  /** A time option in `unit`s: a positive number up to a day. */
  function timeOption(name: string, text: string, unit: 'seconds' | 'milliseconds'): number {
    const value = Number(text);
    const most = unit === 'seconds' ? 86_400 : 86_400_000;
    if (!/^\d+(\.\d+)?$/.test(text) || !(value > 0) || value > most) {
      fail(
        `${name} '${printable(text)}' is not a time: give ${unit}, more than 0 and at most ${most}`,
      );
    }
    return value;
  }
  addGameOptions(solveCommand).action(
    async (
      file: string | undefined,
      raw: RawOptions & { time?: string; whereLost?: boolean },
      command: Command,
    ) => {
      if (raw.whereLost && file === undefined) {
        fail(
          "--where-lost searches a record's line of play: give the record FILE ('-' reads standard input)",
        );
      }
      const seconds = timeOption('--time', raw.time ?? (raw.whereLost ? '60' : '10'), 'seconds');
      const { game, meta } = await searchedGame(file, raw, command);
      if (raw.whereLost) {
        const { whereLost } = await import('../search');
        const { whereLostJson, whereLostText } = await import('./where-lost-command');
        const found = whereLost(game.start, actionsKept(game), { timeMs: seconds * 1000 });
        io.stdout.write(
          raw.json ? `${jsonText(whereLostJson(found))}\n` : whereLostText(game, found, meta),
        );
        return;
      }
      const found = await solved(game, seconds * 1000);
      const solution = found.line.map(formatAction);
      if (raw.json) {
        const { result, positions, ms } = found;
        io.stdout.write(`${jsonText({ result, solution, positions, ms })}\n`);
        return;
      }
      const summary =
        found.result === 'won'
          ? `won: a winning line of ${count(found.line.length)} actions follows the record's own`
          : found.result === 'lost'
            ? 'lost: no line of play wins from here'
            : 'unknown: the time ran out before a win was found or ruled out (--time SECONDS gives it longer)';
      io.stdout.write(
        `# spider solve: ${summary}; ${count(found.positions)} positions searched in ${count(found.ms)} ms.\n` +
          formatRecord({
            deal: game.deal,
            rules: game.rules,
            meta,
            actions: writtenLine(game.start, [...actionsKept(game), ...found.line]),
          }),
      );
    },
  );

  const autoplayCommand = program
    .command('autoplay')
    .description('play a deal, or a game record from its end, to the finish on its own')
    .argument('[file]', "a game record to continue; '-' reads standard input")
    .addOption(new Option('--open', 'follow the solver, which sees every card').conflicts('fair'))
    .option('--fair', 'decide from what a player would see, never undoing (the default)')
    .option(
      '--think <ms>',
      'milliseconds to think: per action with --fair (default 1000), in all with --open (default 10000)',
    )
    .option('--json', 'print the result as one JSON object')
    .allowExcessArguments(false);
  addGameOptions(autoplayCommand).action(
    async (
      file: string | undefined,
      raw: RawOptions & { open?: boolean; think?: string },
      command: Command,
    ) => {
      const open = raw.open === true;
      const ms = timeOption('--think', raw.think ?? (open ? '10000' : '1000'), 'milliseconds');
      const { game, meta } = await searchedGame(file, raw, command);
      const { autoplayFair, autoplayOpen } = await import('../search');
      const began = Date.now();
      // The fair player's worlds are drawn from the deal's name: the same deal plays the same.
      const fair = open ? null : autoplayFair(game, { timeMs: ms });
      const played = fair ?? autoplayOpen(game, { timeMs: ms });
      const elapsed = Date.now() - began;
      if (raw.json) {
        // Resigning is losing, for a player: the result is won or lost.
        const result = played.result === 'won' ? 'won' : 'lost';
        const actions = played.actions.map(formatAction);
        io.stdout.write(`${jsonText({ result, actions, ms: elapsed })}\n`);
        return;
      }
      io.stdout.write(autoplayText(played, fair, elapsed, meta));
    },
  );

  program
    .command('serve')
    .description('let others play over SSH: ssh -p PORT HOST plays, games kept by SSH key')
    .option('--listen <address>', 'the address to listen on (0.0.0.0 for every one)', '127.0.0.1')
    .option('--port <n>', 'the port to listen on', '2222')
    .option('--max-sessions <n>', 'games at once, in all', '50')
    .option('--max-per-address <n>', 'games at once from one client address', '4')
    .option('--idle-timeout <minutes>', 'a game with no key for this long is ended (saved)', '30')
    .option('-s, --suits <n>', "suits in the deck of a player's new game: 1, 2 or 4", '4')
    .option('-r, --relaxed <level>', 'deal with empty columns: 0, 1, 2 or 3 (as for play)', '0')
    .option('-k, --keep-suits', 'completed suits stay until removed (action rF)')
    .allowExcessArguments(false)
    .action(
      async (
        raw: RawOptions & {
          listen: string;
          port: string;
          maxSessions: string;
          maxPerAddress: string;
          idleTimeout: string;
        },
      ) => {
        const { serveCommand, wholeNumber } = await import('./serve-command');
        const { rules } = take(checkGameOptions(raw));
        const port = take(wholeNumber('--port', raw.port, 0, 65535));
        const maxSessions = take(wholeNumber('--max-sessions', raw.maxSessions, 1, 10000));
        const maxPerAddress = take(wholeNumber('--max-per-address', raw.maxPerAddress, 1, 10000));
        const idle = Number(raw.idleTimeout);
        if (!/^\d+(\.\d+)?$/.test(raw.idleTimeout.trim()) || !(idle > 0) || idle > 10080)
          fail(
            `--idle-timeout must be a number of minutes above 0, up to 10080, not '${raw.idleTimeout}'`,
          );
        if (raw.listen.trim() === '')
          fail('--listen needs an address, such as 127.0.0.1 or 0.0.0.0');
        const status = await serveCommand(io, {
          listen: raw.listen,
          port,
          maxSessions,
          maxPerAddress,
          idleMinutes: idle,
          rules,
        });
        if (status !== EXIT_OK) throw new Exit(status);
      },
    );

  const statsCommand = program
    .command('stats')
    .description('show how you are doing: games played, won, streaks and records per rule variant')
    .option('--json', 'print the statistics as one JSON object')
    .option('--scoring <name>', 'score shown: woods, microsoft or aisleriot', 'woods')
    .option('--color <when>', 'colour: auto, always or never (NO_COLOR is honoured)', 'auto')
    .allowExcessArguments(false);
  statsCommand.action(async (raw: RawOptions) => {
    const { statsCommand: showStats } = await import('./stats-command');
    const status = await showStats(io, raw);
    if (status !== EXIT_OK) throw new Exit(status);
  });

  const playCommand = program
    .command('play', { isDefault: true })
    .description('play a game (the default command): resumes your unfinished game, if any')
    .argument('[file]', 'a game record to continue (as written by the w key)')
    .option('--load <file>', 'the same as giving FILE')
    .option('--new', 'deal a new game even if one is unfinished (it counts as abandoned)')
    .allowExcessArguments(false);
  addDisplayOptions(addGameOptions(playCommand)).action(
    async (
      file: string | undefined,
      raw: RawOptions & { load?: string; new?: boolean },
      command: Command,
    ) => {
      const options = take(checkGameOptions(raw));
      // Usage first: a wrong combination is wrong with or without a terminal.
      const given = (name: string) => command.getOptionValueSource(name) === 'cli';
      if (file !== undefined && raw.load !== undefined) {
        fail('give the record file once: as FILE or with --load');
      }
      const recordFile = file ?? raw.load;
      if (
        recordFile !== undefined &&
        (raw.seed !== undefined || raw.deal !== undefined || raw.new || options.choose)
      ) {
        fail(
          '--seed, --deal, --winnable, --daily and --new deal a new game; a record file brings its own deal',
        );
      }
      if (recordFile !== undefined && ['suits', 'relaxed', 'keepSuits'].some(given)) {
        fail(
          '--suits, --relaxed and --keep-suits go with a new game; a record file brings its own rules',
        );
      }
      // Bad values are bad with or without a terminal: say so first.
      const shown = take(checkDisplayOptions(raw, io.env, true));
      const terminal = io.terminal;
      if (!terminal) {
        fail(
          "the game needs a terminal on standard input and output; for scripts use 'spider deal' or 'spider replay' (see 'spider --help')",
        );
      }
      if (cannotDrawOn(io.env.TERM)) {
        fail(
          "this terminal (TERM=dumb) cannot move its cursor, so the game cannot draw on it: set TERM to your terminal's type (xterm-256color, vt100); for scripts use 'spider deal' or 'spider replay'",
        );
      }
      const loaded =
        recordFile === undefined ? undefined : await loadRecord(recordFile, shown.ascii, false);
      // A chosen deal is named before the game opens, as --seed names one: searched for here,
      // with its progress on the terminal, so the screen opens on the deal.
      const deal = options.choose === undefined ? options.deal : await chosenDeal(options);
      // Only the rule options typed on the command line decide whether a saved game matches.
      const explicitRules = {
        ...(given('suits') ? { suits: options.rules.suits } : {}),
        ...(given('relaxed') ? { relaxed: options.rules.relaxed } : {}),
        ...(given('keepSuits') ? { keepSuits: options.rules.keepSuits } : {}),
      };
      // Loaded here so the headless commands never pay for blessed.
      const { playInTerminal } = await import('../ui/play');
      const { localTerminalHost } = await import('./local-terminal');
      const result = await playInTerminal({
        theme: { ascii: shown.ascii, color: shown.color, fourColor: shown.fourColor },
        scoring: shown.scoring,
        terminal,
        env: io.env,
        randomSeed: io.randomSeed,
        rules: options.rules,
        explicitRules,
        ...(deal === undefined ? {} : { deal }),
        fresh: raw.new === true,
        loaded,
        host: localTerminalHost(terminal.output),
      });
      io.stdout.write(`${result.summary}\n`);
      if (result.problem !== undefined) io.stderr.write(`spider: ${result.problem}\n`);
      if (result.status !== EXIT_OK) throw new Exit(result.status);
    },
  );

  // `spider` alone plays: its options belong in the main help, not only under `spider play --help`.
  const playOptions = () =>
    Help.prototype.visibleOptions
      .call(program.createHelp(), playCommand)
      .filter((option) => option.long !== '--help');
  // Only in the help: commander also suggests a mistyped option from the options the program
  // shows, and a command that has no --suits must not suggest it ("Did you mean --suits?").
  let helping = false;
  program
    .usage('[options] [file]   (play: the default command)\n       spider <command> [options]')
    .configureHelp({
      formatHelp(command, helper) {
        helping = true;
        try {
          return Help.prototype.formatHelp.call(this, command, helper);
        } finally {
          helping = false;
        }
      },
      visibleOptions(command) {
        const own = Help.prototype.visibleOptions.call(this, command);
        return command === program && helping ? [...playOptions(), ...own] : own;
      },
    });

  return program;
}

/** "play, deal, replay and stats": the commands as the program defines them. */
function commandList(program: Command): string {
  const names = program.commands.map((c) => c.name());
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * An option that takes a value followed by another of the command's options (`--seed --json`):
 * commander would take the option for the value, which a player never means; what to say then.
 * A value that is only written like an option (`--seed=--json`, `--seed -5`) is left alone.
 */
function optionTakenAsValue(command: Command, args: readonly string[]): string | null {
  const options = command.options;
  const known = [...options, ...(command.parent?.options ?? [])];
  const flags = new Set(['-h', '--help', ...known.flatMap((o) => [o.long, o.short])]);
  for (let i = 0; i + 1 < args.length; i++) {
    if (args[i] === '--') break;
    const option = options.find((o) => o.required && (o.long === args[i] || o.short === args[i]));
    if (option === undefined) continue;
    const next = args[i + 1];
    if (flags.has(next.split('=')[0])) {
      const shown = printable(next);
      // Only a seed is free text that may look like an option.
      const seed = option.long === '--seed' ? ` (write --seed=${shown} if that is the seed)` : '';
      return `option '${option.flags}' needs a value, not the option '${shown}'${seed}`;
    }
    i++;
  }
  return null;
}

/** Runs the program on the given arguments (without `node` and the script) and returns the exit status. */
export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  // A record file first is the game's (`spider FILE`); without this check, a mistyped command
  // would reach the default command as a record file that is not there. Anything at the path
  // goes to the reader, which says what is wrong with a directory or an unreadable file.
  const first = args[0];
  const commands = ['help', ...program.commands.map((c) => c.name())];
  if (
    first !== undefined &&
    !first.startsWith('-') &&
    !commands.includes(first) &&
    !pathExists(first)
  ) {
    const what = /[./]/.test(first) ? 'no file or command' : 'unknown command';
    io.stderr.write(
      `spider: ${what} '${printable(first)}'; the commands are ${commandList(program)} (see 'spider --help')\n`,
    );
    return EXIT_USAGE;
  }
  const command = program.commands.find((c) => c.name() === first);
  const swallowed = optionTakenAsValue(
    command ?? program.commands.find((c) => c.name() === 'play')!,
    args,
  );
  if (swallowed !== null) {
    io.stderr.write(`spider: ${swallowed}\n`);
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync([...args], { from: 'user' });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof Exit) return error.status;
    if (error instanceof CommanderError) {
      const quiet = ['commander.helpDisplayed', 'commander.version', 'commander.help'];
      return quiet.includes(error.code) ? EXIT_OK : EXIT_USAGE;
    }
    throw error;
  }
}
