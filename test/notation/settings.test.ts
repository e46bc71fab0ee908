import {
  CARD_SIZE_NAMES,
  parseSettings,
  SETTING_NAMES,
  settingsOverDefaults,
} from '../../src/notation';
import { CARD_SIZES } from '../../src/ui/theme';

describe('a good settings file', () => {
  it('gives every setting, each with its line', () => {
    const text = [
      '# my defaults',
      'suits = 2',
      'relaxed = 3',
      'keep-suits = true',
      '',
      'scoring = "microsoft"',
      'four-color = true   # easier to tell apart',
      'ascii = false',
      "color = 'never'",
      'clock = false',
      'cards = "large"',
    ].join('\n');
    expect(parseSettings(text)).toEqual({
      ok: true,
      settings: {
        suits: 2,
        relaxed: 3,
        keepSuits: true,
        scoring: 'microsoft',
        fourColor: true,
        ascii: false,
        color: 'never',
        clock: false,
        cards: 'large',
      },
      lines: {
        suits: 2,
        relaxed: 3,
        'keep-suits': 4,
        scoring: 6,
        'four-color': 7,
        ascii: 8,
        color: 9,
        clock: 10,
        cards: 11,
      },
    });
  });

  it('may be empty, have Windows line ends, a byte order mark and quoted keys', () => {
    expect(parseSettings('')).toEqual({ ok: true, settings: {}, lines: {} });
    expect(parseSettings('# nothing set\n')).toEqual({ ok: true, settings: {}, lines: {} });
    expect(parseSettings('\ufeffclock = false\r\n"suits" = 1\r\n')).toEqual({
      ok: true,
      settings: { clock: false, suits: 1 },
      lines: { clock: 1, suits: 2 },
    });
  });

  it('gives every value, over the defaults, as one object', () => {
    const parsed = parseSettings('suits = 1\ncards = "large"\n');
    expect(parsed.ok && settingsOverDefaults(parsed.settings)).toEqual({
      suits: 1,
      relaxed: 0,
      keepSuits: false,
      scoring: 'woods',
      fourColor: false,
      ascii: false,
      color: 'auto',
      clock: true,
      cards: 'large',
    });
  });

  it('takes the card sizes the game draws', () => {
    expect([...CARD_SIZE_NAMES]).toEqual([...CARD_SIZES]);
    expect(SETTING_NAMES).toHaveLength(9);
  });
});

describe('a bad settings file says the line and what is expected', () => {
  it.each([
    // Not TOML at all.
    ['suits = 2\nsuits 4\n', 2, /^not valid TOML: .*, column \d+$/],
    ['suits = 2\nsuits = 4\n', 2, /^not valid TOML: .*redefine/],
    ['scoring = "woods\n', 1, /^not valid TOML: .+, column \d+$/],
    // A word without quotes, the likeliest slip: the hint says how to write it.
    ['\ncolor = never\n', 2, /\(text goes in quotes: color = "never"\)$/],
    ['cards = large # big\n', 1, /\(text goes in quotes: cards = "large"\)$/],
  ])('not TOML: %j', (text, line, reason) => {
    const parsed = parseSettings(text);
    expect(parsed).toMatchObject({ ok: false, line });
    expect(!parsed.ok && parsed.reason).toMatch(reason);
  });

  it('names an unknown setting, and the one meant where it can tell', () => {
    expect(parseSettings('suits = 2\n\nsutis = 1\n')).toEqual({
      ok: false,
      line: 3,
      reason:
        "no setting is called 'sutis': the settings are suits, relaxed, keep-suits, scoring, four-color, ascii, color, clock and cards",
    });
    expect(parseSettings('keep_suits = true')).toEqual({
      ok: false,
      line: 1,
      reason: "no setting is called 'keep_suits' (did you mean keep-suits?)",
    });
    expect(parseSettings('colour = "never"')).toMatchObject({
      reason: "no setting is called 'colour' (did you mean color?)",
    });
    expect(parseSettings('Suits = 2')).toMatchObject({ line: 1, reason: /did you mean suits\?/ });
  });

  it('finds a table or a dotted key by its line, past multi-line strings', () => {
    expect(parseSettings('suits = 2\n\n[display]\nascii = true\n')).toMatchObject({
      ok: false,
      line: 3,
      reason: /^no setting is called 'display'/,
    });
    expect(parseSettings('clock = true\ngame.suits = 2\n')).toMatchObject({
      line: 2,
      reason: /^no setting is called 'game'/,
    });
    const text = 'note = """\nsuits = 2\n"""\n';
    expect(parseSettings(text)).toMatchObject({ line: 1, reason: /'note'/ });
  });

  it.each([
    ['suits = 3', 'suits must be 1, 2 or 4, not 3'],
    ['suits = 2.5', 'suits must be 1, 2 or 4, not 2.5'],
    ['suits = nan', 'suits must be 1, 2 or 4, not nan'],
    ['suits = "2"', 'suits must be 1, 2 or 4, not the text "2" (without quotes: suits = 2)'],
    ['suits = "two"', 'suits must be 1, 2 or 4, not the text "two"'],
    ['relaxed = -1', 'relaxed must be 0, 1, 2 or 3, not -1'],
    ['relaxed = 4', 'relaxed must be 0, 1, 2 or 3, not 4'],
    ['keep-suits = 1', 'keep-suits must be true or false, not 1'],
    [
      'four-color = "true"',
      'four-color must be true or false, not the text "true" (without quotes: four-color = true)',
    ],
    ['ascii = "yes"', 'ascii must be true or false, not the text "yes"'],
    ['clock = [true]', 'clock must be true or false, not a list'],
    ['clock = { on = true }', 'clock must be true or false, not a table'],
    ['clock = 2026-12-07', 'clock must be true or false, not a date'],
    [
      'scoring = "Woods"',
      'scoring must be "woods", "microsoft" or "aisleriot", not the text "Woods"',
    ],
    ['scoring = 1', 'scoring must be "woods", "microsoft" or "aisleriot", not 1'],
    ['color = true', 'color must be "auto", "always" or "never", not true'],
    ['cards = "huge"', 'cards must be "auto", "small" or "large", not the text "huge"'],
    [
      `cards = "${'x'.repeat(60)}"`,
      `cards must be "auto", "small" or "large", not the text "${'x'.repeat(40)}…"`,
    ],
  ])('%s', (text, reason) => {
    expect(parseSettings(`# settings\n${text}\n`)).toEqual({ ok: false, line: 2, reason });
  });
});
