/**
 * `spider replay` (docs/records.md, "Headless commands"): a game record played from its deal, and
 * its final position printed as a board or one JSON object.
 */
import type { Command } from 'commander';
import type { Game } from '../../engine';
import { addDisplayOptions, addOutputOptions, type CommandKit } from '../kit';
import type { RawOptions } from '../options';

/** Adds `replay` to `program`, and returns it. */
export function addReplayCommand(program: Command, kit: CommandKit): Command {
  const { settled, display, print, loadRecord } = kit;
  const replayCommand = program
    .command('replay')
    .description('play a game record from its deal and print the final position')
    .argument('<file>', "the record to play; '-' reads standard input")
    .allowExcessArguments(false);
  addOutputOptions(addDisplayOptions(replayCommand)).action(
    async (file: string, raw: RawOptions, command: Command) => {
      const shown = display(settled(raw, command, 'display'));
      const print1 = (game: Game) => print(game, raw, shown);
      const { game } = await loadRecord(file, shown.ascii, raw.json === true, print1);
      print1(game);
    },
  );
  return replayCommand;
}
