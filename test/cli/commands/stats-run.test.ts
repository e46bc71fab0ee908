import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { statsCommand } from '../../../src/cli/commands/stats-run';
import { type GameResult, NO_GAMES_LINE } from '../../../src/stats';
import { foldHistory } from '../../../src/store/fold';
import { appendResult, historyPath, MAX_HISTORY_BYTES } from '../../../src/store/history';
import { fakeIo } from '../../helpers/fake-io';
import { gameResult, historyObject, playedGames } from '../../helpers/results';

interface Outcome {
  status: number;
  stdout: string;
  stderr: string;
}

interface Raw {
  json?: boolean;
  color?: string;
  scoring?: string;
}

/** Runs the stats command in-process with a fake io, its data directory under `home`. */
async function stats(
  home: string,
  raw: Raw = {},
  options: { tty?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<Outcome> {
  const { io, written } = fakeIo({
    tty: options.tty,
    env: { XDG_DATA_HOME: home, ...options.env },
    randomSeed: '1',
  });
  const status = await statsCommand(io, raw);
  return { status, stdout: written.stdout, stderr: written.stderr };
}

const result = gameResult;

// eslint-disable-next-line no-control-regex
const ESCAPE = /\x1b/;

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-stats-'));
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

let homes = 0;
/** A fresh XDG_DATA_HOME holding the given games. */
function home(games: GameResult[] = []): string {
  const dir = path.join(root, `home-${++homes}`);
  fs.mkdirSync(dir);
  for (const game of games)
    expect(appendResult(path.join(dir, 'spider'), game)).toEqual({ ok: true });
  return dir;
}

const history = [
  result(),
  result({ outcome: 'lost', scores: { woods: 400, microsoft: 300, aisleriot: 30 } }),
  result({
    moves: 130,
    elapsedMs: 700_000,
    peeks: 2,
    scores: { woods: 990, microsoft: 1180, aisleriot: 96 },
  }),
  result({ rules: { suits: 1, relaxed: 2, keepSuits: true }, outcome: 'abandoned' }),
];

describe('spider stats', () => {
  it('prints the friendly line when there is no history yet', async () => {
    const outcome = await stats(home());
    expect(outcome).toEqual({ status: 0, stdout: `${NO_GAMES_LINE}\n`, stderr: '' });
  });

  it('prints the table of the history, one row per variant', async () => {
    const outcome = await stats(home(history));
    expect(outcome.status).toBe(0);
    expect(outcome.stderr).toBe('');
    const lines = outcome.stdout.split('\n');
    expect(
      lines
        .find((l) => l.startsWith('4 suits r0 '))
        ?.split(/\s+/)
        .slice(3),
    ).toEqual(['3', '2', '67%', '1', '1', '990', '130', '11:40', '1']);
    expect(lines.find((l) => l.startsWith('1 suit r2 keep '))).toBeDefined();
    expect(outcome.stdout).not.toMatch(ESCAPE);
  });

  it('shows the best score of --scoring', async () => {
    const outcome = await stats(home(history), { scoring: 'microsoft' });
    expect(outcome.stdout).toContain('microsoft');
    expect(outcome.stdout).toMatch(/^4 suits r0 .* 1180 /m);
  });

  it('prints the statistics as JSON with --json', async () => {
    const outcome = await stats(home(history), { json: true, color: 'always' });
    expect(outcome.status).toBe(0);
    expect(outcome.stderr).toBe('');
    expect(outcome.stdout).not.toMatch(ESCAPE);
    expect(outcome.stdout.endsWith('}\n')).toBe(true);
    expect(outcome.stdout).toContain('\n  "variants": [\n'); // pretty-printed
    const doc = JSON.parse(outcome.stdout);
    expect(Object.keys(doc)).toEqual(['variants', 'skipped', 'continued']);
    expect(doc.skipped).toBe(0);
    expect(doc.variants).toHaveLength(2);
    expect(doc.variants[0]).toEqual({
      suits: 1,
      relaxed: 2,
      keepSuits: true,
      played: 1,
      won: 0,
      wonWithHelp: 0,
      lost: 0,
      abandoned: 1,
      winRate: 0,
      currentStreak: 0,
      bestStreak: 0,
      bestScore: null,
      fewestMoves: null,
      fastestWinMs: null,
      wonWithoutPeeks: 0,
      timePlayedMs: 754_000,
      averageWinMs: null,
    });
    expect(doc.variants[1]).toEqual({
      suits: 4,
      relaxed: 0,
      keepSuits: false,
      played: 3,
      won: 2,
      wonWithHelp: 0,
      lost: 1,
      abandoned: 0,
      winRate: 2 / 3,
      currentStreak: 1,
      bestStreak: 1,
      bestScore: { woods: 990, microsoft: 1180, aisleriot: 96 },
      fewestMoves: 130,
      fastestWinMs: 700_000,
      wonWithoutPeeks: 1,
      timePlayedMs: 2_208_000,
      averageWinMs: 727_000,
    });
    const empty = await stats(home(), { json: true });
    expect(JSON.parse(empty.stdout)).toEqual({ variants: [], skipped: 0, continued: 0 });
  });

  it('counts a win with help apart, in the text and the JSON, and as no record', async () => {
    const helped = result({
      helped: true,
      peeks: 1,
      moves: 90,
      elapsedMs: 30_000,
      scores: { woods: 1000, microsoft: 1400, aisleriot: 96 },
    });
    const dir = home([...history, helped]);
    const doc = JSON.parse((await stats(dir, { json: true })).stdout);
    expect(doc.variants[1]).toMatchObject({
      played: 4,
      won: 2,
      wonWithHelp: 1,
      currentStreak: 0,
      bestStreak: 1,
      fewestMoves: 130,
      fastestWinMs: 700_000,
      bestScore: { woods: 990, microsoft: 1180, aisleriot: 96 },
      timePlayedMs: 2_238_000,
      averageWinMs: 727_000,
    });
    const lines = (await stats(dir)).stdout.split('\n');
    expect(lines.find((l) => /^\s+Won\s+Time\s+Average$/.test(l))).toBeDefined();
    expect(lines.find((l) => /^Variant\s+with help\s+played\s+win$/.test(l))).toBeDefined();
    const row = lines.filter((l) => l.startsWith('4 suits r0 '))[1];
    expect(row.split(/\s+/)).toEqual(['4', 'suits', 'r0', '1', '37:18', '12:07']);
    expect(lines).toContain(
      'Won with help: the solver played (the demo); not a win, a record or a streak.',
    );
  });

  it('says in one line how many history lines were skipped, and still exits 0', async () => {
    const dir = home(history.slice(0, 2));
    const file = historyPath(path.join(dir, 'spider'));
    fs.appendFileSync(file, 'garbage\n{"v":2}\n');
    const text = await stats(dir);
    expect(text.status).toBe(0);
    expect(text.stderr).toBe(`spider: 2 lines of ${file} could not be read and were skipped\n`);
    expect(text.stdout).toMatch(/^4 suits r0 /m);

    const json = await stats(dir, { json: true });
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout).skipped).toBe(2);
    expect(JSON.parse(json.stdout).variants[0].played).toBe(2);
    expect(json.stderr).toBe(text.stderr);

    const one = home([result()]);
    fs.appendFileSync(historyPath(path.join(one, 'spider')), '\u0000\u0001\n');
    expect((await stats(one)).stderr).toMatch(
      /^spider: 1 line of .* could not be read and was skipped\n$/,
    );
  });

  it('refuses a bad --scoring or --color with the usual message, exit 2', async () => {
    const dir = home(history);
    const scoring = await stats(dir, { scoring: 'vegas' });
    expect(scoring).toEqual({
      status: 2,
      stdout: '',
      stderr: "spider: --scoring must be woods, microsoft or aisleriot, not 'vegas'\n",
    });
    const color = await stats(dir, { color: 'sometimes', json: true });
    expect(color).toEqual({
      status: 2,
      stdout: '',
      stderr: "spider: --color must be auto, always or never, not 'sometimes'\n",
    });
    const escaped = await stats(dir, { scoring: 'x\u001b[2J' });
    expect(escaped.status).toBe(2);
    expect(escaped.stderr).toContain('x\\x1b[2J');
    expect(escaped.stderr).not.toMatch(ESCAPE);
  });

  it('colours the header by the --color rules', async () => {
    const dir = home(history);
    const always = (await stats(dir, { color: 'always' })).stdout;
    expect(
      always
        .split('\n')
        .find((l) => l.includes('Variant'))
        ?.startsWith('\x1b[1m'),
    ).toBe(true);
    expect((await stats(dir, { color: 'never' }, { tty: true })).stdout).not.toMatch(ESCAPE);
    expect((await stats(dir, { color: 'auto' }, { tty: true })).stdout).toMatch(ESCAPE);
    expect((await stats(dir, {}, { tty: false })).stdout).not.toMatch(ESCAPE);
    const noColor = await stats(dir, { color: 'auto' }, { tty: true, env: { NO_COLOR: '1' } });
    expect(noColor.stdout).not.toMatch(ESCAPE);
  });

  it('exits 2 with the reason when the history cannot be read at all', async () => {
    const dir = home();
    fs.mkdirSync(historyPath(path.join(dir, 'spider')), { recursive: true });
    const outcome = await stats(dir);
    expect(outcome.status).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toMatch(
      /^spider: cannot read the history of games: not a regular file \(.*games\.jsonl\)\n$/,
    );
  });

  it('notes on stderr that only the end of a history over 64 MiB was counted', async () => {
    const dir = home([result({ outcome: 'lost' })]);
    const file = historyPath(path.join(dir, 'spider'));
    fs.truncateSync(file, MAX_HISTORY_BYTES + 4096); // sparse: no disk used
    fs.appendFileSync(file, `\n${JSON.stringify(historyObject(result()))}\n`);
    const outcome = await stats(dir, { json: true });
    expect(outcome.status).toBe(0);
    expect(JSON.parse(outcome.stdout).variants).toMatchObject([{ played: 1, won: 1 }]);
    expect(outcome.stderr).toBe(
      `spider: ${file} is larger than 64 MiB: only the games in its last 64 MiB were counted\n`,
    );
  });

  it('gives the same table, JSON and notes once the history is folded into a summary', async () => {
    const games = [
      ...playedGames(300),
      ...playedGames(40, 20, { continued: true }),
      ...playedGames(30, 21, { daily: '2026-11-23', outcome: 'won' }),
    ];
    const dir = home(games);
    const file = historyPath(path.join(dir, 'spider'));
    fs.appendFileSync(file, 'garbage\n');
    for (const game of playedGames(5, 22)) appendResult(path.dirname(file), game);
    const before = [await stats(dir), await stats(dir, { json: true })];
    const size = fs.statSync(file).size;
    await foldHistory(path.dirname(file), { limitBytes: 0, keepBytes: 8 * 1024 });
    expect(fs.statSync(file).size).toBeLessThan(size / 4);
    expect([await stats(dir), await stats(dir, { json: true })]).toEqual(before);
    expect(before[1].stderr).toMatch(/1 line of .* could not be read and was skipped/);
    expect(JSON.parse(before[1].stdout)).toMatchObject({ skipped: 1, continued: 40 });
  });

  it('reads the history from ~/.local/share/spider without XDG_DATA_HOME', async () => {
    const dir = home();
    fs.mkdirSync(path.join(dir, '.local', 'share'), { recursive: true });
    expect(appendResult(path.join(dir, '.local', 'share', 'spider'), result())).toEqual({
      ok: true,
    });
    const outcome = await stats(dir, { json: true }, { env: { XDG_DATA_HOME: '', HOME: dir } });
    expect(JSON.parse(outcome.stdout).variants[0].won).toBe(1);
  });
});
