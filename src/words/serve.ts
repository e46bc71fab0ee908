/**
 * What `spider serve` says to its players (docs/serve.md, "Playing over SSH"): why a session does
 * not play, how long a game waited for a key, and what of a game the server ended is kept. The
 * server's log lines are for whoever runs it, and stay beside the code that writes them.
 */

/** A command, a subsystem, or a second shell on a session that plays. */
export const ONLY_THE_GAME =
  'spider: this server only plays Spider; log in without a command (ssh -t -p PORT HOST)';
export const NEEDS_A_TERMINAL =
  'spider: the game needs a terminal: log in with ssh -t (or without a command)';
export const CANNOT_DRAW =
  'spider: your terminal (TERM=dumb) cannot move its cursor, so the game cannot draw on it; log in from a terminal such as xterm';
/**
 * What a player types to log in: `ssh -t -p PORT HOST` (no `-p` for port 22; an IPv6 address as
 * it is, which ssh takes without brackets).
 */
export function sshLogin(host: string, port: number): string {
  return `ssh -t${port === 22 ? '' : ` -p ${port}`} ${host}`;
}

/** What the terminal says while the deal a login named is searched for. */
export function findingDeal(choose: 'daily' | 'winnable', suits: number): string {
  const which = choose === 'daily' ? "the day's deal" : 'a winnable deal';
  return `Finding ${which} (${suits} suit${suits > 1 ? 's' : ''}): the solver is dealing and playing games…`;
}
export const NO_SEARCH = 'this server cannot search for deals: log in without daily or winnable';
/** Asked of a player whose game is open in another session of the server. */
export const TAKE_OVER_ASK =
  'Your game is open in another session. y takes it over here (that session ends, the game saved); any other key plays another game.';
/** Why a session ended when its game was taken over, as its player is told. */
export const TAKEN_OVER = 'This game was taken over by a new login';
export const SHUTTING_DOWN = 'spider: the server is shutting down; try again later';
/** Why a game is refused, or a session ended, for a key or an address on the ban list. */
export const BANNED = 'spider: you are banned from this server';
export const BANNED_ENDED = 'You are banned from this server';

const games = (count: number) => `${count} game${count === 1 ? '' : 's'}`;

/** The server plays `most` games at once, and plays them now. */
export function serverFull(most: number): string {
  return `spider: the server is full (${games(most)} at once); try again later`;
}

/** The player's address plays `most` games at once, and plays them now. */
export function fullFromAddress(most: number): string {
  return `spider: already ${games(most)} from your address; end one first`;
}

/** A bug ended the player's game: `detail` as the player may read it. */
export function internalError(detail: string): string {
  return `spider: internal error: ${detail}`;
}

/** A time as the idle messages say it: "a minute", "30 minutes", or seconds ("90 seconds"). */
export function duration(ms: number): string {
  if (ms % 60_000 === 0) return ms === 60_000 ? 'a minute' : `${ms / 60_000} minutes`;
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** The game ended after `idleMs` with no key. */
export function idleEnded(idleMs: number): string {
  return `No key for ${duration(idleMs)}: the game was ended`;
}

/** The game ends in `warningMs` unless a key comes. */
export function idleWarning(warningMs: number): string {
  return `No key for a while: this game ends in ${duration(warningMs)} unless you press a key.`;
}

/** Why a guest's game is not kept, as the game says it ("Can't save this game: ..."). */
export const GUEST_NOT_KEPT =
  'you logged in as a guest, without an SSH key; log in with a key to keep your games';

export const CANNOT_SUSPEND =
  "Ctrl-Z can't suspend a game played over SSH: q quits, and your game is kept.";

/** Where `w` writes a player's records, as the game names it. */
export const RECORDS_SHOWN = 'your records on this server';
export const GUEST_HAS_NO_RECORDS =
  "Can't write the record: a guest has no folder here; log in with an SSH key to keep records.";

/** The records folder could not be made, for `reason`. */
export function recordsRefused(reason: string): string {
  return `Can't write the record: ${reason}.`;
}

/**
 * The line before the game's summary when the server ended the game, for `reason`: what of it is
 * kept (docs/serve.md, "Playing over SSH").
 */
export function endedByServer(
  reason: string,
  guest: boolean,
  game: { unsaved: boolean; touched: boolean },
): string {
  return `${reason}; ${keptWords(guest, game)}.`;
}

function keptWords(guest: boolean, game: { unsaved: boolean; touched: boolean }): string {
  if (guest) return "a guest's game is not kept";
  if (!game.touched) return 'your game had not started, so there was nothing to keep';
  return game.unsaved ? 'the line below says what of your game is kept' : 'your game is saved';
}

/** A game refused because the server's database cannot be read now (docs/serve.md, "When a part fails"). */
export const DATABASE_DOWN =
  "spider: your games cannot be reached now: the server's database does not answer; nothing is lost: try again in a moment";
