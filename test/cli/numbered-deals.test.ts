/**
 * `--deal SCHEME:N` through the commands (docs/deals.md, "Numbered deals: the same deal as in
 * PySolFC or KPat"): `deal` prints PySolFC's and KPat's deals, records with a `deal:` header
 * replay, and every bad deal is a usage error.
 */
import * as fs from 'fs';
import * as path from 'path';
import { run } from '../../src/cli/program';
import { fakeIo, type FakeIoOptions } from '../helpers/fake-io';

interface Vector {
  deal: string;
  suits: number;
  columns: { down: string[]; up: string[] }[];
  stockCards: string[];
}
const vectors = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'deal-vectors.json'), 'utf8'),
) as { deals: Record<string, Vector> };

async function cli(args: string[], options: FakeIoOptions = {}) {
  const { io, written } = fakeIo(options);
  const status = await run(args, io);
  return { status, ...written };
}

describe('spider deal --deal', () => {
  it.each(['pysol:14934/2', 'pysol:12345678901234567890/4', 'kpat:14934/1', 'kpat:2147483647/4'])(
    '--json --reveal gives the deal %s made',
    async (name) => {
      const vector = vectors.deals[name];
      const out = await cli([
        'deal',
        '--deal',
        vector.deal,
        '--suits',
        String(vector.suits),
        '--json',
        '--reveal',
      ]);
      expect(out.status).toBe(0);
      const json = JSON.parse(out.stdout) as Record<string, unknown>;
      expect(Object.keys(json).slice(0, 2)).toEqual(['deal', 'suits']);
      expect(json.deal).toBe(vector.deal);
      expect(json.seed).toBeUndefined();
      expect(json.suits).toBe(vector.suits);
      expect(json.columns).toEqual(
        vector.columns.map((c) => ({ hidden: c.down.length, down: c.down, up: c.up })),
      );
      expect(json.stockCards).toEqual(vector.stockCards);
    },
  );

  it('names the deal in the text board', async () => {
    const out = await cli(['deal', '--deal', 'kpat:7', '--ascii', '--color', 'never']);
    expect(out.status).toBe(0);
    expect(out.stdout.split('\n')[0]).toMatch(/^Spider {2}deal kpat:7 {2}\(4 suits/);
  });
});

describe('bad deals: exit 2 with one clear line', () => {
  it.each([
    [
      ['--seed', '5', '--deal', 'pysol:5'],
      /--seed and --deal name the deal two ways: give one of them/,
    ],
    [['--deal', 'freecell:5'], /--deal 'freecell:5' is not a deal: a deal is pysol:N or kpat:N/],
    [['--deal', '5'], /--deal '5' is not a deal: a deal is pysol:N or kpat:N$/m],
    // A line break in the value is escaped and a long value cut: still one line.
    [['--deal', 'x\ny'], /--deal 'x\\x0ay' is not a deal: a deal is pysol:N or kpat:N$/m],
    [['--deal', 'a'.repeat(5000)], /--deal 'a{10,200}\.\.\.' is not a deal/],
    [
      ['--deal', 'pysol:0'],
      /PySolFC game numbers are whole numbers from 1 to 99999999999999999999/,
    ],
    [['--deal', 'pysol:0123'], /without leading zeros/],
    [['--deal', 'pysol:100000000000000000000'], /from 1 to 99999999999999999999/],
    [['--deal', 'kpat:2147483648'], /KPat game numbers are whole numbers from 1 to 2147483647/],
  ])('deal %j', async (args, message) => {
    const out = await cli(['deal', ...args]);
    expect(out.status).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/^spider: [^\n]+\n$/);
    expect(out.stderr).toMatch(message);
  });

  it('the game refuses a bad deal before it looks for a terminal', async () => {
    const out = await cli(['--deal', 'kpat:0']);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/KPat game numbers/);
  });
});

describe('records with a deal: header', () => {
  it('replays from the numbered deal', async () => {
    const record = 'deal: kpat:14934\nsuits: 2\n\nd\n';
    const out = await cli(['replay', '-', '--json'], { stdin: record });
    expect(out.status).toBe(0);
    const json = JSON.parse(out.stdout) as {
      deal: string;
      suits: number;
      actions: number;
      stock: number;
    };
    expect(json).toMatchObject({ deal: 'kpat:14934', suits: 2, actions: 1, stock: 40 });
  });

  it('refuses a record with both seed: and deal:', async () => {
    const out = await cli(['replay', '-'], { stdin: 'seed: 1\ndeal: pysol:1\n\n' });
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/'seed: \.\.\.' or by 'deal: \.\.\.', not both/);
  });

  it('refuses a record with a bad deal, naming its line', async () => {
    const out = await cli(['replay', '-'], { stdin: 'deal: pysol:007\n\n' });
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/line 1.*bad deal 'pysol:007'.*leading zeros/);
  });
});

describe('relaxed 3 (KPat rules)', () => {
  it('is taken by --relaxed, records and --json', async () => {
    const dealt = await cli(['deal', '--deal', 'kpat:1', '--relaxed', '3', '--json']);
    expect(dealt.status).toBe(0);
    expect(JSON.parse(dealt.stdout)).toMatchObject({ deal: 'kpat:1', relaxed: 3 });
    const replayed = await cli(['replay', '-', '--json'], { stdin: 'seed: 1\nrelaxed: 3\n\nd\n' });
    expect(replayed.status).toBe(0);
    expect(JSON.parse(replayed.stdout)).toMatchObject({ seed: '1', relaxed: 3, stock: 40 });
  });

  it('--relaxed 4 names the four levels', async () => {
    const out = await cli(['deal', '--relaxed', '4']);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/--relaxed must be 0, 1, 2 or 3, not '4'/);
  });
});
