import { newGame } from '../../src/engine';
import { initialState } from '../../src/ui/controller';
import { commandForKey, commandForMouse } from '../../src/ui/input';
import { layout } from '../../src/ui/layout';

describe('keys', () => {
  it.each([
    ['1', 0],
    ['5', 4],
    ['9', 8],
    ['0', 9],
  ])('%s chooses column index %i', (ch, column) => {
    expect(commandForKey({ ch, full: ch })).toEqual({ kind: 'column', column });
  });

  it.each([
    [{ ch: 'd', full: 'd' }, 'deal'],
    [{ ch: 'u', full: 'u' }, 'undo'],
    [{ ch: 'r', full: 'r' }, 'redo'],
    [{ ch: 'R', full: 'S-r' }, 'restart'],
    [{ ch: 'n', full: 'n' }, 'new'],
    [{ ch: 'h', full: 'h' }, 'hint'],
    [{ ch: 'e', full: 'e' }, 'expand'],
    [{ ch: 'x', full: 'x' }, 'remove'],
    [{ ch: '?', full: '?' }, 'help'],
    [{ ch: 'q', full: 'q' }, 'quit'],
    [{ ch: 'y', full: 'y' }, 'yes'],
    [{ full: 'escape' }, 'cancel'],
    [{ ch: '\r', full: 'enter' }, 'enter'],
    [{ ch: ' ', full: 'space' }, 'enter'],
    [{ full: 'left' }, 'left'],
    [{ full: 'right' }, 'right'],
    [{ full: 'up' }, 'up'],
    [{ full: 'down' }, 'down'],
    [{ ch: 'j', full: 'j' }, 'down'],
    [{ ch: 'k', full: 'k' }, 'up'],
    [{ ch: 'l', full: 'l' }, 'right'],
    [{ ch: 'H', full: 'S-h' }, 'left'],
    [{ full: 'C-l' }, 'redraw'],
    [{ full: 'C-z' }, 'suspend'],
    [{ full: 'C-c' }, 'interrupt'],
    [{ ch: 'Z', full: 'S-z' }, 'other'],
    [{ full: 'f1' }, 'other'],
  ])('%o is %s', (key, kind) => {
    expect(commandForKey(key).kind).toBe(kind);
  });
});

describe('mouse', () => {
  const state = initialState(
    newGame('42', { suits: 4, relaxed: 0, keepSuits: false }),
    {
      ascii: false,
      color: true,
      fourColor: false,
    },
    'woods',
  );
  const board = layout(state, 80, 24).board!;
  const x = board.left + 3 * board.columnWidth + 2;

  it('a left press on a card is a press on that column and card', () => {
    expect(
      commandForMouse({ action: 'mousedown', button: 'left', x, y: board.top + 1 }, board),
    ).toEqual({
      kind: 'press',
      column: 3,
      index: 5,
    });
  });

  it('a release names the column under the pointer, or none', () => {
    expect(
      commandForMouse({ action: 'mouseup', button: 'left', x, y: board.top + 5 }, board),
    ).toEqual({ kind: 'release', column: 3 });
    expect(commandForMouse({ action: 'mouseup', x: 0, y: 23 }, board)).toEqual({
      kind: 'release',
      column: null,
    });
  });

  it('a press on the deals counter deals', () => {
    const stock = board.stock!;
    expect(
      commandForMouse({ action: 'mousedown', button: 'left', x: stock.x, y: stock.y }, board),
    ).toEqual({ kind: 'deal' });
  });

  it('motion, the wheel and other buttons mean nothing', () => {
    expect(commandForMouse({ action: 'mousemove', button: 'left', x, y: 3 }, board)).toBeNull();
    expect(commandForMouse({ action: 'wheelup', x, y: 3 }, board)).toBeNull();
    expect(commandForMouse({ action: 'mousedown', button: 'right', x, y: 3 }, board)).toBeNull();
  });

  it('a press while the board is not shown (too small) closes panels and does nothing else', () => {
    expect(commandForMouse({ action: 'mousedown', button: 'left', x: 1, y: 1 }, null)).toEqual({
      kind: 'other',
    });
  });
});
