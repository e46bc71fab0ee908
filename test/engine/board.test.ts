/**
 * The solver's mutable board plays the same rules as `apply` (docs/solver.md, "Solver"): random
 * games in every variant, played on both, position by position, with actions taken back and
 * positions stored and restored on the way.
 */
import seedrandom from 'seedrandom';
import {
  type Action,
  applyLegal,
  checkDeal,
  continuesRun,
  dealPosition,
  isWon,
  legalActions,
  type Position,
  positionHash,
  type Rules,
} from '../../src/engine';
import { actionOf, Board, DEAL_CODE, moveCode, removeCode } from '../../src/engine/board';
import { solve } from '../../src/search';
import { position, suitRun } from '../helpers/build';

const codeOf = (action: Action): number => {
  switch (action.kind) {
    case 'deal':
      return DEAL_CODE;
    case 'remove':
      return removeCode(action.column);
    case 'move':
      return moveCode(action.from, action.to, action.count as number);
  }
};

/** Checks the board shows `expected`: cards, hash, and the rules' verdicts on it. */
function expectSame(board: Board, expected: Position): void {
  // As text: much quicker than a deep comparison, over thousands of positions.
  const seen = JSON.stringify(board.position());
  if (seen !== JSON.stringify(expected)) expect(board.position()).toEqual(expected);
  board.hash();
  const key = positionHash(expected);
  expect([board.hashLo, board.hashHi]).toEqual([key.lo, key.hi]);
  expect(board.won()).toBe(isWon(expected));
  expect(board.dealAllowed()).toBe(checkDeal(expected) === null);
}

/** Legal actions, the ones that build in suit or remove a suit first, so that suits complete. */
function chooseAction(p: Position, random: () => number): Action {
  const actions = legalActions(p);
  const good = actions.filter(
    (a) =>
      a.kind === 'remove' ||
      (a.kind === 'move' &&
        p.columns[a.to].cards.length > 0 &&
        continuesRun(
          p.columns[a.to].cards[p.columns[a.to].cards.length - 1],
          p.columns[a.from].cards[p.columns[a.from].cards.length - (a.count as number)],
        )),
  );
  const from = good.length > 0 && random() < 0.8 ? good : actions;
  return from[Math.floor(random() * from.length)];
}

/** The action with its count, as `legalActions` gives it. */
function withCount(p: Position, action: Action): Action {
  if (action.kind !== 'move' || action.count !== undefined) return action;
  const match = legalActions(p).find(
    (a) => a.kind === 'move' && a.from === action.from && a.to === action.to,
  );
  return match as Action;
}

const VARIANTS: Rules[] = [
  { suits: 4, relaxed: 0, keepSuits: false },
  { suits: 2, relaxed: 1, keepSuits: false },
  { suits: 1, relaxed: 2, keepSuits: false },
  { suits: 1, relaxed: 3, keepSuits: true },
  { suits: 2, relaxed: 0, keepSuits: true },
];

describe('the board plays the rules of apply', () => {
  for (const rules of VARIANTS) {
    it(`random games, ${rules.suits} suit${rules.suits > 1 ? 's' : ''}, relaxed ${rules.relaxed}${rules.keepSuits ? ', keep suits' : ''}`, () => {
      const random = seedrandom(`board ${JSON.stringify(rules)}`);
      let removals = 0;
      let deals = 0;
      // Random games, and one won by the solver's line (every suit is removed on the way).
      for (let game = 0; game < 4; game++) {
        let p = dealPosition({ scheme: 'pysol', key: String(game + 1) }, rules);
        const won = game === 0 ? solve(p, { timeMs: Infinity, positions: 3_000_000 }) : null;
        if (won) expect(won.result).toBe('won');
        const board = new Board(p);
        const stored = new Uint8Array(Board.RECORD);
        expectSame(board, p);
        for (let step = 0; step < (won ? won.line.length : 150); step++) {
          if (legalActions(p).length === 0 || isWon(p)) break;
          const action = won ? withCount(p, won.line[step]) : chooseAction(p, random);
          const next = applyLegal(p, action);
          board.store(stored, 0);
          board.play(codeOf(action));
          expectSame(board, next);
          expect(actionOf(codeOf(action))).toEqual(action);
          // Taken back, the board is the position before; stored and restored, the one after.
          board.takeBack();
          expectSame(board, p);
          board.play(codeOf(action));
          board.store(stored, 0);
          board.load(p);
          board.restore(stored, 0);
          expectSame(board, next);
          if (next.foundations.length > p.foundations.length) removals++;
          if (action.kind === 'deal') deals++;
          p = next;
        }
      }
      // The games went through what matters: deals and removed suits.
      expect(deals).toBeGreaterThan(5);
      expect(removals).toBeGreaterThan(0);
    });
  }

  it('a move that completes a suit removes it, and takes it back whole', () => {
    const p = position({
      columns: ['Kh | 9s', '', '', '', '', 'Ad | ' + suitRun('s').slice(0, -3), 'Ad | As'],
    });
    const board = new Board(p);
    board.play(moveCode(6, 5, 1));
    expect(board.removed).toBe(1);
    const after = applyLegal(p, { kind: 'move', from: 6, to: 5, count: 1 });
    expect(after.foundations).toHaveLength(1);
    expect(board.position()).toEqual(after);
    board.takeBack();
    expect(board.position()).toEqual(p);
  });
});
