import { type InputEvent, KeyDecoder } from '../../src/ui/keys';

/** Everything the decoder makes of `chunks` fed one after the other, then settled. */
function decode(...chunks: string[]): InputEvent[] {
  const decoder = new KeyDecoder();
  return [...chunks.flatMap((chunk) => decoder.feed(chunk)), ...decoder.flush()];
}

const names = (...chunks: string[]) =>
  decode(...chunks).map((e) =>
    e.type === 'key' ? e.name : `${e.action}:${e.button}@${e.x},${e.y}`,
  );

describe('keys', () => {
  it('one Enter is one key, whether the terminal sends CR or LF', () => {
    expect(decode('\r')).toEqual([{ type: 'key', name: 'enter', ch: '\r' }]);
    expect(names('\n')).toEqual(['enter']);
    expect(names('\r\r')).toEqual(['enter', 'enter']);
  });

  it('printable characters, including non-ASCII ones, are keys of their own', () => {
    expect(decode('d5R')).toEqual([
      { type: 'key', name: 'd', ch: 'd' },
      { type: 'key', name: '5', ch: '5' },
      { type: 'key', name: 'R', ch: 'R' },
    ]);
    expect(names('é😀 ')).toEqual(['é', '😀', ' ']);
  });

  it('control characters are named as the keys that send them', () => {
    expect(names('\x0c\x1a\x03\t\x7f\x08\x00')).toEqual([
      'C-l',
      'C-z',
      'C-c',
      'tab',
      'backspace',
      'backspace',
      'C-space',
    ]);
  });

  it('arrows in normal and application mode, with modifiers, and other named keys', () => {
    expect(names('\x1b[A\x1b[B\x1b[C\x1b[D')).toEqual(['up', 'down', 'right', 'left']);
    expect(names('\x1bOA\x1bOD')).toEqual(['up', 'left']);
    expect(names('\x1b[1;2C\x1b[1;5D\x1b[Z')).toEqual(['S-right', 'C-left', 'S-tab']);
    expect(names('\x1b[5~\x1b[6~\x1b[3~\x1b[15~\x1bOP\x1b[[A')).toEqual([
      'pageup',
      'pagedown',
      'delete',
      'f5',
      'f1',
      'f1',
    ]);
  });

  it('a lone ESC is the Escape key once nothing follows; ESC and a character is Alt', () => {
    const decoder = new KeyDecoder();
    expect(decoder.feed('\x1b')).toEqual([]);
    expect(decoder.waiting).toBe(true);
    expect(decoder.flush()).toEqual([{ type: 'key', name: 'escape' }]);
    expect(decoder.waiting).toBe(false);
    expect(names('\x1bd')).toEqual(['M-d']);
    // Alt+key comes in one write: an ESC that ended the last read was the Escape key.
    expect(names('\x1b', 'd')).toEqual(['escape', 'd']);
    expect(names('\x1b\x1b')).toEqual(['escape', 'escape']);
  });

  it('puts together a sequence split across reads, and drops one cut off for good', () => {
    expect(names('\x1b', '[', 'A')).toEqual(['up']);
    expect(names('\x1b[<0;1', '2;5M')).toEqual(['press:left@11,4']);
    expect(names('\x1b[<0;12')).toEqual([]);
  });

  it('keeps every key and report of one read, in order', () => {
    expect(names('\x1b[<0;3;4M\x1b[<0;3;4md\x1b[<2;1;1M\r')).toEqual([
      'press:left@2,3',
      'release:left@2,3',
      'd',
      'press:right@0,0',
      'enter',
    ]);
  });

  it('skips sequences it has no use for without losing what follows', () => {
    expect(names('\x1b[I\x1b[O\x1b[200~x')).toEqual(['x']);
  });
});

describe('mouse reports', () => {
  it('SGR: press, release, drag (motion with a button held), plain motion and the wheel', () => {
    expect(names('\x1b[<0;10;5M', '\x1b[<32;11;5M', '\x1b[<0;12;5m')).toEqual([
      'press:left@9,4',
      'drag:left@10,4',
      'release:left@11,4',
    ]);
    expect(names('\x1b[<35;1;1M\x1b[<64;1;1M\x1b[<65;1;1M\x1b[<2;1;1M')).toEqual([
      'move:none@0,0',
      'wheel-up:none@0,0',
      'wheel-down:none@0,0',
      'press:right@0,0',
    ]);
  });

  it('modifier bits do not change the button', () => {
    expect(names('\x1b[<4;2;2M\x1b[<16;2;2M')).toEqual(['press:left@1,1', 'press:left@1,1']);
  });

  it('X10 reports (terminals without SGR): release has no button', () => {
    const at = (x: number, y: number) => String.fromCharCode(32 + x) + String.fromCharCode(32 + y);
    expect(names(`\x1b[M ${at(5, 3)}`, `\x1b[M#${at(5, 3)}`, `\x1b[M@${at(6, 3)}`)).toEqual([
      'press:left@4,2',
      'release:none@4,2',
      'drag:left@5,2',
    ]);
  });
});
