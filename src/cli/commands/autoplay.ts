/**
 * `spider autoplay` (docs/solver.md, "Solver", "The fair player"): a deal, or a record from its
 * end, played to the finish, blind or following the solver. Its text is the game it played: a
 * comment with the result and how it came about, then a record that replays. The search modules
 * load only when it runs.
 */
import { type Command, Option } from 'commander';
import { actionsKept } from '../../engine';
import {
  formatAction,
  formatRecord,
  type GameRecord,
  grouped as count,
  jsonText,
} from '../../notation';
import type { Autoplayed, FairAutoplayed } from '../../search';
import { addGameOptions, type CommandKit } from '../kit';
import type { RawOptions } from '../options';
import { searchedGame, timeOption } from './searched';

/** Adds `autoplay` to `program`, and returns it. */
export function addAutoplayCommand(program: Command, kit: CommandKit): Command {
  const { io } = kit;
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
      const think = raw.think ?? (open ? '10000' : '1000');
      const ms = timeOption(kit, '--think', think, 'milliseconds');
      const { game, meta, named } = await searchedGame(kit, file, raw, command);
      const { autoplayFair, autoplayOpen } = await import('../../search');
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
  return autoplayCommand;
}

/**
 * The text output of a game `played` open (following the solver) or blind (`fair` is then the
 * same game, with its plans), in `elapsed` ms, keeping the header keys `meta` of the record read.
 */
export function autoplayText(
  played: Autoplayed,
  fair: FairAutoplayed | null,
  elapsed: number,
  meta: GameRecord['meta'],
): string {
  // Resigning is losing, for a player: the result is won or lost.
  const result = played.result === 'won' ? 'won' : 'lost';
  // A plan cut short by the time may be played differently by another run (docs/solver.md,
  // "The fair player").
  const cut =
    fair && fair.cut > 0
      ? `; --think cut ${count(fair.cut)} of ${count(fair.plans)} plans short`
      : '';
  const how =
    played.result === 'won' && played.actions.length === 0
      ? 'the record already wins'
      : fair
        ? played.result === 'resigned'
          ? `blind, no undo: resigned, nothing it could see was worth doing${cut}`
          : `blind, no undo${cut}`
        : played.solved
          ? "following the solver's winning line"
          : played.lastLook
            ? 'the solver found no win in its time; the hints played on, and a last search won'
            : played.result === 'won'
              ? 'the solver found no win in its time; the hints played on and won'
              : played.result === 'resigned'
                ? 'resigned: the solver found no win, and the hints saw nothing useful left'
                : 'the solver found no win; the hints played on until no progress was possible';
  const { game } = played;
  return (
    `# spider autoplay --${fair ? 'fair' : 'open'}: ${result} after ${count(played.actions.length)} actions (${how}); ${count(elapsed)} ms.\n` +
    formatRecord({ deal: game.deal, rules: game.rules, meta, actions: actionsKept(game) })
  );
}
