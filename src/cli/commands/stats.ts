/**
 * `spider stats` (docs/saves.md, "Saved games and statistics"): how the player is doing, as a table
 * or one JSON object. What it reads and prints (stats-run.ts) loads only when it runs.
 */
import type { Command } from 'commander';
import { colorOption, type CommandKit, EXIT_OK, Exit, scoringOption } from '../kit';
import type { RawOptions } from '../options';

/** Adds `stats` to `program`, and returns it. */
export function addStatsCommand(program: Command, kit: CommandKit): Command {
  const statsCommand = program
    .command('stats')
    .description('show how you are doing: games played, won, streaks and records per rule variant')
    .option('--json', 'print the statistics as one JSON object')
    .addOption(scoringOption())
    .addOption(colorOption())
    .allowExcessArguments(false);
  statsCommand.action(async (raw: RawOptions, command: Command) => {
    const { statsCommand: showStats } = await import('./stats-run');
    const status = await showStats(kit.io, kit.settled(raw, command, 'display'));
    if (status !== EXIT_OK) throw new Exit(status);
  });
  return statsCommand;
}
