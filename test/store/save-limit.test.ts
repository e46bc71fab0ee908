/**
 * The saved games a server keeps for a player (docs/serve.md, "Limits on disk"): a new game beyond
 * the limit is played but not kept, the player is told when it starts and when it ends, nothing
 * saved is removed to make room, and a game finished or given up makes room again.
 */
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DEAL, type Game, newGame, play, type Rules } from '../../src/engine';
import { formatSave } from '../../src/notation';
import { type DiskLimits, SERVER_DISK_LIMITS } from '../../src/store/disk-limits';
import { localPlaces, type Places, playerPlaces } from '../../src/store/paths';
import { giveUpSave, listSaves } from '../../src/store/saves-list';
import { GameSession, type Saving } from '../../src/store/session';
import { storeNote } from '../../src/words/store';
import type { StoreNews } from '../../src/store/news';

/** What the player reads of the store's news, if any. */
const textOf = (news: StoreNews | null): string | null => news && storeNote(news).text;

const RULES: Rules = { suits: 1, relaxed: 0, keepSuits: false };
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function playerFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-save-limit-'));
  roots.push(root);
  return path.join(root, 'player');
}

const limited = (saves: number): DiskLimits => ({ ...SERVER_DISK_LIMITS, saves });

function open(places: Places, seed: string, saving: Saving = 'in-background') {
  return GameSession.open<Saving>({
    places,
    rules: RULES,
    explicitRules: {},
    fresh: false,
    randomSeed: () => seed,
    saving,
  });
}

function dealt(game: Game): Game {
  const next = play(game, DEAL);
  if (!next.ok) throw new Error('the deal was refused');
  return next.game;
}

/** The save files in the player's folder, with their contents. */
function saves(folder: string): Record<string, string> {
  const games = path.join(folder, 'games');
  return Object.fromEntries(
    fs
      .readdirSync(games)
      .filter((name) => name.endsWith('.txt'))
      .map((name) => [name, fs.readFileSync(path.join(games, name), 'utf8')]),
  );
}

const FULL =
  "Can't save this game: you have 2 saved games on this server, as many as it keeps for you; " +
  'finish or give up one of them to make room. Play goes on, but it will not be kept.';

describe('a player with as many saved games as the server keeps', () => {
  it('plays a new game that is not kept, told so when it starts and when it ends', async () => {
    const folder = playerFolder();
    const places = playerPlaces(folder, limited(2));
    // Two games in play at once (two logins), each saved.
    const first = open(places, '1');
    const second = open(places, '2');
    first.session.changed(first.game, dealt(first.game));
    second.session.changed(second.game, dealt(second.game));
    await Promise.all([first.session.flush(), second.session.flush()]);
    const before = saves(folder);
    expect(Object.keys(before)).toHaveLength(2);

    // A third login: both games are in use, so a new one is dealt, which cannot be kept.
    const third = open(places, '3');
    expect(third.resumed).toBe(false);
    expect(third.messages.map(storeNote)).toContainEqual(
      expect.objectContaining({ text: FULL, warning: true }),
    );
    let game = third.game;
    for (let i = 0; i < 3; i++) {
      const next = dealt(game);
      expect(third.session.changed(game, next)).toBeNull(); // said once
      game = next;
    }
    const left = await third.session.leave(game);
    // What the line left on the terminal says: NOT saved, and why.
    expect(left.unsaved).toBe(FULL.slice("Can't save this game: ".length, FULL.indexOf('. Play')));
    expect(left.savedAt).toBeNull();
    // Nothing saved was touched to make room.
    expect(saves(folder)).toEqual(before);
  });

  it('keeps the new game once another is given up, and says so', async () => {
    const folder = playerFolder();
    const places = playerPlaces(folder, limited(2));
    const first = open(places, '1');
    const second = open(places, '2');
    const firstDealt = dealt(first.game);
    first.session.changed(first.game, firstDealt);
    second.session.changed(second.game, dealt(second.game));
    const third = open(places, '3');
    let game = dealt(third.game);
    expect(third.session.changed(third.game, game)).toBeNull();
    await Promise.all([first, second, third].map(({ session }) => session.flush()));
    expect(Object.keys(saves(folder))).toHaveLength(2);
    // The first player leaves their game and gives it up from the list: its save goes.
    await first.session.leave(firstDealt);
    const given = listSaves(places).games.find((saved) => saved.deal.key === '1');
    expect(giveUpSave(places, given?.slot ?? 'none')).toMatchObject({ kind: 'abandoned' });
    expect(Object.keys(saves(folder))).toHaveLength(1);
    // Its next action is kept; once that is on disk, the action after says so.
    let next = dealt(game);
    expect(third.session.changed(game, next)).toBeNull();
    await third.session.flush();
    game = next;
    next = dealt(game);
    expect(textOf(third.session.changed(game, next))).toBe(
      'Saving works again: this game is kept from here on.',
    );
    game = next;
    const left = await third.session.leave(game);
    expect(left.unsaved).toBeNull();
    expect(Object.values(saves(folder)).some((text) => text.includes('seed: 3'))).toBe(true);
    expect(Object.keys(saves(folder))).toHaveLength(2);
  });

  it('counts a game whose first save is on its way, so two new games never pass the limit', async () => {
    const folder = playerFolder();
    const places = playerPlaces(folder, limited(1));
    const first = open(places, '1');
    const second = open(places, '2');
    // Both first actions come before either save reaches the disk.
    expect(first.session.changed(first.game, dealt(first.game))).toBeNull();
    expect(textOf(second.session.changed(second.game, dealt(second.game)))).toMatch(
      /^Can't save this game: you have 1 saved game on this server, as many as it keeps for you;/,
    );
    await Promise.all([first.session.flush(), second.session.flush()]);
    expect(Object.keys(saves(folder))).toHaveLength(1);
  });

  it('keeps every save beyond the limit, and says how many to finish to make room', () => {
    const folder = playerFolder();
    const games = path.join(folder, 'games');
    fs.mkdirSync(games, { recursive: true, mode: 0o700 });
    for (let i = 0; i < 5; i++) {
      const saved = `2026-05-0${i + 1}T12:00:00.000Z`;
      const text = formatSave(dealt(newGame(`s${i}`, RULES)), {
        elapsedMs: 1000,
        started: saved,
        saved,
      });
      fs.writeFileSync(path.join(games, `g${i}.txt`), text, { mode: 0o600 });
    }
    const before = saves(folder);
    const places = playerPlaces(folder, limited(2));
    // A record continued: a new game beside the others (played locally with these limits).
    const loaded = { game: newGame('9', RULES), name: 'game.txt' };
    const opened = GameSession.open({ ...openingOf(places), loaded });
    expect(opened.messages.map((m) => storeNote(m).text)).toContain(
      "Can't save this game: you have 5 saved games on this server, and it keeps 2 for you; " +
        'finish or give up 4 of them to make room. Play goes on, but it will not be kept.',
    );
    const game = dealt(opened.game);
    opened.session.changed(opened.game, game);
    expect(opened.session.leave(game).unsaved).toMatch(/^you have 5 saved games/);
    // Each as it was (a save looked at may be given the name of its time: docs/measurements.md,
    // "Start-up").
    expect(Object.values(saves(folder)).sort()).toEqual(Object.values(before).sort());
  });
});

function openingOf(places: Places) {
  return { places, rules: RULES, explicitRules: {}, fresh: false, randomSeed: () => '9' };
}

describe('a local player', () => {
  it('has no limit on saved games', () => {
    const root = playerFolder();
    const places = localPlaces({ XDG_STATE_HOME: root, XDG_DATA_HOME: root });
    const sessions = Array.from({ length: 20 }, (_, i) => open(places, String(i), 'at-once'));
    for (const { session, game } of sessions) {
      expect(session.changed(game, dealt(game))).toBeNull();
    }
    expect(Object.keys(saves(path.join(root, 'spider')))).toHaveLength(20);
  });
});
