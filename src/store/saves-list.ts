/**
 * The player's unfinished games, as `spider saves` lists them and the game's list of saves shows
 * them (docs/saves.md, "Your saved games"): listing them, switching a session to one, and giving
 * one up. A list reads the header of each save, never replays a game.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Game } from '../engine';
import { parseRecord } from '../notation/record';
import { formatSave, readSaveHeader, type SaveHeader } from '../notation/save';
import { fsWords } from './errors';
import { HISTORY_FILE } from './history';
import { READ_EXISTING, readAll } from './files';
import { lockSlot } from './locks';
import type { StoreNews } from './news';
import type { Places } from './paths';
import { ResultBook } from './results';
import { isFinished, isSaveName, looksNamedBySaveTime, savedAtOf } from './save-names';
import { SaveStore } from './saves';
import type { SavedGame, SavesList } from './engine';
import { shelfOf } from './file-engine';
import { GameSession, type Leaving, type OpenOptions, type Saving } from './session';

export type { SavedGame, SavesList };

/** The bytes of a save read first: its header is far shorter. */
const HEAD_BYTES = 4096;

/**
 * Lists the player's unfinished games, most recently saved first (the numbers `spider saves`
 * shows count from 1 in this order): the `most` most recent (all unless said). `playing`: the slot
 * of the game in play, if any (`GameSession.slotInPlay`). Nothing is claimed, moved or written.
 *
 * Only what the list needs is read (docs/saves.md, "Your saved games"): each save's header, and of
 * the saves named by the time of their last save (docs/saves.md, "Saved games and statistics"),
 * only those that can be among the `most` most recent; the others (held by a session, of earlier
 * versions) are read first, as a start reads them.
 */
export function listSaves(
  places: Places,
  options: { readonly playing?: string; readonly most?: number } = {},
): SavesList {
  if (places.engine) return places.engine.listSaves(options);
  const store = new SaveStore(places);
  const none = { games: [], more: 0, skipped: 0 };
  const problem = store.problem;
  if (problem !== null) return { ...none, problem };
  let names: string[];
  try {
    names = fs.readdirSync(store.dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    return { ...none, problem: ['ENOENT', 'ENOTDIR'].includes(code) ? null : fsWords(error) };
  }
  const locks = locksBySlot(names);
  const byTime: string[] = [];
  const others: string[] = [];
  for (const name of names.filter(isSaveName)) {
    const slot = name.slice(0, -'.txt'.length);
    const named = name.length === 33 && looksNamedBySaveTime(name) && !locks.has(slot);
    (named ? byTime : others).push(slot);
  }
  byTime.sort().reverse(); // most recent first: such a name sorts as its time
  const games: SavedGame[] = [];
  let skipped = 0;
  const add = (slot: string): boolean => {
    const found = readListed(store, slot);
    if (found === 'bad') skipped++;
    if (found === 'gone' || found === 'bad' || isFinished(found.header)) return false;
    const held = locks.get(slot);
    const elsewhere = held !== undefined && store.heldElsewhere(slot, held);
    const open = slot === options.playing ? 'here' : elsewhere ? 'elsewhere' : null;
    const { deal, rules, saved } = found.header;
    games.push({ slot, deal, rules, moves: found.moves, elapsedMs: found.elapsedMs, saved, open });
    return true;
  };
  others.forEach(add);
  const otherTimes = games.map((game) => Date.parse(game.saved));
  const most = options.most ?? Infinity;
  let next = 0;
  for (let listed = 0; next < byTime.length; next++) {
    // Saved no later than its name says: read only while it can be among the most recent.
    const at = savedAtOf(byTime[next]) ?? -Infinity;
    if (listed + otherTimes.filter((time) => time >= at).length >= most) break;
    if (add(byTime[next])) listed++;
  }
  games.sort((a, b) => Date.parse(b.saved) - Date.parse(a.saved) || (a.slot < b.slot ? 1 : -1));
  const shown = games.slice(0, most);
  const more = games.length - shown.length + byTime.length - next;
  return { games: shown, more, skipped, problem: null };
}

/** The lock files among `names`, by the slot each is of. */
function locksBySlot(names: readonly string[]): Map<string, string[]> {
  const locks = new Map<string, string[]>();
  for (const name of names.filter((n) => n.includes('.lock'))) {
    const slot = lockSlot(name);
    if (slot !== null) locks.set(slot, [...(locks.get(slot) ?? []), name]);
  }
  return locks;
}

/** What the list needs of slot `slot`'s save: its header, moves and time; or why not. */
function readListed(
  store: SaveStore,
  slot: string,
): { header: SaveHeader; moves: number; elapsedMs: number } | 'bad' | 'gone' {
  const now = new Date().toISOString();
  const head = readHead(path.join(store.dir, `${slot}.txt`));
  let header = head === null ? null : readSaveHeader(head, now);
  let whole: string | null = null;
  if (header === null || !header.ok || header.header.moves === null) {
    // Read whole: a long header, or an earlier version's save, which says no moves.
    const read = store.read(slot);
    if (!read.ok) return read.gone ? 'gone' : 'bad';
    whole = read.text;
    header = readSaveHeader(whole, now);
  }
  if (!header.ok) return 'bad';
  let moves = header.header.moves;
  if (moves === null && whole !== null) {
    const record = parseRecord(whole);
    if (!record.ok) return 'bad';
    moves = record.record.actions.length - record.record.undone;
  }
  return { header: header.header, moves: moves ?? 0, elapsedMs: header.header.elapsedMs ?? 0 };
}

/**
 * The start of a save, up to its first blank line (the end of its header), or null when it has
 * none in its first `HEAD_BYTES` bytes, or cannot be read so (it is then read whole).
 */
function readHead(file: string): string | null {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, READ_EXISTING);
    const info = fs.fstatSync(fd);
    if (!info.isFile()) return null;
    const bytes = readAll(fd, Math.min(info.size, HEAD_BYTES));
    const end = bytes.indexOf('\n\n');
    if (end < 0) return null;
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
  } catch {
    return null;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** What switching to a saved game came to. */
export type Switched<S extends Saving> =
  | {
      readonly ok: true;
      /** The session that plays the game switched to: the one to use from now on. */
      readonly session: GameSession<S>;
      readonly game: Game;
      /** What to tell the player (the game resumed, saves set aside on the way). */
      readonly messages: StoreNews[];
      /** What became of the game left (saved and let go, or recorded when over). */
      readonly left: Leaving<S>;
    }
  /** Not switched: the game in play goes on in its session, as it was. */
  | { readonly ok: false; readonly messages: StoreNews[] };

/**
 * Switches from `from.game`, played in `from.session`, to the saved game in `slot` (docs/saves.md,
 * "Your saved games"). The game chosen is claimed first, in a session of its own opened with
 * `options` (those the game in play was opened with, saving in the background on a server); only
 * then is the game in play left, as on quitting: an unfinished game saved and let go, listed
 * with the others, a finished one recorded. Refused, with nothing changed, when another session
 * holds the game chosen or it is no longer there as listed.
 */
export function switchSave<S extends Saving>(
  from: { readonly session: GameSession<S>; readonly game: Game },
  slot: string,
  options: OpenOptions<S>,
): Switched<S> {
  const opened = GameSession.open<S>({
    ...options,
    deal: undefined,
    loaded: undefined,
    fresh: false,
    slot,
  });
  // Not resumed: the session opened dealt a game nobody touched, which holds nothing on disk.
  if (!opened.resumed) return { ok: false, messages: opened.messages };
  const left = from.session.leave(from.game);
  return { ok: true, session: opened.session, game: opened.game, messages: opened.messages, left };
}

/**
 * Gives up the saved game in `slot`, not in play (docs/saves.md, "Your saved games"): recorded as
 * abandoned in the statistics (a game continued from a record file counts in nothing), and its
 * save removed. When the statistics cannot take it, it is kept, marked, until a start records
 * it. Refused, with nothing changed, when another session holds it (or this one plays it).
 */
export function giveUpSave(places: Places, slot: string, now = new Date()): StoreNews {
  const store = shelfOf(places);
  // A slot is a save's name in the folder, never a path elsewhere.
  if (!isSaveName(`${slot}.txt`)) return { kind: 'save-unavailable', elsewhere: false };
  if (!store.claim(slot))
    return { kind: 'save-unavailable', elsewhere: store.has(slot) && !store.lockProblem };
  const read = store.read(slot);
  const header = read.ok ? readSaveHeader(read.text, now.toISOString()) : read;
  if (!read.ok || !header.ok || isFinished(header.header)) {
    store.letGo(slot);
    return { kind: 'save-unavailable', elsewhere: false };
  }
  const loaded = store.load({ id: slot, header: header.header, text: read.text }, now);
  if (!loaded.ok) return loaded.news;
  const save = loaded.save;
  const continued = save.continued === true;
  const results = new ResultBook(places, () => now);
  const played = { elapsedMs: save.elapsedMs, continued, slot };
  const recorded = results.record(save.game, 'abandoned', played);
  if (recorded.ok) {
    store.remove(slot);
    return { kind: 'abandoned', deal: save.game.deal, continued };
  }
  // Kept, marked, until the statistics can have it (docs/saves.md, "Saved games and statistics").
  const marked = formatSave(save.game, { ...save, abandoned: true, saved: now.toISOString() });
  const kept = store.write(slot, marked);
  store.release(slot);
  return kept.ok
    ? { kind: 'unrecorded', reason: recorded.reason }
    : { kind: 'result-lost', reason: recorded.reason, saveReason: kept.reason };
}

/**
 * Whether the player has played here before: a saved game, or a history of finished ones. A
 * first start opens on the new-game panel (docs/playing.md, "A new game").
 */
export function playedBefore(places: Places): boolean {
  if (places.engine) return places.engine.playedBefore();
  if (fs.existsSync(path.join(places.data, HISTORY_FILE))) return true;
  const listed = listSaves(places, { most: 1 });
  return listed.games.length + listed.more + listed.skipped > 0 || listed.problem !== null;
}

/**
 * The text of the save of `slot`, as a record (a save is one: docs/records.md, "Move notation and
 * game records"), or why it cannot be read. Only a regular file among the saves is read.
 */
export function saveText(
  places: Places,
  slot: string,
): { readonly ok: true; readonly text: string } | { readonly ok: false; readonly why: string } {
  if (places.engine) return places.engine.saveText(slot);
  const store = new SaveStore(places);
  if (store.problem !== null) return { ok: false, why: store.problem };
  const file = path.join(store.dir, `${slot}.txt`);
  try {
    if (!fs.lstatSync(file).isFile()) return { ok: false, why: 'it is not a file' };
    return { ok: true, text: fs.readFileSync(file, 'utf8') };
  } catch (error) {
    return { ok: false, why: fsWords(error) };
  }
}
