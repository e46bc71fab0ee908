/**
 * Statistics through the real program: games won, lost and abandoned in bin/spider (in tmux)
 * show up in `spider stats --json`, and a win shows the player's new records.
 *
 * The test finds a 1-suit deal the hint engine wins (or random play loses) with moves that two
 * column keys can make, and types the whole game. A game continued from a record file
 * (`spider play FILE`) counts in nothing, which the last test checks with the same line of play.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  type Action,
  actionsKept,
  checkMove,
  type Game,
  gameStatus,
  newGame,
  play,
  type Rules,
  bySeed,
} from '../../src/engine';
import { formatRecord } from '../../src/notation';
import { TerminalSession } from './tmux';
import { pickerFor, playOut } from '../helpers/play-out';
import { expectBuilt } from '../helpers/built';

jest.setTimeout(60_000);

const ROOT = path.join(__dirname, '..', '..');
const SPIDER = path.join(ROOT, 'bin', 'spider');
const ONE_SUIT: Rules = { suits: 1, relaxed: 0, keepSuits: false };

beforeAll(expectBuilt);

const ROOTS: string[] = [];
afterAll(() => ROOTS.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** A folder for one test: saves, statistics and record files. */
function home() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-stats-'));
  ROOTS.push(root);
  const env = {
    LANG: 'C.UTF-8',
    LC_ALL: undefined,
    NO_COLOR: undefined,
    XDG_STATE_HOME: path.join(root, 'state'),
    XDG_DATA_HOME: path.join(root, 'data'),
  };
  return { root, env };
}

function startGame(args: string[], where: ReturnType<typeof home>): TerminalSession {
  return TerminalSession.start([process.execPath, SPIDER, ...args], {
    env: where.env,
    cwd: where.root,
  });
}

interface VariantJson {
  suits: number;
  played: number;
  won: number;
  wonWithHelp: number;
  lost: number;
  abandoned: number;
  currentStreak: number;
}

function stats(where: ReturnType<typeof home>): VariantJson[] {
  const result = spawnSync(process.execPath, [SPIDER, 'stats', '--json'], {
    env: { ...process.env, ...where.env } as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
  expect(result.status).toBe(0);
  return (JSON.parse(result.stdout) as { variants: VariantJson[] }).variants;
}

/** The keys that play an action: `F` `T` for a move `F-T` chooses by itself, `d` for a deal. */
function keysFor(game: Game, action: Action): string[] | null {
  if (action.kind === 'deal') return ['d'];
  if (action.kind !== 'move') return null;
  const auto = checkMove(game.position, { kind: 'move', from: action.from, to: action.to });
  if (!auto.ok || (action.count !== undefined && auto.count !== action.count)) return null;
  return [String((action.from + 1) % 10), String((action.to + 1) % 10)];
}

/**
 * A whole 1-suit game that ends `outcome`, every action typeable as two column keys or `d`: its
 * seed, the keys of every action but the last, the keys of the last, and the record of the game
 * one action short of its end.
 */
function wholeGame(outcome: 'won' | 'lost'): {
  seed: string;
  keys: string[];
  last: string[];
  record: string;
} {
  for (let s = 1; s < 400; s++) {
    const seed = String(s);
    const end = playOut(seed, ONE_SUIT, pickerFor(outcome, s));
    if (!end || gameStatus(end) !== outcome) continue;
    const actions = actionsKept(end);
    let game = newGame(seed, ONE_SUIT);
    const keys: string[][] = [];
    for (const action of actions) {
      const typed = keysFor(game, action);
      const next = play(game, action);
      if (!typed || !next.ok) break;
      keys.push(typed);
      game = next.game;
    }
    if (keys.length !== actions.length) continue;
    return {
      seed,
      keys: keys.slice(0, -1).flat(),
      last: keys[keys.length - 1],
      record: formatRecord({
        deal: bySeed(seed),
        rules: ONE_SUIT,
        meta: [],
        actions: actions.slice(0, -1),
      }),
    };
  }
  throw new Error(`no 1-suit deal under seed 400 ends ${outcome} with typeable moves`);
}

/** Types keys in batches (one tmux call each). */
function typeAll(session: TerminalSession, keys: string[]): void {
  for (let i = 0; i < keys.length; i += 50) session.sendKeys(...keys.slice(i, i + 50));
}

describe('statistics of games played in the terminal', () => {
  it('a won game shows new records and counts as won; the streak starts', () => {
    const where = home();
    const { seed, keys, last } = wholeGame('won');
    const session = startGame(['--seed', seed, '--suits', '1'], where);
    session.waitFor('q quit');
    typeAll(session, [...keys, ...last]);
    const screen = session.waitFor('You won', 20_000);
    expect(screen).toContain('New records: first win in this variant');
    // s shows the statistics of these rules, the win in them, over the Won panel.
    session.sendKeys('s');
    const shown = session.waitFor('Played 1: won 1 (100%)');
    expect(shown).toContain('Streak 1, best 1');
    expect(shown).toContain('Won without peeks 1');
    session.sendKeys('x');
    session.waitFor('You won in');
    session.sendKeys('q');
    expect(session.waitForExit()).toBe(0);
    const [variant] = stats(where);
    expect(variant).toMatchObject({
      suits: 1,
      played: 1,
      won: 1,
      lost: 0,
      abandoned: 0,
      currentStreak: 1,
    });
  });

  it('a lost game counts as lost', () => {
    const where = home();
    const { seed, keys, last } = wholeGame('lost');
    const session = startGame(['--seed', seed, '--suits', '1'], where);
    session.waitFor('q quit');
    typeAll(session, [...keys, ...last]);
    session.waitFor('Lost: no move can turn a card', 20_000);
    session.sendKeys('q');
    expect(session.waitForExit()).toBe(0);
    expect(stats(where)).toEqual([
      expect.objectContaining({ played: 1, won: 0, lost: 1, abandoned: 0 }),
    ]);
  });

  it('a game left for a new one stays saved and counts in nothing; nor does an untouched deal', () => {
    const where = home();
    const session = startGame(['--seed', '42', '--suits', '1'], where);
    session.waitFor('q quit');
    session.sendKeys('n'); // nothing played yet: a new deal, nothing recorded
    session.waitFor('Enter deals');
    session.sendKeys('Enter');
    session.waitFor('New game: seed');
    session.sendKeys('d');
    session.waitFor(/moves 1 /);
    session.sendKeys('n');
    session.waitFor('Enter deals');
    session.sendKeys('Enter');
    session.waitFor(/moves 0 /);
    session.sendKeys('q');
    expect(session.waitForExit()).toBe(0);
    expect(stats(where)).toEqual([]);
    const listed = spawnSync(process.execPath, [SPIDER, 'saves'], {
      env: { ...process.env, ...where.env } as NodeJS.ProcessEnv,
      encoding: 'utf8',
    });
    expect(listed.stdout).toMatch(/^1 {2}seed \S+ +1 suit +1 /m);
  });

  it('a game the demo won is won with help: said so, counted apart, and no record; the next own win is the first', () => {
    const where = home();
    const { seed, keys, last } = wholeGame('won');
    const session = startGame(['--seed', seed, '--suits', '1'], where);
    session.waitFor('q quit');
    typeAll(session, keys);
    // A deal is one key, a move two.
    const deals = keys.filter((k) => k === 'd').length;
    session.waitFor(`moves ${deals + (keys.length - deals) / 2} `, 20_000);
    session.sendKeys('a');
    session.waitFor('a starts; other keys go on');
    session.sendKeys('a');
    const won = session.waitFor('Won with help in', 30_000);
    expect(won).toContain('the demo played; no record.');
    expect(won).toContain('Won with help: the solver played, so no record is set.');
    expect(won).toMatch(/time played \d+:\d\d/);
    expect(won).not.toContain('New records');
    session.sendKeys('s');
    const shown = session.waitFor('Won with help 1 (not counted)');
    expect(shown).toContain('Played 1: won 0 (0%)');
    expect(shown).toContain('Streak 0, best 0');
    expect(shown).toContain('Fewest moves -');
    session.sendKeys('x');
    session.waitFor('Won with help in');
    session.sendKeys('q');
    expect(session.waitForExit()).toBe(0);
    expect(session.screen()).toMatch(/: won with help,\s+\d+\s+moves,\s+time \d+:\d\d/);
    expect(stats(where)).toEqual([
      expect.objectContaining({
        played: 1,
        won: 0,
        wonWithHelp: 1,
        currentStreak: 0,
        bestStreak: 0,
        fewestMoves: null,
        fastestWinMs: null,
        bestScore: null,
      }),
    ]);
    // The same deal won by hand next: the first win, the records the helped one did not set.
    const again = startGame(['--seed', seed, '--suits', '1'], where);
    again.waitFor('q quit');
    typeAll(again, [...keys, ...last]);
    expect(again.waitFor('You won', 20_000)).toContain('New records: first win in this variant');
    again.sendKeys('q');
    expect(again.waitForExit()).toBe(0);
    expect(stats(where)).toEqual([
      expect.objectContaining({ played: 2, won: 1, wonWithHelp: 1, currentStreak: 1 }),
    ]);
  });

  it('a game continued from a record file and won counts in nothing and sets no records', () => {
    const where = home();
    const { record, last } = wholeGame('won');
    fs.writeFileSync(path.join(where.root, 'almost.txt'), record);
    const session = startGame(['play', 'almost.txt'], where);
    session.waitFor('Continuing the game of');
    typeAll(session, last);
    const screen = session.waitFor('You won');
    expect(screen).not.toContain('New records');
    session.sendKeys('q');
    expect(session.waitForExit()).toBe(0);
    expect(stats(where)).toEqual([]);
    const history = fs.readFileSync(
      path.join(where.env.XDG_DATA_HOME, 'spider', 'games.jsonl'),
      'utf8',
    );
    expect(JSON.parse(history)).toMatchObject({ outcome: 'won', continued: true });
  });
});
