/**
 * Record input that is not UTF-8 (docs/records.md, "Move notation and game records"): the first bad
 * bytes are found exactly where the decoder refuses, and the message names their line.
 */
import fc from 'fast-check';
import { Readable } from 'stream';
import { invalidUtf8At, readTextInput } from '../../src/store/input';

const decodes = (bytes: Uint8Array): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

async function read(bytes: number[]) {
  return readTextInput('-', Readable.from([Buffer.from(bytes)]));
}

describe('invalidUtf8At', () => {
  it('agrees with the decoder on random bytes, and everything before the fault decodes', () => {
    // Bytes mostly from the ranges where UTF-8 has its edge cases.
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0xbf }),
      fc.constantFrom(0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff),
      fc.constantFrom(0x8f, 0x90, 0x9f, 0xa0),
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 12 }), (list) => {
        const bytes = Uint8Array.from(list);
        const at = invalidUtf8At(bytes);
        expect(at === -1).toBe(decodes(bytes));
        if (at >= 0) expect(decodes(bytes.subarray(0, at))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('finds overlong forms, surrogates and code points past U+10FFFF', () => {
    expect(invalidUtf8At(Uint8Array.from([0x41, 0xc0, 0x80]))).toBe(1);
    expect(invalidUtf8At(Uint8Array.from([0xe0, 0x80, 0x80]))).toBe(0);
    expect(invalidUtf8At(Uint8Array.from([0xed, 0xa0, 0x80]))).toBe(0);
    expect(invalidUtf8At(Uint8Array.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
    expect(invalidUtf8At(Buffer.from('10♥ 日付 🂡', 'utf8'))).toBe(-1);
  });
});

describe('readTextInput', () => {
  it('names the line, the first bad bytes and the text before them', async () => {
    const text = [...Buffer.from('seed: 4\n\n1-2 d\nd 3-4 '), 0xc3, 0x28, 0x0a];
    expect(await read(text)).toEqual({
      ok: false,
      line: 4,
      reason: "not UTF-8 text: the byte C3 after 'd 3-4 '",
    });
    expect(await read([0x73, 0x3a, 0x20, 0x0a, 0xff, 0xfe, 0x0a])).toEqual({
      ok: false,
      line: 2,
      reason: 'not UTF-8 text: the bytes FF FE at the start of the line',
    });
    // The very first byte (a UTF-16 file, Latin-1 text): line 1, whatever lines follow.
    expect(await read([0xff, 0xfe, 0x0a, 0x0a, 0x0a, 0x78, 0x0a])).toEqual({
      ok: false,
      line: 1,
      reason: 'not UTF-8 text: the bytes FF FE at the start of the line',
    });
  });

  it('shows only the last 20 characters before the fault on a long line', async () => {
    const long = [...Buffer.from(`player: ${'x'.repeat(30)}abcdefghij`), 0xf5];
    expect(await read(long)).toMatchObject({
      line: 1,
      reason: "not UTF-8 text: the byte F5 after '…xxxxxxxxxxabcdefghij'",
    });
  });
});

describe('a record file named', () => {
  it('that is missing says so, and why it may be there all the same when its name is not UTF-8', async () => {
    const missing = await readTextInput('/nonexistent-spider-dir/game.txt', Readable.from([]));
    expect(missing).toEqual({ ok: false, reason: 'no such file' });
    // Node hands the program U+FFFD for each byte of a name that is not UTF-8.
    const changed = await readTextInput('/nonexistent-spider-dir/\uFFFD.txt', Readable.from([]));
    expect(changed).toEqual({
      ok: false,
      reason: 'no such file (a name that is not UTF-8 cannot be read here: rename the file)',
    });
  });
});
