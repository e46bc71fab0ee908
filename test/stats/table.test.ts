import { SCORING_NAMES, bySeed } from '../../src/engine';
import {
  type GameResult,
  NO_GAMES_LINE,
  statsTable,
  summarize,
  TABLE_WIDTH,
  type VariantStats,
} from '../../src/stats';

// eslint-disable-next-line no-control-regex
const ESCAPE = /\x1b/;

function game(overrides: Partial<GameResult>): GameResult {
  return {
    deal: bySeed('1'),
    rules: { suits: 4, relaxed: 0, keepSuits: false },
    outcome: 'won',
    moves: 145,
    actions: 160,
    peeks: 0,
    elapsedMs: 750_000,
    scores: { woods: 990, microsoft: 1140, aisleriot: 96 },
    ended: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

const history = [
  game({}),
  game({ outcome: 'lost' }),
  game({ rules: { suits: 2, relaxed: 1, keepSuits: true }, outcome: 'abandoned' }),
  game({ rules: { suits: 1, relaxed: 2, keepSuits: false }, peeks: 3 }),
];

/** A variant with numbers as wide as a real history can make them. */
const extreme: VariantStats = {
  rules: { suits: 2, relaxed: 2, keepSuits: true },
  daily: false,
  played: 999_999,
  won: 999_998,
  lost: 1,
  abandoned: 0,
  winRate: 999_998 / 999_999,
  currentStreak: 999_998,
  bestStreak: 999_998,
  bestScore: { woods: 1000, microsoft: 99_999, aisleriot: 96 },
  fewestMoves: 99_999,
  fastestWinMs: 99 * 3_600_000 + 59 * 60_000,
  wonWithoutPeeks: 999_998,
  wonWithHelp: 0,
  timePlayedMs: 999_999 * 99 * 3_600_000,
  winTimeMs: 999_998 * 99 * 3_600_000,
  timedWins: 999_998,
};

describe('statsTable', () => {
  it('has one row per variant, labelled, with the numbers of that variant', () => {
    const text = statsTable(summarize(history), { color: false, scoring: 'woods' });
    const lines = text.split('\n');
    const row = (label: string) => lines.find((l) => l.startsWith(label + ' '));
    expect(row('1 suit r2')?.split(/\s+/).slice(3)).toEqual([
      '1',
      '1',
      '100%',
      '1',
      '1',
      '990',
      '145',
      '12:30',
      '0',
    ]);
    expect(row('2 suits r1 keep')?.split(/\s+/).slice(4)).toEqual([
      '1',
      '0',
      '0%',
      '0',
      '0',
      '-',
      '-',
      '-',
      '0',
    ]);
    expect(row('4 suits r0')?.split(/\s+/).slice(3)).toEqual([
      '2',
      '1',
      '50%',
      '0',
      '1',
      '990',
      '145',
      '12:30',
      '1',
    ]);
    // Rows in the order of summarize.
    expect(text.indexOf('1 suit r2')).toBeLessThan(text.indexOf('2 suits r1 keep'));
    expect(text.indexOf('2 suits r1 keep')).toBeLessThan(text.indexOf('4 suits r0'));
    for (const header of ['Variant', 'Played', 'Won', 'Win', 'Streak', 'Fastest', 'No-peek'])
      expect(text).toContain(header);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('shows the best score of the scoring chosen', () => {
    const summary = summarize(history);
    expect(statsTable(summary, { color: false, scoring: 'microsoft' })).toMatch(
      /microsoft[^\n]*\n(?:[^\n]*\n)*4 suits r0 [^\n]* 1140 /,
    );
    expect(statsTable(summary, { color: false, scoring: 'aisleriot' })).toMatch(
      /4 suits r0 [^\n]* 96 /,
    );
  });

  it('fits 80 columns, even with the widest numbers and every scoring', () => {
    for (const scoring of SCORING_NAMES) {
      const daily = { ...extreme, daily: true };
      for (const stats of [summarize(history), [extreme, daily, ...summarize(history)]]) {
        const text = statsTable(stats, { color: false, scoring });
        for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(TABLE_WIDTH);
      }
    }
    const text = statsTable([extreme], { color: false, scoring: 'microsoft' });
    expect(text).toContain('99:59:00');
    expect(text).toContain('99999');
    expect(text).toContain('999k');
    expect(
      statsTable([{ ...extreme, fastestWinMs: 100 * 3_600_000 }], {
        color: false,
        scoring: 'woods',
      }),
    ).toContain('>99h');
    expect(text).toContain('99%'); // not rounded up to 100% while a game was lost
  });

  it('gives daily deals a line of their own, after the others, and says what it is', () => {
    const text = statsTable(
      summarize([
        ...history,
        game({ daily: '2026-11-23' }),
        game({ daily: '2026-11-24', outcome: 'lost' }),
      ]),
      { color: false, scoring: 'woods' },
    );
    const lines = text.split('\n');
    const four = lines.findIndex((l) => l.startsWith('4 suits r0 '));
    const daily = lines.findIndex((l) => l.startsWith('daily 4s r0 '));
    expect(four).toBeGreaterThan(0);
    expect(daily).toBeGreaterThan(four);
    expect(lines[four].split(/\s+/).slice(3, 6)).toEqual(['2', '1', '50%']);
    expect(lines[daily].split(/\s+/).slice(3, 6)).toEqual(['2', '1', '50%']);
    expect(text).toContain('daily: the daily deals (spider --daily), counted apart');
    expect(statsTable(summarize(history), { color: false, scoring: 'woods' })).not.toContain(
      'daily',
    );
  });

  it('writes no escape code at all without colour', () => {
    for (const scoring of SCORING_NAMES) {
      expect(statsTable(summarize(history), { color: false, scoring })).not.toMatch(ESCAPE);
    }
    expect(statsTable([], { color: false, scoring: 'woods' })).not.toMatch(ESCAPE);
  });

  it('makes the header bold with colour, and only the header', () => {
    const text = statsTable(summarize(history), { color: true, scoring: 'woods' });
    const lines = text.split('\n');
    const header = lines.find((l) => l.includes('Variant'));
    expect(header?.startsWith('\x1b[1m')).toBe(true);
    expect(header?.endsWith('\x1b[22m')).toBe(true);
    // eslint-disable-next-line no-control-regex
    const plain = text.replace(/\x1b\[\d+m/g, '');
    expect(plain).toBe(statsTable(summarize(history), { color: false, scoring: 'woods' }));
    for (const line of lines.filter((l) => /^\d suits? r\d/.test(l)))
      expect(line).not.toMatch(ESCAPE);
  });

  it('says so in one friendly line when no game was played yet', () => {
    expect(statsTable([], { color: false, scoring: 'woods' })).toBe(`${NO_GAMES_LINE}\n`);
    expect(NO_GAMES_LINE).toBe("No games played yet: start one with 'spider'.");
    expect(statsTable([], { color: true, scoring: 'woods' })).toBe(`${NO_GAMES_LINE}\n`);
  });
});
