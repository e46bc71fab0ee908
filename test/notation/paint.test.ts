import { paintFor } from '../../src/notation';

describe('paintFor', () => {
  it('writes no escape code at all without colour', () => {
    const paint = paintFor(false);
    for (const style of ['bold', 'dim', 'red', 'blue', 'green'] as const)
      expect(paint(style, ' 5♦')).toBe(' 5♦');
  });

  it('colours with the codes a terminal knows, each closed by its own reset', () => {
    const paint = paintFor(true);
    expect(paint('bold', 'Won')).toBe('\x1b[1mWon\x1b[22m');
    expect(paint('dim', '##')).toBe('\x1b[2m##\x1b[22m');
    expect(paint('red', '5♦')).toBe('\x1b[31m5♦\x1b[39m');
    expect(paint('blue', '5♦')).toBe('\x1b[34m5♦\x1b[39m');
    expect(paint('green', '6♣')).toBe('\x1b[32m6♣\x1b[39m');
  });

  it('colours when told to, whatever the standard output and the environment say', () => {
    // Under jest the standard output is no terminal; Node 22 and later would check it (and
    // NO_COLOR) again by themselves: `--color always` into a file must colour still.
    const saved = process.env.NO_COLOR;
    process.env.NO_COLOR = '1';
    try {
      expect(process.stdout.isTTY).toBeFalsy();
      expect(paintFor(true)('red', 'x')).toBe('\x1b[31mx\x1b[39m');
    } finally {
      if (saved === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = saved;
    }
  });
});
