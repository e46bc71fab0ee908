/**
 * Sessions whose owner says where the player's things are kept (a server keeps each player in
 * a folder of their own), on real folders.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { type Game, movesKept, newGame, play, type Rules, undo } from '../../src/engine';
import { readResults } from '../../src/store/history';
import { type Places, playerPlaces } from '../../src/store/paths';
import { GameSession } from '../../src/store/session';

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-players-'));
  roots.push(root);
  return root;
}

function open(places: Places) {
  return GameSession.open({
    places,
    rules: RULES,
    explicitRules: {},
    fresh: false,
    randomSeed: () => '7',
  });
}

function played(game: Game, from: number, to: number): Game {
  const outcome = play(game, { kind: 'move', from, to });
  if (!outcome.ok) throw new Error(`${from}-${to} refused`);
  return outcome.game;
}

/** Seed 42 with one move played: J♥ onto Q♥. */
const ONE_MOVE = played(newGame('42', RULES), 7, 4);

describe("a player's own folder", () => {
  it('holds their saves and statistics, and nothing of theirs goes anywhere else', () => {
    const root = tempRoot();
    const alice = path.join(root, 'players', 'alice');
    const bob = path.join(root, 'players', 'bob');
    const first = open(playerPlaces(alice));
    first.session.changed(first.game, ONE_MOVE);
    expect(first.session.leave(ONE_MOVE)).toEqual({ unsaved: null, note: null });
    expect(fs.readdirSync(path.join(alice, 'games'))).toEqual([
      expect.stringMatching(/^[\w-]+\.txt$/),
    ]);
    expect(fs.statSync(alice).mode & 0o777).toBe(0o700);

    // Bob has nothing to resume; Alice does.
    expect(open(playerPlaces(bob)).messages.map((n) => n.text)).not.toContainEqual(
      expect.stringMatching(/^Resumed/),
    );
    const again = open(playerPlaces(alice));
    expect(movesKept(again.game)).toBe(1);
    expect(again.messages[0].text).toMatch(/^Resumed your game from /);

    // A new deal abandons it: the statistics are in Alice's folder.
    again.session.changed(again.game, newGame('9', RULES));
    again.session.leave(newGame('9', RULES));
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
    const { session, messages } = open(playerPlaces(alice));
    expect(messages).toContainEqual({
      text: `Can't save this game: other users can write to ${alice} (mode 777); it is not used until it is yours alone (chmod 700). Play goes on, but it will not be kept.`,
      warning: true,
    });
    const back = undo(ONE_MOVE);
    if (!back.ok) throw new Error('undo refused');
    expect(session.changed(back.game, ONE_MOVE)).toBeNull(); // said once, already
    expect(session.leave(ONE_MOVE).unsaved).toMatch(/other users can write/);
    expect(fs.readdirSync(alice)).toEqual([]);
  });
});
