/**
 * `spider solve` (docs/solver.md, "Solver"), with `--where-lost` (docs/solver.md, "Where it went
 * wrong"): a deal, or the end of a record, searched for a winning line. The search modules load
 * only when it runs.
 */
import type { Command } from 'commander';
import { actionsKept, type Game, writtenLine } from '../../engine';
import { formatAction, formatRecord, grouped as count, jsonText } from '../../notation';
import type { JobResult } from '../../search';
import { addGameOptions, type CliIo, type CommandKit } from '../kit';
import type { RawOptions } from '../options';
import { searchedGame, timeOption } from './searched';

/** Adds `solve` to `program`, and returns it. */
export function addSolveCommand(program: Command, kit: CommandKit): Command {
  const { io, fail } = kit;
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
      const time = raw.time ?? (raw.whereLost ? '60' : '10');
      const seconds = timeOption(kit, '--time', time, 'seconds');
      const { game, meta, named } = await searchedGame(kit, file, raw, command);
      if (raw.whereLost) {
        const { whereLost } = await import('../../search');
        const { whereLostJson, whereLostText } = await import('./where-lost');
        const found = whereLost(game.start, actionsKept(game), { timeMs: seconds * 1000 });
        io.stdout.write(
          raw.json ? `${jsonText(whereLostJson(found))}\n` : whereLostText(game, found, meta),
        );
        return;
      }
      const found = await solved(io, game, seconds * 1000);
      const solution = found.line.map(formatAction);
      if (raw.json) {
        const { result, positions, ms } = found;
        io.stdout.write(`${jsonText({ ...named, result, solution, positions, ms })}\n`);
        return;
      }
      io.stdout.write(
        `# spider solve: ${summary(found, file)}; ${count(found.positions)} positions searched in ${count(found.ms)} ms.\n` +
          formatRecord({
            deal: game.deal,
            rules: game.rules,
            meta,
            actions: writtenLine(game.start, [...actionsKept(game), ...found.line]),
          }),
      );
    },
  );
  return solveCommand;
}

type Solved = Extract<JobResult, { kind: 'solved' }>;

/** Solves the game's position within `timeMs`, on the solver's threads when there are some. */
async function solved(io: CliIo, game: Game, timeMs: number): Promise<Solved> {
  const search = await import('../../search');
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

/** What the search found, as the first line of the text output says it. */
function summary(found: Solved, file: string | undefined): string {
  return found.result === 'won' && found.line.length === 0
    ? "won: the record's own line already wins"
    : found.result === 'won'
      ? `won: a winning line of ${count(found.line.length)} actions ${file === undefined ? 'from the deal' : "follows the record's own"}`
      : found.result === 'lost'
        ? 'lost: no line of play wins from here'
        : found.positions === 0
          ? // The rules' own look counts no positions (docs/solver.md, "Solver").
            'unknown: the time ran out while the rules looked at whether the position is lost, before any search (--time SECONDS gives it longer)'
          : 'unknown: the time ran out before a win was found or ruled out (--time SECONDS gives it longer)';
}
