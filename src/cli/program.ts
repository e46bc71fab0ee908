/**
 * The commander program (docs/records.md, "Headless commands"): its commands, each added by its
 * module in commands/, the main help, and `run`, which returns the exit status. What the commands
 * share is in kit.ts; bad usage is said in one line by usage.ts.
 */
import { Command, CommanderError, Help } from 'commander';
import { Readable } from 'stream';
import { asciiOnly, printableLines } from '../notation';
import { type CliIo, commandKit, EXIT_OK, EXIT_USAGE, Exit } from './kit';
import { localeIsUtf8 } from './options';
import { readSettingsFile, type SettingsFile } from '../store/settings-file';
import { addCompletionCommand } from './commands/completion';
import { addConfigCommand } from './commands/config';
import { addAutoplayCommand } from './commands/autoplay';
import { addDealCommand } from './commands/deal';
import { addPlayCommand } from './commands/play';
import { addReplayCommand } from './commands/replay';
import { addSavesCommands } from './commands/saves';
import { addServeCommand } from './commands/serve';
import { addSolveCommand } from './commands/solve';
import { addStatsCommand } from './commands/stats';
import { HELP_SETTINGS_NOTE, helpEpilogue } from './help-text';
import { commanderMessage, usageProblem } from './usage';

export { type CliIo, EXIT_ILLEGAL, EXIT_OK, EXIT_USAGE } from './kit';

/** Builds the commander program; every action writes through `io` and ends by throwing `Exit`. */
function buildProgram(
  io: CliIo,
  unicode: () => boolean,
  settingsFile: () => SettingsFile,
): Command {
  const kit = commandKit(io, settingsFile);
  const program = new Command('spider')
    .description('Spider solitaire for the terminal')
    .version(io.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .configureOutput({
      // The help, as the messages (`run`), in ASCII where the terminal shows only ASCII.
      writeOut: (text) => io.stdout.write(unicode() ? text : asciiOnly(text)),
      writeErr: (text) => io.stderr.write(printableLines(text)),
      // Commander's messages in one line, as the program's own.
      outputError: (text, write) => write(`${commanderMessage(text, program)}\n`),
    })
    .showSuggestionAfterError(true)
    .addHelpText('after', `\n${HELP_SETTINGS_NOTE}\n\n${helpEpilogue()}`);

  addDealCommand(program, kit);
  addReplayCommand(program, kit);
  addSolveCommand(program, kit);
  addAutoplayCommand(program, kit);
  addServeCommand(program, kit);
  addStatsCommand(program, kit);
  addSavesCommands(program, kit);
  addConfigCommand(program, kit);
  addCompletionCommand(program, kit);
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
 * The program's commands and options as `--help` shows them, for the pages made from the same
 * definitions (the manual page, man-page.ts); nothing in it is run.
 */
export function commandTree(version: string): Command {
  const nowhere = { write: () => true };
  const io: CliIo = {
    stdout: nowhere,
    stderr: nowhere,
    stdin: Readable.from([]),
    env: {},
    randomSeed: () => '1',
    version,
  };
  return buildProgram(
    io,
    () => true,
    () => {
      throw new Error('the command tree reads no settings');
    },
  );
}

/**
 * Whether the terminal shows characters beyond ASCII: by its locale, or as `--unicode` says;
 * not with `--ascii`. The settings file's `ascii` counts between the two, for the commands that
 * read it (docs/settings.md, "Settings").
 */
function unicodeShown(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  settings: SettingsFile | undefined,
): boolean {
  const options = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  if (options.includes('--ascii')) return false;
  if (options.includes('--unicode')) return true;
  if (settings?.ok && settings.settings.ascii !== undefined) return !settings.settings.ascii;
  return localeIsUtf8(env);
}

/** The commands that read the settings file; but for `config`, not for JSON. */
const READ_SETTINGS = ['play', 'deal', 'replay', 'stats', 'config'];

/** Runs the program on the given arguments (without `node` and the script) and returns the exit status. */
export async function run(args: readonly string[], given: CliIo): Promise<number> {
  // Messages show each character beyond ASCII as ? where the terminal does not show them
  // (docs/deals.md, "Seeds on screen"): it would show their bytes as other characters. A cut shows
  // as three dots. Which it is is decided below, once the command is known, before anything is
  // written.
  let unicode = true;
  const io: CliIo = {
    ...given,
    stderr: {
      write: (text: string) =>
        given.stderr.write(unicode ? text : asciiOnly(text.replaceAll('\u2026', '...'))),
      isTTY: given.stderr.isTTY,
    },
  };
  let settings: SettingsFile | undefined;
  const settingsFile = () => (settings ??= readSettingsFile(given.env));
  const program = buildProgram(io, () => unicode, settingsFile);
  const named = program.commands.find((c) => c.name() === args[0])?.name() ?? 'play';
  const reads = READ_SETTINGS.includes(named) && (named === 'config' || !args.includes('--json'));
  unicode = unicodeShown(given.env, args, reads ? settingsFile() : undefined);
  const problem = usageProblem(program, args);
  if (problem !== null) {
    io.stderr.write(`spider: ${problem}\n`);
    return EXIT_USAGE;
  }
  const first = args[0];
  const command = program.commands.find((c) => c.name() === first);
  // What comes before `--` may be options; what comes after, only arguments.
  const optional = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
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
