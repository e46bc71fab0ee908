/**
 * The benchmarks' settings from the environment (README.md, "Test"; the fair player's constants
 * under "The fair player"): a setting given wrongly stops the benchmark with a message that names
 * it, rather than measuring nonsense.
 */
import { alreadyThePlayers, peekFromEnv, tuningFromEnv } from '../../bench/fairgames';
import { SettingError, suitsFromEnv, switchFromEnv, wholeFromEnv } from '../../bench/settings';

describe('a whole number', () => {
  it('is the fallback when not given or empty', () => {
    expect(wholeFromEnv('N', 7, 1, {})).toBe(7);
    expect(wholeFromEnv('N', 7, 1, { N: ' ' })).toBe(7);
  });

  it('is read when given', () => {
    expect(wholeFromEnv('N', 7, 1, { N: '40' })).toBe(40);
    expect(wholeFromEnv('N', 7, 0, { N: '0' })).toBe(0);
  });

  it.each(['abc', '2.5', '0', '-3', '1e400'])('%j is refused, by name', (given) => {
    expect(() =>
      wholeFromEnv('SPIDER_BENCH_PLAY_GAMES', 7, 1, { SPIDER_BENCH_PLAY_GAMES: given }),
    ).toThrow(
      new SettingError(
        `SPIDER_BENCH_PLAY_GAMES='${given}': a whole number of at least 1 is needed`,
      ),
    );
  });
});

describe('a switch', () => {
  it('is its fallback unless given as 1 or 0', () => {
    expect(switchFromEnv('C', false, {})).toBe(false);
    expect(switchFromEnv('C', false, { C: '' })).toBe(false);
    expect(switchFromEnv('C', false, { C: '0' })).toBe(false);
    expect(switchFromEnv('C', false, { C: ' 1 ' })).toBe(true);
    expect(switchFromEnv('C', true, {})).toBe(true);
    expect(switchFromEnv('C', true, { C: ' ' })).toBe(true);
    expect(switchFromEnv('C', true, { C: '0' })).toBe(false);
  });

  it.each(['yes', '2', 'true', 'on'])('%j is refused, saying what is meant', (given) => {
    expect(() =>
      switchFromEnv('SPIDER_BENCH_PLAY_COMPARE', false, { SPIDER_BENCH_PLAY_COMPARE: given }),
    ).toThrow(
      new SettingError(`SPIDER_BENCH_PLAY_COMPARE='${given}': 1 to turn it on, 0 to turn it off`),
    );
  });
});

describe('suit counts', () => {
  it('are 1, 2 and 4 unless given', () => {
    expect(suitsFromEnv('S', undefined, {})).toEqual([1, 2, 4]);
    expect(suitsFromEnv('S', undefined, { S: '4, 2' })).toEqual([4, 2]);
  });

  it.each(['3', '1,,2', 'four', '1;2'])('%j is refused', (given) => {
    expect(() => suitsFromEnv('S', undefined, { S: given })).toThrow(
      /S='.*': suit counts are 1, 2 or 4/,
    );
  });
});

describe("the player's constants", () => {
  it('are read by name', () => {
    expect(tuningFromEnv({ SPIDER_FAIR_worlds: '16', SPIDER_FAIR_followWidth: '4' })).toEqual({
      worlds: 16,
      followWidth: 4,
    });
  });

  it('refuse a name the player does not have, and a value that is not a number', () => {
    expect(() => tuningFromEnv({ SPIDER_FAIR_world: '16' })).toThrow(
      /SPIDER_FAIR_world: not among the player's constants \(worlds, /,
    );
    expect(() => tuningFromEnv({ SPIDER_FAIR_worlds: 'many' })).toThrow(SettingError);
  });

  it('take a switch as 0 or 1 and nothing else', () => {
    expect(tuningFromEnv({ SPIDER_FAIR_baseSeen: '1', SPIDER_FAIR_talliedAlone: '0' })).toEqual({
      baseSeen: 1,
      talliedAlone: 0,
    });
    expect(() => tuningFromEnv({ SPIDER_FAIR_baseSeen: '2' })).toThrow(
      "SPIDER_FAIR_baseSeen='2': 1 to turn it on, 0 to turn it off",
    );
    expect(() => tuningFromEnv({ SPIDER_FAIR_rolledEarly: 'yes' })).toThrow(SettingError);
    // A constant that is not a switch takes any whole number.
    expect(tuningFromEnv({ SPIDER_FAIR_tallied: '2' })).toEqual({ tallied: 2 });
  });
});

describe('a comparison', () => {
  it("is refused when the values given are the player's own for the suit count", () => {
    expect(alreadyThePlayers({ followDepth: 12 }, 4)).toBe(true);
    expect(alreadyThePlayers({ followDepth: 12, worlds: 32 }, 2)).toBe(true);
    expect(alreadyThePlayers({ followDepth: 8, worlds: 32 }, 1)).toBe(true);
    expect(alreadyThePlayers({ followDepth: 12 }, 1)).toBe(false);
    expect(alreadyThePlayers({ followDepth: 12, worlds: 16 }, 4)).toBe(false);
  });
});

describe('a peek', () => {
  it('is none unless given, and the hidden cards named when given', () => {
    expect(peekFromEnv({})).toBeUndefined();
    expect(peekFromEnv({ SPIDER_BENCH_PLAY_PEEK: ' ' })).toBeUndefined();
    expect(peekFromEnv({ SPIDER_BENCH_PLAY_PEEK: 'stock' })).toBe('stock');
    expect(peekFromEnv({ SPIDER_BENCH_PLAY_PEEK: ' all ' })).toBe('all');
    expect(peekFromEnv({ SPIDER_BENCH_PLAY_PEEK: 'next' })).toBe('next');
  });

  it('refuses anything else, by name', () => {
    expect(() => peekFromEnv({ SPIDER_BENCH_PLAY_PEEK: 'everything' })).toThrow(
      new SettingError("SPIDER_BENCH_PLAY_PEEK='everything': down, stock, all, next or nothing"),
    );
  });
});
