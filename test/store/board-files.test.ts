/**
 * The daily board on files (docs/serve.md, "The daily board"): names claimed once on a folder that
 * several servers share, results appended a whole line each, read back with the names of now.
 */
import { spawn } from 'child_process';
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Rules } from '../../src/engine';
import { readName } from '../../src/stats/board';
import type { DailyEntry } from '../../src/store/board';
import { FilesBoard, NAMES_MS } from '../../src/store/board-files';
import { bundle } from '../helpers/bundle';

const FOUR: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const DAY = '2026-12-07';
jest.setTimeout(20_000);

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function folder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-board-'));
  roots.push(root);
  return path.join(root, 'board');
}

const claim = (board: FilesBoard, player: string, typed: string) => {
  const read = readName(typed);
  if (!read.ok) throw new Error(read.why);
  return board.setName(player, read.name, read.key);
};

function entry(player: string, over: Partial<DailyEntry> = {}): DailyEntry {
  return {
    player,
    day: DAY,
    rules: FOUR,
    outcome: 'won',
    moves: 100,
    elapsedMs: 1000,
    peeks: 0,
    helped: false,
    ended: '2026-12-07T10:00:00.000Z',
    ...over,
  };
}

test('a name is its player’s alone, whatever its case or width', async () => {
  const board = new FilesBoard(folder());
  expect(await board.nameOf('ada')).toBeNull();
  expect(await claim(board, 'ada', 'Ada')).toEqual({ ok: true });
  expect(await board.nameOf('ada')).toBe('Ada');
  expect(await claim(board, 'bob', 'ADA')).toEqual({ ok: false, why: 'taken' });
  expect(await claim(board, 'bob', 'Ａｄａ')).toEqual({ ok: false, why: 'taken' });
  expect(await board.nameOf('bob')).toBeNull();
  // Its owner may write it another way.
  expect(await claim(board, 'ada', 'ADA')).toEqual({ ok: true });
  expect(await board.nameOf('ada')).toBe('ADA');
});

test('a name changed frees the former one at once', async () => {
  const board = new FilesBoard(folder());
  await claim(board, 'ada', 'Ada');
  expect(await claim(board, 'ada', 'Countess')).toEqual({ ok: true });
  expect(await claim(board, 'bob', 'ada')).toEqual({ ok: true });
  expect(await board.nameOf('bob')).toBe('ada');
  expect(await claim(board, 'ada', 'Ada')).toEqual({ ok: false, why: 'taken' });
  expect(await board.nameOf('ada')).toBe('Countess');
});

test('two engines on one folder racing for one name: one player has it', async () => {
  const where = folder();
  const engines = [new FilesBoard(where), new FilesBoard(where)];
  const players = Array.from({ length: 20 }, (_, i) => `player${i}`);
  const claims = await Promise.all(
    players.map((player, i) => claim(engines[i % 2], player, i % 3 === 0 ? 'Fox' : 'fox')),
  );
  const winners = players.filter((_, i) => claims[i].ok);
  expect(winners).toHaveLength(1);
  for (const engine of engines)
    for (const player of players)
      expect(await engine.nameOf(player)).toEqual(
        player === winners[0] ? expect.any(String) : null,
      );
});

test("a day's results come back with the names of now; damaged lines are skipped", async () => {
  const where = folder();
  const board = new FilesBoard(where);
  const other = new FilesBoard(where);
  await claim(board, 'ada', 'Ada');
  await Promise.all([
    board.addDaily(entry('ada')),
    other.addDaily(entry('bob', { outcome: 'lost', peeks: 3 })),
    board.addDaily(entry('ada', { day: '2026-12-08' })),
  ]);
  fs.appendFileSync(path.join(where, 'days', `${DAY}.jsonl`), '{"player":"eve","day"\nnot json\n');
  await claim(other, 'bob', 'Bob');
  const day = await other.day(DAY);
  // In the order the two servers' lines reached the file, which raced: the board ranks them.
  const shown = day.map((e) => [e.name, e.outcome, e.peeks]);
  expect(shown.sort()).toEqual([
    ['Ada', 'won', 0],
    ['Bob', 'lost', 3],
  ]);
  expect(await board.day('2026-12-09')).toEqual([]);
});

test("a name set on another server shows on this one's boards within NAMES_MS", async () => {
  const where = folder();
  let now = 0;
  const here = new FilesBoard(where, () => now);
  const there = new FilesBoard(where);
  await here.addDaily(entry('bob'));
  expect((await here.day(DAY)).map((e) => e.name)).toEqual([null]);
  await claim(there, 'bob', 'Bob');
  now += NAMES_MS - 1;
  expect((await here.day(DAY)).map((e) => e.name)).toEqual([null]);
  now += 1;
  expect((await here.day(DAY)).map((e) => e.name)).toEqual(['Bob']);
  // A name set through this engine shows at once.
  await claim(here, 'bob', 'Robert');
  expect((await here.day(DAY)).map((e) => e.name)).toEqual(['Robert']);
});

test('a link planted at a name or a day is not followed', async () => {
  const where = folder();
  const board = new FilesBoard(where);
  await claim(board, 'ada', 'Ada');
  await board.addDaily(entry('ada'));
  const elsewhere = path.join(path.dirname(where), 'elsewhere.json');
  fs.writeFileSync(elsewhere, JSON.stringify({ name: 'Mallory', key: 'mallory' }));
  fs.symlinkSync(elsewhere, path.join(where, 'players', 'bob.json'));
  expect(await board.nameOf('bob')).toBeNull();
  const day = path.join(where, 'days', `${DAY}.jsonl`);
  fs.renameSync(day, `${day}.old`);
  fs.symlinkSync(`${day}.old`, day);
  expect(await board.day(DAY)).toEqual([]);
});

test('nothing outside the folder: bad ids and days are refused', async () => {
  const board = new FilesBoard(folder());
  await expect(board.nameOf('../x')).rejects.toThrow(/not a player's id/);
  await expect(board.addDaily(entry('ada', { day: '../../x' }))).rejects.toThrow(/not a day/);
  await expect(board.day('2026-12-07/..')).rejects.toThrow(/not a day/);
});

test('processes racing for one name on one folder: one player has it', async () => {
  const where = folder();
  const engine = bundle('src/store/board-files.ts');
  // Each process waits for the same moment, then claims the name for a player of its own.
  const start = Date.now() + 3000;
  const script = `
    const { FilesBoard } = require(${JSON.stringify(engine)});
    while (Date.now() < ${start});
    new FilesBoard(${JSON.stringify(where)})
      .setName(process.argv[1], 'Fox', 'fox')
      .then((claim) => process.stdout.write(JSON.stringify(claim)));`;
  const players = Array.from({ length: 6 }, (_, i) => `racer${i}`);
  const claims = await Promise.all(
    players.map(
      (player) =>
        new Promise<{ ok: boolean }>((resolve, reject) => {
          const child = spawn(process.execPath, ['-e', script, player]);
          let out = '';
          child.stdout.on('data', (data: Buffer) => (out += data.toString()));
          child.on('error', reject);
          child.on('close', () => resolve(JSON.parse(out) as { ok: boolean }));
        }),
    ),
  );
  expect(claims.filter((claim) => claim.ok)).toHaveLength(1);
  const board = new FilesBoard(where);
  const names = await Promise.all(players.map((player) => board.nameOf(player)));
  expect(names.filter((name) => name !== null)).toEqual(['Fox']);
  expect(fs.readdirSync(path.join(where, 'names'))).toHaveLength(1);
});
