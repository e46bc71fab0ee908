/**
 * A session that saves in the background, as a server playing many games at once does
 * (docs/saves.md, "Saved games and statistics"): on real folders, with the disk held up or failing
 * on purpose.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DEAL, type Game, newGame, play, type Rules, statusWithin } from '../../src/engine';
import { readResults } from '../../src/store/history';
import { playerPlaces } from '../../src/store/paths';
import { giveUpSave, listSaves, type SavedGame, switchSave } from '../../src/store/saves-list';
import { GameSession, type Saving } from '../../src/store/session';
import { LOST_GAME_ACTIONS, LOST_GAME_RULES, lostGame } from '../helpers/lost-game';
import { holdRenames, ioError, turns, until } from '../helpers/slow-disk';
import { storeNote } from '../../src/words/store';
import type { StoreNews } from '../../src/store/news';

/** The note the player gets of the store's news, if any. */
const noteOf = (news: StoreNews | null) => news && storeNote(news);

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const roots: string[] = [];
afterEach(() => {
  jest.restoreAllMocks();
  roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true }));
});

function playerFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-background-'));
  roots.push(root);
  return path.join(root, 'player');
}

function open<S extends Saving>(folder: string, saving: S) {
  return GameSession.open({
    places: playerPlaces(folder),
    rules: RULES,
    explicitRules: {},
    fresh: false,
    randomSeed: () => '42',
    saving,
  });
}

/** Saved games by their seeds, in text order. */
function byDeal(games: readonly SavedGame[]): SavedGame[] {
  return [...games].sort((a, b) => (a.deal.key < b.deal.key ? -1 : 1));
}

/** The game after a deal from the stock. */
function dealt(game: Game): Game {
  const outcome = play(game, DEAL);
  if (!outcome.ok) throw new Error('the deal was refused');
  return outcome.game;
}

/** The saves in a player's folder, by name. */
function saves(folder: string): string[] {
  const games = path.join(folder, 'games');
  if (!fs.existsSync(games)) return [];
  return fs.readdirSync(games).filter((name) => name.endsWith('.txt') && !name.startsWith('.'));
}

describe('leaving a game whose status takes a search (docs/rules.md, "Lost")', () => {
  it('holds nothing up: the game is kept as playing, and the next start resumes it', async () => {
    const folder = playerFolder();
    const opening = {
      places: playerPlaces(folder),
      rules: LOST_GAME_RULES,
      explicitRules: {},
      fresh: false,
      randomSeed: () => '15',
      saving: 'in-background',
    } as const;
    const { session } = GameSession.open(opening);
    const almost = lostGame(LOST_GAME_ACTIONS - 1);
    const lost = dealt(almost);
    session.changed(almost, lost);
    // What the player is told on leaving says the same, and searches no more.
    expect(session.statusOnLeaving(lost)).toBe('playing');
    expect(await session.leave(lost)).toEqual({ unsaved: null, savedAt: null, note: null });
    expect(statusWithin(lost.position)).toBeNull(); // nobody searched it
    expect(readResults(folder).results).toEqual([]);
    const resumed = GameSession.open(opening);
    expect(resumed.game.actions).toBe(LOST_GAME_ACTIONS);
    expect(resumed.game.deal).toEqual(lost.deal);
    await resumed.session.leave(resumed.game);
  });
});

describe('saving in the background', () => {
  it('goes on at once, writes the last of many quick states, and leaves once it is on disk', async () => {
    const folder = playerFolder();
    const { session, game } = open(folder, 'in-background');
    const held = holdRenames();
    const states = [game];
    // Four of the five deals of the stock: the game goes on.
    for (let deal = 1; deal <= 4; deal++) states.push(dealt(states[deal - 1]));
    expect(session.changed(states[0], states[1])).toBeNull();
    expect(saves(folder)).toEqual([]); // not on disk yet: nobody waited for it
    await until(() => held.renamed.length === 1);
    for (let i = 2; i <= 4; i++) expect(session.changed(states[i - 1], states[i])).toBeNull();

    let flushed = false;
    const flushing = session.flush().then(() => (flushed = true));
    await turns();
    expect(flushed).toBe(false);
    expect(saves(folder)).toEqual([]);
    held.open();
    await flushing;
    // The first state, then only the last of the three that came while it was being written.
    expect(held.renamed).toHaveLength(2);
    expect(saves(folder)).toHaveLength(1);

    const leaving = session.leave(states[4]);
    expect(leaving).toBeInstanceOf(Promise);
    expect(await leaving).toEqual({ unsaved: null, savedAt: null, note: null });
    const again = open(folder, 'at-once');
    expect(again.game.position.dealt).toBe(4);
    expect(storeNote(again.messages[0]).text).toMatch(/^Resumed your game from /);
  });

  it('tells a failed write at the next action, once', async () => {
    const folder = playerFolder();
    const { session, game } = open(folder, 'in-background');
    const dir = path.join(folder, 'games');
    const rename = jest.spyOn(fs.promises, 'rename').mockRejectedValueOnce(ioError());
    const one = dealt(game);
    expect(session.changed(game, one)).toBeNull();
    await session.flush();
    const two = dealt(one);
    expect(noteOf(session.changed(one, two))).toEqual({
      text: `Can't save this game: input/output error (${dir}). Play goes on, but it will not be kept.`,
      warning: true,
      duringPlay: true,
    });
    rename.mockRejectedValueOnce(ioError());
    const three = dealt(two);
    expect(session.changed(two, three)).toBeNull();
    await session.flush();
    expect(session.changed(three, dealt(three))).toBeNull(); // said once
    expect(await session.leave(dealt(three))).toEqual({ unsaved: null, savedAt: null, note: null });
    expect(open(folder, 'at-once').game.position.dealt).toBe(4);
  });

  it('says on leaving why the last save could not be written', async () => {
    const folder = playerFolder();
    const { session, game } = open(folder, 'in-background');
    const one = dealt(game);
    session.changed(game, one);
    await session.flush();
    jest.spyOn(fs.promises, 'rename').mockRejectedValueOnce(ioError());
    const two = dealt(one);
    expect(await session.leave(two)).toEqual({
      unsaved: `input/output error (${path.join(folder, 'games')})`,
      savedAt: 1,
      note: null,
    });
    // The save before it is still there, and free to resume.
    const resumed = open(folder, 'in-background');
    expect(resumed.game.position.dealt).toBe(1);
    // Resumed, its save is the one kept while the saves fail.
    jest.spyOn(fs.promises, 'rename').mockRejectedValue(ioError());
    const three = dealt(dealt(resumed.game));
    expect(resumed.session.changed(resumed.game, three)).toBeNull();
    expect(await resumed.session.leave(three)).toMatchObject({ savedAt: 1 });
    jest.restoreAllMocks();
    // None once that save is gone, nor for a game whose every save failed.
    const again = open(folder, 'at-once');
    const games = path.join(folder, 'games');
    fs.rmSync(games, { recursive: true });
    fs.writeFileSync(games, 'a file where the games folder should be\n');
    expect(again.session.leave(dealt(again.game))).toMatchObject({
      unsaved: expect.stringContaining('a file is in the way'),
      savedAt: null,
    });
    const fresh = open(folder, 'at-once');
    expect(fresh.session.leave(dealt(fresh.game))).toMatchObject({
      unsaved: expect.stringContaining('a file is in the way'),
      savedAt: null,
    });
  });

  it('names no save of a game given up for a new deal', async () => {
    const folder = playerFolder();
    const { session, game } = open(folder, 'in-background');
    const held = holdRenames();
    const one = dealt(game);
    session.changed(game, one);
    // The first game's save lands after the new deal has taken a slot of its own.
    const nine = newGame('9', RULES);
    session.changed(one, nine);
    held.open();
    await session.flush();
    jest.spyOn(fs.promises, 'rename').mockRejectedValue(ioError());
    expect(await session.leave(dealt(nine))).toMatchObject({
      unsaved: expect.stringContaining('input/output error'),
      savedAt: null,
    });
  });

  it('keeps the game from another session until its last save is down', async () => {
    const folder = playerFolder();
    const first = open(folder, 'in-background');
    const one = dealt(first.game);
    first.session.changed(first.game, one);
    await first.session.flush();
    const held = holdRenames();
    const two = dealt(one);
    const leaving = first.session.leave(two);
    await until(() => held.renamed.length === 1);
    expect(open(folder, 'in-background').messages.map((n) => storeNote(n).text)).toEqual([
      'Your other game is open in another spider session; this is a new one.',
    ]);
    held.open();
    expect(await leaving).toEqual({ unsaved: null, savedAt: null, note: null });
    expect(open(folder, 'in-background').game.position.dealt).toBe(2);
  });
});

describe('a new deal while saving in the background', () => {
  it('keeps the old game in its slot, locked until written, then lists it', async () => {
    const folder = playerFolder();
    const { session, game } = open(folder, 'in-background');
    const one = dealt(game);
    session.changed(game, one);
    await session.flush();
    const held = holdRenames();
    // Nothing to say: the old game is kept, not given up (docs/saves.md, "Your saved games").
    expect(session.changed(one, newGame('9', RULES))).toBeNull();
    await until(() => held.renamed.length === 1);
    expect(open(folder, 'at-once').messages.map((n) => storeNote(n).text)).toEqual([
      'Your other game is open in another spider session; this is a new one.',
    ]);
    expect(listSaves(playerPlaces(folder)).games).toEqual([
      expect.objectContaining({ deal: one.deal, open: 'elsewhere' }),
    ]);
    held.open();
    expect(await session.leave(newGame('9', RULES))).toEqual({
      unsaved: null,
      savedAt: null,
      note: null,
    });
    expect(listSaves(playerPlaces(folder)).games).toEqual([
      expect.objectContaining({ deal: one.deal, moves: 1, open: null }),
    ]);
    expect(readResults(folder).results).toEqual([]);
  });

  it('switches to a saved game, and gives one up, saving in the background', async () => {
    const folder = playerFolder();
    const places = playerPlaces(folder);
    const first = open(folder, 'in-background');
    const one = dealt(first.game);
    first.session.changed(first.game, one);
    await first.session.leave(one);
    const second = open(folder, 'in-background');
    expect(second.resumed).toBe(true);
    const fresh = newGame('9', RULES);
    second.session.changed(second.game, fresh);
    const nine = dealt(fresh);
    second.session.changed(fresh, nine);
    await second.session.flush();
    // Saved within the same millisecond, maybe: by deal here.
    const [other, here] = byDeal(listSaves(places, { playing: second.session.slotInPlay }).games);
    expect([here.deal.key, here.open, other.deal.key, other.open]).toEqual([
      '9',
      'here',
      '42',
      null,
    ]);
    const options = {
      places,
      rules: RULES,
      explicitRules: {},
      fresh: false,
      randomSeed: () => '8',
    };
    const switched = switchSave({ session: second.session, game: nine }, other.slot, {
      ...options,
      saving: 'in-background' as const,
    });
    if (!switched.ok) throw new Error('the switch was refused');
    expect(switched.game.deal.key).toBe('42');
    expect(await switched.left).toEqual({ unsaved: null, savedAt: null, note: null });
    const listed = byDeal(listSaves(places, { playing: switched.session.slotInPlay }).games);
    expect(listed.map((saved) => [saved.deal.key, saved.open])).toEqual([
      ['42', 'here'],
      ['9', null],
    ]);
    // The game in play cannot be given up from the list; the other can.
    expect(giveUpSave(places, listed[0].slot)).toEqual({
      kind: 'save-unavailable',
      elsewhere: true,
    });
    expect(giveUpSave(places, listed[1].slot)).toMatchObject({ kind: 'abandoned' });
    expect(readResults(folder).results).toEqual([
      expect.objectContaining({ deal: nine.deal, outcome: 'abandoned', moves: 1 }),
    ]);
    await switched.session.leave(switched.game);
  });
});

describe('saving at once (a game on its own terminal)', () => {
  it('has the game on disk when changed returns, and flush has nothing to wait for', async () => {
    const folder = playerFolder();
    const { session, game } = open(folder, 'at-once');
    session.changed(game, dealt(game));
    expect(saves(folder)).toHaveLength(1);
    const left = session.leave(dealt(game));
    expect(left).toEqual({ unsaved: null, savedAt: null, note: null });
    await session.flush();
  });
});
