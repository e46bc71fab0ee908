/**
 * The records `w` writes within a server's limits (docs/serve.md, "Limits on disk"): the oldest
 * make room for a new one, and only the game's own record files are ever counted or removed.
 */
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DEAL, type Game, newGame, play, type Rules } from '../../src/engine';
import { formatRecord } from '../../src/notation';
import { sizeText } from '../../src/store/disk-limits';
import { playerPlaces } from '../../src/store/paths';
import { type RecordLimits, RecordWriter } from '../../src/store/records';
import { recordText } from '../../src/words/store';
import { GameSession } from '../../src/store/session';

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const SHOWN = 'your records on this server';
const roots: string[] = [];

afterEach(() => {
  jest.restoreAllMocks();
  roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true }));
});

function tempFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-records-'));
  roots.push(root);
  return root;
}

/** A clock a second later at each call, from 2026-03-01 10:00:00 UTC. */
function ticking(): () => Date {
  let t = Date.parse('2026-03-01T10:00:00Z');
  return () => new Date((t += 1000));
}

/** A writer within `limits`, writing into a new folder `records`. */
function writerWith(limits?: RecordLimits) {
  const root = tempFolder();
  const folder = path.join(root, 'records');
  fs.mkdirSync(folder);
  const writer = new RecordWriter(ticking(), limits);
  return { root, folder, writer, w: (game: Game) => recordText(writer.write(game, folder, SHOWN)) };
}

/** The game's record files in the folder, in the order of their names. */
const recordNames = (folder: string) =>
  fs
    .readdirSync(folder)
    .filter((name) => name.startsWith('spider-'))
    .sort();

/** The bytes of a record of `game` as the writer writes it (its date line has a fixed length). */
function recordBytes(game: Game): number {
  const text = formatRecord({
    deal: game.deal,
    rules: game.rules,
    meta: [
      ['date', '2026-03-01T10:00:00.000Z'],
      ['status', 'playing'],
    ],
    actions: [],
  });
  return Buffer.byteLength(text);
}

const MANY = 1024 ** 3;

describe('records within a limit on their number', () => {
  it('never holds more than the limit: the oldest goes first, and w names it', () => {
    const { folder, w } = writerWith({ records: 3, recordBytes: MANY });
    const said: string[] = [];
    for (let i = 1; i <= 300; i++) {
      said.push(w(newGame(String(i), RULES)));
      expect(recordNames(folder).length).toBe(Math.min(i, 3));
    }
    // The three written last are kept.
    expect(recordNames(folder)).toEqual([
      'spider-298-20260301-100458.txt',
      'spider-299-20260301-100459.txt',
      'spider-300-20260301-100500.txt',
    ]);
    expect(said[2]).toBe(`Wrote spider-3-20260301-100003.txt to ${SHOWN}.`);
    expect(said[3]).toBe(
      `Wrote spider-4-20260301-100004.txt to ${SHOWN}; the oldest, ` +
        'spider-1-20260301-100001.txt, was removed to make room: this server keeps 3 records at most.',
    );
  });

  it('takes the oldest by the time in its name, whatever the order of the files on disk', () => {
    const { folder, w } = writerWith({ records: 2, recordBytes: MANY });
    const text = 'seed: 1\n\n';
    // Written in another order, and dated on disk the other way round.
    const names = [
      'spider-9-20260101-120000-2.txt',
      'spider-9-20260101-120000.txt',
      'spider-daily-2025-20251231-235959.txt',
    ];
    names.forEach((name, i) => {
      fs.writeFileSync(path.join(folder, name), text);
      const when = new Date(Date.parse('2026-02-01T00:00:00Z') - i * 86_400_000);
      fs.utimesSync(path.join(folder, name), when, when);
    });
    const said = w(newGame('5', RULES));
    expect(said).toBe(
      `Wrote spider-5-20260301-100001.txt to ${SHOWN}; the 2 oldest, ` +
        'spider-daily-2025-20251231-235959.txt to spider-9-20260101-120000.txt, were removed to make ' +
        'room: this server keeps 2 records at most.',
    );
    expect(recordNames(folder)).toEqual([
      'spider-5-20260301-100001.txt',
      'spider-9-20260101-120000-2.txt',
    ]);
  });

  it('counts and removes only the files the game writes, and never follows a link', () => {
    const { root, folder, w } = writerWith({ records: 1, recordBytes: MANY });
    const outside = path.join(root, 'precious.txt');
    fs.writeFileSync(outside, 'not a record\n');
    const others = [
      'notes.txt',
      'spider-old.txt',
      'spider-1-20200101-000000.txt.bak',
      'Spider-1-20200101-000000.txt',
    ];
    for (const name of others) fs.writeFileSync(path.join(folder, name), 'x'.repeat(100));
    // Named as a record, but a link (to a file out of the folder) and a folder.
    fs.symlinkSync(outside, path.join(folder, 'spider-1-20200101-000000.txt'));
    fs.mkdirSync(path.join(folder, 'spider-2-20200101-000000.txt'));
    expect(w(newGame('3', RULES))).toBe(`Wrote spider-3-20260301-100001.txt to ${SHOWN}.`);
    expect(w(newGame('4', RULES))).toContain(
      'the oldest, spider-3-20260301-100001.txt, was removed',
    );
    expect(fs.readdirSync(folder).sort()).toEqual(
      [
        ...others,
        'spider-1-20200101-000000.txt',
        'spider-2-20200101-000000.txt',
        'spider-4-20260301-100002.txt',
      ].sort(),
    );
    expect(fs.lstatSync(path.join(folder, 'spider-1-20200101-000000.txt')).isSymbolicLink()).toBe(
      true,
    );
    expect(fs.readFileSync(outside, 'utf8')).toBe('not a record\n');
  });

  it('writes none when the server keeps none, and says so', () => {
    const { folder, w } = writerWith({ records: 0, recordBytes: MANY });
    expect(w(newGame('1', RULES))).toBe(
      'Records are not kept on this server, so w writes none. The game goes on, saved as usual.',
    );
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('says so, and writes nothing more, when the oldest cannot be removed', () => {
    const { folder, w } = writerWith({ records: 1, recordBytes: MANY });
    w(newGame('1', RULES));
    const real = fs.unlinkSync;
    jest.spyOn(fs, 'unlinkSync').mockImplementation((file) => {
      if (String(file).startsWith(folder))
        throw Object.assign(new Error('EACCES: permission denied'), {
          code: 'EACCES',
          path: String(file),
        });
      real(file);
    });
    expect(w(newGame('2', RULES))).toBe(
      "Can't write the record: the oldest record, spider-1-20260301-100001.txt, could not be " +
        `removed to make room (permission denied (${path.join(folder, 'spider-1-20260301-100001.txt')})).`,
    );
    expect(recordNames(folder)).toEqual(['spider-1-20260301-100001.txt']);
  });
});

describe('records within a limit on their size', () => {
  it('removes the oldest until the new one fits, and says that the size was the limit', () => {
    const game = (i: number) => newGame(String(100 + i), RULES); // names of one length
    const size = recordBytes(game(0));
    const { folder, w } = writerWith({ records: 100, recordBytes: 3 * size });
    for (let i = 0; i < 3; i++) expect(w(game(i))).not.toContain('removed');
    const total = () =>
      recordNames(folder).reduce((sum, name) => sum + fs.statSync(path.join(folder, name)).size, 0);
    expect(total()).toBe(3 * size);
    expect(w(game(3))).toBe(
      `Wrote spider-103-20260301-100004.txt to ${SHOWN}; the oldest, spider-100-20260301-100001.txt, ` +
        `was removed to make room: this server keeps ${sizeText(3 * size)} of records at most.`,
    );
    expect(total()).toBe(3 * size);
    expect(recordNames(folder)).toHaveLength(3);
  });

  it('says both limits when both made room', () => {
    const { folder, w } = writerWith({ records: 2, recordBytes: 1024 ** 2 });
    for (let i = 0; i < 2; i++) w(newGame(String(i), RULES));
    fs.writeFileSync(path.join(folder, 'spider-big-20200101-000000.txt'), 'x'.repeat(1024 ** 2));
    expect(w(newGame('9', RULES))).toBe(
      `Wrote spider-9-20260301-100003.txt to ${SHOWN}; the 2 oldest, ` +
        'spider-big-20200101-000000.txt to spider-0-20260301-100001.txt, were removed to make ' +
        'room: this server keeps 2 records and 1 MiB of them at most.',
    );
  });

  it('writes no record larger than the whole limit, removes nothing, and says why', () => {
    const game = newGame('7', RULES);
    const size = recordBytes(game);
    const { folder, w } = writerWith({ records: 10, recordBytes: size - 1 });
    fs.writeFileSync(path.join(folder, 'spider-1-20200101-000000.txt'), 'seed: 1\n\n');
    expect(w(game)).toBe(
      `Can't write the record: at ${size} bytes, it is larger than the ${sizeText(size - 1)} of records ` +
        'this server keeps for you. The game goes on, saved as usual.',
    );
    expect(recordNames(folder)).toEqual(['spider-1-20200101-000000.txt']);
  });
});

describe('a player of a server', () => {
  it("has the server's limits on the records w writes", () => {
    const player = tempFolder();
    const folder = path.join(player, 'records');
    fs.mkdirSync(folder);
    const limits = { historyBytes: 1024 ** 2, records: 2, recordBytes: MANY, saves: 16 };
    const { session, game } = GameSession.open({
      places: playerPlaces(player, limits),
      rules: RULES,
      explicitRules: {},
      fresh: true,
      randomSeed: () => '7',
      now: ticking(),
    });
    let current = game;
    for (let i = 0; i < 5; i++) {
      const said = recordText(session.writeRecord(current, folder, SHOWN));
      expect(said).toMatch(/^Wrote spider-7-/);
      expect(recordNames(folder).length).toBeLessThanOrEqual(2);
      const next = play(current, DEAL);
      if (!next.ok) throw new Error('the deal was refused');
      current = next.game;
    }
    expect(recordNames(folder)).toHaveLength(2);
  });

  it('has no limit when playing locally', () => {
    const { folder, writer } = writerWith();
    for (let i = 0; i < 120; i++) writer.write(newGame(String(i), RULES), folder);
    expect(recordNames(folder)).toHaveLength(120);
  });
});
