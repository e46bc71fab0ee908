/**
 * Text as a terminal shows it: widths by grapheme cluster, and outside text made visible whatever
 * it holds (docs/deals.md, "Seeds on screen").
 */
import { cutToWidth, graphemes, printable, textWidth } from '../../src/notation';
import { Frame } from '../../src/ui/frame';
import { wrapWords } from '../../src/ui/wrap';

describe('textWidth', () => {
  it.each([
    ['', 0],
    ['plain ascii', 11],
    ['♠♥♦♣ ▒ │', 8],
    ['宝くじ', 6],
    ['cafe\u0301', 4],
    ['🍀', 2],
    ['👩‍👩‍👧', 2],
    ['a\u200bb', 2],
  ])('%j takes %d columns', (text, width) => {
    expect(textWidth(text)).toBe(width);
  });

  it('splits by grapheme cluster', () => {
    expect(graphemes('e\u0301宝🍀')).toEqual(['e\u0301', '宝', '🍀']);
  });

  it('cuts to a width without splitting a character', () => {
    expect(cutToWidth('ab宝くじ', 5)).toBe('ab宝');
    expect(cutToWidth('ab宝くじ', 6)).toBe('ab宝く');
    expect(cutToWidth('cafe\u0301!', 4)).toBe('cafe\u0301');
  });
});

describe('printable', () => {
  it.each([
    ['zero-width space', 'a\u200bb', 'a\\u{200b}b'],
    ['right-to-left override', 'a\u202eb', 'a\\u{202e}b'],
    ['isolate', 'a\u2066b\u2069', 'a\\u{2066}b\\u{2069}'],
    ['soft hyphen', 'a\u00adb', 'a\\xadb'],
    ['variation selector', 'a\ufe0fb', 'a\\u{fe0f}b'],
    ['combining mark with nothing under it', '\u0301ab', '\\u{301}ab'],
    ['line separator', 'a\u2028b', 'a\\u{2028}b'],
    ['control character', 'a\x1b[2Jb', 'a\\x1b[2Jb'],
    ['no-break space, which looks like a space', 'a\u00a0', 'a\\xa0'],
    ['thin space', 'a\u2009b', 'a\\u{2009}b'],
    ['ideographic space', '\u3000x', '\\u{3000}x'],
  ])('shows a %s escaped', (_name, text, shown) => {
    expect(printable(text)).toBe(shown);
  });

  it.each([['宝くじ'], ['cafe\u0301'], ['lucky 🍀'], ['naïve'], ['two words']])(
    'leaves %j as it is: every character of it shows',
    (text) => expect(printable(text)).toBe(text),
  );
});

describe('Frame', () => {
  it('gives a double-width character two cells, the second an empty continuation', () => {
    const frame = new Frame(8, 1);
    expect(frame.put(0, 0, 'a宝b')).toBe(4);
    expect(frame.chars.slice(0, 4)).toEqual(['a', '宝', '', 'b']);
    expect(frame.line(0)).toBe('a宝b');
  });

  it('keeps a combining accent with its letter in one cell', () => {
    const frame = new Frame(8, 1);
    expect(frame.put(0, 0, 'cafe\u0301!')).toBe(5);
    expect(frame.at(3, 0).ch).toBe('e\u0301');
    expect(frame.at(4, 0).ch).toBe('!');
  });

  it('leaves out a double-width character that would cross the edge', () => {
    const frame = new Frame(4, 1);
    expect(frame.put(0, 0, 'abc宝')).toBe(3);
    expect(frame.line(0)).toBe('abc');
    expect(frame.put(1, 0, '宝', 'plain', false, 1)).toBe(1);
    expect(frame.line(0)).toBe('abc');
  });

  it('blanks the other half of a double-width character written over', () => {
    const frame = new Frame(6, 1);
    frame.put(0, 0, '宝くじ');
    frame.put(1, 0, 'x'); // the second half of 宝
    expect(frame.line(0)).toBe(' xくじ');
    frame.put(2, 0, 'y'); // the first half of く
    expect(frame.line(0)).toBe(' xy じ');
    frame.fill(5, 0, 1, 1); // the second half of じ
    expect(frame.line(0)).toBe(' xy');
  });

  it('shows a space for the half of a character cut by the left edge', () => {
    const frame = new Frame(4, 1);
    expect(frame.put(-1, 0, '宝ab')).toBe(3);
    expect(frame.chars).toEqual([' ', 'a', 'b', ' ']);
  });
});

describe('wrapWords', () => {
  it('wraps by columns, not characters', () => {
    expect(wrapWords('宝くじ 宝くじ', 8)).toEqual(['宝くじ', '宝くじ']);
    expect(wrapWords('ab 宝 cd', 6)).toEqual(['ab 宝', 'cd']);
  });

  it('cuts a long word between characters, never inside one', () => {
    expect(wrapWords('宝くじ宝くじ', 5)).toEqual(['宝く', 'じ宝', 'くじ']);
  });
});
