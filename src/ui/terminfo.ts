/**
 * Compiled terminfo entries in the format blessed can read.
 *
 * ncurses 6.1 and later write an entry whose numbers do not fit in 16 bits (every `*-256color`
 * entry: `pairs#0x10000`) in the extended-number format: magic 01036 instead of 0432, and every
 * number, in the standard and the extended part, 4 bytes instead of 2 (term(5)). blessed 0.1.81
 * knows only the 16-bit format. It fails an assertion on xterm-256color and falls back to an old
 * copy of its own (parsing terminfo twice); on others (screen-256color, tmux-256color) it reads
 * garbage, prints a compiler error to the terminal and falls back to plain xterm, 8 colours.
 */

const MAGIC_16 = 0o432;
const MAGIC_32 = 0o1036;
const HEADER = 12;
const EXTENDED_HEADER = 10;
/** What ncurses gives a program reading a large number through the 16-bit interface. */
const MAX_16 = 0x7fff;
const ABSENT_16 = 0xffff;
const CANCELLED_16 = 0xfffe;

/**
 * The same entry in the 16-bit format: numbers above 32767 become 32767 (as ncurses' 16-bit
 * interface reports them), absent (-1) and cancelled (-2) keep their codes. Anything else, a
 * 16-bit entry or bytes too short to be an entry, comes back unchanged for blessed to judge.
 */
export function sixteenBitTerminfo(data: Buffer): Buffer {
  if (data.length < HEADER || data.readUInt16LE(0) !== MAGIC_32) return data;
  const parts: Buffer[] = [];
  let at = 0;
  const copy = (count: number) => {
    const end = Math.min(at + count, data.length);
    parts.push(data.subarray(at, end));
    at = end;
  };
  const numbers = (count: number) => {
    const out = Buffer.alloc(2 * count);
    for (let k = 0; k < count && at + 4 <= data.length; k++, at += 4) {
      const value = data.readInt32LE(at);
      out.writeUInt16LE(
        value >= 0 ? Math.min(value, MAX_16) : value === -2 ? CANCELLED_16 : ABSENT_16,
        2 * k,
      );
    }
    parts.push(out);
  };
  const align = () => {
    if (at % 2 === 1) copy(1);
  };

  const header = Buffer.from(data.subarray(0, HEADER));
  header.writeUInt16LE(MAGIC_16, 0);
  parts.push(header);
  at = HEADER;
  const namesSize = data.readUInt16LE(2);
  const boolCount = data.readUInt16LE(4);
  const numberCount = data.readUInt16LE(6);
  const stringCount = data.readUInt16LE(8);
  const tableSize = data.readUInt16LE(10);
  copy(namesSize + boolCount);
  align();
  numbers(numberCount);
  copy(2 * stringCount + tableSize);
  // The extended capabilities (ncurses' user-defined ones): the same layout after a header of
  // five counts, and their numbers are 4 bytes too.
  if (at < data.length) {
    align();
    if (at + EXTENDED_HEADER <= data.length) {
      const extendedBools = data.readUInt16LE(at);
      const extendedNumbers = data.readUInt16LE(at + 2);
      copy(EXTENDED_HEADER + extendedBools);
      align();
      numbers(extendedNumbers);
    }
    copy(data.length - at);
  }
  return Buffer.concat(parts);
}
