/**
 * A session on real folders when the statistics cannot be written or read: results are kept or
 * the player is told they are lost, and no record is claimed without the history to prove it
 * (docs/saves.md, "Saved games and statistics").
 */
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  bySeed,
  DEAL,
  type Game,
  newGame,
  OPENING_STATUS_LIMIT,
  play,
  restart,
  type Rules,
  status,
  statusWithin,
  undo,
} from '../../src/engine';
import { formatSave } from '../../src/notation';
import { historyPath, MAX_HISTORY_BYTES, readResults } from '../../src/store/history';
import { localPlaces } from '../../src/store/paths';
import { SaveStore } from '../../src/store/saves';
import { giveUpSave, listSaves } from '../../src/store/saves-list';
import { GameSession } from '../../src/store/session';
import { LOST_GAME_ACTIONS, lostGame, nearlyGlancedLost, tangledGame } from '../helpers/lost-game';
import { playedOut } from '../helpers/play-out';
import { recordText, storeNote } from '../../src/words/store';
import type { StoreNews } from '../../src/store/news';

/** The note the player gets of the store's news, if any. */
const noteOf = (news: StoreNews | null) => news && storeNote(news);

/** What the player reads of the store's news, if any. */
const textOf = (news: StoreNews | null): string | null => news && storeNote(news).text;

const ONE_SUIT: Rules = { suits: 1, relaxed: 0, keepSuits: false };
const roots: string[] = [];
afterEach(() => {
  jest.restoreAllMocks();
  roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true }));
});

function folders() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-session-'));
  roots.push(root);
  return { root, state: path.join(root, 'state'), data: path.join(root, 'data') };
}

function opening(env: NodeJS.ProcessEnv, seed?: string, fresh = seed === undefined) {
  return {
    places: localPlaces(env),
    rules: ONE_SUIT,
    explicitRules: {},
    fresh,
    randomSeed: () => '7',
    ...(seed === undefined ? {} : { deal: bySeed(seed) }),
  };
}

function open(env: NodeJS.ProcessEnv, seed?: string, fresh = seed === undefined) {
  return GameSession.open(opening(env, seed, fresh));
}

/** Leaves a game of seed 42 saved after its first deal. */
function leaveDealt(env: NodeJS.ProcessEnv): void {
  const first = open(env, '42');
  const dealt = play(first.game, DEAL);
  if (!dealt.ok) throw new Error('the deal was refused');
  first.session.changed(first.game, dealt.game);
  first.session.leave(dealt.game);
}

const DENIED = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });

/**
 * Leaves a game saved after a deal, runs `check` while `fail` makes the save folder refuse
 * something, and then, the folder mended, checks that the game was left as it was: resumed.
 */
function keptWhile(
  fail: (dir: string) => void,
  check: (env: NodeJS.ProcessEnv, dir: string) => void,
): void {
  const where = folders();
  const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
  leaveDealt(env);
  const dir = new SaveStore(localPlaces(env)).dir;
  fail(dir);
  try {
    check(env, dir);
  } finally {
    jest.restoreAllMocks();
  }
  expect(open(env, undefined, false).game.position.dealt).toBe(1);
}

describe('leaving a finished game the statistics cannot take', () => {
  it('keeps it for the next start and says so', () => {
    const where = folders();
    fs.writeFileSync(where.data, 'a file where the data folder should be\n');
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { after: lost } = playedOut('lost');
    const { session } = open(env, lost.deal.key);
    session.changed(newGame(lost.deal.key, ONE_SUIT), lost);
    const leftAt = Date.now();
    const left = session.leave(lost);
    expect(left.unsaved).toBeNull();
    expect(textOf(left.note)).toMatch(
      /^Can't record your last game in the statistics \(.+\); it is kept and will be recorded next time\.$/,
    );
    // The next start, days later, with a data folder that works, records it as ended then.
    fs.rmSync(where.data);
    const later = new Date(leftAt + 3 * 24 * 3600 * 1000);
    GameSession.open({ ...opening(env), fresh: true, now: () => later });
    const results = readResults(path.join(where.data, 'spider')).results;
    expect(results).toEqual([expect.objectContaining({ deal: lost.deal, outcome: 'lost' })]);
    expect(Date.parse(results[0].ended)).toBeGreaterThanOrEqual(leftAt - 1000);
    expect(Date.parse(results[0].ended)).toBeLessThan(leftAt + 60_000);
  });

  it('says the result is lost when it cannot be kept either', () => {
    const where = folders();
    fs.writeFileSync(where.data, 'a file where the data folder should be\n');
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { after: lost } = playedOut('lost');
    const { session } = open(env, lost.deal.key);
    session.changed(newGame(lost.deal.key, ONE_SUIT), lost);
    // The save folder goes too.
    fs.rmSync(where.state, { recursive: true });
    fs.writeFileSync(where.state, 'a file where the state folder should be\n');
    const left = session.leave(lost);
    expect(textOf(left.note)).toMatch(
      /^Can't record your last game in the statistics \(.+\), nor keep it for later \(.+\): its result is lost\.$/,
    );
  });

  it('says the result is lost when a new game replaces it and nothing can take it', () => {
    const where = folders();
    fs.writeFileSync(where.data, 'a file where the data folder should be\n');
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { after: lost } = playedOut('lost');
    const { session } = open(env, lost.deal.key);
    session.changed(newGame(lost.deal.key, ONE_SUIT), lost);
    fs.rmSync(where.state, { recursive: true });
    fs.writeFileSync(where.state, 'a file where the state folder should be\n');
    const note = session.changed(lost, newGame('8', ONE_SUIT));
    expect(note && storeNote(note).warning).toBe(true);
    expect(textOf(note)).toMatch(/its result is lost\.$/);
  });
});

describe('a save whose header says the game is over', () => {
  it('is resumed when its moves say the game goes on, and counts in no statistic', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { before } = playedOut('won');
    const info = {
      elapsedMs: 5,
      started: '2026-05-01T11:00:00.000Z',
      saved: '2026-05-01T12:00:00.000Z',
    };
    const text = formatSave(before, info).replace('status: playing', 'status: won');
    expect(text).toContain('status: won');
    const dir = new SaveStore(localPlaces(env)).dir;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(dir, 'edited.txt'), text);
    const { game, messages } = open(env, undefined, false);
    expect(game.position).toEqual(before.position);
    expect(messages.map((m) => storeNote(m).text)).toEqual([
      expect.stringMatching(/^Resumed your game from /),
    ]);
    expect(readResults(path.join(where.data, 'spider')).results).toEqual([]);
  });
});

describe('a file where the save folder should be', () => {
  it('is named in words when the game cannot be saved', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const dir = new SaveStore(localPlaces(env)).dir;
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(dir, 'a file where the save folder should be\n');
    const { before } = playedOut('won');
    const { session } = open(env, before.deal.key);
    const note = session.changed(newGame(before.deal.key, ONE_SUIT), before);
    expect(textOf(note)).toBe(
      `Can't save this game: can't lock a save slot in ${dir} (a file is in the way). Play goes on, but it will not be kept.`,
    );
    expect(session.leave(before).unsaved).toMatch(/a file is in the way/);
  });
});

describe('records on a win', () => {
  it('are announced when the history could be read', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { before, after } = playedOut('won');
    const { session } = open(env, before.deal.key);
    expect(textOf(session.changed(before, after))).toMatch(/^You won! New records: /);
  });

  it('are not claimed when a line of the history was skipped', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const file = historyPath(path.join(where.data, 'spider'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"v":1,"outcome":"won",\n');
    const { before, after } = playedOut('won');
    const { session } = open(env, before.deal.key);
    expect(readResults(path.dirname(file)).skipped).toBe(1);
    // The player hears why there are none; spider stats counts the damaged lines too.
    expect(noteOf(session.changed(before, after))).toEqual({
      text: 'You won! Records not checked: 1 damaged line in your statistics.',
      warning: false,
    });
  });

  it('are not claimed when the history is too large to read whole, and the player hears why', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const file = historyPath(path.join(where.data, 'spider'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // A sparse file just over the size read: no line of it is whole in the part read.
    fs.writeFileSync(file, '');
    fs.truncateSync(file, MAX_HISTORY_BYTES + 1);
    fs.appendFileSync(file, '\n');
    const { before, after } = playedOut('won');
    const { session } = open(env, before.deal.key);
    expect(noteOf(session.changed(before, after))).toEqual({
      text: 'You won! Records not checked: your statistics are over 64 MiB.',
      warning: false,
    });
  });

  it('are not claimed when the history cannot be read', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    // A folder where the history file should be: it cannot be read.
    fs.mkdirSync(historyPath(path.join(where.data, 'spider')), { recursive: true });
    const { before, after } = playedOut('won');
    const { session } = open(env, before.deal.key);
    expect(textOf(session.changed(before, after)) ?? '').not.toMatch(/New records/);
  });
});

describe('a new game while the last one is still being decided (docs/rules.md, "Lost")', () => {
  it('is not waited for: the old game is kept, listed, and resumed by the next start', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const almost = lostGame(LOST_GAME_ACTIONS - 1);
    const dealt = play(almost, DEAL);
    if (!dealt.ok) throw new Error('the last deal was refused');
    const lost = dealt.game;
    const { session } = open(env, '15');
    session.changed(almost, lost);
    // The last deal left a position whose status takes a search: not known yet.
    expect(statusWithin(lost.position)).toBeNull();
    const next = newGame('8', ONE_SUIT);
    expect(session.changed(lost, next)).toBeNull();
    expect(statusWithin(lost.position)).toBeNull(); // still not searched: nobody waited
    expect(readResults(path.join(where.data, 'spider')).results).toEqual([]);
    expect(session.leave(next)).toEqual({ unsaved: null, savedAt: null, note: null });
    expect(listSaves(localPlaces(env)).games).toEqual([
      expect.objectContaining({ deal: lost.deal, moves: lost.kept }),
    ]);
    // Whether it is lost is decided once it is on screen again.
    const again = open(env, undefined, false);
    expect(again.resumed).toBe(true);
    expect(again.game.kept).toBe(lost.kept);
    expect(readResults(path.join(where.data, 'spider')).results).toEqual([]);
  });
});

describe('leaving a game whose status is not settled yet (docs/rules.md, "Lost")', () => {
  const FOUR_SUITS: Rules = { suits: 4, relaxed: 0, keepSuits: false };

  it('does not wait for the search: the game stays saved, unfinished, and the next start resumes it', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const tangled = tangledGame(); // lost, but its search looks at 622,080 positions
    const before = undo(tangled);
    if (!before.ok) throw new Error('the last action could not be undone');
    const { session } = GameSession.open({ ...opening(env, '115'), rules: FOUR_SUITS });
    session.changed(before.game, tangled);
    expect(session.statusOnLeaving(tangled)).toBe('playing');
    expect(session.leave(tangled)).toEqual({ unsaved: null, savedAt: null, note: null });
    expect(statusWithin(tangled.position)).toBeNull(); // nobody searched it to the end
    expect(readResults(path.join(where.data, 'spider')).results).toEqual([]);
    const resumed = GameSession.open({ ...opening(env), fresh: false, rules: FOUR_SUITS });
    expect(resumed.resumed).toBe(true);
    expect(resumed.game.actions).toBe(tangled.actions);
  });

  it('records a game found lost while it was played, as lost', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const almost = lostGame(LOST_GAME_ACTIONS - 1);
    const lost = play(almost, DEAL);
    if (!lost.ok) throw new Error('the last deal was refused');
    const { session } = open(env, '15');
    session.changed(almost, lost.game);
    expect(status(lost.game.position)).toBe('lost'); // as the game's search in the background finds
    expect(session.leave(lost.game)).toEqual({ unsaved: null, savedAt: null, note: null });
    expect(readResults(path.join(where.data, 'spider')).results).toEqual([
      expect.objectContaining({ deal: lost.game.deal, outcome: 'lost' }),
    ]);
  });
});

describe('a game given up for a new one', () => {
  const results = (data: string) => readResults(path.join(data, 'spider')).results;

  /** Deals, then undoes the deal, telling the session of each: the game at its deal again. */
  function dealtThenUndone(session: GameSession, game: Game): Game {
    const dealt = play(game, DEAL);
    if (!dealt.ok) throw new Error('the deal was refused');
    session.changed(game, dealt.game);
    const back = undo(dealt.game);
    if (!back.ok) throw new Error('the deal could not be undone');
    session.changed(dealt.game, back.game);
    return back.game;
  }

  it('stays saved and listed once anything was done in it, even if undone or restarted since', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { session, game } = open(env);
    const back = dealtThenUndone(session, game);
    expect(back.kept).toBe(0);
    const next = newGame('8', ONE_SUIT);
    expect(session.changed(back, next)).toBeNull();
    expect(results(where.data)).toEqual([]);

    const nextDealt = play(next, DEAL);
    if (!nextDealt.ok) throw new Error('the deal was refused');
    session.changed(next, nextDealt.game);
    const again = restart(nextDealt.game);
    expect(again.peeks).toBe(1);
    session.changed(nextDealt.game, again);
    session.changed(again, newGame('9', ONE_SUIT));
    expect(results(where.data)).toEqual([]);
    // Saved within the same millisecond, maybe: by deal here.
    const listed = [...listSaves(localPlaces(env)).games].sort((a, b) =>
      a.deal.key < b.deal.key ? -1 : 1,
    );
    expect(listed.map((saved) => [saved.deal.key, saved.moves, saved.open])).toEqual([
      ['7', 0, null],
      ['8', 0, null],
    ]);
    // Let go: named by the time of their last save (docs/saves.md, "Saved games and statistics").
    for (const saved of listed) expect(saved.slot).toMatch(/^\d{8}T\d{9}-s-[0-9a-z]{8}$/);
    // Given up from the list, it counts as abandoned.
    expect(storeNote(giveUpSave(localPlaces(env), listed[0].slot)).text).toBe(
      `Your unfinished game (seed ${back.deal.key}) counts as abandoned.`,
    );
    expect(results(where.data)).toEqual([
      expect.objectContaining({ deal: back.deal, outcome: 'abandoned', moves: 0 }),
    ]);
    expect(listSaves(localPlaces(env)).games.map((saved) => saved.deal.key)).toEqual(['8']);
  });

  it('counts in nothing when nobody touched it, and is not kept', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { session, game } = open(env);
    session.changed(game, newGame('8', ONE_SUIT));
    expect(results(where.data)).toEqual([]);
    expect(listSaves(localPlaces(env)).games).toEqual([]);
  });

  it('at the start too: --new and --seed leave a saved game as it is', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { session, game } = open(env);
    const back = dealtThenUndone(session, game);
    session.leave(back);
    const fresh = open(env);
    expect(fresh.resumed).toBe(false);
    expect(fresh.messages).toEqual([]);
    const seeded = open(env, '99');
    expect(seeded.resumed).toBe(false);
    expect(seeded.messages).toEqual([]);
    expect(results(where.data)).toEqual([]);
    expect(listSaves(localPlaces(env)).games.map((saved) => saved.deal.key)).toEqual(['7']);
    // Bare spider resumes it.
    expect(open(env, undefined, false).resumed).toBe(true);
  });
});

describe('a save folder where no lock can be put down', () => {
  it('says at once that nothing can be saved, not that the saved game is open elsewhere', () => {
    const link = fs.linkSync;
    keptWhile(
      () =>
        jest.spyOn(fs, 'linkSync').mockImplementation((from, to) => {
          if (String(to).includes('.lock.')) throw DENIED;
          link(from, to);
        }),
      (env) => {
        for (const seed of [undefined, '42']) {
          const { messages } = open(env, seed, false);
          const texts = messages.map((n) => storeNote(n).text).join(' ');
          expect(texts).not.toMatch(/another spider session/);
          expect(messages.map(storeNote)).toContainEqual({
            text: expect.stringMatching(
              /^Can't save this game: can't lock a save slot in .+ \(permission denied\)\. Play goes on, but it will not be kept\.$/,
            ),
            warning: true,
            duringPlay: true,
          });
        }
      },
    );
  });
});

describe('a save folder that cannot be looked through', () => {
  it('says so at the start, saves beside the games there, and resumes them once it can', () => {
    const list = fs.readdirSync;
    keptWhile(
      (dir) =>
        jest.spyOn(fs, 'readdirSync').mockImplementation(((folder: fs.PathLike, ...rest: []) => {
          if (String(folder) === dir) throw DENIED;
          return list(folder, ...rest);
        }) as typeof fs.readdirSync),
      (env, dir) => {
        const { game, session, messages } = open(env, undefined, false);
        expect(messages.map(storeNote)).toContainEqual({
          text: `Can't look through your saved games in ${dir} (permission denied): they are left as they are until it can be read.`,
          warning: true,
        });
        expect(game.actions).toBe(0);
        session.leave(game);
      },
    );
  });
});

describe('a save folder mended while a game is played', () => {
  it('is used from the next action on', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const spider = path.join(where.state, 'spider');
    fs.mkdirSync(spider, { recursive: true });
    fs.chmodSync(spider, 0o777);
    const { game, session, messages } = open(env, '42');
    expect(messages.map((m) => storeNote(m).text).join(' ')).toMatch(
      /other users can write to .*mode 777/,
    );
    fs.chmodSync(spider, 0o700);
    const dealt = play(game, DEAL);
    if (!dealt.ok) throw new Error('the deal was refused');
    expect(textOf(session.changed(game, dealt.game))).toBe(
      'Saving works again: this game is kept from here on.',
    );
    expect(session.leave(dealt.game).unsaved).toBeNull();
    expect(open(env, undefined, false).game.position.dealt).toBe(1);
  });
});

describe('a result recorded whose save then cannot be removed', () => {
  /** Makes removing a save fail, as on a folder gone read-only, until the mock is restored. */
  function savesStay(dir: string) {
    const unlink = fs.unlinkSync;
    jest.spyOn(fs, 'unlinkSync').mockImplementation((file) => {
      if (String(file).startsWith(dir) && String(file).endsWith('.txt'))
        throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
      unlink(file);
    });
  }

  it('is counted once: the next start removes the save rather than record it again', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const dir = new SaveStore(localPlaces(env)).dir;
    const { before, after: won } = playedOut('won');
    const { session } = open(env, won.deal.key);
    session.changed(newGame(won.deal.key, ONE_SUIT), before);
    try {
      savesStay(dir);
      session.changed(before, won);
      session.leave(won);
      expect(fs.readdirSync(dir).filter((n) => n.endsWith('.txt'))).toHaveLength(1);
    } finally {
      jest.restoreAllMocks();
    }
    const again = open(env, undefined, false);
    again.session.leave(again.game);
    const results = readResults(path.join(where.data, 'spider')).results;
    expect(results.map((r) => r.outcome)).toEqual(['won']);
    expect(results[0].slot).toMatch(/^\d{8}T\d{6}-\d+-[0-9a-z]{4}$/);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.txt'))).toEqual([]);
  });

  it('given up from the list of saves, is not resumed at the next start', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const dir = new SaveStore(localPlaces(env)).dir;
    const { session, game } = open(env, '42');
    const dealt = play(game, DEAL);
    if (!dealt.ok) throw new Error('the deal was refused');
    session.changed(game, dealt.game);
    session.leave(dealt.game);
    const [saved] = listSaves(localPlaces(env)).games;
    try {
      savesStay(dir);
      expect(giveUpSave(localPlaces(env), saved.slot)).toMatchObject({ kind: 'abandoned' });
    } finally {
      jest.restoreAllMocks();
    }
    expect(fs.readdirSync(dir)).toContain(`${saved.slot}.txt`);
    const again = open(env, undefined, false);
    expect(again.resumed).toBe(false);
    expect(again.game.actions).toBe(0);
    again.session.leave(again.game);
    const results = readResults(path.join(where.data, 'spider')).results;
    expect(results.map((r) => r.outcome)).toEqual(['abandoned']);
  });
});

describe('results of games played where nothing can be saved', () => {
  it('are each recorded: a game does not take the slot of the one before it', () => {
    const where = folders();
    fs.writeFileSync(where.state, 'a file where the state folder should be\n');
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const first = playedOut('won');
    const second = playedOut('won'); // the same deal again, a game of its own
    const { session } = open(env, first.before.deal.key);
    session.changed(newGame(first.before.deal.key, ONE_SUIT), first.before);
    session.changed(first.before, first.after);
    session.changed(first.after, second.before); // n: the first game goes to the statistics
    session.changed(second.before, second.after);
    session.leave(second.after);
    const results = readResults(path.join(where.data, 'spider')).results;
    expect(results.map((r) => r.outcome)).toEqual(['won', 'won']);
    expect(results[0].slot).not.toBe(results[1].slot);
  });
});

describe('saves that fail again', () => {
  /** Makes renaming a save into place fail, as on a full disk, until the mock is restored. */
  function savesFail() {
    const rename = fs.renameSync;
    return jest.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (String(to).endsWith('.txt'))
        throw Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' });
      rename(from, to);
    });
  }

  it('are told anew after a save that worked, and for a new game', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { session, game } = open(env, '42');
    const games = [game];
    /** Deals from the last game: what the session says of it. */
    const deal = () => {
      const dealt = play(games[games.length - 1], DEAL);
      if (!dealt.ok) throw new Error('the deal was refused');
      games.push(dealt.game);
      return textOf(session.changed(games[games.length - 2], dealt.game)) ?? null;
    };
    const failing = savesFail();
    expect(deal()).toMatch(/^Can't save this game: /);
    expect(deal()).toBeNull(); // once
    failing.mockRestore();
    expect(deal()).toBe('Saving works again: this game is kept from here on.');
    expect(deal()).toBeNull(); // said once
    savesFail();
    expect(deal()).toMatch(/^Can't save this game: /);
    const fresh = newGame('43', ONE_SUIT);
    expect(session.changed(games[games.length - 1], fresh)).toBeNull();
    games.push(fresh);
    expect(deal()).toMatch(/^Can't save this game: /);
  });
});

describe('a saved game that may not be read', () => {
  it('is left where it is, said at the start with what to do, and resumed once it may be', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    leaveDealt(env);
    const dir = new SaveStore(localPlaces(env)).dir;
    const [name] = fs.readdirSync(dir);
    const file = path.join(dir, name);
    const text = fs.readFileSync(file, 'utf8');
    // As for a user whose permissions forbid reading the file (the tests may run as root).
    const openFile = fs.openSync;
    const denied = jest.spyOn(fs, 'openSync').mockImplementation((at, ...rest) => {
      if (at === file)
        throw Object.assign(new Error(`EACCES: permission denied, open '${file}'`), {
          code: 'EACCES',
          path: file,
        });
      return openFile(at, ...rest);
    });
    const opened = open(env, undefined, false);
    expect(opened.resumed).toBe(false);
    expect(opened.messages.map(storeNote)).toContainEqual({
      text:
        `Your saved game ${name} can't be read (permission denied); it is left as it is. ` +
        `Make it readable to you (chmod 600 ${file}) to play it again.`,
      warning: true,
    });
    expect(opened.messages.map((m) => storeNote(m).text).join(' ')).not.toMatch(
      /could not be used|moved/,
    );
    opened.session.leave(opened.game);
    denied.mockRestore();
    expect(fs.readdirSync(dir)).toEqual([name]);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(open(env, undefined, false).game.position.dealt).toBe(1);
  });
});

describe('the record w writes', () => {
  it('is written once while nothing is played: w again names the file it is in', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const records = path.join(where.root, 'records');
    fs.mkdirSync(records);
    const { session, game } = open(env, '7');
    const first = recordText(session.writeRecord(game, records));
    const [name] = fs.readdirSync(records);
    expect(first).toContain(name);
    expect(recordText(session.writeRecord(game, records))).toBe(
      `Already written, nothing played since: ${name}.`,
    );
    expect(fs.readdirSync(records)).toEqual([name]);
    // An action, or the file gone, writes it again.
    const dealt = play(game, DEAL);
    if (!dealt.ok) throw new Error('the deal was refused');
    expect(recordText(session.writeRecord(dealt.game, records))).toMatch(/^Wrote /);
    expect(fs.readdirSync(records)).toHaveLength(2);
    for (const file of fs.readdirSync(records)) fs.rmSync(path.join(records, file));
    expect(recordText(session.writeRecord(dealt.game, records))).toMatch(/^Wrote /);
    expect(fs.readdirSync(records)).toHaveLength(1);
  });
});

describe('the statistics s shows', () => {
  it("are those of the game's rules, with the game counted once it is over", () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { before, after: won } = playedOut('won');
    const { session, game } = open(env, '5');
    // A 1-suit game left for a new one, then given up from the list: a line of the history.
    const dealt = play(game, DEAL);
    if (!dealt.ok) throw new Error('the deal was refused');
    session.changed(game, dealt.game);
    session.changed(dealt.game, newGame(before.deal.key, ONE_SUIT));
    const [left] = listSaves(localPlaces(env)).games;
    expect(giveUpSave(localPlaces(env), left.slot)).toMatchObject({ kind: 'abandoned' });
    expect(session.statistics(before)).toMatchObject({
      rules: ONE_SUIT,
      daily: false,
      line: { played: 1, won: 0, abandoned: 1 },
      others: 0,
      note: null,
    });
    // The win counts at once, before it reaches the history.
    expect(session.statistics(won).line).toMatchObject({ played: 2, won: 1, currentStreak: 1 });
    // Other rules have a line of their own: the 1-suit games are the others'.
    const twoSuits = newGame('9', { ...ONE_SUIT, suits: 2 });
    expect(session.statistics(twoSuits)).toMatchObject({ read: true, line: null, others: 1 });
  });

  it('say why when the history cannot be kept', () => {
    const where = folders();
    fs.writeFileSync(where.data, 'a file where the data folder should be\n');
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { session, game } = open(env, '5');
    const shown = session.statistics(game);
    expect(shown).toMatchObject({ read: false, line: null });
    expect(shown.note).toMatch(/^(Not kept|Can't read them): .+\.$/);
  });
});

describe('the playing time of a win', () => {
  let clock = 0;
  /** A session of a game one move from its win, on a clock the test moves. */
  const openWon = () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const { before, after: won } = playedOut('won');
    clock = Date.parse('2026-11-27T10:00:00Z');
    const { session } = GameSession.open({
      places: localPlaces(env),
      rules: ONE_SUIT,
      explicitRules: {},
      fresh: true,
      randomSeed: () => '7',
      deal: before.deal,
      now: () => new Date(clock),
    });
    return { where, before, won, session };
  };

  it('stops at the winning move: the time on the win panel before leaving is not counted', () => {
    const { where, before, won, session } = openWon();
    clock += 60_000;
    session.changed(before, won);
    const shown = session.statistics(won).line?.fastestWinMs;
    expect(shown).toBe(60_000);
    clock += 4 * 60_000; // looking at the panel
    session.leave(won);
    const [result] = readResults(path.join(where.data, 'spider')).results;
    expect(result).toMatchObject({ outcome: 'won', elapsedMs: 60_000 });
  });

  it('does not count the time on the win panel in the next game either', () => {
    const { where, before, won, session } = openWon();
    clock += 60_000;
    session.changed(before, won);
    clock += 4 * 60_000; // looking at the panel
    const next = newGame('9', ONE_SUIT);
    session.changed(won, next); // n
    clock += 10_000;
    const dealt = play(next, DEAL);
    if (!dealt.ok) throw new Error('the deal was refused');
    session.changed(next, dealt.game);
    session.changed(dealt.game, newGame('11', ONE_SUIT)); // n again: the dealt game is kept
    const { results } = readResults(path.join(where.data, 'spider'));
    expect(results.map((r) => [r.outcome, r.elapsedMs])).toEqual([['won', 60_000]]);
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const saves = listSaves(localPlaces(env)).games;
    expect(saves.map((saved) => [saved.deal.key, saved.elapsedMs])).toEqual([['9', 10_000]]);
  });

  it('does not count the time on the win panel before an undo: u then r wins in the same time', () => {
    const { where, before, won, session } = openWon();
    clock += 60_000;
    session.changed(before, won);
    clock += 4 * 60_000; // looking at the panel
    session.changed(won, before); // u
    clock += 5_000;
    session.changed(before, won); // r
    clock += 60_000;
    session.leave(won);
    const [result] = readResults(path.join(where.data, 'spider')).results;
    expect(result).toMatchObject({ outcome: 'won', elapsedMs: 65_000 });
  });
});

describe('the clock (docs/playing.md, "The clock")', () => {
  it('shows what the save holds, stops while the game is off screen, and goes on after a resume', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    let clock = Date.parse('2026-11-27T10:00:00Z');
    const now = () => new Date(clock);
    const first = GameSession.open({ ...opening(env, '42'), now });
    clock += 20_000;
    expect(first.session.playedMs()).toBe(20_000);
    first.session.clockRuns(false); // suspended, or the terminal too small
    clock += 100_000;
    expect(first.session.playedMs()).toBe(20_000);
    first.session.clockRuns(true);
    clock += 5_000;
    const dealt = play(first.game, DEAL);
    if (!dealt.ok) throw new Error('the deal was refused');
    first.session.changed(first.game, dealt.game);
    expect(first.session.playedMs()).toBe(25_000);
    clock += 3_000;
    first.session.leave(dealt.game);
    const again = GameSession.open({ ...opening(env), fresh: false, now });
    expect(again.resumed).toBe(true);
    expect(again.session.playedMs()).toBe(28_000);
    clock += 2_000;
    expect(again.session.playedMs()).toBe(30_000);
  });
});

describe('a save that says playing of a game that is lost (docs/rules.md, "Lost")', () => {
  it('is resumed without a search before the first frame: the game decides it on screen', () => {
    const where = folders();
    const env = { XDG_STATE_HOME: where.state, XDG_DATA_HOME: where.data };
    const dir = new SaveStore(localPlaces(env)).dir;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const when = '2026-11-22T10:00:00.000Z';
    // Written by hand, or by a version that looked less far: its own save says lost.
    const text = formatSave(nearlyGlancedLost(), { elapsedMs: 1000, started: when, saved: when });
    expect(text).toContain('status: lost');
    const game = nearlyGlancedLost();
    fs.writeFileSync(path.join(dir, 'lost.txt'), text.replace('status: lost', 'status: playing'));
    const opened = open(env, undefined, false);
    expect(opened.resumed).toBe(true);
    expect(opened.game.position.columns).toEqual(game.position.columns);
    expect(statusWithin(opened.game.position, OPENING_STATUS_LIMIT)).toBeNull();
    expect(statusWithin(opened.game.position)).toBe('lost');
    // Recorded once it is left, lost.
    opened.session.leave(opened.game);
    expect(readResults(path.join(where.data, 'spider')).results).toEqual([
      expect.objectContaining({ outcome: 'lost', moves: game.kept }),
    ]);
  });
});
