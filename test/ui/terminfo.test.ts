import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PassThrough, Writable } from 'stream';
import { screen } from '../../src/ui/blessed';
import { sixteenBitTerminfo } from '../../src/ui/terminfo';

/** blessed's own copy of xterm-256color: the 16-bit format, with an extended part. */
const LEGACY = fs.readFileSync(require.resolve('blessed/usr/xterm-256color'));

/**
 * The same entry as ncurses 6.1+ writes it when a number needs more than 16 bits: magic 01036,
 * every number (standard and extended) 4 bytes. `set` overrides numbers by index.
 */
function extendedNumberFormat(legacy: Buffer, set: Record<number, number> = {}): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  const copy = (count: number) => {
    parts.push(legacy.subarray(at, at + count));
    at += count;
  };
  const numbers = (count: number, overrides: Record<number, number> = {}) => {
    const out = Buffer.alloc(4 * count);
    for (let k = 0; k < count; k++, at += 2) {
      const value = legacy.readInt16LE(at);
      out.writeInt32LE(overrides[k] ?? value, 4 * k);
    }
    parts.push(out);
  };
  const align = () => {
    if (at % 2 === 1) copy(1);
  };
  const header = Buffer.from(legacy.subarray(0, 12));
  header.writeUInt16LE(0o1036, 0);
  parts.push(header);
  at = 12;
  copy(legacy.readUInt16LE(2) + legacy.readUInt16LE(4));
  align();
  numbers(legacy.readUInt16LE(6), set);
  copy(2 * legacy.readUInt16LE(8) + legacy.readUInt16LE(10));
  align();
  const extendedBools = legacy.readUInt16LE(at);
  const extendedNumbers = legacy.readUInt16LE(at + 2);
  copy(10 + extendedBools);
  align();
  numbers(extendedNumbers);
  copy(legacy.length - at);
  return Buffer.concat(parts);
}

/** Index of max_pairs among the standard numbers (term(5) order). */
const MAX_PAIRS = 14;

describe('sixteenBitTerminfo', () => {
  it('gives back the 16-bit entry an extended-number entry was made from, extended part included', () => {
    const wide = extendedNumberFormat(LEGACY);
    expect(wide.length).toBeGreaterThan(LEGACY.length);
    expect(sixteenBitTerminfo(wide).equals(LEGACY)).toBe(true);
  });

  it('caps numbers above 32767 and keeps absent and cancelled ones', () => {
    const wide = extendedNumberFormat(LEGACY, { [MAX_PAIRS]: 0x10000, 0: -1, 1: -2 });
    const narrow = sixteenBitTerminfo(wide);
    const numbersAt = 12 + LEGACY.readUInt16LE(2) + LEGACY.readUInt16LE(4) + 1; // + padding
    expect(narrow.readUInt16LE(numbersAt + 2 * MAX_PAIRS)).toBe(0x7fff);
    expect(narrow.readUInt16LE(numbersAt)).toBe(0xffff);
    expect(narrow.readUInt16LE(numbersAt + 2)).toBe(0xfffe);
  });

  it('leaves a 16-bit entry and short garbage alone', () => {
    expect(sixteenBitTerminfo(LEGACY)).toBe(LEGACY);
    const garbage = Buffer.from([0x1e, 0x02, 1, 2]);
    expect(sixteenBitTerminfo(garbage)).toBe(garbage);
  });
});

describe("the game's blessed screen", () => {
  // A terminal of our own, found through $TERMINFO as any terminal is: blessed lowercases the
  // terminal name, so a path to a file would not do. blessed reads $TERMINFO when it is loaded,
  // which is at the first screen.
  const TERM = 'spider-test-256color';
  let folder: string;
  let entry: string;
  const saved = process.env.TERMINFO;
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-terminfo-'));
    entry = path.join(folder, TERM[0], TERM);
    fs.mkdirSync(path.dirname(entry));
    fs.writeFileSync(entry, extendedNumberFormat(LEGACY, { [MAX_PAIRS]: 0x10000 }));
    process.env.TERMINFO = folder;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TERMINFO;
    else process.env.TERMINFO = saved;
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** A screen on a fake 80x24 terminal described by the terminfo entry `term`. */
  function openOn(term: string) {
    const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
    const output = Object.assign(
      new Writable({ write: (_chunk, _encoding, done: () => void) => done() }),
      { isTTY: true, columns: 80, rows: 24 },
    );
    const options = { input, output, terminal: term, warnings: false };
    return screen(options as never) as unknown as {
      tput: {
        error: Error | null;
        colors: number;
        info: { file: string };
        cup(row: number, column: number): string;
        setaf(color: number): string;
      };
      destroy(): void;
    };
  }

  it('reads an entry in the extended-number format itself, with its 256 colours', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const opened = openOn(TERM);
    try {
      expect(opened.tput.error).toBeNull();
      expect(opened.tput.info.file).toBe(entry);
      expect(opened.tput.colors).toBe(256);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      opened.destroy();
      errors.mockRestore();
    }
  });

  it('writes the same capabilities as blessed compiles them', () => {
    const opened = openOn(TERM);
    try {
      expect(opened.tput.cup(5, 10)).toBe('\x1b[6;11H');
      expect(opened.tput.setaf(196)).toBe('\x1b[38;5;196m');
      expect(opened.tput.setaf(3)).toBe('\x1b[33m');
    } finally {
      opened.destroy();
    }
  });
});
