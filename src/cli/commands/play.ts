/**
 * `spider play` (docs/playing.md, "Playing"), the default command: resumes or deals a game, or
 * continues a record, in the terminal. The game's modules (blessed among them) load only when it
 * runs.
 */
import type { Command } from 'commander';
import { settingsFileExists } from '../../store/settings-file';
import { cannotDrawOn } from '../../ui/terminal-type';
import { programWord } from '../program-word';
import {
  addDisplayOptions,
  addGameOptions,
  addSettingsOptions,
  type CommandKit,
  EXIT_OK,
  Exit,
} from '../kit';
import {
  checkDisplayOptions,
  checkGameOptions,
  checkScreenOptions,
  type RawOptions,
} from '../options';

/** Adds `play` to `program` as its default command, and returns it. */
export function addPlayCommand(program: Command, kit: CommandKit): Command {
  const { io, fail, take, settled, chosenDeal, loadRecord } = kit;
  const playCommand = program
    .command('play', { isDefault: true })
    .description('play a game (the default command): resumes your latest unfinished game, if any')
    .argument('[file]', 'a game record to continue (as written by the w key)')
    .option('--load <file>', 'the same as giving FILE')
    .option(
      '--new',
      'deal a new game even if one is unfinished (that one stays saved: spider saves)',
    )
    .allowExcessArguments(false);
  addSettingsOptions(addDisplayOptions(addGameOptions(playCommand))).action(
    async (
      file: string | undefined,
      typed: RawOptions & { load?: string; new?: boolean },
      command: Command,
    ) => {
      // The settings file fills in what was not typed (docs/settings.md, "Settings").
      const raw = settled(typed, command, 'game');
      const options = take(checkGameOptions(raw));
      // Usage first: a wrong combination is wrong with or without a terminal.
      const given = (name: string) => command.getOptionValueSource(name) === 'cli';
      if (file !== undefined && raw.load !== undefined) {
        fail('give the record file once: as FILE or with --load');
      }
      const recordFile = file ?? raw.load;
      if (recordFile === '-') {
        fail(
          "the game reads its keys from standard input, so it cannot read a record there too: give the record's file name ('spider replay -' reads one from standard input)",
        );
      }
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
      const screen = take(checkScreenOptions(raw));
      const terminal = io.terminal;
      if (!terminal) {
        return fail(
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
      // Only the rule options typed on the command line decide whether a saved game matches: a
      // rule of the settings file chooses a new game's, never which game is resumed.
      const explicitRules = {
        ...(given('suits') ? { suits: options.rules.suits } : {}),
        ...(given('relaxed') ? { relaxed: options.rules.relaxed } : {}),
        ...(given('keepSuits') ? { keepSuits: options.rules.keepSuits } : {}),
      };
      // Loaded here so the headless commands never pay for blessed.
      const { playInTerminal } = await import('../../ui/play');
      const { localTerminalHost } = await import('../../host/local-terminal');
      const result = await playInTerminal({
        theme: {
          ascii: shown.ascii,
          color: shown.color,
          fourColor: shown.fourColor,
          cards: screen.cards,
        },
        scoring: shown.scoring,
        clock: screen.clock,
        terminal,
        env: io.env,
        randomSeed: io.randomSeed,
        version: io.version,
        rules: options.rules,
        explicitRules,
        ...(deal === undefined ? {} : { deal }),
        fresh: raw.new === true,
        loaded,
        // A first start, with nothing typed and no settings, opens on the new-game panel.
        welcome:
          recordFile === undefined &&
          deal === undefined &&
          raw.new !== true &&
          !['suits', 'relaxed', 'keepSuits'].some(given) &&
          !settingsFileExists(io.env),
        host: localTerminalHost(terminal.output),
        program: () => programWord(io.env, io.started),
      });
      io.stdout.write(`${result.summary}\n`);
      if (result.problem !== undefined) io.stderr.write(`spider: ${result.problem}\n`);
      if (result.status !== EXIT_OK) throw new Exit(result.status);
    },
  );
  return playCommand;
}
