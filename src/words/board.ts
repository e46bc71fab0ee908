/**
 * The daily board in words (docs/serve.md, "The daily board"): the lines `b` shows and `ssh HOST
 * board` prints, and what a player is told when choosing a name.
 */
import type { Rules } from '../engine';
import { asciiOnly, cutToWidth, textWidth } from '../notation';
import { type DayStandings, NAME_COLUMNS, type Placed, placeOf } from '../stats/board';
import { formatDuration } from '../stats/stats';

/** The rules of a board, in short: `4 suits, relaxed 0`. */
export function boardRules(rules: Rules): string {
  const suits = `${rules.suits} suit${rules.suits === 1 ? '' : 's'}`;
  return `${suits}, relaxed ${rules.relaxed}${rules.keepSuits ? ', keep suits' : ''}`;
}

/** The board's title: its day and rules. */
export function boardTitle(day: string, rules: Rules): string {
  return `Daily board ${day}, ${boardRules(rules)}`;
}

/** What a board shows: the most places of each section, and whose board it is. */
export interface BoardShown {
  readonly top: number;
  readonly helpedTop: number;
  /** The player who asks (their id), and whether they have a name. */
  readonly you: string | null;
  readonly named: boolean;
  /** The terminal shows only ASCII: names beyond it as `?`. */
  readonly ascii?: boolean;
  /** What the player types to log in (`ssh -t -p 2222 HOST`), for the words that name it. */
  readonly login?: string;
}

const HEADER = `   #  ${'name'.padEnd(NAME_COLUMNS)}  result    moves     time`;

/** A name padded to the name column, whatever columns its characters take. */
function nameCell(name: string, ascii: boolean): string {
  const shown = cutToWidth(ascii ? asciiOnly(name) : name, NAME_COLUMNS);
  return shown + ' '.repeat(Math.max(0, NAME_COLUMNS - textWidth(shown)));
}

function row(placed: Placed, ascii: boolean, you: boolean): string {
  const { entry } = placed;
  const aid = [
    ...(entry.peeks > 0 ? [`${entry.peeks} peek${entry.peeks === 1 ? '' : 's'}`] : []),
    ...(entry.helped ? ['help'] : []),
  ];
  return [
    `${you ? '>' : ' '}${String(placed.place).padStart(3)}  `,
    nameCell(placed.name, ascii),
    `  ${entry.outcome.padEnd(9)}`,
    String(entry.moves).padStart(6),
    formatDuration(entry.elapsedMs).padStart(9),
    aid.length > 0 ? `  ${aid.join(', ')}` : '',
  ].join('');
}

/**
 * The board's lines, under its title: the players' own results, then those with peeks or help,
 * the top places of each, and the asker's own place where it is not among them.
 */
export function boardLines(standings: DayStandings, shown: BoardShown): string[] {
  const ascii = shown.ascii === true;
  const login = shown.login ?? 'ssh -t HOST';
  const you = shown.you;
  const mine = you === null ? null : placeOf(standings, you);
  const lines: string[] = [];
  const section = (list: readonly Placed[], top: number): void => {
    for (const placed of list.slice(0, top))
      lines.push(row(placed, ascii, placed.entry.player === you));
    if (list.length > top) lines.push(`     … ${list.length - top} more`);
  };
  if (standings.clean.length === 0 && standings.helped.length === 0)
    lines.push(`No one is on today's board yet: play the daily deal (${login} daily).`);
  else lines.push(HEADER);
  section(standings.clean, shown.top);
  if (standings.helped.length > 0) {
    lines.push('With peeks or help:');
    section(standings.helped, shown.helpedTop);
  }
  const top = mine?.section === 'clean' ? shown.top : shown.helpedTop;
  if (mine !== null && mine.placed.place > top) {
    const of = standings[mine.section].length;
    const where = mine.section === 'clean' ? '' : ' with peeks or help';
    lines.push(`You: ${ordinal(mine.placed.place)} of ${of}${where}.`);
    lines.push(row(mine.placed, ascii, true));
  } else if (mine === null && you !== null && !shown.named)
    lines.push(
      `You have no name yet, so you are not on the board: b in the game, or ${asked(login)} name NEW.`,
    );
  return lines;
}

/** A login as a question is asked: without `-t`. */
export const asked = (login: string): string => login.replace(/^ssh -t /, 'ssh ');

/** Said to a player with no name who asks for theirs. */
export function noNameYet(login: string): string {
  return `You have no name on the daily board yet: ${asked(login)} name NEW picks one.`;
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st… */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Said where there is no board: a local game. */
export const BOARD_IS_A_SERVERS =
  "The daily board is a server's: its players' daily deals are ranked there (spider serve, b).";
/** Said to a guest who asks for the board or a name. */
export const GUEST_HAS_NO_NAME =
  'a guest has no name and is not on the board; log in with an SSH key to be on it';
/** The name panel's title and its question. */
export const NAME_TITLE = 'Your name on the daily board';
export const NAME_ASK = `The name the board shows you by: at most ${NAME_COLUMNS} columns, unique here. Enter keeps it, Esc leaves.`;
/** Someone else has it. */
export function nameTaken(name: string): string {
  return `'${name}' is taken by another player; try another.`;
}
/** Set. */
export function nameSet(name: string): string {
  return `You are '${name}' on the daily board.`;
}
/** The board or a name could not be reached. */
export function boardFailed(why: string): string {
  return `The daily board cannot be reached now: ${why}`;
}
