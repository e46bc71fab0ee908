import { newGame } from '../../src/engine';
import { initialState } from '../../src/ui/controller';
import { commandForKey, commandForMouse, keyLabel } from '../../src/ui/input';
import type { MouseEvent } from '../../src/ui/keys';
import { layout } from '../../src/ui/layout';

const key = (name: string) => ({ name, ch: name.length === 1 ? name : undefined });

describe('keys', () => {
  it.each([
    ['1', 0],
    ['5', 4],
    ['9', 8],
    ['0', 9],
  ])('%s chooses column index %i', (ch, column) => {
    expect(commandForKey(key(ch))).toEqual({ kind: 'column', column });
  });

  it.each([
    ['d', 'deal'],
    ['u', 'undo'],
    ['r', 'redo'],
    ['R', 'restart'],
    ['n', 'new'],
    ['h', 'hint'],
    ['c', 'winnable'],
    ['a', 'demo'],
    ['g', 'where'],
    ['v', 'view'],
    ['e', 'expand'],
    ['x', 'remove'],
    ['w', 'write'],
    ['?', 'help'],
    ['q', 'quit'],
    ['y', 'yes'],
    ['escape', 'cancel'],
    ['enter', 'enter'],
    [' ', 'enter'],
    ['left', 'left'],
    ['right', 'right'],
    ['up', 'up'],
    ['down', 'down'],
    ['tab', 'right'],
    ['S-tab', 'left'],
    ['j', 'down'],
    ['k', 'up'],
    ['l', 'right'],
    ['H', 'left'],
    ['C-l', 'redraw'],
    ['C-z', 'suspend'],
    ['C-c', 'interrupt'],
    ['Z', 'other'],
    ['f1', 'other'],
    ['M-d', 'other'],
  ])('%s is %s', (name, kind) => {
    expect(commandForKey(key(name)).kind).toBe(kind);
  });
});

it.each([
  ['C-a', 'Ctrl-A'],
  ['M-q', 'Alt-q'],
  ['M-Q', 'Alt-Q'],
  ['M-C-a', 'Alt-Ctrl-A'],
  ['M- ', 'Alt-Space'],
  ['M-\x7f', 'Alt-Backspace'],
  ['S-up', 'Shift-Up'],
  ['f1', 'F1'],
  ['f12', 'F12'],
  ['pageup', 'PageUp'],
  ['C-space', 'Ctrl-Space'],
  ['backspace', 'Backspace'],
  ['Z', 'Z'],
  ['é', 'é'],
  ['M-', 'M-'],
])('%s is written %s for the player', (name, label) => {
  expect(keyLabel(name)).toBe(label);
});

it('a key with no meaning is named, to say it does nothing', () => {
  expect(commandForKey(key('f1'))).toEqual({ kind: 'other', key: 'f1' });
  expect(commandForKey(key('M-d'))).toEqual({ kind: 'other', key: 'M-d' });
});

describe('mouse', () => {
  const state = initialState(
    newGame('42', { suits: 4, relaxed: 0, keepSuits: false }),
    { ascii: false, color: true, fourColor: false },
    'woods',
  );
  const board = layout(state, 80, 24).board!;
  const x = board.left + 3 * board.columnWidth + 2;
  const mouse = (
    action: MouseEvent['action'],
    button: MouseEvent['button'],
    at: { x: number; y: number },
  ) => ({ action, button, ...at });

  it('a left press on a card is a press on that column and card', () => {
    expect(commandForMouse(mouse('press', 'left', { x, y: board.top + 1 }), board)).toEqual({
      kind: 'press',
      column: 3,
      index: 5,
    });
  });

  it('a release names the column under the pointer, or none', () => {
    expect(commandForMouse(mouse('release', 'left', { x, y: board.top + 5 }), board)).toEqual({
      kind: 'release',
      column: 3,
    });
    // X10 reports do not say which button came up.
    expect(commandForMouse(mouse('release', 'none', { x: 0, y: 23 }), board)).toEqual({
      kind: 'release',
      column: null,
    });
  });

  it('a press on the deals counter deals', () => {
    const stock = board.stock!;
    expect(commandForMouse(mouse('press', 'left', stock), board)).toEqual({ kind: 'deal' });
  });

  it('a right-click, or a click outside the board, puts the cards back', () => {
    expect(commandForMouse(mouse('press', 'right', { x, y: 3 }), board)).toEqual({
      kind: 'cancel',
    });
    expect(commandForMouse(mouse('press', 'left', { x: 70, y: 23 }), board)).toEqual({
      kind: 'cancel',
    });
  });

  it('a drag is not a command until the release; motion, the wheel and the middle button mean nothing', () => {
    expect(commandForMouse(mouse('drag', 'left', { x, y: 3 }), board)).toBeNull();
    expect(commandForMouse(mouse('move', 'none', { x, y: 3 }), board)).toBeNull();
    expect(commandForMouse(mouse('wheel-up', 'none', { x, y: 3 }), board)).toBeNull();
    expect(commandForMouse(mouse('press', 'middle', { x, y: 3 }), board)).toBeNull();
    expect(commandForMouse(mouse('release', 'right', { x, y: 3 }), board)).toBeNull();
  });

  it('does nothing while the board is not shown (the terminal is too small)', () => {
    expect(commandForMouse(mouse('press', 'left', { x: 1, y: 1 }), null)).toBeNull();
    expect(commandForMouse(mouse('release', 'left', { x: 1, y: 1 }), null)).toBeNull();
  });
});
