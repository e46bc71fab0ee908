/**
 * Lost means no progress is possible (docs/rules.md, "Lost"): positions built by hand where every
 * reachable arrangement offers no progress, and positions one move away from it, at the edges.
 */
import {
  type Action,
  applyLegal,
  cardCode,
  DEAL,
  dealPosition,
  gameStatus,
  play,
  PROGRESS_SEARCH_LIMIT,
  status,
  StatusSearch,
  statusWithin,
  hasCompleteSuitOnTop,
  isWon,
  legalActions,
  type Position,
  progressPossible,
  ProgressSearch,
  type ProgressVerdict,
  type Rules,
  stockLeft,
  totalHidden,
} from '../../src/engine';
import { position, suitRun } from '../helpers/build';
import { LOST_GAME_ACTIONS, lostGame } from '../helpers/lost-game';

const TEN = ['2c', '3c', '4c', '5c', '6c', '7c', '8c', '9c', 'Tc', 'Jc'];
const verdict = (p: Position, limit?: number) => progressPossible(p, limit);

describe('lost: no progress from any reachable arrangement', () => {
  it('cards that only shuffle between columns, stock empty, nothing face down', () => {
    const p = position({ columns: ['9h 8s', 'Tc', '', '4d', 'Kc', '2s'] });
    expect(legalActions(p).length).toBeGreaterThan(0);
    expect(verdict(p)).toBe('no');
    expect(verdict(p)).toBe('no');
  });

  it('a face-down card under a jack with no queen in sight, while many moves go round', () => {
    // Every other column has a king at the bottom: no move ever empties a column, no queen is
    // ever on top for the J♠, and no suit can be completed.
    const p = position({
      columns: [
        '5h | Js',
        'Kd 9s',
        'Ks Th',
        'Kc 3c',
        'Kh 7s',
        'Kd 7h',
        'Kc 2c',
        'Ks 2d',
        'Kh 5c',
        'Kd 6d',
      ],
    });
    expect(legalActions(p).length).toBeGreaterThan(3);
    expect(verdict(p)).toBe('no');
    expect(verdict(p)).toBe('no');
  });

  it('relaxed 0: a deal that can never become legal, since the columns cannot all be filled', () => {
    // Nine single cards for ten columns, none fitting on another: one column always stays empty.
    const p = position({
      columns: ['Kh', 'Jd', '9c', '7s', '5h', '3d', 'Ac', 'Qs', 'Ts', ''],
      stock: TEN,
    });
    expect(verdict(p)).toBe('no');
  });
});

describe('playing: one move away from progress', () => {
  it('relaxed 0: filling the empty column makes the deal legal', () => {
    const p = position({
      columns: ['Kh Qs', 'Jd', '9c', '7s', '5h', '3d', 'Ac', 'Qc', 'Ts', ''],
      stock: TEN,
    });
    expect(legalActions(p)).not.toContainEqual(DEAL);
    expect(verdict(p)).toBe('yes');
  });

  it('relaxed 1: single cards are sequences, so the deal is legal at once', () => {
    const p = position({
      columns: ['Kh', 'Jd', '9c', '7s', '5h', '3d', 'Ac', 'Qs', 'Ts', ''],
      stock: TEN,
      rules: { relaxed: 1 },
    });
    expect(verdict(p)).toBe('yes');
  });

  it('relaxed 3: the deal is always legal', () => {
    const p = position({ columns: ['9h 8s', 'Tc', '', '4d'], stock: TEN, rules: { relaxed: 3 } });
    expect(verdict(p)).toBe('yes');
  });

  it('a move that completes a suit (removed at once)', () => {
    const p = position({ columns: [suitRun('s').replace(/ As$/, ''), 'As', '9h'] });
    expect(verdict(p)).toBe('yes');
  });

  it('keep-suits: a complete suit waiting to be removed', () => {
    const p = position({ columns: [suitRun('s'), '9h', 'Tc'], rules: { keepSuits: true } });
    expect(verdict(p)).toBe('yes');
  });

  it('a move that turns a face-down card, reached only after other moves', () => {
    // As in the lost position, but column 10 is 6♦ 4♣ with no king: 4♣ onto 5♣, then 6♦ onto a
    // seven empties the column, and the J♠ can go there, turning the 5♥.
    const p = position({
      columns: [
        '5h | Js',
        'Kd 9s',
        'Ks Th',
        'Kc 3c',
        'Kh 7s',
        'Kd 7h',
        'Kc 2c',
        'Ks 2d',
        'Kh 5c',
        '6d 4c',
      ],
    });
    expect(verdict(p)).toBe('yes');
    expect(verdict(p)).toBe('yes');
  });
});

it('a search that meets more positions than its limit says unknown, and the game counts as playing', () => {
  const p = position({ columns: ['9h 8s', 'Tc', '', '4d', 'Kc', '2s'] });
  expect(verdict(p, 3)).toBe('unknown');
});

/**
 * The search the rules describe, written as plainly as possible: breadth first over whole
 * positions, told apart by their text (columns with face-down cards in place, the others as a
 * sorted set), every legal action tried. The real search must agree with it.
 */
function plainSearch(start: Position, limit: number): { verdict: ProgressVerdict; seen: number } {
  const key = (p: Position): string => {
    const fixed: string[] = [];
    const open: string[] = [];
    for (const c of p.columns) {
      const text = c.cards.slice(c.hidden).map(cardCode).join(' ');
      (c.hidden > 0 ? fixed : open).push(text);
    }
    return `${fixed.join('/')}|${open.sort().join('/')}`;
  };
  const progress = (before: Position, action: Action, after: Position): boolean =>
    action.kind !== 'move' ||
    after.foundations.length > before.foundations.length ||
    totalHidden(after) < totalHidden(before) ||
    after.columns.some(hasCompleteSuitOnTop);
  if (start.columns.some(hasCompleteSuitOnTop)) return { verdict: 'yes', seen: 1 };
  const seen = new Set([key(start)]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const here = queue[head];
    for (const action of legalActions(here)) {
      const next = applyLegal(here, action);
      if (progress(here, action, next)) return { verdict: 'yes', seen: seen.size };
      const k = key(next);
      if (seen.has(k)) continue;
      if (seen.size >= limit) return { verdict: 'unknown', seen: seen.size };
      seen.add(k);
      queue.push(next);
    }
  }
  return { verdict: 'no', seen: seen.size };
}

describe('the search agrees with a plain search of every reachable position', () => {
  // Random games (random legal actions, seeded), every variant, checked at each position once
  // the stock is empty or a column is: where the question is not settled at a glance.
  const variants: Rules[] = [
    { suits: 1, relaxed: 0, keepSuits: false },
    { suits: 2, relaxed: 0, keepSuits: false },
    { suits: 4, relaxed: 0, keepSuits: false },
    { suits: 2, relaxed: 1, keepSuits: true },
    { suits: 4, relaxed: 2, keepSuits: false },
  ];
  it.each(variants)('%o', (rules) => {
    const counts = { yes: 0, no: 0, unknown: 0 };
    for (let g = 0; g < 16; g++) {
      let state = g + 1;
      const random = (n: number) => {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        return state % n;
      };
      let p = dealPosition(`cross-${g}`, rules);
      for (let i = 0; i < 400; i++) {
        const legal = legalActions(p);
        if (legal.length === 0) break;
        p = applyLegal(p, legal[random(legal.length)]);
        if (isWon(p) || (stockLeft(p) > 0 && p.columns.every((c) => c.cards.length > 0))) continue;
        const plain = plainSearch(p, 500);
        const search = new ProgressSearch(p, 20_000);
        const verdict = search.run();
        counts[plain.verdict]++;
        if (plain.verdict === 'no') {
          expect({ verdict, seen: search.positions }).toEqual(plain);
          break; // every later position is lost too
        }
        if (plain.verdict === 'yes') expect(verdict).toBe('yes');
        // The plain search stopped early: if the other says no, it looked at more positions.
        // Later positions of this game would mostly be as large: on to the next game.
        else {
          if (verdict === 'no') expect(search.positions).toBeGreaterThan(500);
          break;
        }
      }
    }
    // The comparison means something only if both kinds of answer came up.
    expect(counts.no).toBeGreaterThan(3);
    expect(counts.yes).toBeGreaterThan(20);
  });
});

describe('status: lost when no progress is possible', () => {
  it('a dead position with legal moves left is lost; the position before it is not', () => {
    const lost = lostGame();
    expect(legalActions(lost.position).length).toBeGreaterThan(0);
    expect(status(lost.position)).toBe('lost');
    expect(gameStatus(lost)).toBe('lost');
    expect(status(lostGame(LOST_GAME_ACTIONS - 1).position)).toBe('playing');
  });

  it('a quick look does not settle it, and says so rather than guessing', () => {
    const lost = lostGame();
    expect(statusWithin(lost.position, 10)).toBeNull();
  });

  it('every action from a lost position is known lost at once, without a search', () => {
    const lost = lostGame();
    expect(status(lost.position)).toBe('lost');
    for (const action of legalActions(lost.position)) {
      const outcome = play(lost, action);
      if (!outcome.ok) throw new Error('a legal action was refused');
      expect(statusWithin(outcome.game.position, 0)).toBe('lost');
    }
  });

  it('the search run in slices gives the same answer as in one go', () => {
    const lost = lostGame();
    const search = new StatusSearch(lost.position, PROGRESS_SEARCH_LIMIT, false);
    let slices = 0;
    let result = search.step(7);
    while (result === null) {
      slices++;
      result = search.step(7);
    }
    expect(result).toBe('lost');
    expect(slices).toBeGreaterThan(50);
    expect(search.positions).toBe(550);
  });
});

it('keep-suits: a move that uncovers a complete suit a deal had covered is progress', () => {
  // Column 1 holds K♠..A♠ under an A♥; the A♥ can go into... nowhere but onto a 2, and the 2♣ is
  // there. Every other column is stuck.
  const p = position({
    columns: [
      `${suitRun('s')} Ah`,
      '2c',
      '5d Ac',
      '5d Ac',
      '5h Ad',
      '5d Ac',
      '5d Ac',
      '5h Ad',
      '5d Ac',
      '5d Ac',
    ],
    rules: { keepSuits: true },
  });
  expect(verdict(p)).toBe('yes');
  expect(status(p)).toBe('playing');
});

it('a search given up answers nothing more, and the status is still found afresh', () => {
  const lost = lostGame();
  const search = new StatusSearch(lost.position);
  expect(search.step(10)).toBeNull();
  search.cancel();
  expect(search.step()).toBeNull();
  expect(status(lost.position)).toBe('lost');
});
