/**
 * The commands that search (docs/solver.md, "Solver", "The fair player"): `spider solve`, with
 * `--where-lost`, and `spider autoplay`. The search modules load only when one of them runs.
 */
import { type Command, Option } from 'commander';
import { actionsKept, type Game, newGame, writtenLine } from '../engine';
import {
  carriedMeta,
  dealNameJson,
  type DealNameJson,
  formatAction,
  formatRecord,
  jsonText,
  printable,
} from '../notation';
import type { JobResult } from '../search';
import { autoplayText } from './autoplay-command';
import { addGameOptions, type CommandKit } from './kit';
import { checkGameOptions, localeIsUtf8, type RawOptions } from './options';

/** Adds `solve` and `autoplay` to `program`. */
export function addSearchCommands(program: Command, kit: CommandKit): void {
  const { io, fail, take, count, chosenDeal, loadRecord } = kit;
  /** Solves the game's position within `timeMs`, on the solver's threads when there are some. */
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
   * other header keys, which the record it prints keeps (docs/records.md, "Move notation and game
   * records"). `named`: the members that name the deal in the JSON, when the command chose it (a
   * random seed, --winnable, --daily), so that the line found can be played (docs/solver.md,
   * "Solver").
   */
  async function searchedGame(file: string | undefined, raw: RawOptions, command: Command) {
    const options = take(checkGameOptions(raw));
    const given = (name: string) => command.getOptionValueSource(name) === 'cli';
    const dealOptions = ['seed', 'deal', 'suits', 'relaxed', 'keepSuits', 'winnable', 'daily'];
    if (file !== undefined && dealOptions.some(given)) {
      fail('a record file brings its own deal and rules: give FILE or deal options, not both');
    }
    if (file === undefined) {
      const game = newGame(await chosenDeal(options), options.rules);
      const chosen = options.choose !== undefined || !(given('seed') || given('deal'));
      const named: DealNameJson = chosen ? dealNameJson(game) : {};
      return { game, meta: [], named };
    }
    // An illegal action's message names its cards as `replay`'s does: by the locale.
    const ascii = !localeIsUtf8(io.env);
    const { game, meta } = await loadRecord(file, ascii, raw.json === true);
    return { game, meta: carriedMeta(meta), named: {} };
  }
  /** A time option in `unit`s: a positive number up to a day. */
  function timeOption(name: string, text: string, unit: 'seconds' | 'milliseconds'): number {
    const value = Number(text);
    const most = unit === 'seconds' ? 86_400 : 86_400_000;
    if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text) || !(value > 0) || value > most) {
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
      const { game, meta, named } = await searchedGame(file, raw, command);
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
        io.stdout.write(`${jsonText({ ...named, result, solution, positions, ms })}\n`);
        return;
      }
      const summary =
        found.result === 'won' && found.line.length === 0
          ? "won: the record's own line already wins"
          : found.result === 'won'
            ? `won: a winning line of ${count(found.line.length)} actions ${file === undefined ? 'from the deal' : "follows the record's own"}`
            : found.result === 'lost'
              ? 'lost: no line of play wins from here'
              : found.positions === 0
                ? // The rules' own look counts no positions (docs/solver.md, "Solver").
                  'unknown: the time ran out while the rules looked at whether the position is lost, before any search (--time SECONDS gives it longer)'
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
      'milliseconds to think: at most before each action with --fair (default 1000), in all with --open (default 10000)',
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
      const { game, meta, named } = await searchedGame(file, raw, command);
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
        io.stdout.write(`${jsonText({ ...named, result, actions, ms: elapsed })}\n`);
        return;
      }
      io.stdout.write(autoplayText(played, fair, elapsed, meta));
    },
  );
}
