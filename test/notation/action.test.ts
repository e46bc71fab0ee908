import fc from 'fast-check';
import { type Action, DEAL, DECK_SIZE, move, remove } from '../../src/engine';
import { ACTION_FORMS, formatAction, parseAction } from '../../src/notation';

describe('move notation', () => {
  it.each<[string, Action]>([
    ['1-5', move(0, 4)],
    ['5-1', move(4, 0)],
    ['10-2', move(9, 1)],
    ['2-10', move(1, 9)],
    ['10-2/3', move(9, 1, 3)],
    ['1-5/1', move(0, 4, 1)],
    ['3-7/12', move(2, 6, 12)],
    ['d', DEAL],
    ['r5', remove(4)],
    ['r1', remove(0)],
    ['r10', remove(9)],
  ])('reads %j and writes it back the same', (token, action) => {
    expect(parseAction(token)).toEqual(action);
    expect(formatAction(action)).toBe(token);
  });

  it('keeps an explicit count apart from no count', () => {
    const withCount = parseAction('1-2/1');
    const without = parseAction('1-2');
    expect(withCount).toEqual({ kind: 'move', from: 0, to: 1, count: 1 });
    expect(without).toEqual({ kind: 'move', from: 0, to: 1 });
    expect(without).not.toHaveProperty('count');
  });

  it('reads any count written without a leading zero: one larger than the run is for the rules to refuse', () => {
    expect(parseAction('1-2/104')).toEqual(move(0, 1, 104));
    expect(parseAction('1-2/105')).toEqual(move(0, 1, 105));
    const huge = parseAction('1-2/99999999999999999999');
    expect(huge).toMatchObject({ kind: 'move', from: 0, to: 1 });
    expect(huge?.kind === 'move' && huge.count).toBeGreaterThan(104);
  });

  it('reads a move onto its own column: the rules, not the notation, refuse it', () => {
    expect(parseAction('3-3')).toEqual(move(2, 2));
  });

  it.each([
    '0-3',
    '11-2',
    '2-11',
    '2-0',
    '1-2/0',
    '1-2/00',
    '1-2/01',
    '1-2/-1',
    '1-2/',
    '1-2/x',
    '1-2/1.5',
    '01-2',
    '1-02',
    '001-2',
    'D',
    'R5',
    'r0',
    'r11',
    'r05',
    'r',
    'rd',
    'dd',
    '1-',
    '-1',
    '1',
    '1--2',
    '1-2-3',
    '1 - 2',
    ' 1-2',
    '1-2 ',
    'd ',
    '１-２',
    'x',
    '',
    '#',
    '1-2\x1b',
  ])('rejects %j', (token) => {
    expect(parseAction(token)).toBeNull();
  });

  it('describes the token forms for messages', () => {
    for (const form of ['F-T', 'F-T/N', 'd', 'rF']) expect(ACTION_FORMS).toContain(form);
  });

  const column = fc.integer({ min: 0, max: 9 });
  const action: fc.Arbitrary<Action> = fc.oneof(
    fc.constant(DEAL),
    column.map((c) => remove(c)),
    fc.tuple(column, column).map(([from, to]) => move(from, to)),
    fc
      .tuple(column, column, fc.integer({ min: 1, max: DECK_SIZE }))
      .map(([from, to, count]) => move(from, to, count)),
  );

  it('reads back every action it writes', () => {
    fc.assert(
      fc.property(action, (a) => {
        const token = formatAction(a);
        expect(token).toMatch(/^(d|r([1-9]|10)|([1-9]|10)-([1-9]|10)(\/[1-9]\d*)?)$/);
        expect(parseAction(token)).toEqual(a);
      }),
    );
  });

  it('writes back every token it reads', () => {
    const token = fc.string({ unit: fc.constantFrom(...'0123456789-/drx'), maxLength: 8 });
    fc.assert(
      fc.property(token, (t) => {
        const a = parseAction(t);
        if (a !== null) expect(formatAction(a)).toBe(t);
      }),
    );
  });
});
