import { spawnSync } from 'child_process';
import * as path from 'path';
import { jsonText } from '../../src/notation';

describe('jsonText', () => {
  it.each([
    ['zero-width space', 'a\u200bb', 'a\\u200bb'],
    ['right-to-left override', 'x\u202ey', 'x\\u202ey'],
    ['line separator', 'x\u2028y', 'x\\u2028y'],
    ['C1 control', 'x\u0085y', 'x\\u0085y'],
    ['variation selector', '\u2764\ufe0f', '\u2764\\ufe0f'],
    ['accent with nothing to sit on', '\u0301\u0302a', '\\u0301\\u0302a'],
    ['accent on a quote mark', 'x"\u0301', 'x\\"\\u0301'],
    ['no-break space', 'a\u00a0b', 'a\\u00a0b'],
  ])('escapes a %s and keeps the same string', (_, value, escaped) => {
    const text = jsonText({ seed: value });
    expect(text).toContain(`"seed": "${escaped}"`);
    expect(JSON.parse(text)).toEqual({ seed: value });
  });

  it('leaves visible text as it is', () => {
    expect(jsonText({ seed: 'Spider ♠ 世界 é' })).toBe('{\n  "seed": "Spider ♠ 世界 é"\n}');
    // An accent on its letter stays, whether written as one character or two.
    expect(jsonText({ seed: 'e\u0301' })).toBe('{\n  "seed": "e\u0301"\n}');
  });

  it('is what spider deal --json prints', () => {
    const result = spawnSync(
      process.execPath,
      [
        path.join(__dirname, '..', '..', 'bin', 'spider'),
        'deal',
        '--json',
        '--seed',
        'a\u200bb\u202ec',
      ],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('"seed": "a\\u200bb\\u202ec"');
    expect(JSON.parse(result.stdout).seed).toBe('a\u200bb\u202ec');
  });
});
