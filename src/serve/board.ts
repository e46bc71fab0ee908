/**
 * The daily board of a server (docs/serve.md, "The daily board"): its players' daily results
 * added as they are recorded, the board shown in the game (`b`) and printed by `ssh HOST board`,
 * and names set in the game or with `ssh HOST name NEW`. The board itself is kept by a `Board`
 * engine; this is what the server makes of it for one player.
 */
import type { Rules } from '../engine';
import { dailyStart } from '../search/winnable';
import { type DayStandings, placeOf, rankDay, readName } from '../stats/board';
import type { GameResult } from '../stats/result';
import type { BoardHooks } from '../ui/board-panel';
import {
  boardFailed,
  boardLines,
  boardTitle,
  GUEST_HAS_NO_NAME,
  noNameYet,
  nameSet,
  nameTaken,
} from '../words/board';
import type { Board } from '../store/board';
import { resultOf } from '../store/results';
import type { Answer, BoardAccess } from './choice';

/** Places shown of each part of the board in the game, which fits 80x24. */
const IN_GAME = { top: 10, helpedTop: 3 };
/** Places printed of each part by `ssh HOST board`. */
const PRINTED = { top: 50, helpedTop: 50 };

/** Today, as the daily deal names it: the server's local date. */
export function today(now: Date = new Date()): string {
  return dailyStart(now).daily;
}

const loginOf = (access: BoardAccess) =>
  access.login === undefined ? {} : { login: access.login };

const why = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * What the places of a player on a server do with each result recorded: a daily game's goes to
 * the board; a board that fails is logged, and the game goes on.
 */
export function dailyRecorder(
  board: Board,
  player: string,
  log: (line: string) => void,
): (result: GameResult) => void {
  return (result) => {
    if (result.daily === undefined || result.continued === true) return;
    const entry = {
      player,
      day: result.daily,
      rules: result.rules,
      outcome: result.outcome,
      moves: result.moves,
      elapsedMs: result.elapsedMs,
      peeks: result.peeks,
      helped: result.helped === true,
      ended: result.ended,
    };
    void board.addDaily(entry).catch((error: unknown) => {
      log(`a daily result not added to the board: ${why(error)}`);
    });
  };
}

/** A player's name, set: said to them either way. */
async function setName(
  access: BoardAccess,
  typed: string,
): Promise<{ readonly ok: boolean; readonly message: string }> {
  if (access.player === null) return { ok: false, message: GUEST_HAS_NO_NAME };
  const read = readName(typed);
  if (!read.ok) return { ok: false, message: `Not a name: ${read.why}.` };
  const claimed = await access.board.setName(access.player, read.name, read.key);
  return claimed.ok
    ? { ok: true, message: nameSet(read.name) }
    : { ok: false, message: nameTaken(read.name) };
}

/** A day's board for some rules, ranked. */
async function standings(access: BoardAccess, day: string, rules: Rules): Promise<DayStandings> {
  return rankDay(await access.board.day(day), day, rules);
}

/**
 * What the game asks of the board for one player: their name is read once, as the game opens
 * (a board that cannot be read then asks for none); a guest sees the board and is never asked.
 */
export async function boardHooks(
  access: BoardAccess,
  log: (line: string) => void,
): Promise<BoardHooks> {
  let named = true;
  if (access.player !== null)
    named = await access.board.nameOf(access.player).then(
      (name) => name !== null,
      () => true,
    );
  const record = access.player === null ? null : dailyRecorder(access.board, access.player, log);
  return {
    named: () => named,
    recorded: (result) => record?.(result),
    over: (game, outcome, elapsedMs) =>
      record?.(
        resultOf(game, outcome, { elapsedMs, continued: false, ended: new Date().toISOString() }),
      ),
    show: async (game, ascii) => {
      const day = game.deal.origin?.daily ?? today(access.now?.());
      try {
        const ranked = await standings(access, day, game.rules);
        const shown = { ...IN_GAME, you: access.player, named, ascii, ...loginOf(access) };
        return { title: boardTitle(day, game.rules), lines: boardLines(ranked, shown) };
      } catch (error) {
        return { message: boardFailed(why(error)) };
      }
    },
    setName: async (typed) => {
      try {
        const set = await setName(access, typed);
        if (set.ok) named = true;
        return set;
      } catch (error) {
        return { ok: false, message: boardFailed(why(error)) };
      }
    },
  };
}

const BOARD_USAGE = 'board takes suits 1|2|4, relaxed 0-3, keep-suits and --json';
const answer = (stdout: string): Answer => ({ status: 0, stdout, stderr: '' });
const refused = (text: string, status = 2): Answer => ({
  status,
  stdout: '',
  stderr: `spider: ${text}\n`,
});

/** The rules `board` names after the server's: `suits 1`, `relaxed 2`, `keep-suits`; or why not. */
function boardRules(words: readonly string[], rules: Rules): Rules | string {
  let chosen = { ...rules };
  for (let i = 0; i < words.length; i++) {
    const [word, value] = [words[i], words[i + 1]];
    if (word === 'keep-suits') chosen = { ...chosen, keepSuits: true };
    else if (word === 'suits' && ['1', '2', '4'].includes(value ?? '')) {
      chosen = { ...chosen, suits: Number(value) as Rules['suits'] };
      i++;
    } else if (word === 'relaxed' && ['0', '1', '2', '3'].includes(value ?? '')) {
      chosen = { ...chosen, relaxed: Number(value) as Rules['relaxed'] };
      i++;
    } else return BOARD_USAGE;
  }
  return chosen;
}

/** `ssh HOST board`: today's board, as text or (`--json`) every entry ranked. */
export async function boardQuestion(
  access: BoardAccess,
  words: readonly string[],
): Promise<Answer> {
  const json = words.includes('--json');
  const rules = boardRules(
    words.filter((w) => w !== '--json'),
    access.rules,
  );
  if (typeof rules === 'string') return refused(rules);
  const day = today(access.now?.());
  let ranked: DayStandings;
  try {
    ranked = await standings(access, day, rules);
  } catch (error) {
    return refused(boardFailed(why(error)), 1);
  }
  if (json) {
    const part = (list: DayStandings['clean']) =>
      list.map(({ place, name, entry }) => ({
        place,
        name,
        outcome: entry.outcome,
        moves: entry.moves,
        elapsedMs: entry.elapsedMs,
        peeks: entry.peeks,
        helped: entry.helped,
      }));
    const mine = access.player === null ? null : placeOf(ranked, access.player);
    const you = mine === null ? null : { section: mine.section, place: mine.placed.place };
    const all = { day, rules, clean: part(ranked.clean), helped: part(ranked.helped), you };
    return answer(`${JSON.stringify(all)}\n`);
  }
  let named = true;
  if (access.player !== null)
    named = (await access.board.nameOf(access.player).catch(() => '')) !== null;
  const lines = boardLines(ranked, { ...PRINTED, you: access.player, named, ...loginOf(access) });
  return answer(`${[boardTitle(day, rules), '', ...lines].join('\n')}\n`);
}

/** `ssh HOST name` says the player's name; `ssh HOST name NEW` sets it. */
export async function nameQuestion(access: BoardAccess, words: readonly string[]): Promise<Answer> {
  if (access.player === null) return refused(GUEST_HAS_NO_NAME, 1);
  try {
    if (words.length === 0) {
      const name = await access.board.nameOf(access.player);
      return answer(
        name === null
          ? `${noNameYet(access.login ?? 'ssh -t HOST')}\n`
          : `You are '${name}' on the daily board.\n`,
      );
    }
    const set = await setName(access, words.join(' '));
    return set.ok ? answer(`${set.message}\n`) : refused(set.message, 1);
  } catch (error) {
    return refused(boardFailed(why(error)), 1);
  }
}
