/**
 * `spider saves` and `spider resume` (docs/saves.md, "Your saved games"): the unfinished games,
 * and continuing one of them. What they read and print (saves-run.ts) loads only when they run.
 */
import type { Command } from 'commander';
import { addDisplayOptions, type CommandKit, EXIT_OK, Exit } from '../kit';
import type { RawOptions } from '../options';

/** Adds `saves` and `resume` to `program`. */
export function addSavesCommands(program: Command, kit: CommandKit): void {
  program
    .command('saves')
    .description('list your unfinished games, most recent first, numbered for spider resume')
    .option('--json', 'print the list as one JSON object')
    .option('--all', 'every one: without it, the 20 most recent')
    .allowExcessArguments(false)
    .action(async (raw: { json?: boolean; all?: boolean }) => {
      const { savesCommand } = await import('./saves-run');
      const status = savesCommand(kit.io, raw);
      if (status !== EXIT_OK) throw new Exit(status);
    });
  const resume = program
    .command('resume')
    .description('continue a saved game: its number in spider saves, or its deal')
    .argument('[game]', "its number in 'spider saves', or its seed, SCHEME:N or daily date")
    .option('--seed <seed>', 'the game of this seed (when the seed is also a number in the list)')
    .allowExcessArguments(false);
  addDisplayOptions(resume).action(
    async (game: string | undefined, raw: RawOptions & { seed?: string }) => {
      const { resumeCommand } = await import('./saves-run');
      const status = await resumeCommand(kit, game, raw);
      if (status !== EXIT_OK) throw new Exit(status);
    },
  );
}
