import {
  dealPosition,
  DEFAULT_RULES,
  type Position,
  scores,
  status,
  totalHidden,
} from '../../src/engine';
import { position, type PositionSpec, suitRun } from '../helpers/build';

const woods = (p: Position) => scores(p, 0).woods;
const aisleriot = (p: Position) => scores(p, 0).aisleriot;

/** Ten columns, each one face-down 5s under a face-up 9h: 10 face-down cards, no pair, no cleared column. */
const BASE = Array<string>(10).fill('5s | 9h');

/** BASE with some columns replaced. */
function withColumns(changes: Record<number, string>, extra: Partial<PositionSpec> = {}): Position {
  const columns = BASE.slice();
  for (const [c, text] of Object.entries(changes)) columns[Number(c)] = text;
  return position({ columns, ...extra });
}

/** A won position with `kept` complete suits in the tableau and the rest removed. */
function keepSuitsWin(kept: number, stock: string[] = []): Position {
  const suits = 'shdcshdc';
  return position({
    columns: suits.slice(0, kept).split('').map(suitRun),
    foundations: suits.slice(kept),
    stock,
    rules: { keepSuits: true },
  });
}

describe('Scores: woods', () => {
  it('Scores: woods is 0 for a fresh deal (44 face-down cards, no cleared column, no pair)', () => {
    const p = dealPosition('42', DEFAULT_RULES);
    expect(totalHidden(p)).toBe(44);
    expect(scores(p, 0)).toEqual({ woods: 0, microsoft: 500, aisleriot: 0 });
  });

  it('Scores: woods gives 10 for each card turned: 44 minus the face-down cards left', () => {
    const p = position({ columns: BASE });
    expect(totalHidden(p)).toBe(10);
    expect(woods(p)).toBe(10 * (44 - 10));
    // Two face-down cards in column 1: one card fewer turned.
    expect(woods(withColumns({ 0: '5s 5s | 9h' }))).toBe(10 * (44 - 11));
    // Three in every column: 30 face-down cards.
    expect(woods(position({ columns: Array<string>(10).fill('5s 5s 5s | 9h') }))).toBe(10 * 14);
  });

  it('Scores: woods gives 15 for each column with no face-down card, empty columns included', () => {
    // Column 1 fully face up: one more turned card (10) and one cleared column (15).
    expect(woods(withColumns({ 0: '5s 9h' }))).toBe(10 * 35 + 15);
    // Column 1 empty: the same.
    expect(woods(withColumns({ 0: '' }))).toBe(10 * 35 + 15);
    // Five empty columns and five with one face-down card.
    expect(woods(withColumns({ 5: '', 6: '', 7: '', 8: '', 9: '' }))).toBe(10 * 39 + 15 * 5);
    // Ten empty columns.
    expect(woods(position({ columns: [] }))).toBe(440 + 150);
  });

  it('Scores: woods gives 50 for each complete suit removed', () => {
    const base = woods(position({ columns: BASE }));
    expect(woods(position({ columns: BASE, foundations: 's' }))).toBe(base + 50);
    expect(woods(position({ columns: BASE, foundations: 'shd' }))).toBe(base + 150);
  });

  it('Scores: woods gives 50 (and no pair points) for a complete suit in the tableau', () => {
    const base = woods(position({ columns: BASE }));
    // K..A of diamonds face up on top of column 1.
    expect(woods(withColumns({ 0: `5s | 9h ${suitRun('d')}` }))).toBe(base + 50);
    // Still a complete suit with a card dealt onto it.
    expect(woods(withColumns({ 0: `5s | 9h ${suitRun('d')} 7c` }))).toBe(base + 50);
    // Two complete suits in one column.
    expect(woods(withColumns({ 0: `5s | ${suitRun('d')} ${suitRun('d')}` }))).toBe(base + 100);
    // Removed and in the tableau add up.
    expect(
      woods(position({ columns: [`5s | 9h ${suitRun('d')}`, ...BASE.slice(1)], foundations: 'c' })),
    ).toBe(base + 100);
  });

  it('Scores: woods: a K..A sequence with its King face down is not a complete suit', () => {
    const base = woods(position({ columns: BASE }));
    // Column 1: 5s and Kd face down, Qd..Ad face up: 11 pairs, no suit, one card fewer turned.
    const p = withColumns({ 0: `5s Kd | ${suitRun('d').replace('Kd ', '')}` });
    expect(woods(p)).toBe(base - 10 + 2 * 11);
  });

  it('Scores: woods gives 2 for each face-up card on the next-higher card of its suit', () => {
    const base = woods(position({ columns: BASE }));
    expect(woods(withColumns({ 0: '5s | 9h 8h' }))).toBe(base + 2);
    expect(woods(withColumns({ 0: '5s | 9h 8h 7h 6h' }))).toBe(base + 6);
    // Two separate pairs in one column, the break not counted.
    expect(woods(withColumns({ 0: '5s | 9h 8h Qc Jc' }))).toBe(base + 4);
  });

  it('Scores: woods gives nothing for a card on the next-higher card of another suit, or a gap', () => {
    const base = woods(position({ columns: BASE }));
    expect(woods(withColumns({ 0: '5s | 9h 8s' }))).toBe(base);
    expect(woods(withColumns({ 0: '5s | 9h 7h' }))).toBe(base);
    expect(woods(withColumns({ 0: '5s | 9h Th' }))).toBe(base);
  });

  it('Scores: woods gives nothing for a face-up card on a face-down next-higher card', () => {
    // 9h face down, 8h face up on it: not a pair (the player cannot see the 9h).
    const p = withColumns({ 0: '9h | 8h' });
    expect(woods(p)).toBe(woods(position({ columns: BASE })));
  });

  it('Scores: woods adds every part together', () => {
    // 8 face-down cards (360 for 36 turned), 4 cleared columns (2 of them empty, 60),
    // one suit removed and one in the tableau (100), 3 pairs outside the suit (6).
    const p = position({
      columns: [
        '7c Ad | 5h 4h',
        '9s 8s',
        '',
        '2d 3d | Kh Qh Jh 5c',
        `Qs ${suitRun('c')}`,
        '',
        '3s | 9d',
        '4s | 9d 8d',
        '5s | Td',
        '6s | Jd',
      ],
      foundations: 's',
    });
    expect(totalHidden(p)).toBe(8);
    expect(woods(p)).toBe(10 * 36 + 15 * 4 + 50 * 2 + 2 * (1 + 1 + 2 + 1));
  });

  it('Scores: a normal win (8 suits removed) scores woods 990', () => {
    const p = position({ columns: [], foundations: 'shdcshdc' });
    expect(status(p)).toBe('won');
    expect(woods(p)).toBe(990);
  });

  it('Scores: a keep-suits win with all 8 suits in the tableau scores woods 1000', () => {
    const p = keepSuitsWin(8);
    expect(status(p)).toBe('won');
    expect(woods(p)).toBe(1000);
  });

  it('Scores: a keep-suits win with fewer than 4 suits kept gets no bonus (990)', () => {
    for (const kept of [0, 1, 2, 3]) {
      const p = keepSuitsWin(kept);
      expect(status(p)).toBe('won');
      expect(woods(p)).toBe(990);
    }
  });

  it('Scores: a keep-suits win gets 2 for each kept suit after the third', () => {
    expect(woods(keepSuitsWin(4))).toBe(992);
    expect(woods(keepSuitsWin(5))).toBe(994);
    expect(woods(keepSuitsWin(6))).toBe(996);
    expect(woods(keepSuitsWin(7))).toBe(998);
  });

  it('Scores: the kept-suits bonus is only paid on a win', () => {
    // Four kept and four removed, but cards are left in the stock: not won, no bonus.
    const p = keepSuitsWin(4, Array<string>(10).fill('5h'));
    expect(status(p)).not.toBe('won');
    expect(woods(p)).toBe(990);
  });
});

describe('Scores: aisleriot', () => {
  it('Scores: aisleriot counts face-up cards on the next-higher card of their suit', () => {
    expect(aisleriot(position({ columns: BASE }))).toBe(0);
    expect(aisleriot(withColumns({ 0: '5s | 9h 8h 7h', 1: '5s | 9h 8s', 2: '9h | 8h' }))).toBe(2);
    // Pairs inside a complete suit count here (a complete suit in the tableau is 12).
    expect(aisleriot(withColumns({ 0: `5s | ${suitRun('d')}` }))).toBe(12);
  });

  it('Scores: aisleriot adds 12 for each removed suit', () => {
    expect(aisleriot(position({ columns: BASE, foundations: 'sh' }))).toBe(24);
    expect(aisleriot(withColumns({ 0: '5s | 9h 8h' }, { foundations: 'c' }))).toBe(13);
  });

  it('Scores: aisleriot reaches its maximum 96 on a win, suits removed or kept', () => {
    expect(aisleriot(position({ columns: [], foundations: 'shdcshdc' }))).toBe(96);
    expect(aisleriot(keepSuitsWin(8))).toBe(96);
    expect(aisleriot(keepSuitsWin(3))).toBe(96);
  });
});

describe('Scores: microsoft', () => {
  it('Scores: microsoft is 500 minus the actions', () => {
    const p = position({ columns: BASE });
    expect(scores(p, 0).microsoft).toBe(500);
    expect(scores(p, 1).microsoft).toBe(499);
    expect(scores(p, 37).microsoft).toBe(463);
  });

  it('Scores: microsoft adds 100 for each removed suit (not for suits kept in the tableau)', () => {
    expect(scores(position({ columns: BASE, foundations: 'sh' }), 10).microsoft).toBe(690);
    expect(scores(keepSuitsWin(8), 10).microsoft).toBe(490);
    expect(scores(keepSuitsWin(3), 10).microsoft).toBe(990);
    expect(scores(position({ columns: [], foundations: 'shdcshdc' }), 150).microsoft).toBe(1150);
  });

  it('Scores: microsoft never goes below 0', () => {
    const p = position({ columns: BASE });
    expect(scores(p, 500).microsoft).toBe(0);
    expect(scores(p, 501).microsoft).toBe(0);
    expect(scores(p, 10000).microsoft).toBe(0);
    expect(scores(position({ columns: BASE, foundations: 'sh' }), 750).microsoft).toBe(0);
    expect(scores(position({ columns: BASE, foundations: 'sh' }), 650).microsoft).toBe(50);
  });

  it('Scores: the actions count does not change woods or aisleriot', () => {
    const p = withColumns({ 0: '5s | 9h 8h' }, { foundations: 'd' });
    expect(scores(p, 400).woods).toBe(scores(p, 0).woods);
    expect(scores(p, 400).aisleriot).toBe(scores(p, 0).aisleriot);
  });
});
