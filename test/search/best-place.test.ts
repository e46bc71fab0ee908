import { bestMoveFrom } from '../../src/search';
import { position } from '../helpers/build';

describe('bestMoveFrom', () => {
  it('prefers a same-suit card, then any card, then an empty column', () => {
    const p = position({ columns: ['5c | 9h 8s 7s', '8d', '9s', ''] });
    expect(bestMoveFrom(p, 0)).toEqual({ kind: 'move', from: 0, to: 2, count: 2 });
    expect(bestMoveFrom(p, 0, 1)).toEqual({ kind: 'move', from: 0, to: 1, count: 1 });
    const onlyEmpty = position({ columns: ['5c | 9h 8s 7s', '', 'Kd'] });
    expect(bestMoveFrom(onlyEmpty, 0)).toEqual({ kind: 'move', from: 0, to: 1, count: 2 });
    const full = ['Ks', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh'];
    expect(bestMoveFrom(position({ columns: full }), 0)).toBeNull();
  });

  it('sends the whole run or none of it: never the part that fits, which was not chosen', () => {
    // 6s 5s can go nowhere; its 5s alone would go onto the 6s of column 2, to no purpose.
    const kings = Array.from({ length: 8 }, () => 'Ks');
    const p = position({ columns: ['Ts | 6s 5s', 'Ks | 7s 6s', ...kings], rules: { suits: 1 } });
    expect(bestMoveFrom(p, 0)).toBeNull();
    expect(bestMoveFrom(p, 0, 1)).toEqual({ kind: 'move', from: 0, to: 1, count: 1 });
  });

  it('does not move a whole column into an empty one: that changes nothing', () => {
    const p = position({ columns: ['Qs', '', 'Ks | 9h'] });
    expect(bestMoveFrom(p, 0)).toBeNull();
    expect(bestMoveFrom(position({ columns: ['Qs', '', 'Kh'] }), 0)).toEqual({
      kind: 'move',
      from: 0,
      to: 2,
      count: 1,
    });
  });
});
