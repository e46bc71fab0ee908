/**
 * Today's daily deal on a server, for the board's tests: a game saved one action from its win,
 * the player's id, and the names a board lists.
 */
import type { Game } from '../../src/engine';
import { formatSave } from '../../src/notation';
import { dailyStart } from '../../src/search/winnable';
import { playerId } from '../../src/serve/auth';
import { utils } from 'ssh2';
import type { Terminal } from './ssh';

export const TODAY = dailyStart(new Date()).daily;

/** The player's id on the server, as their key names their folder. */
export function idOf(key: string): string {
  const parsed = utils.parseKey(key);
  if (parsed instanceof Error) throw parsed;
  return playerId(parsed.getPublicSSH());
}

/** `game` as today's daily deal's save, `elapsedMs` played: the next login resumes it. */
export function dailySave(game: Game, elapsedMs: number): string {
  const daily: Game = {
    ...game,
    deal: { ...game.deal, origin: { from: { scheme: 'seed', key: TODAY }, daily: TODAY } },
  };
  const when = new Date().toISOString();
  return formatSave(daily, { elapsedMs, started: when, saved: when });
}

/** Plays the saved daily's last action (it waits to be redone), winning it. */
export async function win(player: Terminal): Promise<void> {
  await player.waitFor(`daily ${TODAY}`);
  player.channel.write('r');
  await player.waitFor('Your name on the daily board');
}

/** The names on a board's lines, in order. */
export const namesOn = (text: string) =>
  [...text.matchAll(/^[ >]*\d+ {2}(\S+) +won +\d+ +\d+:\d\d/gm)].map((m) => m[1]);
