/**
 * `spider saves` and `spider resume` through the program, in-process (docs/saves.md, "Your saved
 * games"): the list as text and JSON, the game `resume` names, and the exit statuses.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { run } from '../../../src/cli/program';
import { NO_SAVES, type SavesJson } from '../../../src/cli/commands/saves-run';
import { lastPlayed } from '../../../src/notation';
import { DEAL, type Game, newGame, play, type Rules, undo } from '../../../src/engine';
import { formatSave } from '../../../src/notation';
import { localPlaces } from '../../../src/store/paths';
import { SaveStore } from '../../../src/store/saves';
import { idBySaveTime } from '../../../src/store/save-names';
import { fakeIo } from '../../helpers/fake-io';

const FOUR: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function home(): { env: NodeJS.ProcessEnv; games: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-saves-cli-'));
  roots.push(root);
  const env = { XDG_STATE_HOME: path.join(root, 'state'), XDG_DATA_HOME: path.join(root, 'data') };
  const games = path.join(env.XDG_STATE_HOME, 'spider', 'games');
  fs.mkdirSync(games, { recursive: true, mode: 0o700 });
  return { env, games };
}

/** `game` after `deals` deals from the stock. */
function dealt(game: Game, deals: number): Game {
  for (let i = 0; i < deals; i++) {
    const outcome = play(game, DEAL);
    if (!outcome.ok) throw new Error('the deal was refused');
    game = outcome.game;
  }
  return game;
}

/** Saves `game` as a session lets it go: named by the time of its save. */
function save(games: string, game: Game, saved: string, elapsedMs = 61_000): string {
  const slot = idBySaveTime(saved);
  const text = formatSave(game, { elapsedMs, started: saved, saved });
  fs.writeFileSync(path.join(games, `${slot}.txt`), text, { mode: 0o600 });
  return slot;
}

async function spider(env: NodeJS.ProcessEnv, args: string[], now = new Date()) {
  const { io, written } = fakeIo({ env: { ...env, LANG: 'C.UTF-8' }, now });
  const status = await run(args, io);
  return { status, stdout: written.stdout, stderr: written.stderr };
}

const NOW = new Date(2026, 11, 7, 15, 0); // local time

describe('spider saves', () => {
  it('says so when there is none, exit 0', async () => {
    const { env } = home();
    expect(await spider(env, ['saves'])).toEqual({
      status: 0,
      stdout: `${NO_SAVES}\n`,
      stderr: '',
    });
    expect(JSON.parse((await spider(env, ['saves', '--json'])).stdout)).toEqual({
      games: [],
      more: 0,
      skipped: 0,
    });
  });

  it('lists the unfinished games most recent first, with deal, rules, moves, time and when', async () => {
    const { env, games } = home();
    save(
      games,
      dealt(newGame('42', FOUR), 2),
      new Date(2026, 11, 5, 9, 5).toISOString(),
      3_723_000,
    );
    const one = { suits: 1, relaxed: 2, keepSuits: true } as const;
    save(
      games,
      dealt(newGame({ scheme: 'pysol', key: '123' }, one), 1),
      new Date(2026, 11, 7, 10, 30).toISOString(),
    );
    // An undone deal is not a move kept.
    const back = undo(dealt(newGame('7', FOUR), 1));
    if (!back.ok) throw new Error('the deal could not be undone');
    save(games, back.game, new Date(2026, 11, 6, 18, 2).toISOString());
    // Finished games are not listed: they wait for the statistics.
    fs.writeFileSync(
      path.join(games, 'given-up.txt'),
      formatSave(dealt(newGame('8', FOUR), 1), {
        elapsedMs: 1,
        started: NOW.toISOString(),
        saved: NOW.toISOString(),
        abandoned: true,
      }),
    );
    const shown = await spider(env, ['saves'], NOW);
    expect(shown.status).toBe(0);
    expect(shown.stderr).toBe('');
    expect(shown.stdout.split('\n')).toEqual([
      '#  Deal            Rules                          Moves     Time  Last played',
      '1  deal pysol:123  1 suit, relaxed 2, keep suits      1     1:01  today 10:30',
      '2  seed 7          4 suits                            0     1:01  yesterday 18:02',
      '3  seed 42         4 suits                            2  1:02:03  2026-12-05 09:05',
      '',
    ]);
    const json = JSON.parse((await spider(env, ['saves', '--json'], NOW)).stdout) as SavesJson;
    expect(json.skipped).toBe(0);
    expect(json.games[0]).toEqual({
      number: 1,
      deal: 'pysol:123',
      suits: 1,
      relaxed: 2,
      keepSuits: true,
      moves: 1,
      elapsedMs: 61_000,
      saved: new Date(2026, 11, 7, 10, 30).toISOString(),
      openElsewhere: false,
    });
    expect(json.games.map((g) => [g.number, g.seed ?? g.deal, g.moves])).toEqual([
      [1, 'pysol:123', 1],
      [2, '7', 0],
      [3, '42', 2],
    ]);
  });

  it('marks a game open in another live session, and counts saves it cannot read', async () => {
    const { env, games } = home();
    const slot = save(games, dealt(newGame('42', FOUR), 1), NOW.toISOString());
    save(games, dealt(newGame('43', FOUR), 1), new Date(NOW.getTime() - 60_000).toISOString());
    fs.writeFileSync(path.join(games, 'broken.txt'), 'seed: 1\nsave-format: 1\n\nnonsense');
    const holder = new SaveStore(localPlaces(env));
    expect(holder.claim(slot)).toBe(true);
    try {
      const shown = await spider(env, ['saves'], NOW);
      expect(shown.stdout).toMatch(/^1 {2}seed 42 .* open in another session$/m);
      expect(shown.stdout).not.toMatch(/seed 43 .*open/);
      expect(shown.stderr).toBe(
        'spider: 1 saved game could not be read and is not listed; spider says why when it starts\n',
      );
      const json = JSON.parse((await spider(env, ['saves', '--json'])).stdout) as SavesJson;
      expect(json.games.map((g) => g.openElsewhere)).toEqual([true, false]);
      expect(json.skipped).toBe(1);
      // Nothing was taken, moved or written.
      expect(fs.readdirSync(games).filter((n) => n.endsWith('.txt'))).toHaveLength(3);
    } finally {
      holder.release(slot);
    }
  });

  it('exits 2, saying why, when the folder of saves must not be used', async () => {
    const shown = await spider({ HOME: '' }, ['saves']);
    expect(shown).toEqual({
      status: 2,
      stdout: '',
      stderr:
        "spider: can't look through your saved games: there is no home folder: HOME is '', not an absolute path\n",
    });
    expect((await spider({ HOME: '' }, ['resume', '1'])).status).toBe(2);
  });

  it('lists the 20 most recent unless --all, and says how many more there are', async () => {
    const { env, games } = home();
    const game = dealt(newGame('42', FOUR), 1);
    for (let i = 0; i < 23; i++) save(games, game, new Date(2026, 10, 1 + i, 12).toISOString());
    const shown = await spider(env, ['saves'], NOW);
    const lines = shown.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(22);
    expect(lines[1]).toMatch(/ 2026-11-23 12:00$/);
    expect(lines[20]).toMatch(/^20 .* 2026-11-04 12:00$/);
    expect(lines[21]).toBe('... and 3 more, less recent: spider saves --all lists them all.');
    expect((await spider(env, ['saves', '--all'], NOW)).stdout.trimEnd().split('\n')).toHaveLength(
      24,
    );
    const json = JSON.parse((await spider(env, ['saves', '--json'])).stdout) as SavesJson;
    expect([json.games.length, json.more]).toEqual([20, 3]);
    const all = JSON.parse((await spider(env, ['saves', '--json', '--all'])).stdout) as SavesJson;
    expect([all.games.length, all.more]).toEqual([23, 0]);
  });

  it('names a day by its date, yesterday and today in local time', () => {
    const at = (d: number, h: number) => new Date(2026, 0, d, h, 7).toISOString();
    const now = new Date(2026, 0, 1, 9, 0);
    expect(lastPlayed(at(1, 8), now)).toBe('today 08:07');
    expect(lastPlayed(new Date(2025, 11, 31, 23, 7).toISOString(), now)).toBe('yesterday 23:07');
    expect(lastPlayed(new Date(2025, 11, 30, 23, 7).toISOString(), now)).toBe('2025-12-30 23:07');
  });
});

describe('spider resume', () => {
  /** Three saved games: seed 42 twice (1 and 3), then pysol:5 (2). */
  function three() {
    const { env, games } = home();
    const slots = [
      save(games, dealt(newGame('42', FOUR), 1), new Date(2026, 11, 7, 12).toISOString()),
      save(
        games,
        dealt(newGame({ scheme: 'pysol', key: '5' }, FOUR), 1),
        new Date(2026, 11, 7, 11).toISOString(),
      ),
      save(
        games,
        dealt(newGame('42', { ...FOUR, suits: 2 }), 1),
        new Date(2026, 11, 7, 10).toISOString(),
      ),
    ];
    return { env, games, slots };
  }
  const before = (games: string) => fs.readdirSync(games).sort();

  it('refuses a number out of range, a deal of no game, and a seed in several, exit 2', async () => {
    const { env, games } = three();
    const names = before(games);
    expect(await spider(env, ['resume', '4'])).toEqual({
      status: 2,
      stdout: '',
      stderr:
        "spider: there is no saved game numbered 4, nor one of seed 4: 'spider saves' lists your 3 saved games\n",
    });
    expect((await spider(env, ['resume', 'kpat:5'])).stderr).toBe(
      "spider: there is no saved game of kpat:5: 'spider saves' lists your 3 saved games\n",
    );
    expect(await spider(env, ['resume', '42'])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'spider: 42 is in saved games 1 and 3: give the number (spider resume 1)\n',
    });
    expect((await spider(env, ['resume', '--seed', '42'])).stderr).toBe(
      'spider: seed 42 is in saved games 1 and 3: give the number (spider resume 1)\n',
    );
    expect((await spider(env, ['resume'])).status).toBe(2);
    expect((await spider(env, ['resume', '1', '--seed', '42'])).status).toBe(2);
    expect((await spider(env, ['resume', '1', '--scoring', 'golf'])).stderr).toMatch(
      /^spider: --scoring must be woods, microsoft or aisleriot, not 'golf'\n$/,
    );
    expect(before(games)).toEqual(names);
  });

  it('refuses a game open in another session, exit 2, and needs a terminal for one it finds', async () => {
    const { env, games, slots } = three();
    const holder = new SaveStore(localPlaces(env));
    expect(holder.claim(slots[1])).toBe(true);
    try {
      expect(await spider(env, ['resume', 'pysol:5'])).toEqual({
        status: 2,
        stdout: '',
        stderr:
          'spider: game 2 (deal pysol:5) is open in another spider session: leave it there first\n',
      });
    } finally {
      holder.release(slots[1]);
    }
    const names = before(games);
    expect(await spider(env, ['resume', '2'])).toEqual({
      status: 2,
      stdout: '',
      stderr:
        "spider: the game needs a terminal on standard input and output; 'spider saves' lists your games\n",
    });
    expect(before(games)).toEqual(names);
  });

  it('names a seed that is also a number in the list with --seed', async () => {
    const { env, games } = home();
    save(games, dealt(newGame('2', FOUR), 1), new Date(2026, 11, 7, 12).toISOString());
    // 2 is no number in a list of one: it names the seed, found; a terminal is what is missing.
    expect((await spider(env, ['resume', '2'])).stderr).toMatch(/needs a terminal/);
    expect((await spider(env, ['resume', '--seed', '2'])).stderr).toMatch(/needs a terminal/);
    expect((await spider(env, ['resume', '--seed', '3'])).stderr).toMatch(
      /no saved game of seed 3/,
    );
  });
});
