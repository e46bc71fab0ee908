import { bestMoveFrom } from '../../src/search';
import { position } from '../helpers/build';

describe('bestMoveFrom', () => {
  it('prefers a same-suit card, then any card, then an empty column, and more cards over fewer', () => {
    const p = position({ columns: ['5c | 9h 8s 7s', '8d', '9s', ''] });
    expect(bestMoveFrom(p, 0)).toEqual({ kind: 'move', from: 0, to: 2, count: 2 });
    expect(bestMoveFrom(p, 0, 1)).toEqual({ kind: 'move', from: 0, to: 1, count: 1 });
    const onlyEmpty = position({ columns: ['5c | 9h 8s 7s', '', 'Kd'] });
    expect(bestMoveFrom(onlyEmpty, 0)).toEqual({ kind: 'move', from: 0, to: 1, count: 2 });
    const full = ['Ks', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh'];
    expect(bestMoveFrom(position({ columns: full }), 0)).toBeNull();
  });
});
