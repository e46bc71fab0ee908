import {
  type Action,
  apply,
  applyLegal,
  type Card,
  DEAL,
  dealPosition,
  legalActions,
  move,
  type Position,
  remove,
  type Rules,
} from '../../src/engine';
import { type Hint, heuristicHints } from '../../src/search';
import { describeHint } from '../../src/words/search';
import { arrangedGame } from '../helpers/arranged';
import { position, type PositionSpec, suitRun } from '../helpers/build';

/**
 * A column that takes no part: its ace lies on an off-suit two, so it can only move to another
 * two (none in these tests, apart from other filler columns) and nothing fits on it.
 */
const INERT = 'Kd | 2c Ad';

/** A position whose columns beyond those given are inert, with an empty stock by default. */
function board(columns: string[], spec: Omit<PositionSpec, 'columns'> = {}): Position {
  const all = Array.from({ length: 10 }, (_, c) => columns[c] ?? INERT);
  return position({ ...spec, columns: all });
}

const hintsOf = (p: Position): Hint[] => heuristicHints.hints(p);
const actionsOf = (p: Position): Action[] => hintsOf(p).map((h) => h.action);
const first = (p: Position): Hint => {
  const hints = hintsOf(p);
  if (hints.length === 0) throw new Error('no hint');
  return hints[0];
};

/** Ten stock cards that fit nowhere in particular. */
const STOCK = ['Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh'];

/** A small deterministic generator for the random positions. */
function lcg(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const VARIANTS: Rules[] = [];
for (const suits of [1, 2, 4] as const) {
  for (const relaxed of [0, 1, 2, 3] as const) {
    for (const keepSuits of [false, true]) VARIANTS.push({ suits, relaxed, keepSuits });
  }
}

/** Position number `i` of a random playout: a real deal, then up to 250 random legal actions. */
function randomPosition(i: number): Position {
  const random = lcg(i * 7919 + 17);
  const rules = VARIANTS[i % VARIANTS.length];
  let p = i % 4 === 3 ? arrangedGame(rules, i).start : dealPosition(`hint-${i}`, VARIANTS[i % 18]);
  const steps = random(250);
  for (let k = 0; k < steps; k++) {
    const actions = legalActions(p);
    if (actions.length === 0) break;
    p = applyLegal(p, actions[random(actions.length)]);
  }
  return p;
}

function shuffle<T>(items: T[], random: (n: number) => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/**
 * The same position as the player sees it, with the face-down cards dealt out again among the
 * columns (same count in each) and the undealt stock in another order.
 */
function reshuffleUnseen(p: Position, random: (n: number) => number): Position {
  const pool: Card[] = shuffle(
    p.columns.flatMap((c) => c.cards.slice(0, c.hidden)),
    random,
  );
  let next = 0;
  const columns = p.columns.map((c) => ({
    cards: [...pool.slice(next, (next += c.hidden)), ...c.cards.slice(c.hidden)],
    hidden: c.hidden,
  }));
  const seen = p.dealt * 10;
  const stock = [...p.stock.slice(0, seen), ...shuffle(p.stock.slice(seen), random)];
  return { ...p, columns, stock };
}

describe('Hints: what is preferred', () => {
  it('Hints: a build in suit comes before an off-suit build of the same card', () => {
    const p = board(['Kc | 7s', '8h', '8s']);
    const hints = hintsOf(p);
    expect(hints[0].action).toEqual(move(0, 2, 1));
    expect(hints[0].why).toEqual({ kind: 'builds-in-suit', length: 2, also: 'turns-card' });
    expect(hints.map((h) => h.action)).toContainEqual(move(0, 1, 1));
  });

  it('Hints: a longer joined run in suit comes first', () => {
    const p = board(['Kc | 3d 7s', 'Kc | 8s', 'Kc | 9s 8s']);
    expect(first(p).action).toEqual(move(0, 2, 1));
    expect(first(p).why).toMatchObject({ kind: 'builds-in-suit', length: 3 });
  });

  it('Hints: a move that turns a card comes before one that does not', () => {
    const offSuit = board(['Kc | 3d 7c', 'Kc | 7h', '8s']);
    expect(first(offSuit).action).toEqual(move(1, 2, 1));
    expect(first(offSuit).why).toEqual({ kind: 'turns-card' });
    const inSuit = board(['Kc | 3d 7s', 'Kc | 7s', '8s']);
    expect(first(inSuit).action).toEqual(move(1, 2, 1));
  });

  it('Hints: the whole run moves, not a part of it', () => {
    const p = board(['Kc | Jh Th 9h', 'Qs']);
    expect(actionsOf(p)).toEqual([move(0, 1, 3)]);
  });

  it('Hints: emptying a column comes before a build that only uncovers a card', () => {
    // Column 1 empties; the 5♦ of column 3 could then turn a card from the empty column.
    const p = board(['7c', 'Kd | 8h', 'Kd | 5d', 'Kd | 3h 7s']);
    const hints = hintsOf(p);
    expect(hints[0].action).toEqual(move(0, 1, 1));
    expect(hints[0].why).toEqual({ kind: 'empties-column' });
    expect(hints.map((h) => h.action)).toEqual([move(0, 1, 1), move(3, 1, 1)]);
  });

  it('Hints: emptying a column while building in suit ranks above a plain build in suit', () => {
    const p = board(['7h', 'Kd | 8h', 'Kd | 5d', 'Kd | 3c 7h']);
    const hints = hintsOf(p);
    expect(hints[0].action).toEqual(move(0, 1, 1));
    expect(hints[0].why).toEqual({ kind: 'builds-in-suit', length: 2, also: 'empties-column' });
    expect(hints[1].action).toEqual(move(3, 1, 1));
  });

  it('Hints: removing a complete suit comes first with keep-suits', () => {
    const p = board([`Kc | ${suitRun('s')}`, 'Kc | 7h', '8h'], { rules: { keepSuits: true } });
    const hints = hintsOf(p);
    expect(hints[0].action).toEqual(remove(0));
    expect(hints[0].why).toEqual({ kind: 'remove-suit', suit: 0 });
    expect(hints[1].action).toEqual(move(1, 2, 1));
    // The complete suit is never offered as a move into an empty column.
    const withEmpty = board([`Kc | ${suitRun('s')}`, ''], { rules: { keepSuits: true } });
    expect(actionsOf(withEmpty)).toEqual([remove(0)]);
  });

  it('Hints: an empty column is used to turn a card before it is used to open a move', () => {
    const p = board(['Kc | 9h 8s', '', 'Kc | 3d 8h', 'Kc | 4d']);
    const hints = hintsOf(p);
    expect(hints[0]).toMatchObject({ action: move(3, 1, 1), why: { kind: 'turns-card' } });
    expect(hints[1]).toMatchObject({
      action: move(0, 1, 1),
      why: { kind: 'opens', next: move(2, 0, 1) },
    });
  });

  it('Hints: an empty-column move that lets a card then fit in suit is offered', () => {
    const p = board(['Kc | 9h 8s', '', 'Kc | 3d 8h']);
    expect(hintsOf(p)).toEqual([
      {
        action: move(0, 1, 1),
        score: expect.any(Number),
        why: { kind: 'opens', next: move(2, 0, 1) },
      },
    ]);
  });

  it('Hints: a run moves between off-suit parents when the run it uncovers can then turn a card', () => {
    const p = board(['Kc | 9h 8s', '', '9d']);
    expect(hintsOf(p)).toEqual([
      {
        action: move(0, 2, 1),
        score: expect.any(Number),
        why: { kind: 'opens', next: move(0, 1, 1) },
      },
    ]);
    expect(describeHint(p, hintsOf(p)[0])).toBe(
      'move 8♠ from column 1 onto 9♦ in column 3: lets 9♥ from column 1 go into empty column 2',
    );
  });

  it('Hints: equal hints keep a stable order (by source column, then destination)', () => {
    const p = board(['Kc | 7h', 'Kc | 7d', '8s', '8c']);
    expect(actionsOf(p)).toEqual([move(0, 2, 1), move(0, 3, 1), move(1, 2, 1), move(1, 3, 1)]);
    expect(actionsOf(p)).toEqual(actionsOf(p));
  });
});

describe('Hints: pointless shuffles are not offered', () => {
  it('Hints: a run on its same-suit next-higher card is not moved onto another card of that rank', () => {
    const p = board(['Kc | 9h 8s 7s', '8s', '8d']);
    expect(actionsOf(p)).toEqual([]);
  });

  it('Hints: a whole column is not moved into an empty column', () => {
    const p = board(['9s 8s', '']);
    expect(actionsOf(p)).toEqual([]);
  });

  it('Hints: a run is not moved from one off-suit parent to another of the same rank', () => {
    const p = board(['Kc | 8h 7s', '8d']);
    expect(actionsOf(p)).toEqual([]);
  });

  it('Hints: a run is not moved into an empty column that turns, builds and frees nothing', () => {
    const p = board(['Kc | 4h 9s', '']);
    expect(actionsOf(p)).toEqual([]);
  });

  it('Hints: a column is not emptied when nothing could use the empty column', () => {
    const p = board(['7c', 'Kd | 3h 8h']);
    expect(actionsOf(p)).toEqual([]);
  });

  it('Hints: with only pointless moves and the deal refused there is no hint at all', () => {
    const p = board(['Kc | 3s 9h 8s 7s', '8d', 'Kc | 3s 8h 7c', '9s 8s', 'Kc | 4h 9c', '']);
    expect(legalActions(p).length).toBeGreaterThan(5);
    expect(hintsOf(p)).toEqual([]);
  });
});

describe('Hints: the deal', () => {
  it('Hints: the deal comes last, once, when it is legal', () => {
    const p = board(['Kc | 7h', '8s'], { stock: STOCK });
    const hints = hintsOf(p);
    expect(hints.length).toBeGreaterThan(1);
    expect(hints[hints.length - 1]).toMatchObject({ action: DEAL, why: { alone: false } });
    expect(hints.filter((h) => h.action.kind === 'deal')).toHaveLength(1);
  });

  it('Hints: the deal is alone when nothing better exists', () => {
    const p = board(['Kc | 8h 7s', '8d'], { stock: STOCK });
    expect(hintsOf(p)).toEqual([
      { action: DEAL, score: expect.any(Number), why: { kind: 'deal', alone: true } },
    ]);
  });

  it('Hints: no deal is offered when the stock is empty or a column is empty (relaxed 0)', () => {
    expect(actionsOf(board(['Kc | 7h', '8s']))).not.toContainEqual(DEAL);
    const withEmpty = board(['Kc | 7h', '8s', ''], { stock: STOCK });
    expect(actionsOf(withEmpty)).not.toContainEqual(DEAL);
  });

  it('Hints: the deal is offered with an empty column when the relaxed level allows it', () => {
    const p = position({ columns: ['Ks Qs', '', 'Jh'], stock: STOCK, rules: { relaxed: 1 } });
    expect(actionsOf(p)).toEqual([DEAL]);
  });

  it('Hints: an empty column that blocks the deal is filled, and the filler is not moved back', () => {
    const p = board(['Kc | 3s 9h 8s', '', '9d'], { stock: STOCK });
    const fill = first(p);
    expect(fill).toMatchObject({ action: move(0, 1, 1), why: { kind: 'fills-for-deal' } });
    const outcome = apply(p, fill.action);
    if (!outcome.ok) throw new Error('refused');
    expect(actionsOf(outcome.position)).toEqual([DEAL]);
  });

  it('Hints: a split run that fills a column for the deal is not joined back', () => {
    const columns = ['9s 8s 7s', '', 'Js Ts', 'Kd', 'Kd', 'Kd', 'Kd', 'Kd', 'Kd', 'Kd'];
    const p = position({ columns, stock: STOCK });
    const fill = first(p);
    expect(fill).toMatchObject({ action: move(0, 1, 2), why: { kind: 'fills-for-deal' } });
    const outcome = apply(p, fill.action);
    if (!outcome.ok) throw new Error('refused');
    expect(actionsOf(outcome.position)).toEqual([DEAL]);
  });
});

describe('Hints: fairness and legality over random positions', () => {
  it('Hints: they never depend on which cards are face down or left in the stock', () => {
    let changed = 0;
    for (let i = 0; i < 250; i++) {
      const p = randomPosition(i);
      const q = reshuffleUnseen(p, lcg(i + 1));
      if (JSON.stringify(q) !== JSON.stringify(p)) changed++;
      expect(hintsOf(q)).toEqual(hintsOf(p));
    }
    expect(changed).toBeGreaterThan(200);
  });

  it('Hints: every hinted action is legal, and no action is hinted twice', () => {
    let hinted = 0;
    for (let i = 0; i < 400; i++) {
      const p = randomPosition(i);
      const hints = hintsOf(p);
      for (const hint of hints) {
        expect(apply(p, hint.action).ok).toBe(true);
        hinted++;
      }
      const keys = hints.map((h) => JSON.stringify(h.action));
      expect(new Set(keys).size).toBe(keys.length);
      for (let k = 1; k < hints.length; k++) {
        expect(hints[k].score).toBeLessThanOrEqual(hints[k - 1].score);
      }
    }
    expect(hinted).toBeGreaterThan(300);
  });

  it('Hints: following the first hint never returns to a position already seen', () => {
    for (let i = 0; i < 36; i++) {
      let p = dealPosition(`follow-${i}`, VARIANTS[i % VARIANTS.length]);
      const seen = new Set<string>();
      for (let step = 0; step < 400; step++) {
        const key = JSON.stringify([p.columns, p.dealt, p.foundations]);
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        const hints = hintsOf(p);
        if (hints.length === 0) break;
        p = applyLegal(p, hints[0].action);
      }
    }
  });
});

describe('Hints: the sentence on the message line', () => {
  it('Hints: a build in suit, in unicode and in ASCII', () => {
    const p = board(['Kc | Ad', 'Kc | Ad', 'Kc | 3d 7s', 'Kc | Ad', '8s']);
    const hint = first(p);
    expect(describeHint(p, hint)).toBe('move 7♠ from column 3 onto 8♠ in column 5: builds in suit');
    expect(describeHint(p, hint, true)).toBe(
      'move 7s from column 3 onto 8s in column 5: builds in suit',
    );
  });

  it('Hints: a run into an empty column that turns a card', () => {
    const p = board(['Kc | 3d 4c', 'Kc | Jh Th 9h', '', 'Kc | 4d', 'Kc | 4d', '']);
    const hint = first(p);
    expect(describeHint(p, hint)).toBe(
      'move J♥..9♥ from column 2 into empty column 3: turns a card',
    );
    expect(describeHint(p, hint, true)).toBe(
      'move Jh..9h from column 2 into empty column 3: turns a card',
    );
  });

  it('Hints: a build in suit that also turns a card or empties a column', () => {
    const turning = board(['Kc | 9h 8h', 'Kc | 7h 6h 5h']);
    expect(describeHint(turning, first(turning))).toBe(
      'move 7♥..5♥ from column 2 onto 8♥ in column 1: builds a 5-card run in suit and turns a card',
    );
    const eight = board(['Kc | Th 9h', 'Kc | 8h 7h 6h 5h 4h 3h']);
    expect(describeHint(eight, first(eight))).toBe(
      'move 8♥..3♥ from column 2 onto 9♥ in column 1: builds an 8-card run in suit and turns a card',
    );
    const emptying = board(['7h', 'Kd | 8h', 'Kd | 5d']);
    expect(describeHint(emptying, first(emptying), true)).toBe(
      'move 7h from column 1 onto 8h in column 2: builds in suit and empties column 1',
    );
  });

  it('Hints: a suit completed, a suit removed, a card uncovered', () => {
    const completing = board(['Kc | Ks Qs Js Ts 9s 8s 7s', 'Kc | 6s 5s 4s 3s 2s As']);
    expect(describeHint(completing, first(completing))).toBe(
      'move 6♠..A♠ from column 2 onto 7♠ in column 1: completes the ♠ suit and turns a card',
    );
    const removing = board(['', '', '', `Kc | ${suitRun('s')}`], { rules: { keepSuits: true } });
    expect(describeHint(removing, first(removing))).toBe(
      'remove the complete ♠ suit from column 4',
    );
    expect(describeHint(removing, first(removing), true)).toBe(
      'remove the complete s suit from column 4',
    );
    const uncovering = board(['Kc | 3d 7c', '8h']);
    expect(describeHint(uncovering, first(uncovering))).toBe(
      'move 7♣ from column 1 onto 8♥ in column 2: uncovers 3♦',
    );
  });

  it('Hints: opening a move, filling for the deal, dealing', () => {
    const opening = board(['Kc | 9h 8s', '', 'Kc | 3d 8h']);
    expect(describeHint(opening, first(opening))).toBe(
      'move 8♠ from column 1 into empty column 2: lets 8♥ from column 3 go onto 9♥ in column 1',
    );
    const filling = board(['Kc | 3s 9h 8s', '', '9d'], { stock: STOCK });
    expect(describeHint(filling, first(filling), true)).toBe(
      'move 8s from column 1 into empty column 2: fills it so the stock can be dealt',
    );
    const dealing = board(['Kc | 8h 7s', '8d'], { stock: STOCK });
    expect(describeHint(dealing, first(dealing))).toBe('deal: no better move');
    const withMoves = board(['Kc | 7h', '8s'], { stock: STOCK });
    const hints = hintsOf(withMoves);
    expect(describeHint(withMoves, hints[hints.length - 1])).toBe('deal a new row from the stock');
  });
});
