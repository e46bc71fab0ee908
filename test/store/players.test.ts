/**
 * Sessions whose owner says where the player's things are kept (a server keeps each player in
 * a folder of their own), on real folders.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DEAL, type Game, movesKept, newGame, play, type Rules } from '../../src/engine';
import { readResults } from '../../src/store/history';
import { type Places, playerPlaces } from '../../src/store/paths';
import { giveUpSave, listSaves } from '../../src/store/saves-list';
import { GameSession } from '../../src/store/session';
import { storeNote } from '../../src/words/store';

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-players-'));
  roots.push(root);
  return root;
}

function open(places: Places, seed = '42') {
  return GameSession.open({
    places,
    rules: RULES,
    explicitRules: {},
    fresh: false,
    randomSeed: () => seed,
  });
}

/** The game after a deal from the stock. */
function dealt(game: Game): Game {
  const outcome = play(game, DEAL);
  if (!outcome.ok) throw new Error('the deal was refused');
  return outcome.game;
}

/** The lock files in a player's folder, as their owners wrote them. */
function locks(folder: string): { pid: number; host: string; session: string }[] {
  const games = path.join(folder, 'games');
  return fs
    .readdirSync(games)
    .filter((name) => name.includes('.lock.'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(games, name), 'utf8')));
}

describe("a player's own folder", () => {
  it('holds their saves and statistics, and nothing of theirs goes anywhere else', () => {
    const root = tempRoot();
    const alice = path.join(root, 'players', 'alice');
    const bob = path.join(root, 'players', 'bob');
    const first = open(playerPlaces(alice));
    const played = dealt(first.game);
    first.session.changed(first.game, played);
    expect(first.session.leave(played)).toEqual({ unsaved: null, savedAt: null, note: null });
    expect(fs.readdirSync(path.join(alice, 'games'))).toEqual([
      expect.stringMatching(/^[\w-]+\.txt$/),
    ]);
    expect(fs.statSync(alice).mode & 0o777).toBe(0o700);

    // Bob has nothing to resume; Alice does.
    expect(open(playerPlaces(bob)).messages.map((n) => storeNote(n).text)).not.toContainEqual(
      expect.stringMatching(/^Resumed/),
    );
    const again = open(playerPlaces(alice));
    expect(movesKept(again.game)).toBe(1);
    expect(storeNote(again.messages[0]).text).toMatch(/^Resumed your game from /);

    // A new deal leaves it saved; given up from the list, the statistics are in Alice's folder.
    again.session.changed(again.game, newGame('9', RULES));
    again.session.leave(newGame('9', RULES));
    expect(listSaves(playerPlaces(bob)).games).toEqual([]);
    const [saved] = listSaves(playerPlaces(alice)).games;
    expect(giveUpSave(playerPlaces(alice), saved.slot)).toMatchObject({ kind: 'abandoned' });
    expect(readResults(alice).results).toEqual([
      expect.objectContaining({ outcome: 'abandoned', moves: 1 }),
    ]);
    expect(fs.existsSync(path.join(alice, 'games.jsonl'))).toBe(true);
    expect(fs.readdirSync(root)).toEqual(['players']);
    expect(fs.existsSync(path.join(bob, 'games.jsonl'))).toBe(false);
  });

  it('one others can write to keeps nothing, and the player hears why', () => {
    const alice = path.join(tempRoot(), 'alice');
    fs.mkdirSync(alice, { mode: 0o700 });
    fs.chmodSync(alice, 0o777);
    const { session, game, messages } = open(playerPlaces(alice));
    expect(messages.map(storeNote)).toContainEqual({
      text: `Can't save this game: other users can write to ${alice} (mode 777); it is not used until it is yours alone (chmod 700). Play goes on, but it will not be kept.`,
      warning: true,
      duringPlay: true,
    });
    const played = dealt(game);
    expect(session.changed(game, played)).toBeNull(); // said once, already
    expect(session.leave(played).unsaved).toMatch(/other users can write/);
    expect(fs.readdirSync(alice)).toEqual([]);
  });
});

describe('two sessions of one player in one process (two logins to a server)', () => {
  const OTHER_OPEN = {
    text: 'Your other game is open in another spider session; this is a new one.',
    warning: false,
  };

  it('never open the same game; once one leaves, the next session resumes its game', () => {
    const alice = path.join(tempRoot(), 'alice');
    const first = open(playerPlaces(alice), '42');
    const firstPlayed = dealt(first.game);
    first.session.changed(first.game, firstPlayed);

    const second = open(playerPlaces(alice), '9');
    expect(second.messages.map(storeNote)).toEqual([OTHER_OPEN]);
    expect(second.game.deal.key).toBe('9');
    const secondPlayed = dealt(second.game);
    second.session.changed(second.game, secondPlayed);
    // Each game's lock names this process and host, and the session holding it.
    const owners = locks(alice);
    expect(owners).toHaveLength(2);
    expect(owners.map((o) => [o.pid, o.host])).toEqual([
      [process.pid, os.hostname()],
      [process.pid, os.hostname()],
    ]);
    expect(new Set(owners.map((o) => o.session)).size).toBe(2);

    // Both games are taken: a third login gets a new game, and says why.
    expect(open(playerPlaces(alice), '5').messages.map(storeNote)).toEqual([
      {
        text: 'Your other games are open in other spider sessions; this is a new one.',
        warning: false,
      },
    ]);

    expect(first.session.leave(firstPlayed)).toEqual({ unsaved: null, savedAt: null, note: null });
    const third = open(playerPlaces(alice), '5');
    expect(third.game.deal.key).toBe('42');
    expect(movesKept(third.game)).toBe(1);
    // The second session still plays the other game: the message says why this one.
    expect(third.messages.map((n) => storeNote(n).text)).toEqual([
      expect.stringMatching(
        /^Resumed your game from .+, 1 move\. n starts a new one\. Another of your games is open in another spider session\.$/,
      ),
    ]);

    // The second game stays the second session's until it leaves.
    expect(second.session.leave(secondPlayed)).toEqual({
      unsaved: null,
      savedAt: null,
      note: null,
    });
    const fourth = open(playerPlaces(alice), '5');
    expect(fourth.game.deal.key).toBe('9');
    expect(movesKept(fourth.game)).toBe(1);
  });

  it('a session that starts a new deal leaves the other session its game', () => {
    const alice = path.join(tempRoot(), 'alice');
    const first = open(playerPlaces(alice), '42');
    const firstPlayed = dealt(first.game);
    first.session.changed(first.game, firstPlayed);
    const second = open(playerPlaces(alice), '9');
    const secondPlayed = dealt(second.game);
    second.session.changed(second.game, secondPlayed);
    // 'n' in the second session: its game is kept and let go, the first one is not touched.
    const fresh = newGame('10', RULES);
    second.session.changed(secondPlayed, fresh);
    second.session.leave(fresh);
    expect(readResults(alice).results).toEqual([]);
    const listed = listSaves(playerPlaces(alice)).games.map((saved) => [
      saved.deal.key,
      saved.open,
    ]);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        ['9', null],
        ['42', 'elsewhere'],
      ]),
    );
    // Resumed by the next start; the game of the other session is not taken from it.
    const third = open(playerPlaces(alice), '5');
    expect(third.game.deal.key).toBe('9');
    expect(open(playerPlaces(alice), '5').messages.map(storeNote)).toEqual([
      {
        ...OTHER_OPEN,
        text: 'Your other games are open in other spider sessions; this is a new one.',
      },
    ]);
    first.session.leave(firstPlayed);
    expect(open(playerPlaces(alice), '5').game.deal.key).toBe('42');
  });

  it('a session asked for the deal the other one plays says why it deals it afresh', () => {
    const alice = path.join(tempRoot(), 'alice');
    const first = open(playerPlaces(alice), '42');
    first.session.changed(first.game, dealt(first.game));
    const askFor = (seed: string, rules: Rules = RULES) =>
      GameSession.open({
        places: playerPlaces(alice),
        rules,
        explicitRules: {},
        fresh: false,
        deal: { scheme: 'seed', key: seed },
        randomSeed: () => 'unused',
      });
    const second = askFor('42');
    expect(second.game.deal.key).toBe('42');
    expect(movesKept(second.game)).toBe(0);
    expect(second.messages.map(storeNote)).toEqual([
      {
        // The start's message names the deal after it (docs/saves.md, "Saved games and
        // statistics").
        text: 'Your game of this deal is open in another spider session; this is a new one.',
        warning: false,
      },
    ]);
    // Another deal, or the same deal with other rules, is not that game: nothing to explain.
    expect(askFor('43').messages.map(storeNote)).toEqual([]);
    expect(
      askFor('42', { ...RULES, suits: RULES.suits === 1 ? 2 : 1 }).messages.map(storeNote),
    ).toEqual([]);
  });
});
