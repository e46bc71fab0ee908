import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { averageWinMs, digest, type GameResult } from '../../src/stats';
import {
  appendResult,
  HISTORY_FILE,
  historyPath,
  type HistoryRead,
  MAX_HISTORY_BYTES,
  readResults,
  slotsRecorded,
  toResult,
} from '../../src/store/history';
import { bundle, boundUser, handOver } from '../helpers/bundle';
import { gameResult, historyObject } from '../helpers/results';
import { bySeed } from '../../src/engine';
import { expectBuilt } from '../helpers/built';

const DIST_HISTORY = path.resolve(__dirname, '../../dist/store/history.js');

const result = gameResult;

/** A history line as the program writes it. */
function line(fields: Record<string, unknown>): string {
  return JSON.stringify(fields) + '\n';
}
/** A valid history line. */
const good = (overrides: Partial<GameResult> = {}) => line(historyObject(result(overrides)));

/** What a read found, without the file's version and size (which change with every file). */
function found(read: HistoryRead): Omit<HistoryRead, 'version' | 'bytes'> {
  const { results, skipped, problem, unreadBytes } = read;
  return {
    results,
    skipped,
    ...(problem === undefined ? {} : { problem }),
    ...(unreadBytes === undefined ? {} : { unreadBytes }),
  };
}

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-history-'));
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

let dirCount = 0;
/** A fresh data directory (not created yet) under the test's temporary root. */
function freshDir(): string {
  return path.join(root, `data-${++dirCount}`, 'spider');
}
/** A data directory whose history file holds `content`. */
function withHistory(content: string | Buffer): string {
  const dir = freshDir();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(historyPath(dir), content);
  return dir;
}

describe('appendResult and readResults', () => {
  it('keeps the date of a daily deal, and skips a line whose date is not one', () => {
    const dir = freshDir();
    const daily = result({ deal: bySeed('2026-11-23/1'), daily: '2026-11-23' });
    expect(appendResult(dir, daily)).toEqual({ ok: true });
    expect(found(readResults(dir))).toEqual({ results: [daily], skipped: 0 });
    expect(fs.readFileSync(historyPath(dir), 'utf8')).toContain('"daily":"2026-11-23"');
    expect(toResult({ ...historyObject(daily), daily: 'today' })).toBeNull();
  });

  it('keeps a win with help, and skips a line whose mark is not true or false', () => {
    const dir = freshDir();
    const helped = result({ helped: true, peeks: 1 });
    expect(appendResult(dir, helped)).toEqual({ ok: true });
    expect(found(readResults(dir))).toEqual({ results: [helped], skipped: 0 });
    expect(fs.readFileSync(historyPath(dir), 'utf8')).toContain('"helped":true');
    for (const mark of ['yes', 1, null])
      expect(toResult({ ...historyObject(helped), helped: mark })).toBeNull();
  });

  it('reads a summary written before wins with help and times were kept, as none of either', () => {
    const line = {
      suits: 4,
      relaxed: 0,
      keepSuits: false,
      played: 2,
      won: 1,
      lost: 1,
      abandoned: 0,
      currentStreak: 0,
      bestStreak: 1,
      bestScore: { woods: 990, microsoft: 1000, aisleriot: 96 },
      fewestMoves: 100,
      fastestWinMs: 500_000,
      wonWithoutPeeks: 1,
    };
    const until = '2024-05-01T09:00:00.000Z';
    const summary = {
      v: 1,
      summary: { lines: [line], continued: 0, skipped: 0, until, slots: [] },
    };
    const later = result({ elapsedMs: 700_000 });
    const dir = withHistory(
      `${JSON.stringify(summary)}\n${JSON.stringify(historyObject(later))}\n`,
    );
    const read = readResults(dir);
    const [stats] = digest(read.results, read.summary?.games).lines;
    expect(stats).toMatchObject({ played: 3, won: 2, wonWithHelp: 0, timePlayedMs: 700_000 });
    // The average is over the wins whose times are known.
    expect(averageWinMs(stats)).toBe(700_000);
  });

  it('keeps the save slot a game was kept in, and skips a line whose slot is not a name', () => {
    const dir = freshDir();
    const kept = result({ slot: '20261129T084500-123-ab12' });
    expect(appendResult(dir, kept)).toEqual({ ok: true });
    expect(found(readResults(dir))).toEqual({ results: [kept], skipped: 0 });
    for (const slot of [42, '', '../g1', 'x'.repeat(101)])
      expect(toResult({ ...historyObject(kept), slot })).toBeNull();
  });

  it('finds the slots whose results end the history, and no slot of a damaged line', () => {
    const kept = good({ slot: 'kept-1' });
    const damaged = good({ slot: 'damaged-1' }).replace('"moves":', '"moves":-');
    const dir = withHistory(good({ slot: 'old-1' }) + 'x'.repeat(200) + '\n' + damaged + kept);
    const asked = ['kept-1', 'damaged-1', 'old-1', 'absent-1'];
    expect(slotsRecorded(dir, asked, 10_000)).toEqual(new Set(['kept-1', 'old-1']));
    // Only the end is read: the first line lies before the last 300 bytes.
    expect(slotsRecorded(dir, asked, kept.length + damaged.length)).toEqual(new Set(['kept-1']));
    expect(slotsRecorded(freshDir(), asked, 10_000)).toEqual(new Set());
  });

  it('appends games and reads them back in order, equal to what was written', () => {
    const dir = freshDir();
    const games = [
      result(),
      result({
        deal: bySeed('x y'),
        outcome: 'lost',
        peeks: 3,
        rules: { suits: 1, relaxed: 2, keepSuits: true },
      }),
      result({ deal: bySeed('漢字 ♠'), outcome: 'abandoned', moves: 0, actions: 0, elapsedMs: 0 }),
      result({ deal: { scheme: 'pysol', key: '14934' } }),
    ];
    for (const game of games) expect(appendResult(dir, game)).toEqual({ ok: true });
    const read = readResults(dir);
    expect(found(read)).toEqual({ results: games, skipped: 0 });
    const text = fs.readFileSync(historyPath(dir), 'utf8');
    expect(text.split('\n')).toHaveLength(5);
    const written = text
      .split('\n')
      .map((l) => (l ? (JSON.parse(l) as Record<string, unknown>) : {}));
    expect(written[0]).toEqual({ ...games[0], deal: undefined, v: 1, seed: '42' });
    // A numbered deal is written as records write it.
    expect(written[3]).toEqual({ ...games[3], deal: 'pysol:14934', v: 1 });
    expect(path.basename(historyPath(dir))).toBe(HISTORY_FILE);
  });

  it('creates the directory with mode 0700 and the file with mode 0600', () => {
    const old = process.umask(0o022);
    try {
      const dir = freshDir();
      expect(appendResult(dir, result())).toEqual({ ok: true });
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.dirname(dir)).mode & 0o777).toBe(0o700);
      expect(fs.statSync(historyPath(dir)).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(old);
    }
  });

  it('writes only the known fields, and refuses a result that would not read back', () => {
    const dir = freshDir();
    const extra = { ...result(), secret: 'x', v: 7 } as GameResult;
    expect(appendResult(dir, extra)).toEqual({ ok: true });
    expect(Object.keys(JSON.parse(fs.readFileSync(historyPath(dir), 'utf8')))).toEqual([
      'v',
      'seed',
      'rules',
      'outcome',
      'moves',
      'actions',
      'peeks',
      'elapsedMs',
      'scores',
      'ended',
    ]);
    const bad = appendResult(dir, result({ elapsedMs: 1.5 }));
    expect(bad.ok).toBe(false);
    expect(found(readResults(dir))).toEqual({ results: [result()], skipped: 0 });
  });

  it('answers an earlier read as it is while the file is the same, and reads it anew once not', () => {
    const dir = withHistory(good({ deal: bySeed('one') }));
    const first = readResults(dir);
    expect(first.version).toEqual(expect.any(String));
    expect(readResults(dir, first)).toBe(first);
    // A line added: read anew.
    expect(appendResult(dir, result({ deal: bySeed('two') }))).toEqual({ ok: true });
    const second = readResults(dir, first);
    expect(second.results.map((r) => r.deal.key)).toEqual(['one', 'two']);
    // Replaced by a file of the same size, and one the same but for its times: read anew.
    const file = historyPath(dir);
    const same = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(`${file}.new`, same.replace('"two"', '"2"  '));
    fs.renameSync(`${file}.new`, file);
    const third = readResults(dir, second);
    expect(third.results.map((r) => r.deal.key)).toEqual(['one', '2']);
    fs.utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(readResults(dir, third)).not.toBe(third);
    // Gone: empty, whatever was read before.
    fs.rmSync(file);
    expect(readResults(dir, third)).toEqual({ results: [], skipped: 0 });
  });

  it('a missing file is an empty history', () => {
    expect(readResults(freshDir())).toEqual({ results: [], skipped: 0 });
  });

  it('starts a new line after a line cut short, so the new game is not lost', () => {
    const dir = withHistory(good() + good({ deal: bySeed('7') }).slice(0, 40));
    expect(appendResult(dir, result({ deal: bySeed('8') }))).toEqual({ ok: true });
    const read = readResults(dir);
    expect(read.results.map((r) => r.deal.key)).toEqual(['42', '8']);
    expect(read.skipped).toBe(1);
  });

  it('returns a reason instead of throwing when the directory cannot be made', () => {
    const blocker = path.join(root, 'a-file');
    fs.writeFileSync(blocker, 'not a folder');
    const outcome = appendResult(path.join(blocker, 'spider'), result());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.reason).toMatch(/not a folder/);
    expect(outcome.reason).toContain(blocker);
  });

  it('returns "permission denied" for a read-only directory', () => {
    // Run by a user that permissions bind (not root, for whom a read-only folder is writable).
    const user = boundUser();
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-history-read-only-'));
    try {
      const dir = path.join(home, 'spider');
      fs.mkdirSync(dir, { recursive: true });
      handOver(home, user);
      fs.chmodSync(dir, 0o500);
      const script =
        `const { appendResult } = require(${JSON.stringify(bundle('src/store/history.ts'))});` +
        `process.stdout.write(JSON.stringify(appendResult(${JSON.stringify(dir)}, ${JSON.stringify(result())})));`;
      const [command, ...args] = [...user.prefix, process.execPath, '-e', script];
      const child = spawnSync(command, args, { encoding: 'utf8' });
      expect(child.stderr).toBe('');
      expect(JSON.parse(child.stdout)).toEqual({
        ok: false,
        reason: `permission denied (${historyPath(dir)})`,
      });
      expect(fs.existsSync(historyPath(dir))).toBe(false);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('refuses a history path that is a directory, for writing and for reading', () => {
    const dir = freshDir();
    fs.mkdirSync(historyPath(dir), { recursive: true });
    const outcome = appendResult(dir, result());
    expect(outcome.ok).toBe(false);
    const read = readResults(dir);
    expect(read.results).toEqual([]);
    expect(read.problem).toMatch(/not a regular file/);
  });

  it('keeps every line intact when several processes append at once', async () => {
    // The child processes run the compiled module.
    expectBuilt();
    const dir = freshDir();
    const script = `
      const { appendResult } = require(${JSON.stringify(DIST_HISTORY)});
      const [k, base] = [process.argv[1], JSON.parse(process.argv[2])];
      for (let i = 0; i < 50; i++) {
        const out = appendResult(process.argv[3], { ...base, seed: 'p' + k + '-' + i + '-' + 'x'.repeat(80), moves: i });
        if (!out.ok) { console.error(out.reason); process.exit(1); }
      }`;
    const children = [0, 1, 2, 3].map(
      (k) =>
        new Promise<number>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['-e', script, String(k), JSON.stringify(result()), dir],
            { stdio: ['ignore', 'ignore', 'inherit'] },
          );
          child.on('error', reject);
          child.on('exit', (code) => resolve(code ?? -1));
        }),
    );
    expect(await Promise.all(children)).toEqual([0, 0, 0, 0]);
    const read = readResults(dir);
    expect(read.skipped).toBe(0);
    expect(read.results).toHaveLength(200);
    const seeds = new Set(read.results.map((r) => r.deal.key.slice(0, r.deal.key.indexOf('-x'))));
    expect(seeds.size).toBe(200);
    for (let k = 0; k < 4; k++) {
      // Each process's own lines stay in the order it wrote them.
      const mine = read.results.filter((r) => r.deal.key.startsWith(`p${k}-`)).map((r) => r.moves);
      expect(mine).toEqual(Array.from({ length: 50 }, (_, i) => i));
    }
    // 200 lines, each whole. A spare blank line may appear: the guard that starts a fresh line
    // after a cut-short one can see another process's append half copied (readers are not
    // serialised with writers); the reader skips blank lines, so nothing is lost.
    const lines = fs
      .readFileSync(historyPath(dir), 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    expect(lines).toHaveLength(200);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  }, 30_000);
});

describe('readResults trusts nothing in the file', () => {
  it('skips and counts lines that are not JSON, not objects, or of another version', () => {
    const unversioned: Record<string, unknown> = { ...result() };
    const dir = withHistory(
      [
        good({ deal: bySeed('a') }),
        'not json\n',
        '[1, 2, 3]\n',
        'null\n',
        '"a string"\n',
        '42\n',
        line({ ...result(), v: 2 }),
        line({ ...result(), v: '1' }),
        line(unversioned),
        '\n',
        '   \n',
        good({ deal: bySeed('b') }),
      ].join(''),
    );
    const read = readResults(dir);
    expect(read.results.map((r) => r.deal.key)).toEqual(['a', 'b']);
    expect(read.skipped).toBe(8);
    expect(read.problem).toBeUndefined();
  });

  it('skips a line with any field missing, of the wrong type or out of range', () => {
    const base = historyObject(result());
    const broken: Record<string, unknown>[] = [];
    for (const key of Object.keys(base)) {
      const missing = { ...base };
      delete missing[key];
      broken.push(missing);
    }
    const wrong: [string, unknown][] = [
      ['seed', 42],
      ['seed', ''],
      ['seed', ' 42'],
      ['seed', 'a\u0007b'],
      ['seed', 'x'.repeat(101)],
      ['deal', 'pysol:1'], // a seed and a deal both
      ['rules', { suits: 3, relaxed: 0, keepSuits: false }],
      ['rules', { suits: '4', relaxed: 0, keepSuits: false }],
      ['rules', { suits: 4, relaxed: 4, keepSuits: false }],
      ['rules', { suits: 4, relaxed: 0, keepSuits: 'no' }],
      ['rules', { suits: 4, relaxed: 0 }],
      ['rules', [4, 0, false]],
      ['outcome', 'draw'],
      ['outcome', 'WON'],
      ['moves', -1],
      ['moves', 1.5],
      ['moves', '150'],
      ['actions', null],
      ['peeks', 1e300],
      ['elapsedMs', -5],
      ['scores', { woods: 990, microsoft: 1120 }],
      ['scores', { woods: -1, microsoft: 1120, aisleriot: 96 }],
      ['scores', { woods: 990, microsoft: '1120', aisleriot: 96 }],
      ['scores', 990],
      ['ended', 'yesterday'],
      ['ended', 1714557600000],
      ['ended', ''],
    ];
    for (const [key, value] of wrong) broken.push({ ...base, [key]: value });
    // A numbered deal in place of the seed, out of its range or not one.
    const numbered = { ...base };
    delete numbered.seed;
    for (const deal of ['pysol:0', 'kpat:007', 'kpat:2147483648', 'freecell:1', 14934])
      broken.push({ ...numbered, deal });
    const dir = withHistory(broken.map(line).join('') + good({ deal: bySeed('ok') }));
    const read = readResults(dir);
    expect(read.results.map((r) => r.deal.key)).toEqual(['ok']);
    expect(read.skipped).toBe(broken.length);
  });

  it('never touches a prototype, and results hold only the known keys', () => {
    const proto = '{"__proto__": {"polluted": 1}, ' + good({ deal: bySeed('p1') }).slice(1);
    const ctor =
      '{"constructor": {"prototype": {"polluted": 2}}, ' + good({ deal: bySeed('p2') }).slice(1);
    const nested = good({ deal: bySeed('p3') }).replace(
      '"rules":{',
      '"rules":{"__proto__":{"polluted":3},',
    );
    expect(nested).toContain('"rules":{"__proto__"');
    const onlyProto = '{"__proto__": {"v": 1, "polluted": 4}}\n';
    const dir = withHistory(proto + ctor + nested + onlyProto);
    const read = readResults(dir);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(read.results.map((r) => r.deal.key)).toEqual(['p1', 'p2', 'p3']);
    expect(read.skipped).toBe(1);
    for (const r of read.results) {
      expect(Object.keys(r).sort()).toEqual(Object.keys(result()).sort());
      expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
      expect(Object.keys(r.rules).sort()).toEqual(['keepSuits', 'relaxed', 'suits']);
      expect(Object.getPrototypeOf(r.rules)).toBe(Object.prototype);
      expect(Object.keys(r.scores).sort()).toEqual(['aisleriot', 'microsoft', 'woods']);
      expect((r as unknown as Record<string, unknown>).polluted).toBeUndefined();
      expect((r.rules as unknown as Record<string, unknown>).polluted).toBeUndefined();
    }
    // An inherited field is not a field.
    expect(toResult(Object.create(historyObject(result())))).toBeNull();
  });

  it('gives only skipped lines for a binary file, and skips invalid UTF-8', () => {
    let state = 12345;
    const bytes = Buffer.alloc(100_000);
    for (let i = 0; i < bytes.length; i++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      bytes[i] = state >> 16;
    }
    const read = readResults(withHistory(bytes));
    expect(read.results).toEqual([]);
    expect(read.skipped).toBeGreaterThan(0);
    expect(read.problem).toBeUndefined();

    const badUtf8 = Buffer.from(good({ deal: bySeed('ab') }).replace('ab', 'a\u00ffb'), 'latin1');
    expect(found(readResults(withHistory(Buffer.concat([badUtf8, Buffer.from(good())]))))).toEqual({
      results: [result()],
      skipped: 1,
    });
  });

  it('skips a truncated last line and accepts CRLF line ends', () => {
    const whole = good({ deal: bySeed('whole') }).replace('\n', '\r\n');
    const dir = withHistory(whole + good({ deal: bySeed('cut') }).slice(0, -20));
    const read = readResults(dir);
    expect(read.results.map((r) => r.deal.key)).toEqual(['whole']);
    expect(read.skipped).toBe(1);
  });

  it('reads only the end of a history larger than the cap, from its first whole line', () => {
    const lines = Array.from({ length: 20 }, (_, i) => good({ deal: bySeed(`s${i}`) }));
    const dir = withHistory(lines.join(''));
    const cap = lines.slice(15).join('').length + 10; // the last 5 lines and part of one more
    const read = readResults(dir, null, cap);
    expect(read.results.map((r) => r.deal.key)).toEqual(['s15', 's16', 's17', 's18', 's19']);
    expect(read.skipped).toBe(0);
    expect(read.unreadBytes).toBe(lines.join('').length - cap);
    // A window starting exactly at a line keeps that line.
    const exact = readResults(dir, null, lines.slice(15).join('').length);
    expect(exact.results.map((r) => r.deal.key)).toEqual(['s15', 's16', 's17', 's18', 's19']);
    expect(readResults(dir, null, lines.slice(15).join('').length - 1).results).toHaveLength(4);
  });

  it('reads a real history over 64 MiB by its last 64 MiB only', () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    const file = historyPath(dir);
    fs.writeFileSync(file, good({ deal: bySeed('too old') }));
    // A sparse file: 65 MiB of zero bytes cost no disk.
    fs.truncateSync(file, MAX_HISTORY_BYTES + 1024 * 1024);
    fs.appendFileSync(file, '\n' + good({ deal: bySeed('recent') }));
    const read = readResults(dir);
    expect(read.results.map((r) => r.deal.key)).toEqual(['recent']);
    expect(read.skipped).toBe(0);
    expect(read.unreadBytes).toBe(fs.statSync(file).size - MAX_HISTORY_BYTES);
    expect(read.problem).toBeUndefined();
  });

  it('skips an overlong line without parsing it', () => {
    const long = line({ ...historyObject(result()), padding: 'x'.repeat(20_000) });
    expect(found(readResults(withHistory(long + good())))).toEqual({
      results: [result()],
      skipped: 1,
    });
  });
});
