/**
 * `spider deal` (docs/records.md, "Headless commands"): the initial position of a deal, as a board
 * or one JSON object.
 */
import type { Command } from 'commander';
import { newGame } from '../../engine';
import { addDisplayOptions, addGameOptions, addOutputOptions, type CommandKit } from '../kit';
import { checkGameOptions, type RawOptions } from '../options';

/** Adds `deal` to `program`, and returns it. */
export function addDealCommand(program: Command, kit: CommandKit): Command {
  const { take, settled, display, print, chosenDeal } = kit;
  const dealCommand = program
    .command('deal')
    .description('print the initial position of a deal')
    .allowExcessArguments(false);
  addOutputOptions(addDisplayOptions(addGameOptions(dealCommand))).action(
    async (raw: RawOptions, command: Command) => {
      const options = take(checkGameOptions(raw));
      // The display settings, not the rules: a script's deal is the same whatever the settings.
      const shown = display(settled(raw, command, 'display'));
      print(newGame(await chosenDeal(options), options.rules), raw, shown);
    },
  );
  return dealCommand;
}
