/**
 * The daily board's names and ranking (docs/serve.md, "The daily board").
 */
import type { Rules } from '../../src/engine';
import { type NamedEntry, nameKey, placeOf, rankDay, readName } from '../../src/stats/board';
import { boardLines, ordinal } from '../../src/words/board';

const FOUR: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const ONE: Rules = { suits: 1, relaxed: 0, keepSuits: false };
const DAY = '2026-12-07';

function entry(player: string, over: Partial<NamedEntry> = {}): NamedEntry {
  return {
    player,
    name: player,
    day: DAY,
    rules: FOUR,
    outcome: 'won',
    moves: 100,
    elapsedMs: 60_000,
    peeks: 0,
    helped: false,
    ended: '2026-12-07T10:00:00.000Z',
    ...over,
  };
}

describe('names', () => {
  test('are trimmed, their inner blanks one space, composed', () => {
    expect(readName('  Ada   Lovelace \t')).toEqual({
      ok: true,
      name: 'Ada Lovelace',
      key: 'ada lovelace',
    });
    // e + combining acute is é composed.
    const read = readName('Ame\u0301lie');
    expect(read.ok && read.name).toBe('Amélie');
  });

  test('take at most 16 columns, wide characters counting two', () => {
    expect(readName('a'.repeat(16)).ok).toBe(true);
    expect(readName('a'.repeat(17))).toEqual({
      ok: false,
      why: expect.stringMatching(/16 columns/),
    });
    expect(readName('漢字漢字漢字漢字').ok).toBe(true); // 16 columns
    expect(readName('漢字漢字漢字漢字a').ok).toBe(false);
  });

  test('are printable: no controls, no zero-width characters, not empty', () => {
    for (const bad of ['', '   ', 'a\x1b[31mb', 'a\u200bb', 'a\u202eb', 'x\u0007'])
      expect(readName(bad).ok).toBe(false);
  });

  test('look-alikes have one key: case, full-width and ligatures', () => {
    expect(nameKey('Ada')).toBe(nameKey('ADA'));
    expect(nameKey('Ａｄａ')).toBe(nameKey('ada'));
    expect(nameKey('ﬁsh')).toBe(nameKey('FISH'));
    expect(nameKey('Ada')).not.toBe(nameKey('Adam'));
  });
});

describe('ranking', () => {
  test('won first, then fewest moves, then least time; lost before abandoned', () => {
    const board = rankDay(
      [
        entry('slow', { elapsedMs: 90_000 }),
        entry('left', { outcome: 'abandoned', moves: 10 }),
        entry('long', { moves: 150 }),
        entry('lost', { outcome: 'lost', moves: 200 }),
        entry('fast', { elapsedMs: 30_000 }),
      ],
      DAY,
      FOUR,
    );
    expect(board.clean.map((p) => [p.place, p.name])).toEqual([
      [1, 'fast'],
      [2, 'slow'],
      [3, 'long'],
      [4, 'lost'],
      [5, 'left'],
    ]);
    expect(board.helped).toEqual([]);
  });

  test('peeks or help are ranked apart', () => {
    const board = rankDay(
      [entry('peeker', { peeks: 2, moves: 50 }), entry('demo', { helped: true }), entry('own')],
      DAY,
      FOUR,
    );
    expect(board.clean.map((p) => p.name)).toEqual(['own']);
    expect(board.helped.map((p) => p.name)).toEqual(['peeker', 'demo']);
  });

  test('one entry a player: their best of the day, one without help before any with', () => {
    const board = rankDay(
      [
        entry('ada', { outcome: 'lost', moves: 80 }),
        entry('ada', { moves: 120 }),
        entry('ada', { moves: 90, peeks: 1 }),
        entry('bob', { moves: 95, helped: true }),
        entry('bob', { outcome: 'abandoned', moves: 3 }),
      ],
      DAY,
      FOUR,
    );
    expect(board.clean.map((p) => [p.name, p.entry.moves])).toEqual([
      ['ada', 120],
      ['bob', 3],
    ]);
    expect(board.helped).toEqual([]);
  });

  test('equal results share a place; other days, other rules and no name are left off', () => {
    const board = rankDay(
      [
        entry('a'),
        entry('b', { ended: '2026-12-07T11:00:00.000Z' }),
        entry('c', { moves: 101 }),
        entry('d', { day: '2026-12-06' }),
        entry('e', { rules: ONE }),
        entry('f', { name: null }),
      ],
      DAY,
      FOUR,
    );
    expect(board.clean.map((p) => [p.place, p.name])).toEqual([
      [1, 'a'],
      [1, 'b'],
      [3, 'c'],
    ]);
    expect(placeOf(board, 'c')?.placed.place).toBe(3);
    expect(placeOf(board, 'f')).toBeNull();
  });
});

describe('the board in words', () => {
  const many = Array.from({ length: 15 }, (_, i) => entry(`p${i + 1}`, { moves: 100 + i }));

  test('the top places, then the asker where they are below them', () => {
    const board = rankDay(many, DAY, FOUR);
    const lines = boardLines(board, { top: 10, helpedTop: 3, you: 'p13', named: true });
    expect(lines[0]).toMatch(/#\s+name\s+result\s+moves\s+time/);
    expect(lines.slice(1, 11).map((l) => l.trim().split(/\s+/)[1])).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${i + 1}`),
    );
    expect(lines).toContain('     … 5 more');
    expect(lines).toContain('You: 13th of 15.');
    expect(lines.at(-1)).toMatch(/^> {1,2}13 {2}p13 +won +112 +1:00$/);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(76);
  });

  test('names pad by their columns; peeks are named', () => {
    const board = rankDay([entry('x', { name: '漢字', peeks: 2 })], DAY, FOUR);
    const lines = boardLines(board, { top: 10, helpedTop: 3, you: null, named: false });
    expect(lines).toEqual([
      expect.stringMatching(/^ +# +name/),
      'With peeks or help:',
      `   1  漢字${' '.repeat(12)}  won         100     1:00  2 peeks`,
    ]);
  });

  test('an empty board, and an asker without a name', () => {
    const lines = boardLines(rankDay([], DAY, FOUR), {
      top: 10,
      helpedTop: 3,
      you: 'me',
      named: false,
    });
    expect(lines[0]).toMatch(/No one is on today's board yet/);
    expect(lines[1]).toMatch(/You have no name yet/);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal).join(' ')).toBe(
      '1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st 111th',
    );
  });
});
