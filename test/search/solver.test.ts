/**
 * The solver (docs/solver.md, "Solver"): winning lines that the rules accept, losses it proves, and
 * a budget it keeps.
 */
import seedrandom from 'seedrandom';
import {
  type Action,
  actionsKept,
  apply,
  gameStatus,
  hasCompleteSuitOnTop,
  legalActions,
  movableRunLength,
  type Position,
  rankOf,
  suitOf,
  isWon,
  newGame,
  dealPosition,
  status,
  statusWithin,
  type Suit,
} from '../../src/engine';
import { heuristicHints } from '../../src/search';
import { autoplayFair, autoplayOpen, candidates, solve } from '../../src/search';
import { actionOf, Board } from '../../src/engine/board';
import { gameAt, playedOut, position, suitRun } from '../helpers/build';
import { playsToWin } from '../helpers/play-out';
import { lostGame, SLOW_TO_SETTLE } from '../helpers/lost-game';

const SEVEN_REMOVED: Suit[] = [0, 1, 2, 3, 0, 1, 2];

it('finds the one move that wins, and nothing longer', () => {
  const p = {
    ...position({ columns: [suitRun('c').replace(/ Ac$/, ''), 'Ac', 'Kd'] }),
    foundations: [...SEVEN_REMOVED],
  };
  const found = solve(p);
  expect(found.result).toBe('won');
  expect(found.line).toEqual([{ kind: 'move', from: 1, to: 0, count: 1 }]);
});

it('a won position needs no line', () => {
  const p = { ...position({ columns: [] }), foundations: [...SEVEN_REMOVED, 3 as Suit] };
  expect(solve(p)).toMatchObject({ result: 'won', line: [] });
});

it('a position the rules call lost is lost', () => {
  const lost = lostGame().position;
  expect(status(lost)).toBe('lost');
  expect(solve(lost).result).toBe('lost');
});

it('proves a loss by searching everything when progress is possible but no win is', () => {
  // The 9♠ can go onto the 10♠ and turn the 5♥; after that nothing moves, and no suit is whole.
  const p = position({
    columns: ['5h | 9s', 'Ts', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh'],
  });
  expect(status(p)).toBe('playing');
  const found = solve(p);
  expect(found.result).toBe('lost');
  expect(found.line).toEqual([]);
});

describe('real deals', () => {
  const start = dealPosition(
    { scheme: 'pysol', key: '6' },
    { suits: 4, relaxed: 0, keepSuits: false },
  );

  it('wins PySolFC game 6 (4 suits) with a line the rules accept, the same line every time', () => {
    const found = solve(start, { timeMs: 60_000 });
    expect(found.result).toBe('won');
    expect(playsToWin(start, found.line)).toBe(true);
    expect(solve(start, { timeMs: 60_000 }).line).toEqual(found.line);
  });

  it('the other variant searches apart and wins it too', () => {
    const first = solve(start, { timeMs: 60_000 });
    const other = solve(start, { timeMs: 60_000, variant: 1 });
    expect(other.result).toBe('won');
    expect(playsToWin(start, other.line)).toBe(true);
    expect(other.positions).not.toBe(first.positions);
  });

  it('stops when cancelled, and says unknown', () => {
    let asked = 0;
    const found = solve(start, { cancelled: () => ++asked > 2 });
    expect(found.result).toBe('unknown');
    expect(found.line).toEqual([]);
    expect(asked).toBe(3);
  });

  it('keeps to a budget of positions', () => {
    const found = solve(start, { positions: 5_000 });
    expect(found.result).toBe('unknown');
    expect(found.positions).toBe(5_000);
  });

  it('keeps its time while the rules search whether the position is lost', () => {
    // Seed 3 with 4 suits after 55 actions of `autoplay --open`: the rules look at a million
    // positions, seconds of work, before they say it is not lost (docs/rules.md, "Lost").
    const game = playedOut('3', { suits: 4, relaxed: 0, keepSuits: false }, SLOW_TO_SETTLE);
    let clock = 0;
    const found = solve(game.position, { timeMs: 10, now: () => clock++ });
    expect(found.result).toBe('unknown');
    // The rules' search was left under way, not run to its end before the time was looked at.
    expect(statusWithin(game.position, 0)).toBeNull();
    // The positions reported are the solver's own search's: none, since the look took the time.
    expect(found.positions).toBe(0);
  });
});

describe('autoplay --open', () => {
  it('plays the hints to the end when the solver finds nothing within its budget', () => {
    const start = newGame(
      { scheme: 'pysol', key: '3' },
      { suits: 4, relaxed: 0, keepSuits: false },
    );
    const played = autoplayOpen(start, { positions: 100 });
    expect(played.solved).toBe(false);
    expect(played.actions.length).toBeGreaterThan(20);
    expect(actionsKept(played.game)).toHaveLength(played.actions.length);
    const status = gameStatus(played.game);
    if (played.result === 'resigned') {
      expect(status).toBe('playing');
      expect(heuristicHints.hints(played.game.position)).toEqual([]);
    } else expect(status).toBe(played.result);
  });

  it('searches once more before it resigns, whatever the time: a game two moves from won is won', () => {
    // Seven suits removed; the last is whole but for its ace, under it: the hints see nothing
    // useful, and no search had time to look.
    const p = position({
      columns: [`As ${suitRun('s').replace(' As', '')}`],
      foundations: 'sssssss',
      rules: { suits: 1 },
    });
    const stuck = gameAt(p);
    expect(heuristicHints.hints(stuck.position).length).toBe(0);
    const open = autoplayOpen(stuck, { positions: 1 });
    expect(open.result).toBe('won');
    expect(open.solved).toBe(false);
    expect(open.lastLook).toBe(true);
    // With every card in view the fair player resigns no more than the open one: here, thinking
    // cancelled at once, it finds nothing to do, and the last look wins in 6 actions.
    const apart = position({
      columns: ['Js', 'Ks', '', 'Qs 9s 8s 7s 6s 5s', '', '', '', '', '4s', 'Ts 3s 2s As'],
      foundations: 'sssssss',
      rules: { suits: 1 },
    });
    const fair = autoplayFair(gameAt(apart), { cancelled: () => true, tuning: { nodes: 1 } });
    expect(fair.result).toBe('won');
    expect(fair.lastLook).toBe(true);
    expect(isWon(fair.game.position)).toBe(true);
  });

  it('plays nothing in a game the rules call lost, though cards can still be moved about', () => {
    const lost = lostGame();
    expect(gameStatus(lost)).toBe('lost');
    const fair = autoplayFair(lostGame(), { timeMs: 200, seed: '1' });
    expect(fair.result).toBe('lost');
    expect(fair.actions).toEqual([]);
    expect(fair.plans).toBe(0);
  });

  it('does not search once more for the fair player while a card is face down: that would read it', () => {
    // The 5s under the Ks is face down; 3s onto 4s empties a column for the Ks, and the game is
    // then won. The solver, which sees the 5s, wins it; the fair player, looking at one
    // arrangement only and cancelled at once, sees no card it can turn, and resigns.
    const hidden = position({
      columns: ['5s | Ks', '3s', '4s', 'Qs', 'Js', 'Ts', '9s', '8s', '7s', '6s 2s As'],
      foundations: 'sssssss',
      rules: { suits: 1 },
    });
    expect(solve(hidden, { positions: 10_000 }).result).toBe('won');
    const fair = autoplayFair(gameAt(hidden), { cancelled: () => true, tuning: { nodes: 1 } });
    expect(fair.result).toBe('resigned');
    expect(fair.lastLook).toBe(false);
    expect(fair.actions).toEqual([]);
  });
});

describe('the actions worth trying', () => {
  /**
   * What `candidates` promises, worked out from the rules' own legal actions, in their order:
   * a complete suit's removal alone; else the legal moves of a movable run but those that
   * change nothing or seldom help, then the deal.
   */
  function worthTrying(p: Position, variant: 0 | 1): Action[] {
    const complete = p.columns.findIndex(hasCompleteSuitOnTop);
    if (complete >= 0) return [{ kind: 'remove', column: complete }];
    const firstEmpty = p.columns.findIndex((column) => column.cards.length === 0);
    return legalActions(p).filter((action) => {
      if (action.kind !== 'move') return action.kind === 'deal';
      const source = p.columns[action.from];
      const run = movableRunLength(source);
      const count = action.count ?? run;
      const at = source.cards.length - count;
      const head = source.cards[at];
      const hasBelow = at > source.hidden;
      const below = source.cards[at - 1];
      const target = p.columns[action.to].cards;
      // Into an empty column: only the first, and never a whole column.
      if (target.length === 0) return action.to === firstEmpty && at > 0;
      const onto = target[target.length - 1];
      const inSuit = suitOf(onto) === suitOf(head);
      if (hasBelow && suitOf(below) === suitOf(head) && rankOf(below) === rankOf(head) + 1)
        return inSuit && movableRunLength(p.columns[action.to]) + count > run;
      return variant === 1 || inSuit || !hasBelow || rankOf(below) !== rankOf(onto);
    });
  }

  it("are the legal actions the solver keeps, in the rules' order, in positions of real games", () => {
    const codes = new Int32Array(4096);
    let compared = 0;
    for (const suits of [1, 2, 4] as const) {
      for (const seed of ['a', 'b', 'c', 'd']) {
        const random = seedrandom(`${seed}${suits}`);
        let p = newGame(seed, { suits, relaxed: 0, keepSuits: false }).position;
        for (let step = 0; step < 150; step++) {
          const board = new Board(p);
          for (const variant of [0, 1] as const) {
            const n = candidates(board, codes, variant);
            const found = Array.from(codes.subarray(0, n), actionOf);
            expect(found).toEqual(worthTrying(p, variant));
            compared++;
          }
          const legal = legalActions(p);
          if (legal.length === 0) break;
          const outcome = apply(p, legal[Math.floor(random() * legal.length)]);
          if (!outcome.ok) throw new Error(outcome.refusal.why);
          p = outcome.position;
        }
      }
    }
    expect(compared).toBeGreaterThan(1_000);
  });
});
