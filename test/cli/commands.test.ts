import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import seedrandom from 'seedrandom';
import { run } from '../../src/cli/program';
import {
  type Action,
  actionsKept,
  DEAL,
  explain,
  type Game,
  legalActions,
  move,
  newGame,
  play,
  type Rules,
  bySeed,
} from '../../src/engine';
import { formatRecord, positionJson } from '../../src/notation';
import { COLUMN_NUMBERS } from '../helpers/build';
import { fakeIo } from '../helpers/fake-io';

interface Outcome {
  status: number;
  stdout: string;
  stderr: string;
  seedsPicked: number;
}

interface RunOptions {
  stdin?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  tty?: boolean;
  randomSeed?: string;
}

/** Runs the program in-process with a fake io and collects what it writes. */
async function cli(args: string[], options: RunOptions = {}): Promise<Outcome> {
  const { io, written } = fakeIo(options);
  const status = await run(args, io);
  return { status, ...written };
}

/** The JSON a command printed, parsed. */
function json(outcome: Outcome): Record<string, unknown> & JsonPosition {
  return JSON.parse(outcome.stdout) as Record<string, unknown> & JsonPosition;
}

interface JsonColumn {
  hidden: number;
  down?: string[];
  up: string[];
}
interface JsonPosition {
  seed: string;
  suits: number;
  relaxed: number;
  keepSuits: boolean;
  columns: JsonColumn[];
  stock: number;
  stockCards?: string[];
  foundations: string[];
  actions: number;
  status: string;
  score: { woods: number; microsoft: number; aisleriot: number };
}

/** A usage or input error: status 2, nothing on stdout, one line on stderr. */
function expectUsageError(outcome: Outcome): string {
  expect(outcome.status).toBe(2);
  expect(outcome.stdout).toBe('');
  expectOneLineMessage(outcome.stderr);
  return outcome.stderr;
}

function expectOneLineMessage(stderr: string): void {
  expect(stderr).toMatch(/^spider: [^\n]+\n$/);
  expect(stderr).not.toMatch(/\n\s+at /);
  // eslint-disable-next-line no-control-regex
  expect(stderr).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f]/);
}

const ESC = '\x1b';
const HIDDEN_COUNTS = [5, 4, 4, 5, 4, 4, 5, 4, 4, 5];

/** Every card of a revealed position: the tableau column by column, then the stock. */
function allCards(position: JsonPosition): string[] {
  return [
    ...position.columns.flatMap((column) => [...(column.down ?? []), ...column.up]),
    ...(position.stockCards ?? []),
  ];
}

/**
 * The deal of the seed contract (docs/deals.md, "Deals: the seed contract"), computed here
 * independently of the engine.
 */
function specDeal(seed: string, suits: 1 | 2 | 4): { columns: string[][]; stock: string[] } {
  const suitOfRun = (k: number) => 'shdc'[k % suits];
  const deck = Array.from(
    { length: 104 },
    (_, i) => 'A23456789TJQK'[i % 13] + suitOfRun(Math.floor(i / 13)),
  );
  const rng = seedrandom(seed);
  for (let i = 103; i >= 1; i--) {
    const j = Math.floor(rng() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const columns: string[][] = Array.from({ length: 10 }, () => []);
  for (let k = 0; k < 40; k++) columns[k % 10].push(deck[k]);
  [0, 3, 6, 9].forEach((c, k) => columns[c].push(deck[40 + k]));
  for (let c = 0; c < 10; c++) columns[c].push(deck[44 + c]);
  return { columns, stock: deck.slice(54) };
}

/** A game of `length` random legal actions, chosen by a seeded generator; stops if none is legal. */
function randomGame(
  seed: string,
  rules: Rules,
  length: number,
  choiceSeed: string,
): { game: Game; actions: Action[] } {
  const rng = seedrandom(choiceSeed);
  let game = newGame(seed, rules);
  const actions: Action[] = [];
  for (let n = 0; n < length; n++) {
    const legal = legalActions(game.position);
    if (legal.length === 0) break;
    // Remove complete suits when possible, so records exercise `rF`.
    const removal = legal.find((a) => a.kind === 'remove');
    const action = removal ?? legal[Math.floor(rng() * legal.length)];
    const outcome = play(game, action);
    if (!outcome.ok)
      throw new Error(`legalActions gave an illegal action: ${explain(outcome.refusal)}`);
    game = outcome.game;
    actions.push(action);
  }
  return { game, actions };
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-cli-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let fileCount = 0;
function writeFile(content: string | Buffer): string {
  const file = path.join(dir, `record-${++fileCount}.txt`);
  fs.writeFileSync(file, content);
  return file;
}

describe('spider deal --json', () => {
  it('prints one object with the keys of docs/records.md in order', async () => {
    const outcome = await cli(['deal', '--seed', '42', '--json']);
    expect(outcome.status).toBe(0);
    expect(outcome.stderr).toBe('');
    const doc = json(outcome);
    expect(Object.keys(doc)).toEqual([
      'seed',
      'suits',
      'relaxed',
      'keepSuits',
      'columns',
      'stock',
      'foundations',
      'actions',
      'status',
      'score',
    ]);
    expect(doc.seed).toBe('42');
    expect(doc.suits).toBe(4);
    expect(doc.relaxed).toBe(0);
    expect(doc.keepSuits).toBe(false);
    expect(doc.columns).toHaveLength(10);
    for (const column of doc.columns) expect(Object.keys(column)).toEqual(['hidden', 'up']);
    expect(doc.columns.map((c) => c.hidden)).toEqual(HIDDEN_COUNTS);
    expect(doc.columns.map((c) => c.up.length)).toEqual(Array(10).fill(1));
    expect(doc.stock).toBe(50);
    expect(doc.foundations).toEqual([]);
    expect(doc.actions).toBe(0);
    expect(doc.status).toBe('playing');
    expect(Object.keys(doc.score)).toEqual(['woods', 'microsoft', 'aisleriot']);
    expect(doc.score).toEqual({ woods: 0, microsoft: 500, aisleriot: 0 });
    expect(outcome.stdout.endsWith('}\n')).toBe(true);
  });

  it('adds down and stockCards with --reveal, in their places', async () => {
    const doc = json(await cli(['deal', '--seed', '42', '--json', '--reveal']));
    expect(Object.keys(doc)).toEqual([
      'seed',
      'suits',
      'relaxed',
      'keepSuits',
      'columns',
      'stock',
      'stockCards',
      'foundations',
      'actions',
      'status',
      'score',
    ]);
    for (const column of doc.columns) {
      expect(Object.keys(column)).toEqual(['hidden', 'down', 'up']);
      expect(column.down).toHaveLength(column.hidden);
    }
    expect(doc.columns.map((c) => c.hidden)).toEqual(HIDDEN_COUNTS);
    expect(doc.stockCards).toHaveLength(50);
    expect(doc.stock).toBe(50);
  });

  it('shows the same face-up cards with and without --reveal', async () => {
    const plain = json(await cli(['deal', '--seed', 'abc', '--json']));
    const revealed = json(await cli(['deal', '--seed', 'abc', '--json', '--reveal']));
    expect(revealed.columns.map((c) => c.up)).toEqual(plain.columns.map((c) => c.up));
    expect(JSON.stringify(plain)).not.toMatch(/"down"|"stockCards"/);
  });

  it.each([
    ['42', 4],
    ['hello world', 2],
    ['7', 1],
  ] as const)('deals seed %j with %i suits as the seed contract says', async (seed, suits) => {
    const doc = json(
      await cli(['deal', '--seed', seed, '--suits', String(suits), '--json', '--reveal']),
    );
    const expected = specDeal(seed, suits);
    expect(doc.columns.map((c) => [...(c.down ?? []), ...c.up])).toEqual(expected.columns);
    expect(doc.stockCards).toEqual(expected.stock);
  });

  it('gives the same output for the same seed and a different deal for another', async () => {
    const a = await cli(['deal', '--seed', 'same', '--json', '--reveal']);
    const b = await cli(['deal', '--seed', 'same', '--json', '--reveal']);
    const c = await cli(['deal', '--seed', 'other', '--json', '--reveal']);
    expect(a.stdout).toBe(b.stdout);
    expect(allCards(json(a))).not.toEqual(allCards(json(c)));
    const textA = await cli(['deal', '--seed', 'same', '--reveal', '--ascii']);
    const textB = await cli(['deal', '--seed', 'same', '--reveal', '--ascii']);
    expect(textA.stdout).toBe(textB.stdout);
  });

  it('picks a seed with io.randomSeed when none is given, and shows it', async () => {
    const outcome = await cli(['deal', '--json'], { randomSeed: '123456789' });
    expect(outcome.status).toBe(0);
    expect(outcome.seedsPicked).toBe(1);
    expect(json(outcome).seed).toBe('123456789');
    const given = await cli(['deal', '--json', '--seed', '123456789']);
    expect(given.seedsPicked).toBe(0);
    expect(given.stdout).toBe(outcome.stdout);

    const text = await cli(['deal'], { randomSeed: '987654' });
    expect(text.seedsPicked).toBe(1);
    expect(text.stdout).toContain('seed 987654');
  });

  it.each([
    ['1', ['s']],
    ['2', ['h', 's']],
    ['4', ['c', 'd', 'h', 's']],
  ])('--suits %s uses the suits %j, each card twice per suit set', async (suits, letters) => {
    const doc = json(await cli(['deal', '--seed', '5', '--suits', suits, '--json', '--reveal']));
    expect(doc.suits).toBe(Number(suits));
    const cards = allCards(doc);
    expect(cards).toHaveLength(104);
    expect([...new Set(cards.map((c) => c[1]))].sort()).toEqual(letters);
    const counts = new Map<string, number>();
    for (const card of cards) counts.set(card, (counts.get(card) ?? 0) + 1);
    expect(counts.size).toBe(13 * letters.length);
    for (const n of counts.values()) expect(n).toBe(104 / counts.size);
  });

  it('reports --relaxed and --keep-suits', async () => {
    const doc = json(
      await cli(['deal', '--seed', '5', '--relaxed', '2', '--keep-suits', '--json']),
    );
    expect(doc.relaxed).toBe(2);
    expect(doc.keepSuits).toBe(true);
    const short = json(await cli(['deal', '--seed', '5', '-r', '1', '-k', '-s', '2', '--json']));
    expect([short.relaxed, short.keepSuits, short.suits]).toEqual([1, true, 2]);
  });

  it('takes the last value of an option given twice, as docs/rules.md says', async () => {
    const doc = json(await cli(['deal', '--suits', '1', '--seed', '5', '-s', '4', '--json']));
    expect(doc.suits).toBe(4);
    expect(doc.seed).toBe('5');
    const seeds = json(await cli(['deal', '--seed', '5', '--seed', '6', '--json']));
    expect(seeds.seed).toBe('6');
  });
});

describe('spider deal (text)', () => {
  it('shows the seed and the ten column numbers', async () => {
    const outcome = await cli(['deal', '--seed', 'my seed', '--ascii']);
    expect(outcome.status).toBe(0);
    expect(outcome.stderr).toBe('');
    expect(outcome.stdout).toContain('seed my seed');
    const numbers = outcome.stdout.split('\n').find((line) => /^\s*1\s+2\s/.test(line));
    expect(numbers?.trim().split(/\s+/)).toEqual(COLUMN_NUMBERS);
  });

  it('uses ASCII labels with --ascii and suit glyphs with --unicode', async () => {
    const ascii = await cli(['deal', '--seed', '5', '--reveal', '--ascii'], {
      env: { LANG: 'en_US.UTF-8' },
    });
    expect(ascii.stdout).toMatch(/(^|[\s(])10h([\s)]|$)/m);
    expect(ascii.stdout).not.toMatch(/[♠♥♦♣]/);

    const unicode = await cli(['deal', '--seed', '5', '--reveal', '--unicode'], {
      env: { LANG: 'C' },
    });
    expect(unicode.stdout).toContain('♥');
    expect(unicode.stdout).toContain('10♥');
    expect(unicode.stdout).not.toMatch(/\b10h\b/);
  });

  it('follows the locale when neither --ascii nor --unicode is given', async () => {
    const utf8 = await cli(['deal', '--seed', '5', '--reveal'], { env: { LANG: 'en_GB.UTF-8' } });
    expect(utf8.stdout).toContain('♥');
    const plain = await cli(['deal', '--seed', '5', '--reveal'], { env: { LANG: 'C' } });
    expect(plain.stdout).not.toMatch(/[♠♥♦♣]/);
  });

  it('shows a seed beyond ASCII as ? per column where the cards are ASCII too', async () => {
    const plain = await cli(['deal', '--seed', 'café 世'], { env: { LANG: 'C' } });
    expect(plain.stdout.split('\n')[0]).toMatch(/^Spider {2}seed caf\? \?\? {2}\(4 suits/);
    expect(plain.stdout).toMatch(/^\p{ASCII}*$/u);
    const utf8 = await cli(['deal', '--seed', 'café 世'], { env: { LANG: 'C.UTF-8' } });
    expect(utf8.stdout.split('\n')[0]).toMatch(/^Spider {2}seed café 世 {2}/);
  });

  it('writes messages and the help in ASCII where the locale is not UTF-8', async () => {
    const plain = await cli(['deal', '--deal', 'pysol:é'], { env: { LANG: 'C' } });
    expect(plain.status).toBe(2);
    expect(plain.stderr).toBe(
      "spider: --deal 'pysol:?' is not a deal: PySolFC game numbers are whole numbers from 1 " +
        'to 99999999999999999999 without leading zeros\n',
    );
    const unknown = await cli(['dé世'], { env: { LANG: 'C' } });
    expect(unknown.stderr).toMatch(/^spider: unknown command 'd\?\?\?'; /);
    const help = await cli(['deal', '--help'], { env: { LANG: 'C' } });
    expect(help.stdout).toContain('--unicode');
    expect(help.stdout).toMatch(/^\p{ASCII}*$/u);
    const cut = await cli(['deal', '--deal', `pysol:${'é'.repeat(300)}`], { env: { LANG: 'C' } });
    expect(cut.stderr).toMatch(/--deal 'pysol:\?{10,200}\.\.\.' is not a deal/);
    const utf8 = await cli(['deal', '--deal', 'pysol:é'], { env: { LANG: 'C.UTF-8' } });
    expect(utf8.stderr).toContain("--deal 'pysol:é'");
    const asked = await cli(['deal', '--unicode', '--deal', 'pysol:é'], { env: { LANG: 'C' } });
    expect(asked.stderr).toContain("--deal 'pysol:é'");
    const ascii = await cli(['deal', '--ascii', '--deal', 'pysol:é'], { env: { LANG: 'C.UTF-8' } });
    expect(ascii.stderr).toContain("--deal 'pysol:?'");
    const asciiHelp = await cli(['deal', '--help', '--ascii'], { env: { LANG: 'C.UTF-8' } });
    expect(asciiHelp.stdout).toMatch(/^\p{ASCII}*$/u);
    expect((await cli(['deal', '--help'], { env: { LANG: 'C.UTF-8' } })).stdout).toContain(
      '♠ ♥ ♦ ♣',
    );
  });

  it('refuses --ascii together with --unicode', async () => {
    const message = expectUsageError(await cli(['deal', '--ascii', '--unicode']));
    expect(message).toMatch(/--ascii/);
    expect(message).toMatch(/--unicode/);
  });

  it('colours only when asked, or on a terminal without NO_COLOR', async () => {
    const args = ['deal', '--seed', '5', '--reveal', '--ascii'];
    const never = await cli([...args, '--color', 'never'], { tty: true });
    expect(never.stdout).not.toContain(ESC);
    const always = await cli([...args, '--color', 'always'], { tty: false });
    expect(always.stdout).toContain(`${ESC}[`);

    const autoTerminal = await cli([...args, '--color', 'auto'], { tty: true });
    expect(autoTerminal.stdout).toContain(`${ESC}[`);
    const autoNoColor = await cli([...args, '--color', 'auto'], {
      tty: true,
      env: { NO_COLOR: '1' },
    });
    expect(autoNoColor.stdout).not.toContain(ESC);
    const defaultNoColor = await cli(args, { tty: true, env: { NO_COLOR: '1' } });
    expect(defaultNoColor.stdout).not.toContain(ESC);
    const autoPipe = await cli(args, { tty: false });
    expect(autoPipe.stdout).not.toContain(ESC);
    const alwaysNoColor = await cli([...args, '--color', 'always'], { env: { NO_COLOR: '1' } });
    expect(alwaysNoColor.stdout).toContain(`${ESC}[`);
  });

  it('FORCE_COLOR colours auto even into a pipe and over NO_COLOR; 0 or false turns it off', async () => {
    const args = ['deal', '--seed', '5', '--reveal', '--ascii'];
    const forced = await cli(args, { tty: false, env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain(`${ESC}[`);
    const overNoColor = await cli(args, { tty: true, env: { FORCE_COLOR: '3', NO_COLOR: '1' } });
    expect(overNoColor.stdout).toContain(`${ESC}[`);
    for (const off of ['0', 'false']) {
      const offTerminal = await cli(args, { tty: true, env: { FORCE_COLOR: off } });
      expect(offTerminal.stdout).not.toContain(ESC);
    }
    // Empty is unset; a flag wins over the environment.
    expect((await cli(args, { tty: false, env: { FORCE_COLOR: '' } })).stdout).not.toContain(ESC);
    const never = await cli([...args, '--color', 'never'], { env: { FORCE_COLOR: '1' } });
    expect(never.stdout).not.toContain(ESC);
  });

  it('--four-color paints diamonds blue and clubs green; otherwise they are red and plain', async () => {
    // Seed 42 deals 5♦ on column 3 and 6♣ on column 7.
    const four = await cli([
      'deal',
      '--seed',
      '42',
      '--color',
      'always',
      '--unicode',
      '--four-color',
    ]);
    expect(four.stdout).toContain('\x1b[34m   5♦');
    expect(four.stdout).toContain('\x1b[32m   6♣');
    const two = await cli(['deal', '--seed', '42', '--color', 'always', '--unicode']);
    expect(two.stdout).toContain('\x1b[31m   5♦');
    expect(two.stdout).not.toContain('\x1b[32m');
  });

  it('never colours JSON', async () => {
    const outcome = await cli(['deal', '--seed', '5', '--json', '--color', 'always'], {
      tty: true,
    });
    expect(outcome.stdout).not.toContain(ESC);
    expect(() => JSON.parse(outcome.stdout)).not.toThrow();
  });
});

describe('usage errors (exit 2)', () => {
  it.each([
    [['deal', '--suits', '3'], '--suits', ['1', '2', '4'], "'3'"],
    [['deal', '--relaxed', '5'], '--relaxed', ['0', '1', '2', '3'], "'5'"],
    [['deal', '--scoring', 'best'], '--scoring', ['woods', 'microsoft', 'aisleriot'], "'best'"],
    [['deal', '--color', 'sometimes'], '--color', ['auto', 'always', 'never'], "'sometimes'"],
    [['replay', '-', '--scoring', 'x'], '--scoring', ['woods', 'microsoft', 'aisleriot'], "'x'"],
    [['replay', '-', '--color', 'x'], '--color', ['auto', 'always', 'never'], "'x'"],
  ])('%j names the option and its valid values', async (args, option, values, given) => {
    const message = expectUsageError(await cli(args, { stdin: 'seed: 1\n' }));
    expect(message).toContain(option);
    for (const value of values) expect(message).toContain(value);
    expect(message).toContain(given);
  });

  it('escapes control characters in a seed', async () => {
    const message = expectUsageError(await cli(['deal', '--seed', 'a\x1b[31mb\x07']));
    expect(message).toContain('--seed');
    expect(message).toContain('a\\x1b[31mb\\x07');
    expect(message).not.toContain(ESC);
    expect(message).toMatch(/control/);
  });

  it('escapes control characters in an option value', async () => {
    const message = expectUsageError(await cli(['deal', '--suits', '\x1b[2J']));
    expect(message).toContain('\\x1b[2J');
    expect(message).not.toContain(ESC);
  });

  it('refuses a seed of 101 characters and accepts one of 100', async () => {
    const message = expectUsageError(await cli(['deal', '--seed', 'x'.repeat(101), '--json']));
    expect(message).toContain('--seed');
    expect(message).toMatch(/100/);
    const ok = await cli(['deal', '--seed', 'x'.repeat(100), '--json']);
    expect(ok.status).toBe(0);
    expect(json(ok).seed).toBe('x'.repeat(100));
  });

  it('refuses an empty seed and one with white space at either end', async () => {
    expect(expectUsageError(await cli(['deal', '--seed', '']))).toMatch(/--seed.*empty/);
    expect(expectUsageError(await cli(['deal', '--seed', ' 42']))).toMatch(/--seed.*white space/);
    expect(expectUsageError(await cli(['deal', '--seed', '42 ']))).toMatch(/--seed.*white space/);
  });

  it('refuses an unknown option, in one line even with a suggestion', async () => {
    const message = expectUsageError(await cli(['deal', '--bogus']));
    expect(message).toContain('--bogus');
    const suggested = expectUsageError(await cli(['deal', '--sed', '4']));
    expect(suggested).toContain('--sed');
    expect(suggested).toContain('--seed');
    // An option of other commands only is never suggested: replay has no --suits.
    const elsewhere = expectUsageError(await cli(['replay', '-', '--suits', '2']));
    expect(elsewhere).toBe(
      "spider: unknown option '--suits': this command has no such option (see its --help)\n",
    );
    expect(expectUsageError(await cli(['replay', '-', '--suits=2']))).toBe(
      "spider: unknown option '--suits=2': this command has no such option (see its --help)\n",
    );
    expect(expectUsageError(await cli(['replay', '-', '--suit', '2']))).toBe(
      "spider: unknown option '--suit': this command has no such option (see its --help)\n",
    );
    // The play command's options are suggested for it, and shown in the main help.
    expect(expectUsageError(await cli(['--sed', '4']))).toContain('(Did you mean --seed?)');
    expect((await cli(['--help'])).stdout).toContain('--suits <n>');
  });

  it('cuts a long unknown option, as every message cuts what it quotes', async () => {
    const long = `--${'x'.repeat(100_000)}`;
    expect(expectUsageError(await cli(['deal', long]))).toBe(
      `spider: unknown option '--${'x'.repeat(38)}...': this command has no such option (see its --help)\n`,
    );
    // With what does not show escaped rather than sent to the terminal; on a terminal that is not
    // UTF-8 (as here) the cut shows as three dots.
    const near = expectUsageError(await cli(['deal', `--sedd\n\x1b[2J${'y'.repeat(50)}`]));
    expect(near).toBe(
      `spider: unknown option '--sedd\\x0a\\x1b[2J${'y'.repeat(29)}...': this command has no such option (see its --help)\n`,
    );
    expect(expectUsageError(await cli([`--sed=${'4'.repeat(100_000)}`]))).toMatch(
      /^spider: unknown option '--sed=4{34}\.\.\.': this command has no such option/,
    );
  });

  it('refuses an option that takes a value followed by another option, rather than take it as the value', async () => {
    expect(expectUsageError(await cli(['deal', '--seed', '--json']))).toBe(
      "spider: option '--seed <seed>' needs a value, not the option '--json' (write --seed=--json if that is the seed)\n",
    );
    expect(expectUsageError(await cli(['deal', '-s', '--json']))).toBe(
      "spider: option '-s, --suits <n>' needs a value, not the option '--json'\n",
    );
    // Short switches written together: the last takes the value, so -ks is -k -s.
    expect(expectUsageError(await cli(['deal', '-ks', '--json']))).toBe(
      "spider: option '-s, --suits <n>' needs a value, not the option '--json'\n",
    );
    expect(json(await cli(['deal', '-ks', '2', '--json']))).toMatchObject({
      suits: 2,
      keepSuits: true,
    });
    expect(expectUsageError(await cli(['--seed', '--new']))).toContain("not the option '--new'");
    expect(expectUsageError(await cli(['solve', '--time', '--json=1']))).toContain(
      "not the option '--json=1'",
    );
    expect(expectUsageError(await cli(['deal', '--seed', '--seed=5']))).toBe(
      "spider: option '--seed <seed>' needs a value, not the option '--seed=5'\n",
    );
    // Before the help and the version: a value left out is a mistake, whatever else was asked.
    expect(expectUsageError(await cli(['deal', '--seed', '--json', '-h']))).toContain(
      "not the option '--json'",
    );
    expect(expectUsageError(await cli(['-V', '--seed', '--new']))).toContain(
      "not the option '--new'",
    );
    // The help and the version are options too: taken for a value, they are refused alike, in
    // every command, and nothing else is printed.
    for (const [args, flags, taken] of [
      [['deal', '--json', '--seed', '-h'], '--seed <seed>', '-h'],
      [['deal', '--seed', '--help'], '--seed <seed>', '--help'],
      [['deal', '--suits', '--help'], '-s, --suits <n>', '--help'],
      [['deal', '-ks', '-h'], '-s, --suits <n>', '-h'],
      [['deal', '--seed', '-V'], '--seed <seed>', '-V'],
      [['--seed', '-h'], '--seed <seed>', '-h'],
      [['play', '--relaxed', '--version'], '-r, --relaxed <level>', '--version'],
      [['solve', '--time', '-h'], '--time <seconds>', '-h'],
      [['serve', '--port', '-V'], '--port <n>', '-V'],
      [['stats', '--scoring', '--help'], '--scoring <name>', '--help'],
    ] as const) {
      const refused = await cli([...args]);
      expect(refused.status).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(
        new RegExp(`^spider: option '${flags}' needs a value, not the option '${taken}'`),
      );
    }
    // Not taken for a value, they answer as ever.
    const helped = await cli(['deal', '--seed', '5', '-h']);
    expect(helped.status).toBe(0);
    expect(helped.stdout).toContain('Usage: spider deal');
    expect((await cli(['deal', '-h', '--seed'])).stdout).toContain('Usage: spider deal');
    expect((await cli(['--seed', '5', '-V'])).stdout.trim()).toBe('9.8.7');
    expect(json(await cli(['deal', '--seed=-h', '--json'])).seed).toBe('-h');
    expect(json(await cli(['deal', '--seed=-V', '--json'])).seed).toBe('-V');
    // Written so that it is clearly the value, it is one.
    expect(json(await cli(['deal', '--seed=--json', '--json'])).seed).toBe('--json');
    expect(json(await cli(['deal', '--seed', '-5', '--json'])).seed).toBe('-5');
    expect(json(await cli(['deal', '--json', '--seed', '--jsonx'])).seed).toBe('--jsonx');
  });

  it('refuses an option without its value and extra arguments', async () => {
    expect(expectUsageError(await cli(['deal', '--seed']))).toBe(
      "spider: option '--seed <seed>' needs a value: the deal to play (any text of 1 to 100 characters); random when absent\n",
    );
    expect(expectUsageError(await cli(['deal', '--suits']))).toBe(
      "spider: option '-s, --suits <n>' needs a value: suits in the deck: 1, 2 or 4\n",
    );
    expect(expectUsageError(await cli(['serve', '--port']))).toBe(
      "spider: option '--port <n>' needs a value: the port to listen on\n",
    );
    expectUsageError(await cli(['deal', 'extra']));
    expectUsageError(await cli(['replay', 'a', 'b']));
  });

  it('refuses an unknown command, naming it and the commands there are', async () => {
    const outcome = await cli(['dael', '--seed', '4']);
    expect(outcome.status).toBe(2);
    expectOneLineMessage(outcome.stderr);
    expect(outcome.stderr).toContain("unknown command 'dael'");
    expect(outcome.stderr).toContain(
      'deal, replay, solve, autoplay, serve, stats, saves, resume, config, completion and play',
    );
    expect(outcome.stdout).toBe('');
    // Asked for its help, too: not the main help with success.
    const help = await cli(['help', 'dael']);
    expect(help.status).toBe(2);
    expect(help.stdout).toBe('');
    expect(help.stderr).toBe(
      "spider: no help for 'dael': the commands are deal, replay, solve, autoplay, serve, stats, saves, resume, config, completion and play (see 'spider --help')\n",
    );
    expect((await cli(['help', 'deal'])).stdout).toContain('Usage: spider deal');
  });

  it('takes a record file first for the game, as `spider FILE`, and names a missing one', async () => {
    const file = writeFile('deal: 7\nsuits: 1\n\n1-2\n');
    // Read as the game's record file: it brings its own deal, and the game needs a terminal.
    const own = await cli([file, '--seed', '4']);
    expect(own.status).toBe(2);
    expect(own.stderr).toContain('a record file brings its own deal');
    const played = await cli([file]);
    expect(played.status).toBe(2);
    expect(played.stderr).toContain('needs a terminal');
    const missing = await cli([path.join(dir, 'no-such-game.txt')]);
    expect(missing.status).toBe(2);
    expectOneLineMessage(missing.stderr);
    expect(missing.stderr).toContain("no file or command '");
    expect(missing.stderr).toContain(
      'deal, replay, solve, autoplay, serve, stats, saves, resume, config, completion and play',
    );
    // A name that was not UTF-8 reaches the program changed: it may be there under its own.
    const changed = await cli([path.join(dir, 'g\uFFFD.txt')]);
    expect(changed.status).toBe(2);
    expect(changed.stderr).toMatch(
      /no such file \(a name that is not UTF-8 cannot be read here: rename the file\)\n$/,
    );
    // A directory is there, so it is not "no file": it goes where `spider play DIR` goes.
    const folder = await cli([dir]);
    expect(folder.stderr).not.toContain('no file or command');
    expect(folder).toEqual(await cli(['play', dir]));
  });

  it("refuses '-' as the game's record, on a terminal too: the keys come from standard input", async () => {
    for (const args of [['-'], ['play', '-'], ['play', '--load', '-']]) {
      const outcome = await cli(args, { tty: true, stdin: 'seed: 4\n\nd\n' });
      expect(outcome.status).toBe(2);
      expect(outcome.stderr).toBe(
        "spider: the game reads its keys from standard input, so it cannot read a record there too: give the record's file name ('spider replay -' reads one from standard input)\n",
      );
    }
  });

  it('refuses to start the game without a terminal, pointing to the headless commands', async () => {
    for (const args of [[], ['play'], ['--seed', '5', '--suits', '2']]) {
      const outcome = await cli(args);
      expect(outcome.status).toBe(2);
      expectOneLineMessage(outcome.stderr);
      expect(outcome.stderr).toContain('needs a terminal');
      expect(outcome.stderr).toContain("'spider deal'");
      expect(outcome.stderr).toContain("'spider replay'");
    }
    // Bad options are still reported as such, before the terminal check.
    expect((await cli(['play', '--suits', '3'])).stderr).toContain('--suits must be 1, 2 or 4');
  });

  it('refuses a terminal that cannot move its cursor (TERM=dumb), naming what to set', async () => {
    const { io, written: dumb } = fakeIo({ tty: true, env: { TERM: 'dumb' } });
    // Refused before the terminal is touched: these streams are never used.
    const terminal = { input: {} as NodeJS.ReadStream, output: {} as NodeJS.WriteStream };
    expect(await run(['--seed', '5'], { ...io, terminal })).toBe(2);
    expectOneLineMessage(dumb.stderr);
    expect(dumb.stderr).toContain('this terminal (TERM=dumb) cannot move its cursor');
    expect(dumb.stderr).toContain('set TERM');
  });

  it('refuses a record file together with a new deal or new rules, before anything else', async () => {
    const cases: [string[], string][] = [
      [['play', 'game.txt', '--seed', '4'], 'a record file brings its own deal'],
      [['play', '--load', 'game.txt', '--new'], 'a record file brings its own deal'],
      [['play', 'game.txt', '--suits', '2'], 'a record file brings its own rules'],
      [['play', 'game.txt', '--load', 'other.txt'], 'give the record file once'],
    ];
    for (const [args, message] of cases) {
      const outcome = await cli(args);
      expect(outcome.status).toBe(2);
      expectOneLineMessage(outcome.stderr);
      expect(outcome.stderr).toContain(message);
    }
  });

  it('refuses replay without a FILE', async () => {
    expect(expectUsageError(await cli(['replay']))).toMatch(/file/i);
  });

  it('refuses a missing file, a directory and a non-UTF-8 file, naming the file', async () => {
    const missing = path.join(dir, 'no-such-record.txt');
    const m1 = expectUsageError(await cli(['replay', missing]));
    expect(m1).toContain(missing);
    expect(m1).toMatch(/no such file/);

    const m2 = expectUsageError(await cli(['replay', dir]));
    expect(m2).toContain(dir);
    expect(m2).toMatch(/directory/);

    const binary = writeFile(Buffer.from([0x73, 0x65, 0x65, 0x64, 0x3a, 0x20, 0xff, 0xfe, 0x0a]));
    const m3 = expectUsageError(await cli(['replay', binary]));
    expect(m3).toBe(
      `spider: '${binary}', line 1: not UTF-8 text: the bytes FF FE after 'seed: '\n`,
    );

    const m4 = expectUsageError(await cli(['replay', '-'], { stdin: Buffer.from([0xc3, 0x28]) }));
    expect(m4).toBe(
      'spider: standard input, line 1: not UTF-8 text: the byte C3 at the start of the line\n',
    );
  });

  it('escapes control characters in a file name', async () => {
    const message = expectUsageError(await cli(['replay', path.join(dir, 'a\x1bb')]));
    expect(message).toContain('a\\x1bb');
    expect(message).not.toContain(ESC);
  });

  it('refuses input larger than 16 MiB', async () => {
    const big = Buffer.alloc(16 * 1024 * 1024 + 1, 0x20);
    const message = expectUsageError(await cli(['replay', '-'], { stdin: big }));
    expect(message).toMatch(/16 MiB/);
  });

  it('refuses a record without a seed, naming line 1', async () => {
    const message = expectUsageError(
      await cli(['replay', '-'], { stdin: 'suits: 4\nrelaxed: 0\n\n1-2\n' }),
    );
    expect(message).toMatch(/standard input, line 1:/);
    expect(message).toMatch(/seed/);
  });

  it('refuses a bad header value, naming its line and the text', async () => {
    const file = writeFile('# my game\nseed: 1\nsuits: 3\n\n1-2\n');
    const message = expectUsageError(await cli(['replay', file]));
    expect(message).toContain(`'${file}', line 3`);
    expect(message).toMatch(/suits must be 1, 2 or 4, not '3'/);
  });

  it('refuses a bad seed in a record', async () => {
    const message = expectUsageError(await cli(['replay', '-'], { stdin: 'seed:  42\n\n1-2\n' }));
    expect(message).toMatch(/line 1/);
    expect(message).toMatch(/white space/);
  });

  it('refuses a bad token, naming its line and the token', async () => {
    const message = expectUsageError(
      await cli(['replay', '-'], { stdin: 'seed: 1\n\n1-2 d\n3-4\n10-2 11-3 d\n' }),
    );
    expect(message).toMatch(/line 5/);
    expect(message).toContain("'11-3'");
  });

  it('escapes an escape character in a token', async () => {
    const message = expectUsageError(
      await cli(['replay', '-'], { stdin: 'seed: 1\n\n1-2\x1b[2J\n' }),
    );
    expect(message).toMatch(/line 3/);
    expect(message).toContain('1-2\\x1b[2J');
    expect(message).not.toContain(ESC);
  });

  it('checks the whole record before playing any of it', async () => {
    // An illegal action before a malformed token: the record is malformed (2), nothing printed.
    const outcome = await cli(['replay', '-'], { stdin: 'seed: 1\n\n1-1\nzz\n' });
    expectUsageError(outcome);
    expect(outcome.stderr).toContain("'zz'");
  });
});

describe('spider replay', () => {
  const configs: [string, Rules][] = [
    ['4 suits', { suits: 4, relaxed: 0, keepSuits: false }],
    ['2 suits relaxed 1', { suits: 2, relaxed: 1, keepSuits: false }],
    ['1 suit relaxed 2 keep-suits', { suits: 1, relaxed: 2, keepSuits: true }],
  ];

  it.each(configs)(
    'plays a long legal game (%s) to the position the engine reaches',
    async (_, rules) => {
      const { game, actions } = randomGame('replay-test', rules, 200, 'choices');
      expect(actions.length).toBeGreaterThan(50);
      const record = formatRecord({
        deal: bySeed('replay-test'),
        rules,
        meta: [['player', 'jest']],
        actions,
      });
      const file = writeFile(record);
      const outcome = await cli(['replay', file, '--json', '--reveal']);
      expect(outcome.stderr).toBe('');
      expect(outcome.status).toBe(0);
      expect(JSON.parse(outcome.stdout)).toEqual(positionJson(game, true));
      expect(json(outcome).actions).toBe(actions.length);

      const hidden = await cli(['replay', file, '--json']);
      expect(JSON.parse(hidden.stdout)).toEqual(positionJson(game, false));

      // The line of play as the game keeps it: `F-T` without a count where the count is implied.
      const kept = actionsKept(game);
      expect(kept.some((a) => a.kind === 'move' && a.count === undefined)).toBe(true);
      const short = await cli(['replay', '-', '--json', '--reveal'], {
        stdin: formatRecord({ deal: bySeed('replay-test'), rules, meta: [], actions: kept }),
      });
      expect(short.status).toBe(0);
      expect(JSON.parse(short.stdout)).toEqual(positionJson(game, true));
    },
  );

  it('reads a save as its line of play kept: its undone actions are not played, its action count is kept', async () => {
    // A game where the player dealt twice and undid the second deal: the save's body holds both.
    const save =
      'seed: 42\nsuits: 1\nsave-format: 1\nundone: 1\nactions: 7\npeeks: 0\nelapsed-ms: 5\n\nd d\n';
    const outcome = await cli(['replay', writeFile(save), '--json']);
    expect(outcome.stderr).toBe('');
    expect(json(outcome)).toMatchObject({
      stock: 40,
      actions: 7,
      score: { microsoft: 493 },
    });
    const dealtOnce = await cli(['replay', '-', '--json'], { stdin: 'seed: 42\nsuits: 1\n\nd\n' });
    expect(json(outcome).columns).toEqual(json(dealtOnce).columns);
    // Without save-format, `undone` is only metadata: both deals are played.
    const plain = await cli(['replay', '-', '--json'], {
      stdin: 'seed: 42\nsuits: 1\nundone: 1\n\nd d\n',
    });
    expect(json(plain)).toMatchObject({ stock: 30, actions: 2 });

    // solve and where-lost go on from the line kept, and the record solve prints holds no undone deal.
    const solved = await cli(['solve', writeFile(save), '--time', '60']);
    const fromKept = await cli(['solve', '-', '--time', '60'], {
      stdin: 'seed: 42\nsuits: 1\n\nd\n',
    });
    expect(solved.status).toBe(0);
    const body = (out: Outcome) => out.stdout.split('\n\n')[1];
    expect(body(solved)).toEqual(body(fromKept));
    expect(body(solved)).toMatch(/^d (?!d)/);
  });

  it('refuses a save whose undone count is more than its actions, naming the line (exit 2)', async () => {
    const file = writeFile('seed: 42\nsave-format: 1\nundone: 3\n\nd d\n');
    const outcome = await cli(['replay', file]);
    expect(outcome.status).toBe(2);
    expect(outcome.stderr).toBe(
      `spider: '${file}', line 3: a save's undone actions must be a whole number from 0 to the 2 actions in its body, not '3'\n`,
    );
  });

  it('replays the example record of docs/records.md', async () => {
    const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'records.md'), 'utf8');
    const example = /```\n(# Lines starting with '#' are comments\.\n[^]*?)```/.exec(doc);
    expect(example).not.toBeNull();
    const outcome = await cli(['replay', '-', '--json'], { stdin: example![1] });
    expect(outcome.stderr).toBe('');
    expect(json(outcome)).toMatchObject({ seed: '42', actions: 4, status: 'playing' });
  });

  it('removes complete suits with rF in a keep-suits game', async () => {
    const rules: Rules = { suits: 1, relaxed: 2, keepSuits: true };
    // Find a choice seed whose game removes at least one suit, so `rF` is replayed.
    for (let n = 0; n < 50; n++) {
      const { game, actions } = randomGame('keep', rules, 400, `c${n}`);
      if (!actions.some((a) => a.kind === 'remove')) continue;
      const outcome = await cli(['replay', '-', '--json'], {
        stdin: formatRecord({ deal: bySeed('keep'), rules, meta: [], actions }),
      });
      expect(outcome.status).toBe(0);
      expect(JSON.parse(outcome.stdout)).toEqual(positionJson(game, false));
      expect(json(outcome).foundations.length).toBeGreaterThan(0);
      return;
    }
    throw new Error('no random game removed a suit');
  });

  it("reads standard input for '-'", async () => {
    const game = newGame('stdin', { suits: 4, relaxed: 0, keepSuits: false });
    const dealt = play(game, DEAL);
    if (!dealt.ok) throw new Error('deal refused');
    const outcome = await cli(['replay', '-', '--json'], { stdin: 'seed: stdin\n\nd\n' });
    expect(outcome.status).toBe(0);
    expect(JSON.parse(outcome.stdout)).toEqual(positionJson(dealt.game, false));
  });

  it('replays a record with no actions to the deal', async () => {
    const replayed = await cli(['replay', '-', '--json', '--reveal'], { stdin: 'seed: 42\n' });
    const dealt = await cli(['deal', '--seed', '42', '--json', '--reveal']);
    expect(replayed.status).toBe(0);
    expect(replayed.stdout).toBe(dealt.stdout);
  });

  it('replays the record of any seed deal accepts', async () => {
    for (const seed of [
      'a\u2028b',
      'x'.repeat(100),
      'white space inside',
      '# not a comment',
      '漢字 ♠',
    ]) {
      const dealt = await cli(['deal', '--seed', seed, '--json', '--reveal']);
      expect(dealt.status).toBe(0);
      const rules: Rules = { suits: 4, relaxed: 0, keepSuits: false };
      const replayed = await cli(['replay', '-', '--json', '--reveal'], {
        stdin: formatRecord({ deal: bySeed(seed), rules, meta: [], actions: [] }),
      });
      expect(replayed.stderr).toBe('');
      expect(replayed.stdout).toBe(dealt.stdout);
    }
  });

  it('accepts metadata keys and ignores them in play', async () => {
    const body = '\nd 1-2 d\n';
    const bare = await cli(['replay', '-', '--json', '--reveal'], {
      stdin: `seed: 9\nsuits: 2\n${body}`,
    });
    const withMeta = await cli(['replay', '-', '--json', '--reveal'], {
      stdin: `date: 2024-05-01\nseed: 9\nplayer: Ada Lovelace\nsuits: 2\nresult: lost\n${body}`,
    });
    expect(withMeta.stderr).toBe(bare.stderr);
    expect(withMeta.status).toBe(bare.status);
    expect(withMeta.stdout).toBe(bare.stdout);
    expect(json(withMeta).suits).toBe(2);
  });

  it('prints the text board of the final position', async () => {
    const outcome = await cli(['replay', '-', '--ascii'], { stdin: 'seed: 3\n\nd d\n' });
    expect(outcome.status).toBe(0);
    expect(outcome.stdout).toContain('seed 3');
    expect(outcome.stdout).toMatch(/Actions: 2/);
    expect(outcome.stdout).toMatch(/3 deals left/);
  });

  it('stops at an illegal action: exit 1, its number, token and reason, and the position before it', async () => {
    const stdin = 'seed: 1\n\nd d d\nd d\n# the stock is empty now\nd 1-2\n';
    const outcome = await cli(['replay', '-', '--json'], { stdin });
    expect(outcome.status).toBe(1);
    expectOneLineMessage(outcome.stderr);
    expect(outcome.stderr).toMatch(/action 6\b/);
    expect(outcome.stderr).toContain("'d'");
    expect(outcome.stderr).toMatch(/line 6/);
    expect(outcome.stderr).toMatch(/stock is empty/);
    const doc = json(outcome);
    expect(doc.actions).toBe(5);
    expect(doc.stock).toBe(0);

    let game = newGame('1', { suits: 4, relaxed: 0, keepSuits: false });
    for (let n = 0; n < 5; n++) {
      const dealt = play(game, DEAL);
      if (!dealt.ok) throw new Error('deal refused');
      game = dealt.game;
    }
    expect(doc).toEqual(positionJson(game, false));
  });

  it('names the engine reason for an illegal move', async () => {
    const rules: Rules = { suits: 4, relaxed: 0, keepSuits: false };
    const game = newGame('11', rules);
    // A move the engine refuses in the deal of seed 11.
    let illegal: Action | undefined;
    let reason = '';
    for (let from = 0; from < 10 && !illegal; from++) {
      for (let to = 0; to < 10 && !illegal; to++) {
        if (from === to) continue;
        const outcome = play(game, move(from, to));
        if (!outcome.ok) {
          illegal = move(from, to);
          reason = explain(outcome.refusal, true);
        }
      }
    }
    if (!illegal || illegal.kind !== 'move') throw new Error('every move is legal?');
    const token = `${illegal.from + 1}-${illegal.to + 1}`;
    const outcome = await cli(['replay', '-', '--ascii'], { stdin: `seed: 11\n\n${token} d\n` });
    expect(outcome.status).toBe(1);
    expectOneLineMessage(outcome.stderr);
    expect(outcome.stderr).toContain('action 1 ');
    expect(outcome.stderr).toContain(`'${token}'`);
    expect(outcome.stderr).toContain(reason);
    expect(outcome.stdout).toMatch(/Actions: 0/);
  });

  it('names cards in notation in the message when the output is --json (for scripts)', async () => {
    // Seed 42: column 2 shows A♠, and nothing goes onto an ace.
    const outcome = await cli(['replay', '-', '--json', '--unicode'], {
      stdin: 'seed: 42\n\n5-2\n',
    });
    expect(outcome.status).toBe(1);
    expect(outcome.stderr).toContain('nothing goes onto an ace (As)');
    const text = await cli(['replay', '-', '--unicode'], { stdin: 'seed: 42\n\n5-2\n' });
    expect(text.stderr).toContain('nothing goes onto an ace (A♠)');
  });

  it('refuses a count larger than the run as an illegal action (exit 1), however large', async () => {
    // Seed 1: column 2 can move one card (the deal's top card alone).
    const larger = await cli(['replay', '-', '--json'], { stdin: 'seed: 1\n\nd 2-1/105\n' });
    expect(larger.status).toBe(1);
    expect(larger.stderr).toMatch(/action 2 '2-1\/105' \(line 3\).* together, not 105;/);
    expect(json(larger).actions).toBe(1);
    const huge = await cli(['replay', '-'], { stdin: 'seed: 1\n\n2-1/99999999999999999999\n' });
    expect(huge.status).toBe(1);
    expect(huge.stderr).toMatch(/'2-1\/99999999999999999999' .* together, not so many;/);
  });

  it('refuses a move onto its own column and a remove without a suit (exit 1)', async () => {
    const same = await cli(['replay', '-', '--json'], { stdin: 'seed: 1\n\n3-3\n' });
    expect(same.status).toBe(1);
    expect(same.stderr).toMatch(/action 1 '3-3'.*own column/);
    expect(json(same).actions).toBe(0);

    const removal = await cli(['replay', '-', '--json'], {
      stdin: 'seed: 1\nkeep-suits: yes\n\nd r5\n',
    });
    expect(removal.status).toBe(1);
    expect(removal.stderr).toMatch(/action 2 'r5'.*column 5/);
    expect(json(removal).actions).toBe(1);
  });
});

describe('help and version', () => {
  it('--version prints the version and exits 0', async () => {
    for (const flag of ['--version', '-V']) {
      const outcome = await cli([flag]);
      expect(outcome.status).toBe(0);
      expect(outcome.stdout.trim()).toBe('9.8.7');
      expect(outcome.stderr).toBe('');
    }
  });

  it('--help lists the commands and exits 0', async () => {
    const outcome = await cli(['--help']);
    expect(outcome.status).toBe(0);
    expect(outcome.stdout).toMatch(/\bdeal\b/);
    expect(outcome.stdout).toMatch(/\breplay\b/);
    expect(outcome.stderr).toBe('');
  });

  it('deal --help and replay --help describe their options and exit 0', async () => {
    const deal = await cli(['deal', '--help']);
    expect(deal.status).toBe(0);
    for (const option of ['--seed', '--suits', '--relaxed', '--keep-suits', '--json', '--reveal'])
      expect(deal.stdout).toContain(option);
    const replay = await cli(['replay', '--help']);
    expect(replay.status).toBe(0);
    expect(replay.stdout).toMatch(/file/i);
    expect(replay.stdout).toContain('--json');
  });
});
