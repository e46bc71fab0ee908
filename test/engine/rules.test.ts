import {
  type Action,
  apply,
  checkDeal,
  COLUMN_COUNT,
  DEAL,
  explain,
  hasLegalAction,
  legalActions,
  move,
  movableRunLength,
  type Position,
  type Refusal,
  remove,
  status,
  stockLeft,
  progressPossible,
} from '../../src/engine';
import { card, position, showColumns as show, suitRun } from '../helpers/build';

/** The position after an action the rules must accept. */
function after(p: Position, action: Action): Position {
  const outcome = apply(p, action);
  if (!outcome.ok) throw new Error(`refused: ${explain(outcome.refusal, true)}`);
  return outcome.position;
}

/** The refusal of an action the rules must refuse. */
function refusalOf(p: Position, action: Action): Refusal {
  const outcome = apply(p, action);
  if (outcome.ok) throw new Error(`accepted: ${JSON.stringify(action)}`);
  return outcome.refusal;
}

/** Ten cards for a stock, one per column (column 1 first). */
const TEN = ['2c', '3c', '4c', '5c', '6c', '7c', '8c', '9c', 'Tc', 'Jc'];

/** Every move with an explicit count that `apply` accepts, found by brute force. */
function acceptedMoves(p: Position): Action[] {
  const found: Action[] = [];
  for (let from = 0; from < COLUMN_COUNT; from++) {
    for (let count = 1; count <= 13; count++) {
      for (let to = 0; to < COLUMN_COUNT; to++) {
        if (apply(p, move(from, to, count)).ok) found.push(move(from, to, count));
      }
    }
  }
  return found;
}

const key = (a: Action) => JSON.stringify(a);

describe('Rules: the movable run', () => {
  it('Rules: a same-suit descending sequence on top is one movable run', () => {
    const p = position({ columns: ['9s 8s 7s 6s'] });
    expect(movableRunLength(p.columns[0])).toBe(4);
  });

  it('Rules: a card of a different suit breaks the movable run', () => {
    const p = position({ columns: ['9h 8s 7s', 'Th', '9c'] });
    expect(movableRunLength(p.columns[0])).toBe(2);
    // 8s-7s can go onto 9c, but the 9h under them is not part of the run: nothing goes onto Th.
    expect(show(after(p, move(0, 2)))[2]).toBe('9c 8s 7s');
    expect(refusalOf(p, move(0, 1))).toMatchObject({ why: 'nothing-fits', column: 0 });
    expect(refusalOf(p, move(0, 1, 3))).toEqual({ why: 'bad-count', column: 0, count: 3, run: 2 });
  });

  it('Rules: a rank gap or a rising card breaks the movable run', () => {
    const p = position({ columns: ['9s 7s', '7s 8s', '5d 4d 3d 2d Ad'] });
    expect(movableRunLength(p.columns[0])).toBe(1);
    expect(movableRunLength(p.columns[1])).toBe(1);
    expect(movableRunLength(p.columns[2])).toBe(5);
  });

  it('Rules: face-down cards are never part of the movable run, even if they would continue it', () => {
    const p = position({ columns: ['8s | 7s 6s', '8h', ''] });
    expect(movableRunLength(p.columns[0])).toBe(2);
    expect(refusalOf(p, move(0, 2, 3))).toEqual({ why: 'bad-count', column: 0, count: 3, run: 2 });
    // The whole run into an empty column takes only the face-up cards; the 8s turns up.
    const q = after(p, move(0, 2));
    expect(show(q)[0]).toBe('8s');
    expect(show(q)[2]).toBe('7s 6s');
  });

  it('Rules: an empty column has no movable run', () => {
    const p = position({ columns: ['', 'Ks'] });
    expect(movableRunLength(p.columns[0])).toBe(0);
  });
});

describe('Rules: moves', () => {
  // 9d-8d-7d can go: 7d onto 8c, 8d-7d onto 9c, the whole run onto Tc, anything into column 5.
  const p = position({ columns: ['5s | 9d 8d 7d', 'Tc', '8c', '9c', '', 'Qh'] });

  it('Rules: one card moves onto a card one rank higher', () => {
    const q = after(p, move(0, 2, 1));
    expect(show(q).slice(0, 3)).toEqual(['5s | 9d 8d', 'Tc', '8c 7d']);
  });

  it('Rules: a top part of the run moves with an explicit count', () => {
    const q = after(p, move(0, 3, 2));
    expect(show(q)[0]).toBe('5s | 9d');
    expect(show(q)[3]).toBe('9c 8d 7d');
  });

  it('Rules: the whole run moves with a count equal to its length', () => {
    const q = after(p, move(0, 1, 3));
    expect(show(q)[0]).toBe('5s');
    expect(show(q)[1]).toBe('Tc 9d 8d 7d');
  });

  it('Rules: F-T without a count moves the part of the run whose head fits on the destination', () => {
    expect(show(after(p, move(0, 2)))[2]).toBe('8c 7d');
    expect(show(after(p, move(0, 3)))[3]).toBe('9c 8d 7d');
    expect(show(after(p, move(0, 1)))[1]).toBe('Tc 9d 8d 7d');
  });

  it('Rules: F-T without a count moves the whole run into an empty column', () => {
    const q = after(p, move(0, 4));
    expect(show(q)[4]).toBe('9d 8d 7d');
    expect(show(q)[0]).toBe('5s');
  });

  it('Rules: any top part of the run may go into an empty column with a count', () => {
    expect(show(after(p, move(0, 4, 1)))[4]).toBe('7d');
    expect(show(after(p, move(0, 4, 2)))[4]).toBe('8d 7d');
  });

  it('Rules: F-T is refused when no part of the run fits, and explain names the run', () => {
    const r = refusalOf(p, move(0, 5));
    expect(r).toEqual({
      why: 'nothing-fits',
      column: 0,
      head: card('9d'),
      top: card('7d'),
      onto: card('Qh'),
    });
    expect(explain(r)).toBe("no card of column 1's run 9♦..7♦ fits on Q♥");
    expect(explain(r, true)).toBe("no card of column 1's run 9d..7d fits on Qh");
  });

  it('Rules: a counted part whose head does not fit is refused', () => {
    const r = refusalOf(p, move(0, 2, 2));
    expect(r).toEqual({ why: 'does-not-fit', card: card('8d'), onto: card('8c') });
    expect(explain(r)).toBe('8♦ does not fit on 8♣');
  });

  it('Rules: a card of any suit goes onto the next-higher rank', () => {
    for (const six of ['6s', '6h', '6d', '6c']) {
      const q = position({ columns: ['5s', six] });
      expect(show(after(q, move(0, 1)))[1]).toBe(`${six} 5s`);
    }
    for (const wrong of ['7s', '5h', '4s', 'Kd']) {
      const q = position({ columns: ['5s', wrong] });
      expect(refusalOf(q, move(0, 1)).why).toBe('nothing-fits');
      expect(refusalOf(q, move(0, 1, 1)).why).toBe('does-not-fit');
    }
  });

  it('Rules: nothing goes onto an Ace', () => {
    const q = position({ columns: ['Ah', '2s', 'Ad', ''] });
    const counted = refusalOf(q, move(1, 0, 1));
    expect(counted).toEqual({ why: 'does-not-fit', card: card('2s'), onto: card('Ah') });
    expect(explain(counted)).toBe('nothing goes onto an ace (A♥)');
    const auto = refusalOf(q, move(1, 0));
    expect(auto.why).toBe('nothing-fits');
    expect(explain(auto)).toBe('nothing goes onto an ace (A♥)');
    // An ace onto an ace is refused too; only the empty column takes anything.
    expect(refusalOf(q, move(2, 0)).why).toBe('nothing-fits');
    expect(legalActions(q).filter((a) => a.kind === 'move' && a.to === 0)).toEqual([]);
  });

  it('Rules: a run headed by a King can only go into an empty column', () => {
    const q = position({ columns: ['Ks Qs', 'Kh', 'Qc', '', '5d', '5d', '5d', '5d', '5d', '5d'] });
    // The King alone or the run it heads: nothing non-empty takes it.
    const r = refusalOf(q, move(0, 2, 2));
    expect(r).toEqual({ why: 'does-not-fit', card: card('Ks'), onto: card('Qc') });
    expect(explain(r)).toBe('K♠ can only go into an empty column');
    expect(refusalOf(q, move(0, 1, 2)).why).toBe('does-not-fit');
    expect(refusalOf(q, move(1, 2)).why).toBe('nothing-fits');
    // `F-T` with a lone King says the rule, not just that it does not fit.
    expect(explain(refusalOf(q, move(1, 2)))).toBe('K♥ can only go into an empty column');
    expect(refusalOf(q, move(1, 0)).why).toBe('nothing-fits');
    // Into the empty column it goes.
    expect(show(after(q, move(0, 3)))[3]).toBe('Ks Qs');
    expect(show(after(q, move(1, 3)))[3]).toBe('Kh');
    // The only moves of a King-headed part are into column 4.
    const kingMoves = legalActions(q).filter(
      (a) => a.kind === 'move' && ((a.from === 0 && a.count === 2) || a.from === 1),
    );
    expect(kingMoves).toEqual([move(0, 3, 2), move(1, 3, 1)]);
  });

  it('Rules: moving onto its own column is refused', () => {
    const q = position({ columns: ['9d 8d'] });
    const r = refusalOf(q, move(0, 0));
    expect(r).toEqual({ why: 'same-column', column: 0 });
    expect(explain(r)).toBe("a run can't move onto its own column (column 1)");
    expect(refusalOf(q, move(0, 0, 1)).why).toBe('same-column');
  });

  it('Rules: moving from an empty column is refused', () => {
    const q = position({ columns: ['9d 8d'] });
    const r = refusalOf(q, move(4, 0));
    expect(r).toEqual({ why: 'empty-source', column: 4 });
    expect(explain(r)).toBe('column 5 is empty: nothing to move');
    expect(refusalOf(q, move(4, 1, 1)).why).toBe('empty-source');
  });

  it('Rules: a count larger than the movable run is refused', () => {
    const q = position({ columns: ['Jh 9d 8d', 'Tc', ''] });
    const r = refusalOf(q, move(0, 1, 3));
    expect(r).toEqual({ why: 'bad-count', column: 0, count: 3, run: 2 });
    expect(explain(r)).toBe('column 1 can move 2 cards together, not 3');
    // Not even into an empty column.
    expect(refusalOf(q, move(0, 2, 3)).why).toBe('bad-count');
    const single = position({ columns: ['8s', '', '9h'] });
    expect(explain(refusalOf(single, move(0, 2, 2)))).toBe(
      'column 1 can move 1 card together, not 2',
    );
  });

  it('Rules: a count of 0 (or below) is refused', () => {
    const q = position({ columns: ['9d 8d', '9c', ''] });
    const r = refusalOf(q, move(0, 1, 0));
    expect(r).toEqual({ why: 'bad-count', column: 0, count: 0, run: 2 });
    expect(explain(r)).toBe('a move takes at least one card');
    expect(refusalOf(q, move(0, 2, 0)).why).toBe('bad-count');
    expect(refusalOf(q, move(0, 2, -1)).why).toBe('bad-count');
  });

  it('Rules: columns outside 1..10 are refused', () => {
    const q = position({ columns: ['9d 8d'] });
    const r = refusalOf(q, move(0, 10));
    expect(r).toEqual({ why: 'no-such-column', column: 11 });
    expect(explain(r)).toBe('there is no column 11; columns are 1 to 10');
    expect(refusalOf(q, move(-1, 0)).why).toBe('no-such-column');
    expect(refusalOf(q, remove(10)).why).toBe('no-such-column');
  });

  it('Rules: a refused move leaves the position unchanged', () => {
    const q = position({ columns: ['9d 8d', 'Kc'] });
    const before = show(q);
    refusalOf(q, move(0, 1));
    expect(show(q)).toEqual(before);
  });
});

describe('Rules: turning face-down cards', () => {
  it('Rules: when the last face-up card leaves, the top face-down card turns face up', () => {
    const p = position({ columns: ['7c Ad | 5h', '6s'] });
    const q = after(p, move(0, 1));
    expect(show(q)[0]).toBe('7c | Ad');
    expect(q.columns[0].hidden).toBe(1);
  });

  it('Rules: when a whole face-up run leaves, only the top face-down card turns face up', () => {
    const p = position({ columns: ['7c Ad 2h | 6h 5h', '7s'] });
    const q = after(p, move(0, 1));
    expect(show(q)[0]).toBe('7c Ad | 2h');
  });

  it('Rules: nothing turns over while face-up cards remain in the column', () => {
    const p = position({ columns: ['7c Ad | Kh 5h', '6s'] });
    const q = after(p, move(0, 1));
    expect(show(q)[0]).toBe('7c Ad | Kh');
    expect(q.columns[0].hidden).toBe(2);
  });

  it('Rules: a column whose last card leaves becomes empty', () => {
    const p = position({ columns: ['5h', '6s'] });
    const q = after(p, move(0, 1));
    expect(q.columns[0]).toEqual({ cards: [], hidden: 0 });
  });
});

describe('Rules: the examples of the rules documents', () => {
  it('Rules (SerenityOS): Q♠ moves from pile 1 onto K♦ of pile 2', () => {
    const p = position({ columns: ['3h Qs', 'Kd'] });
    const q = after(p, move(0, 1));
    expect(show(q).slice(0, 2)).toEqual(['3h', 'Kd Qs']);
  });

  it('Rules (SerenityOS): the Q♠-J♠ run moves together onto K♦', () => {
    const p = position({ columns: ['3h Qs Js', 'Kd'] });
    expect(movableRunLength(p.columns[0])).toBe(2);
    const q = after(p, move(0, 1));
    expect(show(q).slice(0, 2)).toEqual(['3h', 'Kd Qs Js']);
    expect(show(after(p, move(0, 1, 2)))[1]).toBe('Kd Qs Js');
  });

  it('Rules (SerenityOS): "no move" between ♥3 ♠K ♥J and ♥K', () => {
    const p = position({ columns: ['3h Ks Jh', 'Kh'] });
    const between = legalActions(p).filter((a) => a.kind === 'move' && a.from <= 1 && a.to <= 1);
    expect(between).toEqual([]);
    expect(refusalOf(p, move(0, 1)).why).toBe('nothing-fits');
    expect(refusalOf(p, move(1, 0)).why).toBe('nothing-fits');
    // With the other eight columns empty a card can still go into an empty column, but no move
    // ever turns a card, deals or completes a suit: no progress is possible.
    expect(legalActions(p).length).toBeGreaterThan(0);
    expect(progressPossible(p)).toBe('no');
  });

  it('Rules (SerenityOS): the "no move" position with an empty stock and no space is lost', () => {
    // The two piles of the example; the other columns hold cards that fit nowhere either.
    const p = position({
      columns: ['3h Ks Jh', 'Kh', '9s', '7s', '5s', '3s', 'As', 'Kc', 'Kd', 'Ad'],
    });
    expect(stockLeft(p)).toBe(0);
    expect(legalActions(p)).toEqual([]);
    expect(hasLegalAction(p)).toBe(false);
    expect(status(p)).toBe('lost');
  });

  describe('Rules (Woods): the 6-5-4 of hearts', () => {
    const p = position({ columns: ['Kc 6h 5h 4h', '5s', '6c', '7c', '7h', '8d', ''] });

    it('Rules (Woods): the 4 alone, the 5-4, or all three may move', () => {
      expect(show(after(p, move(0, 1)))[1]).toBe('5s 4h');
      expect(show(after(p, move(0, 2)))[2]).toBe('6c 5h 4h');
      expect(show(after(p, move(0, 3)))[3]).toBe('7c 6h 5h 4h');
      expect(show(after(p, move(0, 3)))[0]).toBe('Kc');
    });

    it('Rules (Woods): moved onto the 7 of hearts, the four cards move on as a unit onto any 8', () => {
      const q = after(p, move(0, 4));
      expect(movableRunLength(q.columns[4])).toBe(4);
      expect(show(after(q, move(4, 5)))[5]).toBe('8d 7h 6h 5h 4h');
      expect(q.columns[4].cards.length).toBe(4);
    });

    it('Rules (Woods): moved onto a non-heart 7, they cannot move on together with it', () => {
      const q = after(p, move(0, 3));
      expect(movableRunLength(q.columns[3])).toBe(3);
      expect(refusalOf(q, move(3, 5)).why).toBe('nothing-fits');
      expect(refusalOf(q, move(3, 5, 4))).toEqual({
        why: 'bad-count',
        column: 3,
        count: 4,
        run: 3,
      });
      // The hearts themselves can still move on, to another 7 or into a space.
      expect(show(after(q, move(3, 6)))[6]).toBe('6h 5h 4h');
      expect(show(after(q, move(3, 4)))[4]).toBe('7h 6h 5h 4h');
    });
  });

  it('Rules (xpat2): 5♠ goes onto 6♠ or 6♥, but 4♠ does not go onto 6♠', () => {
    const p = position({ columns: ['5s', '6s', '6h', '4s'] });
    expect(show(after(p, move(0, 1)))[1]).toBe('6s 5s');
    expect(show(after(p, move(0, 2)))[2]).toBe('6h 5s');
    const r = refusalOf(p, move(3, 1));
    expect(r.why).toBe('nothing-fits');
    expect(explain(r)).toBe('4♠ does not fit on 6♠');
    // After 5♠ onto 6♠ the pair moves as a unit; onto 6♥ it does not.
    expect(movableRunLength(after(p, move(0, 1)).columns[1])).toBe(2);
    expect(movableRunLength(after(p, move(0, 2)).columns[2])).toBe(1);
  });
});

describe('Rules: dealing', () => {
  const full = ['Kc', 'Qc', 'Jc', 'Tc', '9c', '8c', '7c', '6c', '5c', '4c'];

  it('Rules: a deal puts one card face up onto each column, column 1 first', () => {
    const p = position({
      columns: full.map((c, i) => `${i % 2 ? '2d' : ''} | ${c}`),
      stock: [...TEN, ...TEN],
    });
    const q = after(p, DEAL);
    expect(q.dealt).toBe(1);
    expect(stockLeft(q)).toBe(10);
    q.columns.forEach((col, c) => {
      expect(col.cards[col.cards.length - 1]).toBe(card(TEN[c]));
      expect(col.hidden).toBe(p.columns[c].hidden);
    });
    expect(show(q)[1]).toBe(`2d | Qc ${TEN[1]}`);
    // The next deal uses the next ten cards.
    const r = after(q, DEAL);
    expect(stockLeft(r)).toBe(0);
    expect(r.columns[9].cards.length).toBe(p.columns[9].cards.length + 2);
  });

  it('Rules: a deal puts a card onto empty columns too (relaxed)', () => {
    const p = position({ columns: ['', '9h 8h'], stock: TEN, rules: { relaxed: 1 } });
    const q = after(p, DEAL);
    expect(show(q)[0]).toBe('2c');
    expect(show(q)[1]).toBe('9h 8h 3c');
    expect(show(q)[9]).toBe('Jc');
  });

  it('Rules: a deal is refused when the stock is empty', () => {
    const p = position({ columns: full });
    const r = refusalOf(p, DEAL);
    expect(r).toEqual({ why: 'stock-empty' });
    expect(explain(r)).toBe("can't deal: the stock is empty");
    expect(checkDeal(p)).toEqual({ why: 'stock-empty' });
  });

  it('Rules: relaxed 0 refuses a deal while any column is empty, naming the column', () => {
    const cols = full.slice();
    cols[3] = '';
    cols[7] = '';
    const p = position({ columns: cols, stock: TEN });
    const r = refusalOf(p, DEAL);
    expect(r).toEqual({ why: 'deal-empty-column', column: 3 });
    expect(explain(r)).toBe("can't deal: column 4 is empty; fill it first (relaxed 0)");
    // Even when every other column is in perfect order.
    const ordered = position({ columns: ['', '9h 8h'], stock: TEN });
    expect(refusalOf(ordered, DEAL).why).toBe('deal-empty-column');
  });

  it('Rules: relaxed 1 allows a deal with a space when every column is one face-up same-suit sequence', () => {
    const p = position({
      columns: ['Ks Qs Js', '', '9h 8h 7h 6h', '4d', '', '5c 4c 3c 2c Ac', '', '', '', 'Th'],
      stock: TEN,
      rules: { relaxed: 1 },
    });
    expect(checkDeal(p)).toBeNull();
    const q = after(p, DEAL);
    expect(show(q)[1]).toBe('3c');
    expect(show(q)[0]).toBe('Ks Qs Js 2c');
  });

  it('Rules: relaxed 1 refuses a deal with a space when a column mixes suits', () => {
    const p = position({
      columns: ['Ks Qs Js', '', '9h 8s 7h'],
      stock: TEN,
      rules: { relaxed: 1 },
    });
    const r = refusalOf(p, DEAL);
    expect(r).toEqual({
      why: 'deal-not-in-order',
      empty: 1,
      column: 2,
      relaxed: 1,
      faceDown: false,
    });
    expect(explain(r)).toBe(
      "can't deal: column 2 is empty and column 3 is not one same-suit sequence (relaxed 1)",
    );
  });

  it('Rules: relaxed 1 refuses a deal with a space when a column does not descend from its deepest card', () => {
    // The top run is fine, but the column as a whole is not one sequence.
    const p = position({ columns: ['2s 9h 8h', ''], stock: TEN, rules: { relaxed: 1 } });
    expect(refusalOf(p, DEAL)).toMatchObject({ why: 'deal-not-in-order', column: 0 });
  });

  it('Rules: relaxed 1 and 2 refuse a deal with a space while a face-down card remains', () => {
    for (const relaxed of [1, 2] as const) {
      const p = position({
        columns: ['Ks Qs', '', '', 'Th | 9h 8h'],
        stock: TEN,
        rules: { relaxed },
      });
      const r = refusalOf(p, DEAL);
      expect(r).toEqual({ why: 'deal-not-in-order', empty: 1, column: 3, relaxed, faceDown: true });
      expect(explain(r)).toBe(
        `can't deal: column 2 is empty and column 4 still has face-down cards (relaxed ${relaxed})`,
      );
    }
  });

  it('Rules: relaxed 2 allows a deal with a space when columns descend by rank in mixed suits', () => {
    const p = position({
      columns: ['Ks Qh Jd Tc', '', '5h 4s', 'Ac'],
      stock: TEN,
      rules: { relaxed: 2 },
    });
    expect(checkDeal(p)).toBeNull();
    expect(show(after(p, DEAL))[1]).toBe('3c');
    // The same position under relaxed 1 is refused.
    expect(refusalOf({ ...p, rules: { ...p.rules, relaxed: 1 } }, DEAL).why).toBe(
      'deal-not-in-order',
    );
  });

  it('Rules: relaxed 2 refuses a deal with a space when ranks do not descend', () => {
    const p = position({
      columns: ['Ks Qh Td', '', '5h 6h'],
      stock: TEN,
      rules: { relaxed: 2 },
    });
    const r = refusalOf(p, DEAL);
    expect(r).toEqual({
      why: 'deal-not-in-order',
      empty: 1,
      column: 0,
      relaxed: 2,
      faceDown: false,
    });
    expect(explain(r)).toBe(
      "can't deal: column 2 is empty and column 1 is not one descending sequence (relaxed 2)",
    );
  });

  it('Rules: relaxed 3 deals whatever the columns hold, empty ones included', () => {
    // Two empty columns, face-down cards, mixed suits out of order: every lower level refuses.
    const p = position({
      columns: ['', '7d | 9h', '', 'Ks 2c 5h'],
      stock: TEN,
      rules: { relaxed: 3 },
    });
    expect(checkDeal(p)).toBeNull();
    const dealt = show(after(p, DEAL));
    expect(dealt[0]).toBe('2c');
    expect(dealt[1]).toBe('7d | 9h 3c');
    expect(dealt[2]).toBe('4c');
    expect(dealt[3]).toBe('Ks 2c 5h 5c');
    for (const relaxed of [0, 1, 2] as const) {
      expect(checkDeal({ ...p, rules: { ...p.rules, relaxed } })).not.toBeNull();
    }
  });

  it('Rules: relaxed 3 still refuses a deal from an empty stock', () => {
    const p = position({ columns: ['', '9h'], stock: [], rules: { relaxed: 3 } });
    expect(refusalOf(p, DEAL).why).toBe('stock-empty');
  });

  it('Rules: with no empty column, relaxed 1, 2 and 3 deal onto any columns', () => {
    for (const relaxed of [1, 2, 3] as const) {
      const p = position({
        columns: full.map((c) => `3s | 9h ${c}`),
        stock: TEN,
        rules: { relaxed },
      });
      expect(checkDeal(p)).toBeNull();
    }
  });
});

describe('Rules: completed suits', () => {
  it('Rules: a suit completed by a move is removed at once and the exposed card turns up', () => {
    const p = position({
      columns: ['9d 4c | ' + suitRun('h').replace(' Ah', ''), 'Ah', '2s | Qd'],
    });
    const q = after(p, move(1, 0));
    expect(q.foundations).toEqual([1]);
    expect(show(q)[0]).toBe('9d | 4c');
    expect(show(q)[1]).toBe('');
  });

  it('Rules: a suit completed by a moved run is removed at once', () => {
    const run = suitRun('s').split(' ');
    const p = position({
      columns: [run.slice(0, 8).join(' '), `Qh | ${run.slice(8).join(' ')}`],
    });
    const q = after(p, move(1, 0));
    expect(q.foundations).toEqual([0]);
    expect(show(q).slice(0, 2)).toEqual(['', 'Qh']);
  });

  it('Rules: suits completed by a deal are removed, columns checked 1..10 in order', () => {
    const almost = (s: string) => suitRun(s).replace(` A${s}`, '');
    const columns = [
      'Qh',
      `3d | ${almost('c')}`,
      'Qh',
      'Qh',
      'Qh',
      `${almost('s')}`,
      'Qh',
      `${almost('h')}`,
      'Qh',
      'Qh',
    ];
    // Deal puts Ac on column 2, As on column 6 and Ah on column 8.
    const stock = ['2d', 'Ac', '2d', '2d', '2d', 'As', '2d', 'Ah', '2d', '2d'];
    const q = after(position({ columns, stock }), DEAL);
    expect(q.foundations).toEqual([3, 0, 1]);
    expect(show(q)[1]).toBe('3d');
    expect(show(q)[5]).toBe('');
    expect(show(q)[7]).toBe('');
    expect(show(q)[0]).toBe('Qh 2d');
  });

  it('Rules: keep-suits leaves a completed suit in the tableau', () => {
    const p = position({
      columns: ['9d 4c | ' + suitRun('h').replace(' Ah', ''), 'Ah'],
      rules: { keepSuits: true },
    });
    const q = after(p, move(1, 0));
    expect(q.foundations).toEqual([]);
    expect(show(q)[0]).toBe(`9d 4c | ${suitRun('h')}`);
    // A deal does not remove it either.
    const d = after(
      position({
        columns: Array(10).fill(suitRun('s').replace(' As', '')),
        stock: Array(10).fill('As'),
        rules: { keepSuits: true },
      }),
      DEAL,
    );
    expect(d.foundations).toEqual([]);
    expect(show(d)[0]).toBe(suitRun('s'));
  });

  it('Rules: keep-suits: remove (rF) takes the suit off and turns the card below', () => {
    const p = position({
      columns: ['', '9d 4c | ' + suitRun('h')],
      rules: { keepSuits: true },
    });
    const q = after(p, remove(1));
    expect(q.foundations).toEqual([1]);
    expect(show(q)[1]).toBe('9d | 4c');
    expect(legalActions(p)).toContainEqual(remove(1));
  });

  it('Rules: remove is refused when there is no complete suit on top of the column', () => {
    const p = position({
      columns: [
        suitRun('h') + ' 5s', // a complete suit with a card on top
        suitRun('s').replace(' As', ''), // twelve cards
        `Kc | ${suitRun('c').replace('Kc ', '')}`, // the King face down
        '',
      ],
      rules: { keepSuits: true },
    });
    for (const c of [0, 1, 2, 3]) {
      const r = refusalOf(p, remove(c));
      expect(r).toEqual({ why: 'no-complete-suit', column: c });
    }
    expect(explain(refusalOf(p, remove(0)))).toBe(
      'column 1 has no complete suit (king to ace) on top',
    );
    expect(legalActions(p).filter((a) => a.kind === 'remove')).toEqual([]);
  });

  it('Rules: remove by hand is refused, with the reason, where suits leave at once', () => {
    // No complete suit can stay on top here, so the refusal names the rule, not the column.
    const p = position({ columns: ['9d 4c', ''] });
    for (const c of [0, 1, 9]) {
      expect(refusalOf(p, remove(c))).toEqual({ why: 'suits-leave-at-once' });
    }
    expect(explain(refusalOf(p, remove(0)))).toBe(
      'this game removes complete suits by itself (by hand only with --keep-suits)',
    );
  });
});

describe('Rules: won and lost', () => {
  it('Rules: won when all 8 suits are removed', () => {
    const p = position({ columns: [], foundations: 'shdcshdc' });
    expect(status(p)).toBe('won');
    expect(status(position({ columns: ['Qs'], foundations: 'shdcshd' }))).not.toBe('won');
  });

  it('Rules: keep-suits: won with an empty stock and every column empty or one complete suit', () => {
    const suits = 'shdcshdc'.split('');
    const p = position({ columns: suits.map(suitRun), rules: { keepSuits: true } });
    expect(status(p)).toBe('won');
    // Some removed and some kept is a win too.
    const mixed = position({
      columns: ['', suitRun('s'), '', suitRun('c'), suitRun('d')],
      foundations: 'shdch',
      rules: { keepSuits: true },
    });
    expect(status(mixed)).toBe('won');
  });

  it('Rules: keep-suits: a column with a complete suit plus other cards is not a win', () => {
    const suits = 'shdcshd'.split('');
    const columns = [...suits.map(suitRun), `5s | ${suitRun('c')}`];
    const p = position({ columns, rules: { keepSuits: true } });
    expect(status(p)).toBe('playing');
    const faceUpExtra = position({
      columns: [...suits.map(suitRun), `5s ${suitRun('c')}`],
      rules: { keepSuits: true },
    });
    expect(status(faceUpExtra)).not.toBe('won');
  });

  it('Rules: keep-suits: not a win while cards remain in the stock', () => {
    const p = position({
      columns: 'shdcshdc'.split('').map(suitRun).concat(['Qs', 'Js']),
      stock: TEN,
      rules: { keepSuits: true },
    });
    expect(status(p)).toBe('playing');
  });

  it('Rules: without keep-suits, complete suits in the tableau are not a win', () => {
    const p = position({ columns: 'shdcshdc'.split('').map(suitRun) });
    expect(status(p)).not.toBe('won');
  });

  it('Rules: lost when no move, no remove and no deal exists', () => {
    const p = position({ columns: ['7s', 'Kh', '5d', '3c', 'Jh', '9d', 'Ks', 'Kd', 'Ac', '7h'] });
    expect(legalActions(p)).toEqual([]);
    expect(status(p)).toBe('lost');
    // A stock to deal from saves it.
    expect(status({ ...p, stock: TEN.map(card) })).toBe('playing');
    // So does a complete suit that can be removed.
    const keep = position({
      columns: ['Ah', 'Ad', 'Ac', 'As', 'Ah', 'Ad', 'Ac', 'As', 'Ah', suitRun('s')],
      rules: { keepSuits: true },
    });
    expect(legalActions(keep)).toEqual([remove(9)]);
    expect(status(keep)).toBe('playing');
  });

  it('Rules: moves into an empty column that never lead to progress do not keep the game going', () => {
    const p = position({ columns: ['7s', 'Kh', '5d', '3c', 'Jh', '9d', 'Ks', 'Kd', 'Ac', ''] });
    expect(legalActions(p).length).toBeGreaterThan(0);
    expect(legalActions(p).every((a) => a.kind === 'move' && a.to === 9)).toBe(true);
    expect(progressPossible(p)).toBe('no');
  });
});

describe('Rules: legalActions and hasLegalAction', () => {
  const positions: [string, Position][] = [
    [
      'a mid-game tableau',
      position({
        columns: ['5s | 9d 8d 7d', 'Tc', '8c', '9c', 'Kh Qh', 'Jh', '3s | 4h', 'Ad', '2d', '6h'],
        stock: TEN,
      }),
    ],
    [
      'one with a space',
      position({ columns: ['Ks Qs Js', '', '9h 8h 7h'], rules: { relaxed: 1 }, stock: TEN }),
    ],
    [
      'a keep-suits tableau',
      position({ columns: [`2c | ${suitRun('d')}`, 'Qs', 'Jh Td'], rules: { keepSuits: true } }),
    ],
    [
      'a lost one',
      position({ columns: ['7s', 'Kh', '5d', '3c', 'Jh', '9d', 'Ks', 'Kd', 'Ac', '7h'] }),
    ],
    ['a blocked deal', position({ columns: ['Ks', '', '4h 5h'], stock: TEN })],
    ['an empty tableau', position({ columns: [] })],
    ['Woods 6-5-4', position({ columns: ['Kc 6h 5h 4h', '5s', '6c', '7c', '7h', '8d', ''] })],
  ];

  it.each(positions)('Rules: hasLegalAction agrees with legalActions on %s', (_, p) => {
    expect(hasLegalAction(p)).toBe(legalActions(p).length > 0);
  });

  it.each(positions)('Rules: legalActions lists only actions apply accepts, on %s', (_, p) => {
    for (const action of legalActions(p)) {
      expect(apply(p, action).ok).toBe(true);
    }
  });

  it.each(positions)('Rules: legalActions lists every move apply accepts, on %s', (_, p) => {
    const listed = legalActions(p)
      .filter((a) => a.kind === 'move')
      .map(key)
      .sort();
    expect(acceptedMoves(p).map(key).sort()).toEqual(listed);
  });

  it('Rules: legalActions includes the deal and removes exactly when apply accepts them', () => {
    for (const [, p] of positions) {
      expect(legalActions(p).some((a) => a.kind === 'deal')).toBe(apply(p, DEAL).ok);
      for (let c = 0; c < COLUMN_COUNT; c++) {
        expect(legalActions(p).some((a) => a.kind === 'remove' && a.column === c)).toBe(
          apply(p, remove(c)).ok,
        );
      }
    }
  });

  it('Rules: the mid-game tableau has the expected moves', () => {
    const p = positions[0][1];
    const moves = legalActions(p).filter((a) => a.kind === 'move');
    expect(moves).toContainEqual(move(0, 2, 1)); // 7d onto 8c
    expect(moves).toContainEqual(move(0, 3, 2)); // 8d-7d onto 9c
    expect(moves).toContainEqual(move(0, 1, 3)); // 9d-8d-7d onto Tc
    expect(moves).toContainEqual(move(5, 4, 1)); // Jh onto Qh
    expect(moves).toContainEqual(move(7, 8, 1)); // Ad onto 2d
    expect(moves).toContainEqual(move(9, 0, 1)); // 6h onto 7d
    expect(moves).not.toContainEqual(move(8, 7, 1)); // 2d onto Ad: nothing goes onto an ace
    expect(moves).not.toContainEqual(move(6, 0, 1)); // 4h onto 7d
    expect(moves.some((a) => a.kind === 'move' && a.from === 4 && a.count === 2)).toBe(false);
  });
});
