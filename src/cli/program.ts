/**
 * The commander program (docs/records.md, "Headless commands"): its commands and options, one-line
 * messages for bad usage, and `run`, which returns the exit status. What the commands share is in
 * kit.ts; the longer ones are wired in modules of their own beside it.
 */
import { Command, CommanderError, Help, type Option } from 'commander';
import { type Game, newGame } from '../engine';
import { asciiOnly, printable, printableLines } from '../notation';
import { missingFile, pathExists } from '../store/input';
import {
  addDisplayOptions,
  addGameOptions,
  addOutputOptions,
  type CliIo,
  commandKit,
  EXIT_OK,
  EXIT_USAGE,
  Exit,
} from './kit';
import { checkGameOptions, localeIsUtf8, type RawOptions } from './options';
import { addPlayCommand } from './play-command';
import { addSearchCommands } from './search-commands';

export { type CliIo, EXIT_ILLEGAL, EXIT_OK, EXIT_USAGE } from './kit';

/** Builds the commander program; every action writes through `io` and ends by throwing `Exit`. */
function buildProgram(io: CliIo, unicode: boolean): Command {
  const kit = commandKit(io);
  const { fail, take, display, print, chosenDeal, loadRecord } = kit;
  const program = new Command('spider')
    .description('Spider solitaire for the terminal')
    .version(io.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .configureOutput({
      // The help, as the messages (`run`), in ASCII where the terminal shows only ASCII.
      writeOut: (text) => io.stdout.write(unicode ? text : asciiOnly(text)),
      writeErr: (text) => io.stderr.write(printableLines(text)),
      // One line: commander puts a suggestion ("(Did you mean --seed?)") on a line of its own.
      // Without a suggestion, it says where the options are.
      outputError: (text, write) => {
        const message = cutQuoted(text)
          .replace(/^error: /, 'spider: ')
          .trimEnd()
          .replace(/\s*\n\s*/g, ' ')
          .replace(
            /^(spider: unknown option '[^']*')$/,
            '$1: this command has no such option (see its --help)',
          )
          // A value left out: say what the option takes, as its help line does.
          .replace(/^spider: option '([^']*)' argument missing$/, (whole, flags: string) => {
            const option = [program, ...program.commands]
              .flatMap((command) => command.options)
              .find((o) => o.flags === flags);
            return option
              ? `spider: option '${flags}' needs a value: ${option.description}`
              : whole;
          });
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
  addOutputOptions(addDisplayOptions(replayCommand)).action(
    async (file: string, raw: RawOptions) => {
      const shown = display(raw);
      const print1 = (game: Game) => print(game, raw, shown);
      const { game } = await loadRecord(file, shown.ascii, raw.json === true, print1);
      print1(game);
    },
  );

  addSearchCommands(program, kit);

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
    .option(
      '--max-history <size>',
      "a player's history size past which old games are summed up",
      '1MiB',
    )
    .option('--max-records <n>', 'records (w) kept per player: the oldest goes first', '100')
    .option(
      '--max-records-size <size>',
      "a player's records in all: the oldest goes first",
      '16MiB',
    )
    .option('--max-saves <n>', 'saved games kept per player: a new one beyond is not kept', '16')
    .allowExcessArguments(false)
    .action(
      async (
        raw: RawOptions & {
          listen: string;
          port: string;
          maxSessions: string;
          maxPerAddress: string;
          idleTimeout: string;
          maxHistory: string;
          maxRecords: string;
          maxRecordsSize: string;
          maxSaves: string;
        },
      ) => {
        const { diskLimitsOf, serveCommand, wholeNumber } = await import('./serve-command');
        const { rules } = take(checkGameOptions(raw));
        const port = take(wholeNumber('--port', raw.port, 0, 65535));
        const maxSessions = take(wholeNumber('--max-sessions', raw.maxSessions, 1, 10000));
        const maxPerAddress = take(wholeNumber('--max-per-address', raw.maxPerAddress, 1, 10000));
        const idle = Number(raw.idleTimeout);
        // Under half a minute a player has no time to read the warning (docs/serve.md, "Limits").
        if (!/^\d+(\.\d+)?$/.test(raw.idleTimeout.trim()) || !(idle >= 0.5) || idle > 10080)
          fail(
            `--idle-timeout must be a number of minutes from 0.5 (30 seconds) to 10080 (a week), not '${raw.idleTimeout}'`,
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
          diskLimits: take(diskLimitsOf(raw)),
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

  const playCommand = addPlayCommand(program, kit);

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

/**
 * Commander's message about an unknown option or command with the text it quotes cut, as every
 * message cuts what it quotes of the command line (`printable`): the player typed it, and a
 * mistyped option of 100,000 characters is no reason to print it back whole.
 */
function cutQuoted(text: string): string {
  return text.replace(
    /^(error: unknown (?:option|command) ')([\s\S]*)('(?:\s*\(Did you mean [^()']*\?\))?\s*)$/,
    (_whole, before: string, quoted: string, after: string) =>
      `${before}${printable(quoted)}${after}`,
  );
}

/** "play, deal, replay and stats": the commands as the program defines them. */
function commandList(program: Command): string {
  const names = program.commands.map((c) => c.name());
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * An option that takes a value followed by another of the program's options (`--seed --json`,
 * `--seed -h`, `--port -V`): commander would take the option for the value, or answer the help or
 * the version as if the option had its value, which a player never means; what to say then
 * (docs/rules.md, "Decisions where the rules are silent"). A value that is only written like an
 * option (`--seed=--json`, `--seed=-h`, `--seed -5`) is left alone. `args` are those before any
 * `--`.
 */
function optionTakenAsValue(command: Command, args: readonly string[]): string | null {
  const options = command.options;
  const known = [...options, ...(command.parent?.options ?? [])];
  const flags = new Set([
    ...['-h', '--help', '-V', '--version'],
    ...known.flatMap((o) => [o.long, o.short]),
  ]);
  for (let i = 0; i + 1 < args.length; i++) {
    const option = valueOption(options, args[i]);
    if (option === undefined) continue;
    const next = args[i + 1];
    if (flags.has(next.split('=')[0])) {
      const shown = printable(next);
      // Only a seed is free text that may look like an option.
      const seed =
        option.long === '--seed' && !next.includes('=')
          ? ` (write --seed=${shown} if that is the seed)`
          : '';
      return `option '${option.flags}' needs a value, not the option '${shown}'${seed}`;
    }
    i++;
  }
  return null;
}

/**
 * The option taking a value that `arg` ends with: `--seed`, `-s`, or a cluster of switches whose
 * last letter takes the value (`-ks` is `-k -s`); in `-sk`, `k` is the value of `-s`.
 */
function valueOption(options: readonly Option[], arg: string): Option | undefined {
  const byFlag = (flag: string) => options.find((o) => o.long === flag || o.short === flag);
  const cluster = /^-([A-Za-z]{2,})$/.exec(arg);
  if (cluster === null) {
    const option = byFlag(arg);
    return option?.required ? option : undefined;
  }
  const letters = [...cluster[1]].map((letter) => byFlag(`-${letter}`));
  const last = letters.pop();
  const switches = letters.every((o) => o !== undefined && !o.required && !o.optional);
  return switches && last?.required ? last : undefined;
}

/**
 * Whether the terminal shows characters beyond ASCII: by its locale, or as `--unicode` says;
 * not with `--ascii`.
 */
function unicodeShown(env: NodeJS.ProcessEnv, args: readonly string[]): boolean {
  const options = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  if (options.includes('--ascii')) return false;
  return localeIsUtf8(env) || options.includes('--unicode');
}

/** Runs the program on the given arguments (without `node` and the script) and returns the exit status. */
export async function run(args: readonly string[], given: CliIo): Promise<number> {
  // Messages show each character beyond ASCII as ? where the terminal does not show them
  // (docs/deals.md, "Seeds on screen"): it would show their bytes as other characters. A cut shows
  // as three dots.
  const unicode = unicodeShown(given.env, args);
  const io: CliIo = unicode
    ? given
    : {
        ...given,
        stderr: {
          write: (text: string) => given.stderr.write(asciiOnly(text.replace(/…/g, '...'))),
          isTTY: given.stderr.isTTY,
        },
      };
  const program = buildProgram(io, unicode);
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
    // A name that is not UTF-8 reaches the program with U+FFFD for its bad bytes (docs/records.md,
    // "Move notation and game records"): the file may be there under its real name.
    if (first.includes('\uFFFD')) {
      io.stderr.write(`spider: cannot read '${printable(first, 300)}': ${missingFile(first)}\n`);
      return EXIT_USAGE;
    }
    const what = /[./]/.test(first) ? 'no file or command' : 'unknown command';
    io.stderr.write(
      `spider: ${what} '${printable(first)}'; the commands are ${commandList(program)} (see 'spider --help')\n`,
    );
    return EXIT_USAGE;
  }
  const command = program.commands.find((c) => c.name() === first);
  // `spider help dael` would show the main help and succeed, as if all were well.
  const asked = args[1];
  if (
    first === 'help' &&
    asked !== undefined &&
    !asked.startsWith('-') &&
    !commands.includes(asked)
  ) {
    io.stderr.write(
      `spider: no help for '${printable(asked)}': the commands are ${commandList(program)} (see 'spider --help')\n`,
    );
    return EXIT_USAGE;
  }
  // What comes before `--` may be options; what comes after, only arguments.
  const optional = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  // An option's value is looked at before anything else: `deal --json --seed -h` is a seed left
  // out, not a question (docs/rules.md, "Decisions where the rules are silent"); `--seed=-h` is the
  // seed -h.
  const swallowed = optionTakenAsValue(
    command ?? program.commands.find((c) => c.name() === 'play')!,
    optional,
  );
  if (swallowed !== null) {
    io.stderr.write(`spider: ${swallowed}\n`);
    return EXIT_USAGE;
  }
  // Help wherever it is asked for before `--`.
  if (first !== 'help' && optional.some((arg) => arg === '-h' || arg === '--help')) {
    (command ?? program).outputHelp();
    return EXIT_OK;
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
