/**
 * Which saved game a start opens among many (docs/saves.md, "Saved games and
 * statistics"; docs/measurements.md, "Start-up"): the most recently saved one, by the names the
 * saves are given when their session lets them go, reading only as many saves as the choice needs,
 * with every guarantee of the choice kept: rules and deals asked for, games open elsewhere or left
 * by a killed session, games waiting for the statistics, saves of earlier versions.
 */
import { spawnSync } from 'child_process';
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { bySeed, DEAL, type Game, newGame, play, type Rules } from '../../src/engine';
import { formatSave } from '../../src/notation';
import { readResults } from '../../src/store/history';
import { localPlaces } from '../../src/store/paths';
import { idBySaveTime } from '../../src/store/save-names';
import { SaveStore } from '../../src/store/saves';
import { giveUpSave, listSaves } from '../../src/store/saves-list';
import { GameSession, type OpenOptions } from '../../src/store/session';
import { storeNote } from '../../src/words/store';

const FOUR: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const TWO: Rules = { suits: 2, relaxed: 0, keepSuits: false };
const roots: string[] = [];
afterEach(() => {
  jest.restoreAllMocks();
  roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true }));
});

/** A player's folders, empty. */
function home() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-choosing-'));
  roots.push(root);
  const env = { XDG_STATE_HOME: path.join(root, 'state'), XDG_DATA_HOME: path.join(root, 'data') };
  const games = new SaveStore(localPlaces(env)).dir;
  fs.mkdirSync(games, { recursive: true, mode: 0o700 });
  return { root, env, games, data: path.join(root, 'data', 'spider') };
}

function dealt(game: Game): Game {
  const next = play(game, DEAL);
  if (!next.ok) throw new Error('the deal was refused');
  return next.game;
}

/** A save of seed `seed`'s game after one deal, saved at `saved`. */
function saveText(seed: string, saved: string, rules = FOUR, extra = {}): string {
  return formatSave(dealt(newGame(seed, rules)), {
    elapsedMs: 1000,
    started: saved,
    saved,
    ...extra,
  });
}

/**
 * `count` saves of seeds m0, m1, ... (each after one deal), one a minute from 2026-01-01 on, named
 * as their sessions leave them.
 */
function manySaves(games: string, count: number): void {
  const from = Date.parse('2026-01-01T00:00:00Z');
  const template = saveText('m0', new Date(from).toISOString());
  for (let i = 0; i < count; i++) {
    const saved = new Date(from + i * 60_000).toISOString();
    const text = template
      .replace(/^seed: m0$/m, `seed: m${i}`)
      .replace(/^(started|saved): .*$/gm, `$1: ${saved}`);
    fs.writeFileSync(path.join(games, `${idBySaveTime(saved)}.txt`), text, { mode: 0o600 });
  }
}

function opening(env: NodeJS.ProcessEnv, more: Partial<OpenOptions> = {}): OpenOptions {
  return {
    places: localPlaces(env),
    rules: FOUR,
    explicitRules: {},
    fresh: false,
    randomSeed: () => 'new',
    ...more,
  };
}

/** Opens the game a start would, counting the save files it opens. */
function openCounting(env: NodeJS.ProcessEnv, more: Partial<OpenOptions> = {}) {
  const opened: string[] = [];
  const openFile = fs.openSync;
  const spy = jest.spyOn(fs, 'openSync').mockImplementation((file, ...rest) => {
    if (String(file).endsWith('.txt')) opened.push(path.basename(String(file)));
    return openFile(file, ...rest);
  });
  const result = GameSession.open(opening(env, more));
  spy.mockRestore();
  return { ...result, opened };
}

/** A pid that was a process a moment ago and is no longer. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid;
}

describe('a start among thousands of saves', () => {
  it('reads only the save it resumes, as with ten', () => {
    const few = home();
    manySaves(few.games, 10);
    const many = home();
    manySaves(many.games, 5000);
    for (const { env } of [few, many]) {
      const { resumed, game, opened, session } = openCounting(env);
      expect(resumed).toBe(true);
      // The most recent: the last of them. Read once, and once more once its slot is claimed.
      expect(game.deal.key).toBe(env === few.env ? 'm9' : 'm4999');
      expect(new Set(opened).size).toBe(1);
      expect(opened.length).toBeLessThanOrEqual(2);
      session.leave(game);
    }
  });

  it('reads every save for a deal asked for, and still finds the one of that deal', () => {
    const { env, games } = home();
    manySaves(games, 300);
    const { resumed, game, opened } = openCounting(env, { deal: bySeed('m0') });
    expect(resumed).toBe(true);
    expect(game.deal.key).toBe('m0');
    expect(new Set(opened).size).toBe(300);
  });

  it('reads on, most recent first, until a game has the rules asked for', () => {
    const { env, games } = home();
    manySaves(games, 200);
    const saved = '2025-12-31T00:00:00.000Z'; // older than all of them
    fs.writeFileSync(path.join(games, `${idBySaveTime(saved)}.txt`), saveText('two', saved, TWO));
    const { resumed, game, opened } = openCounting(env, {
      rules: TWO,
      explicitRules: { suits: 2 },
    });
    expect(resumed).toBe(true);
    expect(game.deal.key).toBe('two');
    expect(new Set(opened).size).toBe(201);
  });
});

describe('the game a start resumes', () => {
  it('is the one saved last, even when it was dealt first (named by its save when let go)', () => {
    const { env, games } = home();
    const first = GameSession.open(opening(env, { randomSeed: () => 'first' }));
    const firstDealt = dealt(first.game);
    first.session.changed(first.game, firstDealt);
    first.session.leave(firstDealt);
    // Another game, dealt after it (a record continued), in play while the first is resumed.
    const loaded = { game: newGame('second', FOUR), name: 'second.txt' };
    const second = GameSession.open(opening(env, { loaded }));
    const secondDealt = dealt(second.game);
    second.session.changed(second.game, secondDealt);
    const again = GameSession.open(opening(env));
    expect(again.game.deal.key).toBe('first');
    const twice = dealt(again.game);
    again.session.changed(again.game, twice);
    second.session.leave(secondDealt);
    // Let go a millisecond later at least: two saves named in the same millisecond are both read
    // to tell which is the later (this test once failed so in CI).
    const before = Date.now();
    while (Date.now() <= before) continue;
    again.session.leave(twice);
    // Each save is named by its time now: the name says when it was saved.
    const names = fs.readdirSync(games);
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/^\d{8}T\d{9}-s-[0-9a-z]{8}\.txt$/);
      const saved = /^saved: (.+)$/m.exec(fs.readFileSync(path.join(games, name), 'utf8'))![1];
      expect(name.slice(0, 18)).toBe(saved.replace(/[-:.Z]/g, ''));
    }
    const next = openCounting(env);
    expect(next.game.deal.key).toBe('first');
    expect(next.game.position.dealt).toBe(2);
    expect(new Set(next.opened).size).toBe(1);
  });

  it('is one a killed session left, saved after every game named by its time', () => {
    const { env, games } = home();
    manySaves(games, 50);
    // Still under the name of when it was dealt, and with its lock: its session never let it go.
    const killed = '20250101T000000-99999-kill';
    fs.writeFileSync(
      path.join(games, `${killed}.txt`),
      saveText('killed', '2026-06-01T00:00:00.000Z'),
    );
    fs.writeFileSync(
      path.join(games, `${killed}.lock.99999-abcdef`),
      JSON.stringify({ pid: deadPid(), host: os.hostname() }),
    );
    const { game, opened } = openCounting(env);
    expect(game.deal.key).toBe('killed');
    expect(new Set(opened)).toEqual(new Set([`${killed}.txt`]));
  });

  it('is not one another session plays, which is named, nor taken from it', () => {
    const { env, games } = home();
    manySaves(games, 20);
    const playing = GameSession.open(opening(env));
    expect(playing.game.deal.key).toBe('m19');
    const other = GameSession.open(opening(env));
    expect(other.game.deal.key).toBe('m18');
    expect(other.messages.map((m) => storeNote(m).text).join(' ')).toContain(
      'Another of your games is open in another spider session.',
    );
    expect(fs.readdirSync(games).filter((name) => name.endsWith('.txt'))).toHaveLength(20);
  });

  it('is never one whose result the history has (its save could not be removed then)', () => {
    const { env, games, data } = home();
    manySaves(games, 5);
    // The most recent game ends: recorded, but its save stays (a folder that refused).
    const last = GameSession.open(opening(env));
    expect(last.game.deal.key).toBe('m4');
    const unlink = fs.unlinkSync;
    const remove = jest.spyOn(fs, 'unlinkSync').mockImplementation((file) => {
      if (!String(file).endsWith('.txt')) unlink(file);
    });
    last.session.leave(last.game);
    const [given] = listSaves(localPlaces(env)).games;
    expect(giveUpSave(localPlaces(env), given.slot)).toMatchObject({ kind: 'abandoned' });
    remove.mockRestore();
    expect(readResults(data).results).toHaveLength(1);
    expect(fs.readdirSync(games).filter((name) => name.endsWith('.txt'))).toHaveLength(5);
    const next = GameSession.open(opening(env));
    expect(next.game.deal.key).toBe('m3');
    expect(fs.readdirSync(games).filter((name) => name.endsWith('.txt'))).toHaveLength(4);
    expect(readResults(data).results).toHaveLength(1);
  });
});

describe('a game waiting for the statistics', () => {
  it('is recorded at the next start, however many games were saved after it', () => {
    const { env, games, data } = home();
    // Given up for a new game when its result could not be recorded: kept, marked, under the
    // name of when it was dealt (as a session lets such a game go), older than every other.
    const saved = '2025-06-01T00:00:00.000Z';
    const text = saveText('given-up', saved, FOUR, { abandoned: true });
    fs.writeFileSync(path.join(games, '20250601T000000-4242-gvup.txt'), text);
    manySaves(games, 100);
    const { game, opened } = openCounting(env);
    expect(game.deal.key).toBe('m99');
    expect(opened).toContain('20250601T000000-4242-gvup.txt');
    expect(readResults(data).results).toEqual([
      expect.objectContaining({ deal: bySeed('given-up'), outcome: 'abandoned' }),
    ]);
    expect(fs.existsSync(path.join(games, '20250601T000000-4242-gvup.txt'))).toBe(false);
  });

  it('is let go under a name every start reads, when its session gives it up', () => {
    const { root, env, games } = home();
    manySaves(games, 3);
    const opened = GameSession.open(opening(env));
    expect(opened.game.deal.key).toBe('m2');
    opened.session.leave(opened.game);
    // The statistics cannot be written: the game given up is kept, marked, for the next start.
    fs.writeFileSync(path.join(root, 'data'), 'a file where the data folder should be\n');
    const [given] = listSaves(localPlaces(env)).games;
    expect(given.deal.key).toBe('m2');
    expect(giveUpSave(localPlaces(env), given.slot)).toMatchObject({ kind: 'unrecorded' });
    expect(listSaves(localPlaces(env)).games.map((saved) => saved.deal.key)).toEqual(['m1', 'm0']);
    const marked = fs
      .readdirSync(games)
      .filter((name) => fs.readFileSync(path.join(games, name), 'utf8').includes('abandoned: yes'));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatch(/^\d{8}T\d{6}-\d+-[0-9a-z]{4}\.txt$/);
  });
});

describe('saves of earlier versions', () => {
  it('are each read, as they were, and the most recent resumed', () => {
    const { env, games } = home();
    const names = ['20260101T000000-1-aaaa', '20250101T000000-2-bbbb', 'older'];
    const times = [
      '2026-01-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ];
    names.forEach((name, i) =>
      fs.writeFileSync(path.join(games, `${name}.txt`), saveText(name, times[i])),
    );
    const { game, opened, session } = openCounting(env);
    expect(game.deal.key).toBe('20250101T000000-2-bbbb');
    expect(new Set(opened).size).toBe(3);
    session.leave(game);
    // Let go, it is named by its time; the others keep their names until a session takes them.
    expect(fs.readdirSync(games).sort()).toEqual(
      ['20260101T000000-1-aaaa.txt', 'older.txt', expect.stringMatching(/^\d{8}T\d{9}-s-/)].sort(),
    );
  });
});
