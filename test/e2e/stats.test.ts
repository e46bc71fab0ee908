/**
 * Statistics through the real program: games won, lost and abandoned in bin/spider (in tmux)
 * show up in `spider stats --json`, and a win shows the player's new records.
 *
 * Winning by typing a whole game would take thousands of keys, so the test finds a deal the
 * hint engine wins, writes its record without the last action, opens it with `spider play FILE`
 * and types only the winning move.
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
  heuristicHints,
  legalActions,
  newGame,
  play,
  type Rules,
} from '../../src/engine';
import { formatRecord } from '../../src/notation';
import { TerminalSession } from './tmux';

jest.setTimeout(60_000);

const ROOT = path.join(__dirname, '..', '..');
const SPIDER = path.join(ROOT, 'bin', 'spider');
const ONE_SUIT: Rules = { suits: 1, relaxed: 0, keepSuits: false };

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'cli', 'main.js'))) {
    spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }
});

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

/** Follows the top hint (or any legal action) until the game ends; null if it never does. */
function playOut(seed: string, pick: (game: Game, i: number) => Action | undefined): Game | null {
  let game = newGame(seed, ONE_SUIT);
  for (let i = 0; i < 3000 && gameStatus(game) === 'playing'; i++) {
    const action = pick(game, i);
    if (!action) return null;
    const outcome = play(game, action);
    if (!outcome.ok) return null;
    game = outcome.game;
  }
  return game;
}

/** The keys that play an action: `F` `T` for a move `F-T` chooses by itself, `d` for a deal. */
function keysFor(game: Game, action: Action): string[] | null {
  if (action.kind === 'deal') return ['d'];
  if (action.kind !== 'move') return null;
  const auto = checkMove(game.position, { kind: 'move', from: action.from, to: action.to });
  if (!auto.ok || (action.count !== undefined && auto.count !== action.count)) return null;
  return [String((action.from + 1) % 10), String((action.to + 1) % 10)];
}

/** A game record one action short of the end, and the keys for that last action. */
function nearEnd(outcome: 'won' | 'lost'): { record: string; keys: string[]; seed: string } {
  for (let s = 1; s < 400; s++) {
    const seed = String(s);
    let random = s * 7919;
    const end = playOut(seed, (game) => {
      if (outcome === 'won') return heuristicHints.hints(game.position)[0]?.action;
      const legal = legalActions(game.position);
      random = (random * 1103515245 + 12345) % 2147483648;
      return legal[random % legal.length];
    });
    if (!end || gameStatus(end) !== outcome) continue;
    const actions = actionsKept(end);
    let before = newGame(seed, ONE_SUIT);
    for (const action of actions.slice(0, -1)) {
      const r = play(before, action);
      if (r.ok) before = r.game;
    }
    const keys = keysFor(before, actions[actions.length - 1]);
    if (!keys || gameStatus(before) !== 'playing') continue;
    return {
      record: formatRecord({ seed, rules: ONE_SUIT, meta: [], actions: actions.slice(0, -1) }),
      keys,
      seed,
    };
  }
  throw new Error(`no 1-suit deal under seed 400 ends ${outcome} this way`);
}

describe('statistics of games played in the terminal', () => {
  it('a won game shows new records and counts as won; the streak starts', () => {
    const where = home();
    const { record, keys } = nearEnd('won');
    fs.writeFileSync(path.join(where.root, 'almost.txt'), record);
    const session = startGame(['play', 'almost.txt'], where);
    session.waitFor('Continuing the game of');
    for (const key of keys) session.sendKeys(key);
    const screen = session.waitFor('You won');
    expect(screen).toContain('New records: first win in this variant');
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
    const { record, keys } = nearEnd('lost');
    fs.writeFileSync(path.join(where.root, 'doomed.txt'), record);
    const session = startGame(['play', 'doomed.txt'], where);
    session.waitFor('Continuing the game of');
    for (const key of keys) session.sendKeys(key);
    session.waitFor('No legal move is left');
    session.sendKeys('q');
    expect(session.waitForExit()).toBe(0);
    expect(stats(where)).toEqual([
      expect.objectContaining({ played: 1, won: 0, lost: 1, abandoned: 0 }),
    ]);
  });

  it('a game given up for a new one counts as abandoned; an untouched deal does not count', () => {
    const where = home();
    const session = startGame(['--seed', '42', '--suits', '1'], where);
    session.waitFor('q quit');
    session.sendKeys('n'); // nothing played yet: a new deal at once, nothing recorded
    session.waitFor('New game');
    session.sendKeys('d');
    session.waitFor(/moves 1 /);
    session.sendKeys('n');
    session.waitFor('Abandon this game');
    session.sendKeys('y');
    session.waitFor('New game');
    session.sendKeys('q');
    expect(session.waitForExit()).toBe(0);
    expect(stats(where)).toEqual([
      expect.objectContaining({ played: 1, won: 0, lost: 0, abandoned: 1 }),
    ]);
  });
});
