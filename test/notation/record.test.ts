import fc from 'fast-check';
import { type Action, DEAL, move, remove, type Rules, bySeed } from '../../src/engine';
import {
  formatAction,
  formatRecord,
  type GameRecord,
  parseRecord,
  type RecordError,
} from '../../src/notation';

/** The record, failing the test with the parse error when there is one. */
function parsed(text: string): GameRecord {
  const result = parseRecord(text);
  if (!result.ok) throw new Error(`unexpected parse error: ${JSON.stringify(result.error)}`);
  return result.record;
}

/** Each action's token as written, found through `where`. */
const tokensOf = (record: GameRecord) => record.actions.map((_, i) => record.where(i).token);
/** Each action's 1-based line, found through `where`. */
const linesOf = (record: GameRecord) => record.actions.map((_, i) => record.where(i).line);

/** The parse error, failing the test when the text parses. */
function refused(text: string): RecordError {
  const result = parseRecord(text);
  if (result.ok) throw new Error(`parsed, but should not: ${JSON.stringify(text)}`);
  return result.error;
}

const SAMPLE = `# anything after '#' at the start of a line is a comment
seed: 42
suits: 4
relaxed: 0
keep-suits: no

1-5 3-7/2 d 4-1
10-2 r5
`;

describe('parseRecord', () => {
  it('reads an example record (docs/records.md, "Move notation and game records")', () => {
    const record = parsed(SAMPLE);
    expect(record.deal.key).toBe('42');
    expect(record.rules).toEqual({ suits: 4, relaxed: 0, keepSuits: false });
    expect(record.meta).toEqual([]);
    expect(record.actions).toEqual([
      move(0, 4),
      move(2, 6, 2),
      DEAL,
      move(3, 0),
      move(9, 1),
      remove(4),
    ]);
    expect(tokensOf(record)).toEqual(['1-5', '3-7/2', 'd', '4-1', '10-2', 'r5']);
    expect(linesOf(record)).toEqual([7, 7, 7, 7, 8, 8]);
  });

  it('uses the default rules: 4 suits, relaxed 0, keep-suits no', () => {
    const record = parsed('seed: 7\n');
    expect(record.rules).toEqual({ suits: 4, relaxed: 0, keepSuits: false });
    expect(record.actions).toEqual([]);
    expect(record.meta).toEqual([]);
  });

  it.each<[string, Rules]>([
    ['suits: 1\nrelaxed: 2\nkeep-suits: yes', { suits: 1, relaxed: 2, keepSuits: true }],
    ['suits: 2\nrelaxed: 1\nkeep-suits: no', { suits: 2, relaxed: 1, keepSuits: false }],
    ['keep-suits: yes', { suits: 4, relaxed: 0, keepSuits: true }],
    ['relaxed: 1', { suits: 4, relaxed: 1, keepSuits: false }],
    ['suits: 2', { suits: 2, relaxed: 0, keepSuits: false }],
  ])('reads the rules %j', (lines, rules) => {
    expect(parsed(`seed: x\n${lines}\n\nd\n`).rules).toEqual(rules);
  });

  it('takes the seed as the rest of the line after ": "', () => {
    expect(parsed('seed: hello world: #1\n').deal.key).toBe('hello world: #1');
    expect(parsed('seed: ♠ spades\n').deal.key).toBe('♠ spades');
  });

  it('reads a seed holding a line or paragraph separator (valid seeds, not control characters)', () => {
    expect(parsed('seed: a\u2028b\u2029c\n\nd\n').deal.key).toBe('a\u2028b\u2029c');
    expect(parsed('seed: 1\nplayer: x\u2028y\n').meta).toEqual([['player', 'x\u2028y']]);
  });

  it('skips comment lines, also indented ones, in the header and the body', () => {
    const record = parsed(
      '# a comment\n   # an indented comment\nseed: 1\n# between header lines\nsuits: 2\n\n' +
        'd\n\t# in the body\n  # 1-2 is not played\n2-3\n',
    );
    expect(record.deal.key).toBe('1');
    expect(record.rules.suits).toBe(2);
    expect(tokensOf(record)).toEqual(['d', '2-3']);
    expect(linesOf(record)).toEqual([7, 10]);
  });

  it('skips blank lines before the header', () => {
    const record = parsed('\n\n   \n# c\n\nseed: 3\nsuits: 1\n\nd\n');
    expect(record.deal.key).toBe('3');
    expect(record.rules.suits).toBe(1);
    expect(linesOf(record)).toEqual([9]);
  });

  it('reads CRLF line endings', () => {
    const record = parsed(SAMPLE.replace(/\n/g, '\r\n'));
    expect(record).toEqual(parsed(SAMPLE));
    expect(record.deal.key).toBe('42');
  });

  it('ignores a byte order mark at the start', () => {
    const record = parsed(`\uFEFF${SAMPLE}`);
    expect(record).toEqual(parsed(SAMPLE));
  });

  it('reads tokens over many lines and tells each token its line', () => {
    const record = parsed('seed: 5\n\n1-2\n\n\n  d   3-4/2\t5-6\n\nr1\n10-9\n');
    expect(tokensOf(record)).toEqual(['1-2', 'd', '3-4/2', '5-6', 'r1', '10-9']);
    expect(linesOf(record)).toEqual([3, 6, 6, 6, 8, 9]);
    expect(record.actions).toEqual([
      move(0, 1),
      DEAL,
      move(2, 3, 2),
      move(4, 5),
      remove(0),
      move(9, 8),
    ]);
  });

  it('keeps other header keys as metadata, in file order, and they change no rule', () => {
    const record = parsed(
      'date: 2024-05-01\nseed: 9\nplayer: Ada Lovelace\nsuits: 2\nresult: won (990)\n\nd\n',
    );
    expect(record.meta).toEqual([
      ['date', '2024-05-01'],
      ['player', 'Ada Lovelace'],
      ['result', 'won (990)'],
    ]);
    expect(record.rules).toEqual({ suits: 2, relaxed: 0, keepSuits: false });
    expect(record.deal.key).toBe('9');
  });

  it("counts a save's undone actions, which only a save has: a plain record's `undone` is metadata", () => {
    const save = parsed('seed: 9\nsave-format: 1\nundone: 2\nactions: 5\n\nd d d\n');
    expect(save.actions).toEqual([DEAL, DEAL, DEAL]);
    expect(save.undone).toBe(2);
    expect(parsed('seed: 9\nsave-format: 1\nundone: 0\n\n').undone).toBe(0);
    const plain = parsed('seed: 9\nundone: lots\n\nd d\n');
    expect(plain.undone).toBe(0);
    expect(plain.meta).toEqual([['undone', 'lots']]);
    expect(parsed(SAMPLE).undone).toBe(0);
  });

  describe('errors', () => {
    it('refuses a record without a seed, at line 1', () => {
      const error = refused('suits: 4\nrelaxed: 0\n\n1-2\n');
      expect(error.line).toBe(1);
      expect(error.reason).toMatch(/seed/);
      expect(refused('').reason).toMatch(/seed/);
      expect(refused('# only a comment\n').reason).toMatch(/seed/);
    });

    it("refuses a save's undone count that is not a whole number of its actions, at its line", () => {
      for (const value of ['3', '-1', 'x', '1.5', '']) {
        const error = refused(`seed: 9\nsave-format: 1\nundone: ${value}\n\nd d\n`);
        expect(error).toMatchObject({ line: 3, text: `undone: ${value}` });
        expect(error.reason).toBe(
          `a save's undone actions must be a whole number from 0 to the 2 actions in its body, not '${value}'`,
        );
      }
    });

    it('refuses an undone count that is no number in a header read alone, without counting', () => {
      const error = parseRecord('seed: 9\nsave-format: 1\nundone: x\n', { headerOnly: true });
      expect(error.ok).toBe(false);
      if (error.ok) return;
      expect(error.error.reason).toBe(
        "a save's undone actions must be a whole number from 0 to the number of actions in its body, not 'x'",
      );
    });

    it('refuses a seed that is only in the body: the header has none', () => {
      const error = refused('suits: 4\n\nseed: 1\n');
      expect(error.line).toBe(1);
      expect(error.reason).toMatch(/no 'seed: \.\.\.' or 'deal: \.\.\.' line/);
    });

    it('refuses a duplicate key, at its second line', () => {
      const error = refused('seed: 1\nsuits: 2\nsuits: 2\n\nd\n');
      expect(error).toMatchObject({ line: 3, text: 'suits: 2' });
      expect(error.reason).toMatch(/suits.*twice/);
      expect(refused('seed: 1\nseed: 1\n').line).toBe(2);
      expect(refused('seed: 1\nplayer: a\nplayer: b\n').line).toBe(3);
    });

    it.each([
      ['suits: 3', /suits must be 1, 2 or 4, not '3'/],
      ['suits: four', /suits must be 1, 2 or 4/],
      ['suits:', /suits must be 1, 2 or 4/],
      // Names every object has are not values (they passed once, and made nonsense rules).
      ['suits: constructor', /suits must be 1, 2 or 4, not 'constructor'/],
      ['relaxed: toString', /relaxed must be 0, 1, 2 or 3, not 'toString'/],
      ['keep-suits: __proto__', /keep-suits must be yes or no, not '__proto__'/],
      ['relaxed: 4', /relaxed must be 0, 1, 2 or 3, not '4'/],
      ['relaxed: -1', /relaxed must be 0, 1, 2 or 3/],
      ['keep-suits: true', /keep-suits must be yes or no, not 'true'/],
      ['keep-suits: Yes', /keep-suits must be yes or no/],
    ])('refuses %j, naming line 2 and the line', (line, reason) => {
      const error = refused(`seed: 1\n${line}\n\nd\n`);
      expect(error.line).toBe(2);
      expect(error.text).toBe(line);
      expect(error.reason).toMatch(reason);
    });

    it.each([
      ['seed: ', /empty/],
      ['seed:  42', /white space/],
      ['seed: 42 ', /white space/],
      [`seed: ${'x'.repeat(101)}`, /100/],
      ['seed: a\x07b', /control/],
    ])('refuses the seed line %j', (line, reason) => {
      const error = refused(`${line}\n\nd\n`);
      expect(error.line).toBe(1);
      expect(error.reason).toMatch(reason);
    });

    it('accepts a seed of 100 characters', () => {
      expect(parsed(`seed: ${'y'.repeat(100)}\n`).deal.key).toBe('y'.repeat(100));
    });

    it('refuses a header line that is not "key: value"', () => {
      const error = refused('seed: 1\nthis is not a header\n\nd\n');
      expect(error.line).toBe(2);
      expect(error.text).toBe('this is not a header');
      // Tokens straight after the header, with no blank line between.
      expect(refused('seed: 1\n1-2 d\n')).toMatchObject({ line: 2, text: '1-2 d' });
      // The value follows ': ', so a file that is not a record is found out on its first line.
      expect(refused('seed:42\n\nd\n')).toMatchObject({ line: 1, text: 'seed:42' });
      expect(refused('root:x:0:0:root:/root:/bin/bash\n')).toMatchObject({
        line: 1,
        reason: expect.stringContaining('expected a header line'),
      });
      // A key alone with its colon has an empty value.
      expect(parsed('seed: 1\nplayer:\n\nd\n').meta).toEqual([['player', '']]);
    });

    it('takes any key without control characters or white space at its ends, up to the first ": "', () => {
      const record = 'seed: 1\nplayed on: 2026-11-28\n日付: 土曜日\nx/y: v\na:b: v: w\nend:\n\nd\n';
      const meta = [
        ['played on', '2026-11-28'],
        ['日付', '土曜日'],
        ['x/y', 'v'],
        ['a:b', 'v: w'],
        ['end', ''],
      ];
      expect(parsed(record).meta).toEqual(meta);
      // They are written back as they were read.
      const again = parsed(formatRecord(parsed(record)));
      expect(again.meta).toEqual(meta);
      for (const line of ['seed : 1', ' player: ada', 'a\tb: v', 'a\x1bb: v', ': v']) {
        expect(refused(`seed: 1\n${line}\n\nd\n`)).toMatchObject({
          line: 2,
          reason: expect.stringContaining('expected a header line'),
        });
      }
    });

    it('names the second line when a record names its deal both ways', () => {
      expect(refused('seed: 1\nsuits: 1\ndeal: pysol:1\n\n')).toMatchObject({
        line: 3,
        text: 'deal: pysol:1',
      });
      expect(refused('deal: pysol:1\nseed: 1\n\n')).toMatchObject({ line: 2, text: 'seed: 1' });
    });

    it.each(['0-3', '11-2', '1-2/0', '01-2', 'D', 'r11', '1-', 'x'])(
      'refuses the token %j, naming its line and the token',
      (token) => {
        const error = refused(`seed: 1\n\nd 1-2\n\n3-4 ${token} 5-6\n`);
        expect(error.line).toBe(5);
        expect(error.text).toBe(token);
        expect(error.reason).toContain(`'${token}'`);
        expect(error.reason).toMatch(/F-T/);
      },
    );

    it('refuses a comment after tokens on the same line', () => {
      expect(refused('seed: 1\n\nd # deal\n')).toMatchObject({ line: 3, text: '#' });
    });

    it('escapes control characters in the offending text and the reason', () => {
      const token = refused('seed: 1\n\n1-2 x\x1b[31m\n');
      expect(token.line).toBe(3);
      expect(token.text).toBe('x\\x1b[31m');
      expect(token.reason).toContain('x\\x1b[31m');
      expect(token.reason).not.toContain('\x1b');

      const header = refused('seed: 1\nsuits: 4\x07\n');
      expect(header.line).toBe(2);
      expect(header.text).toBe('suits: 4\\x07');
      expect(header.reason).not.toContain('\x07');

      const meta = refused('seed: 1\nplayer: a\x1bb\n');
      expect(meta.line).toBe(2);
      expect(meta.text).toBe('player: a\\x1bb');
      expect(meta.reason).not.toContain('\x1b');

      const seed = refused('seed: \x1b]0;title\x07\n');
      for (const raw of ['\x07', '\x1b']) {
        expect(seed.text).not.toContain(raw);
        expect(seed.reason).not.toContain(raw);
      }
      expect(seed.reason).toContain('\\x1b]0;title\\x07');
    });

    it('counts lines from 1 with CRLF endings and a BOM', () => {
      const error = refused('\uFEFFseed: 1\r\n\r\nd\r\n1-2 zz\r\n');
      expect(error.line).toBe(4);
      expect(error.text).toBe('zz');
    });
  });
});

describe('formatRecord', () => {
  it('writes the header, a blank line and the tokens', () => {
    const text = formatRecord({
      deal: bySeed('42'),
      rules: { suits: 2, relaxed: 1, keepSuits: true },
      meta: [['player', 'Ada']],
      actions: [move(0, 4), move(2, 6, 2), DEAL, remove(4)],
    });
    expect(text).toBe(
      'seed: 42\nsuits: 2\nrelaxed: 1\nkeep-suits: yes\nplayer: Ada\n\n1-5 3-7/2 d r5\n',
    );
  });

  it('keeps body lines short', () => {
    const actions = Array.from({ length: 300 }, (_, i) => move(i % 10, (i + 3) % 10, 1 + (i % 13)));
    const text = formatRecord({
      deal: bySeed('s'),
      rules: { suits: 4, relaxed: 0, keepSuits: false },
      meta: [],
      actions,
    });
    const body = text.split('\n\n')[1].split('\n').filter(Boolean);
    expect(body.length).toBeGreaterThan(1);
    for (const line of body) expect(line.length).toBeLessThanOrEqual(72);
    expect(parsed(text).actions).toEqual(actions);
  });

  /**
   * Seeds as docs/deals.md defines them ("Deals: the seed contract"): 1..100 characters, no control
   * characters, no white space at either end.
   */
  const seedChar = fc.oneof(
    fc.constantFrom(...'abcXYZ0189 -_:#♠♥é漢\u2028\u200b\u00a0'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  );
  const seed = fc
    .array(seedChar, { minLength: 1, maxLength: 100 })
    .map((chars) => chars.join(''))
    .filter(
      (s) =>
        Array.from(s).length <= 100 && !/\p{Cc}/u.test(s) && !/^\s|\s$/u.test(s) && s.length > 0,
    );
  const rules: fc.Arbitrary<Rules> = fc.record({
    suits: fc.constantFrom(1 as const, 2 as const, 4 as const),
    relaxed: fc.constantFrom(0 as const, 1 as const, 2 as const),
    keepSuits: fc.boolean(),
  });
  const metaKey = fc
    .stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,11}$/)
    .filter((k) => !['seed', 'suits', 'relaxed', 'keep-suits'].includes(k));
  const metaValue = fc
    .string({ unit: 'grapheme', maxLength: 30 })
    .filter((v) => !/\p{Cc}/u.test(v));
  const meta = fc.uniqueArray(fc.tuple(metaKey, metaValue), {
    selector: ([key]) => key,
    maxLength: 5,
  });
  const column = fc.integer({ min: 0, max: 9 });
  const action: fc.Arbitrary<Action> = fc.oneof(
    fc.constant(DEAL),
    column.map((c) => remove(c)),
    fc.tuple(column, column).map(([from, to]) => move(from, to)),
    fc
      .tuple(column, column, fc.integer({ min: 1, max: 104 }))
      .map(([from, to, count]) => move(from, to, count)),
  );
  const numbered = fc.oneof(
    fc
      .bigInt({ min: 1n, max: 99999999999999999999n })
      .map((n) => ({ scheme: 'pysol' as const, key: String(n) })),
    fc
      .integer({ min: 1, max: 2147483647 })
      .map((n) => ({ scheme: 'kpat' as const, key: String(n) })),
  );
  const deal = fc.oneof(seed.map(bySeed), numbered);
  const record = fc.record({ deal, rules, meta, actions: fc.array(action, { maxLength: 120 }) });

  it('parseRecord(formatRecord(r)) gives r back', () => {
    fc.assert(
      fc.property(record, (r) => {
        const back = parsed(formatRecord(r));
        expect({
          deal: back.deal,
          rules: back.rules,
          meta: back.meta,
          actions: back.actions,
        }).toEqual(r);
        const lines = linesOf(back);
        expect(tokensOf(back)).toEqual(r.actions.map(formatAction));
        expect(lines.every((line) => line > 5)).toBe(true);
        expect([...lines].sort((a, b) => a - b)).toEqual(lines);
      }),
      { numRuns: 300 },
    );
  });

  it('formats a parsed record to text that parses the same', () => {
    fc.assert(
      fc.property(record, (r) => {
        const once = parsed(formatRecord(r));
        const twice = parsed(formatRecord(once));
        expect(twice).toEqual(once);
      }),
      { numRuns: 100 },
    );
  });
});
