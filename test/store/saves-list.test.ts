/**
 * The player's saved games through the store (docs/saves.md, "Your saved games"): the list, read
 * only as far as it needs, switching a session to a save, and giving one up, with the locks of
 * other sessions respected.
 */
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DEAL, type Game, newGame, play, type Rules } from '../../src/engine';
import { formatSave } from '../../src/notation';
import { readResults } from '../../src/store/history';
import { localPlaces } from '../../src/store/paths';
import { idBySaveTime } from '../../src/store/save-names';
import { SaveStore } from '../../src/store/saves';
import { giveUpSave, listSaves, switchSave } from '../../src/store/saves-list';
import { GameSession, type OpenOptions } from '../../src/store/session';
import { storeNote } from '../../src/words/store';

const RULES: Rules = { suits: 1, relaxed: 0, keepSuits: false };
const roots: string[] = [];
afterEach(() => {
  jest.restoreAllMocks();
  roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true }));
});

function home() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-saves-list-'));
  roots.push(root);
  const env = { XDG_STATE_HOME: path.join(root, 'state'), XDG_DATA_HOME: path.join(root, 'data') };
  const places = localPlaces(env);
  const games = path.join(env.XDG_STATE_HOME, 'spider', 'games');
  fs.mkdirSync(games, { recursive: true, mode: 0o700 });
  return { places, games, data: path.join(env.XDG_DATA_HOME, 'spider') };
}

function dealt(game: Game, deals = 1): Game {
  for (let i = 0; i < deals; i++) {
    const outcome = play(game, DEAL);
    if (!outcome.ok) throw new Error('the deal was refused');
    game = outcome.game;
  }
  return game;
}

/** Saves `game` as a session lets it go; returns its slot. */
function save(games: string, game: Game, saved: string, slot = idBySaveTime(saved)): string {
  const text = formatSave(game, { elapsedMs: 5000, started: saved, saved });
  fs.writeFileSync(path.join(games, `${slot}.txt`), text, { mode: 0o600 });
  return slot;
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

function opening(places: OpenOptions['places'], more: Partial<OpenOptions> = {}): OpenOptions {
  return {
    places,
    rules: RULES,
    explicitRules: {},
    fresh: false,
    randomSeed: () => 'new',
    ...more,
  };
}

describe('the list of saves', () => {
  it('gives deal, rules, moves, time and when, most recent first; an earlier version counts its moves', () => {
    const { places, games } = home();
    save(games, dealt(newGame('a', RULES), 2), at(1));
    // An earlier version's save: no moves line, named by when it was dealt.
    const old = formatSave(dealt(newGame('b', RULES), 3), {
      elapsedMs: 7000,
      started: at(2),
      saved: at(2),
    }).replace(/^moves: .*\n/m, '');
    fs.writeFileSync(path.join(games, '20260101T120000-4242-abcd.txt'), old);
    fs.writeFileSync(path.join(games, 'damaged.txt'), 'seed: x\nsave-format: 9\n\n');
    const list = listSaves(places);
    expect(list.problem).toBeNull();
    expect(list.skipped).toBe(1);
    expect(list.more).toBe(0);
    expect(list.games.map((g) => [g.deal.key, g.moves, g.elapsedMs, g.saved, g.open])).toEqual([
      ['b', 3, 7000, at(2), null],
      ['a', 2, 5000, at(1), null],
    ]);
    // Nothing was moved, claimed or written.
    expect(fs.readdirSync(games).sort()).toEqual(
      ['20260101T120000-4242-abcd.txt', 'damaged.txt', expect.stringMatching(/-s-/)].sort(),
    );
  });

  it('reads only the saves that can be among the most recent asked for', () => {
    const { places, games } = home();
    const game = dealt(newGame('a', RULES));
    for (let i = 0; i < 200; i++) save(games, game, at(i));
    const opened: string[] = [];
    const open = fs.openSync;
    jest.spyOn(fs, 'openSync').mockImplementation((file, ...rest) => {
      opened.push(String(file));
      return open(file, ...rest);
    });
    const list = listSaves(places, { most: 3 });
    expect(list.games.map((g) => g.saved)).toEqual([at(199), at(198), at(197)]);
    expect(list.more).toBe(197);
    expect(opened.length).toBeLessThanOrEqual(4);
  });

  it('marks the game in play and one another session holds', () => {
    const { places, games } = home();
    const held = save(games, dealt(newGame('a', RULES)), at(1));
    const playing = GameSession.open(opening(places));
    expect(playing.game.deal.key).toBe('a');
    const other = save(games, dealt(newGame('b', RULES)), at(0));
    const list = listSaves(places, { playing: playing.session.slotInPlay });
    expect(list.games.map((g) => [g.slot, g.open])).toEqual([
      [held, 'here'],
      [other, null],
    ]);
    expect(listSaves(places).games[0].open).toBe('elsewhere');
    playing.session.leave(playing.game);
    expect(listSaves(places).games.map((g) => g.open)).toEqual([null, null]);
  });
});

describe('resuming a save asked for', () => {
  it('opens that one, not the most recent, and refuses one another session holds', () => {
    const { places, games } = home();
    save(games, dealt(newGame('new', RULES)), at(2));
    const asked = save(games, dealt(newGame('old', RULES), 2), at(1));
    const first = GameSession.open(opening(places, { slot: asked }));
    expect([first.resumed, first.game.deal.key, first.game.kept]).toEqual([true, 'old', 2]);
    const second = GameSession.open(opening(places, { slot: asked }));
    expect(second.resumed).toBe(false);
    expect(second.messages.map((m) => storeNote(m).text)).toEqual([
      'That game is open in another spider session: leave it there first.',
    ]);
    second.session.leave(second.game);
    first.session.leave(first.game);
    const gone = GameSession.open(opening(places, { slot: 'no-such-save' }));
    expect(gone.resumed).toBe(false);
    expect(gone.messages).toEqual([{ kind: 'save-unavailable', elsewhere: false }]);
    expect(listSaves(places).games.map((g) => g.deal.key)).toEqual(['old', 'new']);
    // A slot is a name in the folder: a path elsewhere names nothing, and nothing is put there.
    const outside = GameSession.open(opening(places, { slot: '../escape' }));
    expect(outside.messages).toEqual([{ kind: 'save-unavailable', elsewhere: false }]);
    expect(giveUpSave(places, '../escape')).toEqual({ kind: 'save-unavailable', elsewhere: false });
    expect(fs.readdirSync(path.dirname(games)).sort()).toEqual(['games']);
  });
});

describe('switching to a saved game', () => {
  it('leaves the game in play saved and listed, and plays the one chosen', () => {
    const { places, games, data } = home();
    const chosen = save(games, dealt(newGame('b', RULES), 2), at(0));
    const from = GameSession.open(
      opening(places, { fresh: true, deal: { scheme: 'seed', key: 'a' } }),
    );
    const played = dealt(from.game);
    from.session.changed(from.game, played);
    const switched = switchSave({ session: from.session, game: played }, chosen, opening(places));
    if (!switched.ok) throw new Error('refused');
    expect([switched.game.deal.key, switched.game.kept]).toEqual(['b', 2]);
    expect(switched.left).toEqual({ unsaved: null, savedAt: null, note: null });
    const list = listSaves(places, { playing: switched.session.slotInPlay });
    expect(list.games.map((g) => [g.deal.key, g.moves, g.open])).toEqual(
      expect.arrayContaining([
        ['a', 1, null],
        ['b', 2, 'here'],
      ]),
    );
    expect(readResults(data).results).toEqual([]);
  });

  it('is refused, nothing changed, when two sessions switch to the same game', () => {
    const { places, games } = home();
    const chosen = save(games, dealt(newGame('c', RULES)), at(0));
    const sessions = ['a', 'b'].map((key) => {
      const opened = GameSession.open(
        opening(places, { fresh: true, deal: { scheme: 'seed', key } }),
      );
      const played = dealt(opened.game);
      opened.session.changed(opened.game, played);
      return { session: opened.session, game: played };
    });
    const first = switchSave(sessions[0], chosen, opening(places));
    const second = switchSave(sessions[1], chosen, opening(places));
    expect(first.ok).toBe(true);
    expect(second).toEqual({
      ok: false,
      messages: [{ kind: 'save-unavailable', elsewhere: true }],
    });
    // The second session still plays its game, in its slot.
    const slot = sessions[1].session.slotInPlay;
    expect(listSaves(places, { playing: slot }).games.find((g) => g.slot === slot)).toMatchObject({
      deal: expect.objectContaining({ key: 'b' }),
      open: 'here',
    });
    expect(new SaveStore(places).claim(chosen)).toBe(false); // the first holds it
  });
});

describe('giving up a saved game', () => {
  it('records it as abandoned and removes it; refuses one in play; sets a damaged one aside', () => {
    const { places, games, data } = home();
    const slot = save(games, dealt(newGame('a', RULES), 2), at(0));
    const playing = GameSession.open(opening(places));
    expect(giveUpSave(places, slot)).toEqual({ kind: 'save-unavailable', elsewhere: true });
    playing.session.leave(playing.game);
    const [left] = listSaves(places).games;
    expect(giveUpSave(places, left.slot)).toEqual({
      kind: 'abandoned',
      deal: expect.objectContaining({ key: 'a' }),
      continued: false,
    });
    expect(readResults(data).results).toEqual([
      expect.objectContaining({ outcome: 'abandoned', moves: 2, slot: left.slot }),
    ]);
    expect(listSaves(places).games).toEqual([]);
    expect(giveUpSave(places, left.slot)).toEqual({ kind: 'save-unavailable', elsewhere: false });
    const text = formatSave(dealt(newGame('z', RULES)), {
      elapsedMs: 1,
      started: at(1),
      saved: at(1),
    });
    fs.writeFileSync(path.join(games, 'bad.txt'), text.replace(/\n\n[\s\S]*$/, '\n\n9-9\n'));
    expect(giveUpSave(places, 'bad')).toMatchObject({ kind: 'save-set-aside', file: 'bad.txt' });
    expect(readResults(data).results).toHaveLength(1);
  });
});
