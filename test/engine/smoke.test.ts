import { apply, move } from '../../src/engine';
import { position, showColumns as show } from '../helpers/build';

describe('test helpers', () => {
  it('build a position and show it back', () => {
    const p = position({ columns: ['7c Ad | Kh Qh', '', 'Ks'] });
    expect(show(p).slice(0, 3)).toEqual(['7c Ad | Kh Qh', '', 'Ks']);
    const after = apply(p, move(0, 1));
    expect(after.ok && show(after.position).slice(0, 2)).toEqual(['7c | Ad', 'Kh Qh']);
  });
});
