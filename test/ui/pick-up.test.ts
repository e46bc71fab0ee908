/**
 * Cards picked up and put down, through the controller: column keys, Up and Down, and the mouse.
 */
import type { Action } from '../../src/engine';
import type { FairChoice } from '../../src/search';
import { type Command, initialState } from '../../src/ui/controller';
import type { UiState } from '../../src/ui/state';
import { info } from '../../src/ui/update';
import { gameAt, position, showColumns } from '../helpers/build';
import { col, key, other, run, THEME } from '../helpers/controller';

describe('column keys', () => {
  // Column 1: 9♥ 8♠ 7♠; column 2: 8♦ (the 7♠ fits); column 3: 9♠ (the 8♠-7♠ fits); column 4 empty.
  const p = position({
    columns: ['4c | 9h 8s 7s', '3d | 8d', '2c | 9s', '', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh'],
  });
  const start = initialState(gameAt(p), THEME, 'woods');

  it('source then destination plays F-T: the part of the run that fits moves', () => {
    const { state } = run(start, col(0), col(1));
    expect(showColumns(state.game.position).slice(0, 2)).toEqual(['4c | 9h 8s', '3d | 8d 7s']);
    expect(state.selection).toBeNull();
  });

  it('a key with no meaning says so, and keeps the cards picked up and the game', () => {
    const picked = run(start, col(0)).state;
    const { state, effect } = run(picked, other);
    expect(effect).toBeNull();
    expect(state.message?.text).toBe('z does nothing here; ? shows the keys.');
    expect(state.selection).toEqual(picked.selection);
    expect(state.game).toBe(picked.game);
    expect(run(start, key('yes')).state.message?.text).toBe(
      'y does nothing here; ? shows the keys.',
    );
    // Named as the keyboard prints it, not as the key parser does.
    expect(run(start, { kind: 'other', key: 'C-a' }).state.message?.text).toBe(
      'Ctrl-A does nothing here; ? shows the keys.',
    );
  });

  it('picking a column selects its whole movable run', () => {
    const { state } = run(start, col(0));
    expect(state.selection).toEqual({ column: 0, count: 2, explicit: false });
  });

  it('with a hint on the message line moving part of a run, its column key picks up that part', () => {
    const part: Action = { kind: 'move', from: 0, to: 3, count: 1 };
    const fair: FairChoice = {
      action: part,
      plan: [part],
      goal: 'arrange',
      chance: null,
      worlds: 32,
      positions: 10,
      ms: 5,
      cut: false,
    };
    const hinted: UiState = {
      ...start,
      hints: { list: [], fair, shown: 0 },
      message: { text: 'Hint: move 7♠ from column 1 into empty column 4', kind: 'hint' },
    };
    expect(run(hinted, col(0)).state.selection).toEqual({ column: 0, count: 1, explicit: true });
    expect(showColumns(run(hinted, col(0), col(3)).state.game.position)[3]).toBe('7s');
    // Up or Enter on that column, or a click on its number, picks up the same part.
    const part1 = { column: 0, count: 1, explicit: true };
    expect(run({ ...hinted, focus: 0 }, key('up')).state.selection).toEqual(part1);
    expect(run({ ...hinted, focus: 0 }, key('enter')).state.selection).toEqual(part1);
    const click: Command = { kind: 'press', column: 0, index: null };
    expect(run(hinted, click).state.selection).toEqual(part1);
    // Another column, or the hint gone from the message line: the whole run, as always.
    expect(run(hinted, col(1)).state.selection).toEqual({ column: 1, count: 1, explicit: false });
    expect(run({ ...hinted, message: null }, col(0)).state.selection).toEqual({
      column: 0,
      count: 2,
      explicit: false,
    });
  });

  it('arrow keys choose a shorter part, and the move carries exactly that many', () => {
    const { state } = run(start, col(0), key('down'), col(3));
    expect(showColumns(state.game.position)[3]).toBe('7s');
    const up = run(start, col(0), key('down'), key('up'), key('up'), key('up'));
    expect(up.state.selection).toEqual({ column: 0, count: 2, explicit: true }); // never more than the run
  });

  it('the same column twice sends the run to the best place: onto the same suit first', () => {
    const { state } = run(start, col(0), col(0));
    expect(showColumns(state.game.position).slice(0, 3)).toEqual([
      '4c | 9h',
      '3d | 8d',
      '2c | 9s 8s 7s',
    ]);
  });

  it('an illegal destination says why and puts the cards back', () => {
    const { state } = run(start, col(0), col(4));
    expect(state.message).toEqual({
      text: "No card of column 1's run 8♠..7♠ fits on K♥. The cards go back.",
      kind: 'error',
    });
    expect(state.selection).toBeNull();
    expect(state.game.position).toBe(p);
  });

  it('Esc puts the cards back', () => {
    const { state } = run(start, col(0), key('cancel'));
    expect(state.selection).toBeNull();
    expect(state.message).toBeNull();
  });

  it('Esc, and Down, with nothing picked up say so; Esc then clears the message', () => {
    const said = run(start, key('cancel')).state;
    expect(said.message).toEqual(info('Nothing is picked up: a column key picks up its run.'));
    expect(run(said, key('cancel')).state.message).toBeNull();
    expect(run(start, key('down')).state.message).toEqual(said.message);
    expect(run(start, key('down')).state.game).toBe(start.game);
  });

  it('Up and Down say why at the ends of the run, and keep what is picked up', () => {
    const fewer = run(start, col(0), key('down')).state;
    expect(fewer.selection).toEqual({ column: 0, count: 1, explicit: true });
    expect(fewer.message).toBeNull();
    const whole = run(fewer, key('up'), key('up')).state;
    expect(whole.selection).toEqual({ column: 0, count: 2, explicit: true });
    expect(whole.message).toEqual(info('Column 1 can move 2 cards together: all are picked up.'));
    const least = run(fewer, key('down')).state;
    expect(least.selection).toEqual({ column: 0, count: 1, explicit: true });
    expect(least.message).toEqual(info('One card is the fewest to pick up; Esc puts it back.'));
    const single = run(start, col(1), key('up')).state;
    expect(single.message).toEqual(info('Column 2 can move 1 card together: all are picked up.'));
  });

  it('picking an empty column says so', () => {
    const { state } = run(start, col(3));
    expect(state.selection).toBeNull();
    expect(state.message?.text).toMatch(/Column 4 is empty/);
  });

  it('Enter and the arrow keys work the column cursor', () => {
    const moves = ['right', 'left', 'enter', 'right', 'enter'] as const;
    const { state } = run(start, ...moves.map(key));
    expect(showColumns(state.game.position).slice(0, 2)).toEqual(['4c | 9h 8s', '3d | 8d 7s']);
    expect(state.focus).toBe(1);
  });
});
describe('the mouse', () => {
  const p = position({
    columns: ['4c | 9h 8s 7s', '3d | 8d', '2c | 9s', '', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh'],
  });
  const start = initialState(gameAt(p), THEME, 'woods');

  it('a click on a card picks up the run from it; a click on another column drops it there', () => {
    const picked = run(
      start,
      { kind: 'press', column: 0, index: 3 },
      { kind: 'release', column: 0 },
    ).state;
    expect(picked.selection).toEqual({ column: 0, count: 1, explicit: true });
    const dropped = run(picked, { kind: 'press', column: 3, index: null }).state;
    expect(showColumns(dropped.game.position)[3]).toBe('7s');
  });

  it('drag and drop moves the cards from the pressed card', () => {
    const { state } = run(
      start,
      { kind: 'press', column: 0, index: 2 },
      { kind: 'release', column: 2 },
    );
    expect(showColumns(state.game.position).slice(0, 3)).toEqual([
      '4c | 9h',
      '3d | 8d',
      '2c | 9s 8s 7s',
    ]);
  });

  /** A press and a release on the same card. */
  const click = (column: number, index: number): Command[] => [
    { kind: 'press', column, index },
    { kind: 'release', column },
  ];

  it('a second click on the picked-up cards sends them to the best place', () => {
    const picked = run(start, ...click(0, 3)).state;
    const { state } = run(picked, ...click(0, 3));
    expect(showColumns(state.game.position)[1]).toBe('3d | 8d 7s');
    expect(state.selection).toBeNull();
  });

  it('a second click on a deeper card of the run picks up from there instead', () => {
    const picked = run(start, ...click(0, 3)).state;
    const { state } = run(picked, ...click(0, 2));
    expect(state.selection).toEqual({ column: 0, count: 2, explicit: true });
    expect(state.game).toBe(picked.game);
  });

  it('a drag released off the board puts the cards back', () => {
    const { state } = run(
      start,
      { kind: 'press', column: 0, index: 2 },
      { kind: 'release', column: null },
    );
    expect(state.selection).toBeNull();
    expect(state.game).toBe(start.game);
  });

  it('a card outside the movable run cannot be picked up, nor a face-down one', () => {
    expect(run(start, { kind: 'press', column: 0, index: 1 }).state.message?.text).toMatch(
      /same-suit run/,
    );
    expect(run(start, { kind: 'press', column: 0, index: 0 }).state.message?.text).toMatch(
      /face down/,
    );
  });
});
