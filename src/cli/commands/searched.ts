/**
 * What the commands that search share (docs/solver.md, "Solver", "The fair player"): the game a
 * search starts from, and a time option.
 */
import type { Command } from 'commander';
import { newGame } from '../../engine';
import { carriedMeta, dealNameJson, type DealNameJson, printable } from '../../notation';
import type { CommandKit } from '../kit';
import { checkGameOptions, localeIsUtf8, type RawOptions } from '../options';

/**
 * The game a search starts from: a record's end, or a deal from the options; with the record's
 * other header keys, which the record it prints keeps (docs/records.md, "Move notation and game
 * records"). `named`: the members that name the deal in the JSON, when the command chose it (a
 * random seed, --winnable, --daily), so that the line found can be played (docs/solver.md,
 * "Solver").
 */
export async function searchedGame(
  kit: CommandKit,
  file: string | undefined,
  raw: RawOptions,
  command: Command,
) {
  const { io, fail, take, chosenDeal, loadRecord } = kit;
  const options = take(checkGameOptions(raw));
  const given = (name: string) => command.getOptionValueSource(name) === 'cli';
  const dealOptions = ['seed', 'deal', 'suits', 'relaxed', 'keepSuits', 'winnable', 'daily'];
  if (file !== undefined && dealOptions.some(given)) {
    fail('a record file brings its own deal and rules: give FILE or deal options, not both');
  }
  if (file === undefined) {
    const game = newGame(await chosenDeal(options), options.rules);
    const chosen = options.choose !== undefined || !(given('seed') || given('deal'));
    const named: DealNameJson = chosen ? dealNameJson(game.deal) : {};
    return { game, meta: [], named };
  }
  // An illegal action's message names its cards as `replay`'s does: by the locale.
  const ascii = !localeIsUtf8(io.env);
  const { game, meta } = await loadRecord(file, ascii, raw.json === true);
  return { game, meta: carriedMeta(meta), named: {} };
}

/** A time option in `unit`s: a positive number up to a day. */
export function timeOption(
  kit: CommandKit,
  name: string,
  text: string,
  unit: 'seconds' | 'milliseconds',
): number {
  const value = Number(text);
  const most = unit === 'seconds' ? 86_400 : 86_400_000;
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text) || !(value > 0) || value > most) {
    kit.fail(
      `${name} '${printable(text)}' is not a time: give ${unit}, more than 0 and at most ${most}`,
    );
  }
  return value;
}
