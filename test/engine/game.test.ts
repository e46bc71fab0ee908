import {
  type Action,
  actionsKept,
  apply,
  canRedo,
  canUndo,
  countPeek,
  DEAL,
  dealPosition,
  DEFAULT_RULES,
  explain,
  type Game,
  type GameOutcome,
  gameScores,
  gameStatus,
  legalActions,
  markHelped,
  move,
  movesKept,
  newGame,
  play,
  redo,
  remove,
  replay,
  restart,
  restoreGame,
  undo,
  writtenLine,
} from '../../src/engine';
import { gameAt, position, showColumns as show, suitRun } from '../helpers/build';

/** A game whose deal is a hand-built position. */

/** The game after an outcome the engine must accept. */
function ok(outcome: GameOutcome): Game {
  if (!outcome.ok) throw new Error(`refused: ${explain(outcome.refusal, true)}`);
  return outcome.game;
}

/** Plays actions one after the other, each of which must be legal. */
function playAll(game: Game, actions: Action[]): Game {
  return actions.reduce((g, a) => ok(play(g, a)), game);
}

const TEN = ['2c', '3c', '4c', '5c', '6c', '7c', '8c', '9c', 'Tc', 'Jc'];

// REVEAL: 5h onto 6s turns the Ad. PLAIN: Th onto Js, the Jh stays face up. RUN: 9d-8d onto Tc,
// which turns the 3c.
const G = position({
  columns: [
    '7c Ad | 5h',
    '6s',
    '3c | 9d 8d',
    'Tc',
    '4s | Jh Th',
    'Qh',
    'Kd | 9s 8s',
    '2h | 4c',
    '3s | 5d',
    '6h | Js',
  ],
  stock: [...TEN, ...TEN],
});
const REVEAL = move(0, 1);
const PLAIN = move(4, 9, 1);
const RUN = move(2, 3);

describe('Game: new game and play', () => {
  it('Game: a new game starts at the deal for its seed with no actions and no peeks', () => {
    const g = newGame('42', DEFAULT_RULES);
    expect(g.position).toBe(g.start);
    expect(g.position).toEqual(dealPosition('42', DEFAULT_RULES));
    expect(g.actions).toBe(0);
    expect(g.peeks).toBe(0);
    expect(canUndo(g)).toBe(false);
    expect(canRedo(g)).toBe(false);
    expect(actionsKept(g)).toEqual([]);
    expect(gameStatus(g)).toBe('playing');
  });

  it('Game: play applies the action as the rules do and counts it', () => {
    const g0 = gameAt(G);
    const g1 = ok(play(g0, REVEAL));
    const expected = apply(G, REVEAL);
    expect(expected.ok && g1.position).toEqual(expected.ok && expected.position);
    expect(show(g1.position)[0]).toBe('7c | Ad');
    expect(g1.actions).toBe(1);
    expect(canUndo(g1)).toBe(true);
    // The game played from is unchanged.
    expect(g0.position).toBe(G);
    expect(g0.actions).toBe(0);
  });

  it('Game: an illegal action is refused with the rules refusal and changes nothing', () => {
    const g0 = gameAt(G);
    const outcome = play(g0, move(3, 3));
    expect(outcome).toEqual({ ok: false, refusal: { why: 'same-column', column: 3 } });
    const r = play(g0, move(1, 0));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.refusal.why).toBe('nothing-fits');
  });
});

describe('Game: undo and redo', () => {
  it('Game: undo restores the exact earlier position (equal and the same stored object)', () => {
    const g0 = gameAt(G);
    const snapshot = structuredClone(G);
    const g1 = ok(play(g0, REVEAL));
    const g2 = ok(undo(g1));
    expect(g2.position).toEqual(snapshot);
    expect(g2.position).toBe(g0.position);
    expect(canUndo(g2)).toBe(false);
    expect(canRedo(g2)).toBe(true);
    // Playing and undoing did not alter the stored position.
    expect(G).toEqual(snapshot);
  });

  it('Game: undo steps back through several actions, one at a time', () => {
    const g0 = gameAt(G);
    const g1 = ok(play(g0, REVEAL));
    const g2 = ok(play(g1, PLAIN));
    const g3 = ok(play(g2, RUN));
    const u1 = ok(undo(g3));
    expect(u1.position).toBe(g2.position);
    const u2 = ok(undo(u1));
    expect(u2.position).toBe(g1.position);
    const u3 = ok(undo(u2));
    expect(u3.position).toBe(g0.position);
    expect(u3.position).toEqual(G);
  });

  it('Game: undo with nothing played is refused', () => {
    const outcome = undo(gameAt(G));
    expect(outcome).toEqual({ ok: false, refusal: { why: 'nothing-to-undo' } });
    expect(!outcome.ok && explain(outcome.refusal)).toBe('nothing to undo');
  });

  it('Game: redo re-applies the undone actions in order', () => {
    const g1 = ok(play(gameAt(G), REVEAL));
    const g2 = ok(play(g1, PLAIN));
    const back = ok(undo(ok(undo(g2))));
    const r1 = ok(redo(back));
    expect(r1.position).toBe(g1.position);
    expect(actionsKept(r1)).toEqual([REVEAL]);
    const r2 = ok(redo(r1));
    expect(r2.position).toBe(g2.position);
    expect(r2.position).toEqual(g2.position);
    expect(actionsKept(r2)).toEqual([REVEAL, move(4, 9)]);
    expect(canRedo(r2)).toBe(false);
    const outcome = redo(r2);
    expect(outcome).toEqual({ ok: false, refusal: { why: 'nothing-to-redo' } });
    expect(!outcome.ok && explain(outcome.refusal)).toBe('nothing to redo');
  });

  it('Game: a new action clears the redo stack', () => {
    const g2 = playAll(gameAt(G), [REVEAL, PLAIN]);
    const u = ok(undo(g2));
    expect(canRedo(u)).toBe(true);
    const n = ok(play(u, RUN));
    expect(canRedo(n)).toBe(false);
    expect(redo(n)).toEqual({ ok: false, refusal: { why: 'nothing-to-redo' } });
    expect(actionsKept(n)).toEqual([REVEAL, RUN]);
  });

  it('Game: a refused action does not clear the redo stack', () => {
    const u = ok(undo(ok(play(gameAt(G), REVEAL))));
    expect(play(u, move(3, 3)).ok).toBe(false);
    expect(canRedo(u)).toBe(true);
  });
});

describe('Game: the actions count', () => {
  // Keep-suits: Ah completes the hearts in column 1; removing them turns the 7c.
  const K = position({
    columns: [
      `7c | ${suitRun('h').replace(' Ah', '')}`,
      '3d | 2s Ah',
      'Qs',
      'Qs',
      'Qs',
      'Qs',
      'Qs',
      'Qs',
      'Qs',
      'Qs',
    ],
    stock: TEN,
    rules: { keepSuits: true },
  });

  it('Game: moves, removes, deals, undos and redos each count as one action', () => {
    const g1 = ok(play(gameAt(K), move(1, 0)));
    expect(g1.actions).toBe(1);
    const g2 = ok(play(g1, remove(0)));
    expect(g2.actions).toBe(2);
    expect(show(g2.position)[0]).toBe('7c');
    const g3 = ok(play(g2, DEAL));
    expect(g3.actions).toBe(3);
    const g4 = ok(undo(g3));
    expect(g4.actions).toBe(4);
    const g5 = ok(redo(g4));
    expect(g5.actions).toBe(5);
    expect(actionsKept(g5)).toEqual([move(1, 0), remove(0), DEAL]);
    expect(movesKept(g5)).toBe(3);
    // Microsoft: 500 - 5 actions + 100 for the removed suit.
    expect(gameScores(g5).microsoft).toBe(595);
  });

  it('Game: refused actions, undos and redos are not counted', () => {
    const g = gameAt(K);
    expect(play(g, move(0, 0)).ok).toBe(false);
    expect(undo(g).ok).toBe(false);
    expect(redo(g).ok).toBe(false);
    expect(g.actions).toBe(0);
    expect(gameScores(g).microsoft).toBe(500);
  });
});

describe('Game: peeks', () => {
  it('Game: undoing a move that turned a card adds a peek', () => {
    const g = ok(undo(ok(play(gameAt(G), REVEAL))));
    expect(g.peeks).toBe(1);
  });

  it('Game: undoing a deal adds a peek', () => {
    const g = ok(undo(ok(play(gameAt(G), DEAL))));
    expect(g.peeks).toBe(1);
  });

  it('Game: undoing a plain move adds no peek', () => {
    const g = ok(undo(ok(play(gameAt(G), PLAIN))));
    expect(g.peeks).toBe(0);
  });

  it('Game: undoing a remove that turned a card adds a peek (keep-suits)', () => {
    const p = position({
      columns: [`7c | ${suitRun('h')}`, 'Qs'],
      rules: { keepSuits: true },
    });
    const g = ok(undo(ok(play(gameAt(p), remove(0)))));
    expect(g.peeks).toBe(1);
  });

  it('Game: redo adds no peek', () => {
    const u = ok(undo(ok(play(gameAt(G), REVEAL))));
    expect(ok(redo(u)).peeks).toBe(1);
  });

  it('Game: countPeek adds one peek and changes nothing else', () => {
    const g = ok(play(gameAt(G), REVEAL));
    const peeked = countPeek(g);
    expect(peeked.peeks).toBe(1);
    expect(countPeek(peeked).peeks).toBe(2);
    expect({ ...peeked, peeks: 0 }).toEqual(g);
    expect(peeked.position).toBe(g.position);
    expect(ok(undo(peeked)).peeks).toBe(2); // the undo of the turn counts as well
  });

  it('Game: a game marked as helped stays so through play, undo, redo, restart and a restore', () => {
    const g = gameAt(G);
    expect(g.helped).toBe(false);
    const helped = markHelped(ok(play(g, REVEAL)));
    expect(helped.helped).toBe(true);
    expect({ ...helped, helped: false }).toEqual(ok(play(g, REVEAL)));
    expect(markHelped(helped)).toBe(helped);
    for (const next of [
      ok(undo(helped)),
      ok(redo(ok(undo(helped)))),
      ok(play(ok(undo(helped)), REVEAL)),
      restart(helped),
      replay(helped, []).game,
    ])
      expect(next.helped).toBe(true);
    // A restore replays the deal's own actions: a dealt game, not a position set up.
    const dealt = newGame('42', DEFAULT_RULES);
    const saved = { actions: [DEAL], undone: 0, actionCount: 1, peeks: 0 };
    expect(restoreGame(dealt.deal, dealt.rules, saved).game.helped).toBe(false);
    expect(restoreGame(dealt.deal, dealt.rules, { ...saved, helped: true }).game.helped).toBe(true);
  });

  it('Game: every undo of a revealing action counts', () => {
    let g = gameAt(G);
    g = ok(undo(ok(play(g, REVEAL))));
    g = ok(undo(ok(play(g, DEAL))));
    g = ok(undo(ok(play(g, PLAIN))));
    expect(g.peeks).toBe(2);
  });
});

describe('Game: restart', () => {
  it('Game: restart returns to the deal and resets the actions and the undo and redo stacks', () => {
    const g0 = gameAt(G);
    const g = ok(undo(playAll(g0, [PLAIN, RUN, DEAL])));
    const r = restart(g);
    expect(r.position).toBe(g0.start);
    expect(r.position).toEqual(G);
    expect(r.actions).toBe(0);
    expect(canUndo(r)).toBe(false);
    expect(canRedo(r)).toBe(false);
    expect(actionsKept(r)).toEqual([]);
  });

  it('Game: restart adds a peek when cards had been revealed', () => {
    const g = playAll(gameAt(G), [REVEAL, PLAIN]);
    expect(restart(g).peeks).toBe(1);
    const dealt = playAll(gameAt(G), [DEAL]);
    expect(restart(dealt).peeks).toBe(1);
  });

  it('Game: restart adds no peek when nothing had been revealed', () => {
    const g = playAll(gameAt(G), [PLAIN]);
    expect(restart(g).peeks).toBe(0);
    expect(restart(gameAt(G)).peeks).toBe(0);
  });

  it('Game: restart keeps the peeks counted before', () => {
    const peeked = ok(undo(ok(play(gameAt(G), REVEAL))));
    expect(peeked.peeks).toBe(1);
    expect(restart(ok(play(peeked, PLAIN))).peeks).toBe(1);
    expect(restart(playAll(peeked, [REVEAL])).peeks).toBe(2);
  });

  it('Game: restart does not charge again for reveals already charged by undo', () => {
    // The Ad was seen and its undo was counted; restarting takes back nothing revealed.
    const undone = ok(undo(ok(play(gameAt(G), REVEAL))));
    expect(undone.peeks).toBe(1);
    expect(restart(undone).peeks).toBe(1);
    // The same as when the redo stack has since been cleared by a new action.
    expect(restart(ok(play(undone, PLAIN))).peeks).toBe(1);
    // Redone, the reveal is in the line again and restart takes it back: one more.
    expect(restart(ok(redo(undone))).peeks).toBe(2);
  });

  it('Game: restart of a real deal goes back to the dealt position', () => {
    const g0 = newGame('restart-me', DEFAULT_RULES);
    const g = playAll(g0, legalActions(g0.position).slice(0, 1));
    const r = restart(g);
    expect(r.position).toBe(g0.start);
    expect(r.position).toEqual(dealPosition('restart-me', DEFAULT_RULES));
    expect(r.deal.key).toBe('restart-me');
  });
});

describe('Game: the line of play kept', () => {
  it('Game: actionsKept lists the actions played, oldest first, without undone ones', () => {
    const g = playAll(gameAt(G), [REVEAL, PLAIN, RUN]);
    expect(actionsKept(g)).toEqual([REVEAL, move(4, 9), RUN]);
    expect(movesKept(g)).toBe(3);
    const u = ok(undo(g));
    expect(actionsKept(u)).toEqual([REVEAL, move(4, 9)]);
    expect(movesKept(u)).toBe(2);
  });

  it('Game: a move whose count is what F-T would choose is kept without the count', () => {
    const g = playAll(gameAt(G), [PLAIN, move(2, 3, 2)]);
    const kept = actionsKept(g);
    expect(kept).toStrictEqual([move(4, 9), move(2, 3)]);
    expect(kept.every((a) => !('count' in a))).toBe(true);
  });

  it('Game: a move into an empty column keeps a count smaller than the run, drops the whole run count', () => {
    const p = position({
      columns: ['9d 8d 7d', '', 'Ks', 'Ks', 'Ks', 'Ks', 'Ks', 'Ks', 'Ks', 'Ks'],
    });
    const part = ok(play(gameAt(p), move(0, 1, 2)));
    expect(actionsKept(part)).toStrictEqual([move(0, 1, 2)]);
    expect(show(part.position)[1]).toBe('8d 7d');
    const whole = ok(play(gameAt(p), move(0, 1, 3)));
    expect(actionsKept(whole)).toStrictEqual([move(0, 1)]);
  });

  it('Game: writtenLine writes a line the same way, and leaves it as given from a refused action', () => {
    const p = position({
      columns: ['9d 8d 7d', '', 'Ks', 'Ks', 'Ks', 'Ks', 'Ks', 'Ks', 'Ks', 'Ks'],
    });
    // The whole run into the empty column, then back onto nothing it fits (refused).
    expect(writtenLine(p, [move(0, 1, 3), move(1, 0, 2), move(1, 2, 1)])).toStrictEqual([
      move(0, 1),
      move(1, 0, 2),
      move(1, 2, 1),
    ]);
    expect(writtenLine(p, [move(0, 1, 2)])).toStrictEqual([move(0, 1, 2)]);
    expect(writtenLine(p, [])).toEqual([]);
  });

  it('Game: replaying the kept line from the deal gives the same position', () => {
    const g = playAll(gameAt(G), [REVEAL, PLAIN, RUN, DEAL]);
    const again = replay(gameAt(G), actionsKept(g));
    expect(again.failure).toBeUndefined();
    expect(again.game.position).toEqual(g.position);
  });
});

describe('Game: replay', () => {
  /** The first few legal actions from a real deal. */
  function someLegal(g: Game, n: number): Action[] {
    const actions: Action[] = [];
    let current = g;
    for (let i = 0; i < n; i++) {
      const legal = legalActions(current.position);
      const action = legal[0];
      actions.push(action);
      current = ok(play(current, action));
    }
    return actions;
  }

  it('Game: replay plays a legal line and reports no failure', () => {
    const g0 = newGame('7', DEFAULT_RULES);
    const line = someLegal(g0, 4);
    const { game, failure } = replay(g0, line);
    expect(failure).toBeUndefined();
    expect(game.actions).toBe(4);
    expect(game.position).toEqual(playAll(g0, line).position);
  });

  it('Game: replay stops at the first illegal action and reports its 0-based index and refusal', () => {
    const g0 = newGame('7', DEFAULT_RULES);
    const line = someLegal(g0, 3);
    const result = replay(g0, [...line, move(5, 5), ...line]);
    expect(result.failure).toEqual({ index: 3, refusal: { why: 'same-column', column: 5 } });
    expect(result.game.actions).toBe(3);
    expect(result.game.position).toEqual(playAll(g0, line).position);
    expect(actionsKept(result.game)).toHaveLength(3);
  });

  it('Game: replay reports an illegal first action at index 0 and returns the game unchanged', () => {
    const g0 = gameAt(G);
    const result = replay(g0, [move(1, 0), REVEAL]);
    expect(result.failure?.index).toBe(0);
    expect(result.failure?.refusal.why).toBe('nothing-fits');
    expect(result.game).toBe(g0);
  });

  it('Game: replay reports a deal refused for an empty stock', () => {
    const g0 = gameAt(G);
    const result = replay(g0, [DEAL, DEAL, DEAL]);
    expect(result.failure).toEqual({ index: 2, refusal: { why: 'stock-empty' } });
    expect(result.game.position.dealt).toBe(2);
  });
});
