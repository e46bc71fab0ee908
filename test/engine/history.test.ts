import fc from 'fast-check';
import {
  type Action,
  actionsKept,
  actionsUndone,
  apply,
  canRedo,
  canUndo,
  DEAL,
  type Game,
  legalActions,
  move,
  movesKept,
  newGame,
  play,
  type Position,
  redo,
  remove,
  replay,
  restart,
  restoreGame,
  type Rules,
  totalHidden,
  undo,
} from '../../src/engine';
import { CHUNK_SIZE, decodeAction, encodeAction } from '../../src/engine/action-log';
import { arrangedGame } from '../helpers/arranged';

/**
 * The game's compact history against the plainest model of the documented behaviour: a list of
 * every action with the positions on both sides. Games run to several hundred actions, with
 * long runs of undos and redos, so they cross many chunks and undo far past the positions the
 * game still remembers.
 */
interface Step {
  readonly action: Action;
  readonly before: Position;
  readonly after: Position;
}

interface Model {
  readonly start: Position;
  readonly position: Position;
  readonly kept: readonly Step[];
  /** Most recently undone last. */
  readonly undone: readonly Step[];
  readonly actions: number;
  readonly peeks: number;
}

const revealed = (s: Step) =>
  s.action.kind === 'deal' || totalHidden(s.after) < totalHidden(s.before);

/** The action as records write it: a count that `F-T` would choose anyway is dropped. */
function written(position: Position, action: Action): Action {
  if (action.kind !== 'move' || action.count === undefined) return action;
  const auto = apply(position, move(action.from, action.to));
  const given = apply(position, action);
  return auto.ok && given.ok && JSON.stringify(auto.position) === JSON.stringify(given.position)
    ? move(action.from, action.to)
    : action;
}

const model = {
  start: (game: Game): Model => ({
    start: game.start,
    position: game.position,
    kept: [],
    undone: [],
    actions: 0,
    peeks: 0,
  }),
  play(m: Model, action: Action): Model {
    const outcome = apply(m.position, action);
    if (!outcome.ok) throw new Error('the model plays only legal actions');
    const step = {
      action: written(m.position, action),
      before: m.position,
      after: outcome.position,
    };
    return {
      ...m,
      position: step.after,
      kept: [...m.kept, step],
      undone: [],
      actions: m.actions + 1,
    };
  },
  undo(m: Model): Model {
    const step = m.kept[m.kept.length - 1];
    return {
      ...m,
      position: step.before,
      kept: m.kept.slice(0, -1),
      undone: [...m.undone, step],
      actions: m.actions + 1,
      peeks: m.peeks + (revealed(step) ? 1 : 0),
    };
  },
  redo(m: Model): Model {
    const step = m.undone[m.undone.length - 1];
    return {
      ...m,
      position: step.after,
      kept: [...m.kept, step],
      undone: m.undone.slice(0, -1),
      actions: m.actions + 1,
    };
  },
  restart(m: Model): Model {
    return {
      ...m,
      position: m.start,
      kept: [],
      undone: [],
      actions: 0,
      peeks: m.peeks + (m.kept.some(revealed) ? 1 : 0),
    };
  },
};

function expectSame(game: Game, m: Model): void {
  expect(game.position).toEqual(m.position);
  expect(movesKept(game)).toBe(m.kept.length);
  expect(actionsKept(game)).toEqual(m.kept.map((s) => s.action));
  expect(actionsUndone(game)).toEqual([...m.undone].reverse().map((s) => s.action));
  expect(canUndo(game)).toBe(m.kept.length > 0);
  expect(canRedo(game)).toBe(m.undone.length > 0);
  expect(game.actions).toBe(m.actions);
  expect(game.peeks).toBe(m.peeks);
}

/** An operation: play the n-th legal action, or undo / redo n times, or restart, or go back in time. */
type Op =
  | { readonly op: 'play'; readonly n: number }
  | { readonly op: 'undo' | 'redo'; readonly n: number }
  | { readonly op: 'restart' }
  | { readonly op: 'earlier'; readonly n: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 200, arbitrary: fc.nat(1000).map((n) => ({ op: 'play' as const, n })) },
  {
    weight: 3,
    arbitrary: fc.integer({ min: 1, max: 5 * CHUNK_SIZE }).map((n) => ({ op: 'undo' as const, n })),
  },
  {
    weight: 3,
    arbitrary: fc.integer({ min: 1, max: 5 * CHUNK_SIZE }).map((n) => ({ op: 'redo' as const, n })),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'restart' as const }) },
  { weight: 2, arbitrary: fc.nat(1000).map((n) => ({ op: 'earlier' as const, n })) },
);

const RULES: Rules[] = [
  { suits: 4, relaxed: 0, keepSuits: false },
  { suits: 1, relaxed: 2, keepSuits: true },
];

describe('Game history against a model of every position', () => {
  it.each(RULES.map((r) => [`${r.suits} suits, keep-suits ${r.keepSuits}`, r] as const))(
    'undo, redo, restart and earlier games agree with the model (%s)',
    (_name, rules) => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.nat(10_000).map((n) => newGame(String(n), rules)),
            fc.nat().map((n) => arrangedGame(rules, n)),
          ),
          fc.array(opArb, { minLength: 200, maxLength: 400 }),
          (start, ops) => {
            let game = start;
            let m = model.start(start);
            // Earlier games stay valid values: playing on from one must not disturb the others.
            const earlier: [Game, Model][] = [];
            for (const o of ops) {
              if (o.op === 'play') {
                const legal = legalActions(game.position);
                if (legal.length === 0) continue;
                const action = legal[o.n % legal.length];
                const outcome = play(game, action);
                expect(outcome.ok).toBe(true);
                if (!outcome.ok) return;
                game = outcome.game;
                m = model.play(m, action);
              } else if (o.op === 'undo' || o.op === 'redo') {
                for (let i = 0; i < o.n; i++) {
                  const outcome = o.op === 'undo' ? undo(game) : redo(game);
                  const possible = o.op === 'undo' ? m.kept.length > 0 : m.undone.length > 0;
                  expect(outcome.ok).toBe(possible);
                  if (!outcome.ok) break;
                  game = outcome.game;
                  m = o.op === 'undo' ? model.undo(m) : model.redo(m);
                  expect(game.position).toEqual(m.position);
                }
              } else if (o.op === 'restart') {
                game = restart(game);
                m = model.restart(m);
              } else if (earlier.length > 0) {
                [game, m] = earlier[o.n % earlier.length];
              }
              expectSame(game, m);
              earlier.push([game, m]);
            }
            for (const [g, em] of earlier.slice(-20)) expectSame(g, em);
          },
        ),
        { numRuns: 5 },
      );
    },
  );

  it('undo far back rebuilds positions equal to those played', () => {
    let game = newGame('7', { suits: 1, relaxed: 0, keepSuits: false });
    const positions: Position[] = [game.position];
    for (let i = 0; i < 10 * CHUNK_SIZE; i++) {
      const legal = legalActions(game.position);
      if (legal.length === 0) break;
      const outcome = play(game, legal[(i * 7) % legal.length]);
      if (!outcome.ok) throw new Error('a legal action was refused');
      game = outcome.game;
      positions.push(game.position);
    }
    expect(positions.length).toBeGreaterThan(5 * CHUNK_SIZE);
    for (let i = positions.length - 2; i >= 0; i--) {
      const outcome = undo(game);
      if (!outcome.ok) throw new Error('undo refused');
      game = outcome.game;
      expect(game.position).toEqual(positions[i]);
    }
    expect(canUndo(game)).toBe(false);
    expect(game.position).toBe(game.start);
  });
});

describe('restoreGame', () => {
  it('stacks the undone actions as undoing them one by one would', () => {
    const rules: Rules = { suits: 2, relaxed: 0, keepSuits: false };
    let played = newGame('restore', rules);
    for (let i = 0; i < 6 * CHUNK_SIZE; i++) {
      const legal = legalActions(played.position);
      if (legal.length === 0) break;
      const outcome = play(played, legal[(i * 5) % legal.length]);
      if (outcome.ok) played = outcome.game;
    }
    const all = actionsKept(played);
    for (const undone of [0, 1, CHUNK_SIZE, 3 * CHUNK_SIZE + 5, all.length]) {
      let byUndo = played;
      for (let i = 0; i < undone; i++) {
        const outcome = undo(byUndo);
        if (outcome.ok) byUndo = outcome.game;
      }
      const restored = restoreGame('restore', rules, {
        actions: all,
        undone,
        actionCount: 0,
        peeks: 3,
      });
      expect(restored.failure).toBeUndefined();
      let game = restored.game;
      expect(game.position).toEqual(byUndo.position);
      expect(actionsKept(game)).toEqual(actionsKept(byUndo));
      expect(actionsUndone(game)).toEqual(actionsUndone(byUndo));
      expect(game.actions).toBe(all.length + undone);
      expect(game.peeks).toBe(3);
      // Redo all the way forward, then undo all the way back: every position as played.
      while (canRedo(game)) {
        const r = redo(game);
        const b = redo(byUndo);
        if (!r.ok || !b.ok) throw new Error('redo refused');
        [game, byUndo] = [r.game, b.game];
        expect(game.position).toEqual(byUndo.position);
      }
      expect(game.position).toEqual(played.position);
    }
  });

  it('reports the first illegal action among the undone ones, with the game up to it', () => {
    const rules: Rules = { suits: 4, relaxed: 0, keepSuits: false };
    const first = legalActions(newGame('1', rules).position)[0];
    const restored = restoreGame('1', rules, {
      actions: [first, DEAL, move(3, 3)],
      undone: 2,
      actionCount: 0,
      peeks: 0,
    });
    expect(restored.failure?.index).toBe(2);
    expect(restored.failure?.refusal.why).toBe('same-column');
    const upTo = replay(newGame('1', rules), [first, DEAL]).game;
    expect(actionsKept(restored.game)).toEqual(actionsKept(upTo));
    expect(restored.game.position).toEqual(upTo.position);
  });
});

describe('action codes', () => {
  it('give every kind of action back as it was, as one shared object per action', () => {
    const actions: Action[] = [DEAL];
    for (let from = 0; from < 10; from++) {
      actions.push(remove(from));
      for (let to = 0; to < 10; to++) {
        actions.push(move(from, to));
        for (const count of [1, 2, 12, 13]) actions.push(move(from, to, count));
      }
    }
    const codes = new Set<number>();
    for (const action of actions) {
      const code = encodeAction(action);
      expect(code).toBeLessThan(65_536);
      codes.add(code);
      expect(decodeAction(code)).toEqual(action);
      expect(decodeAction(code)).toBe(decodeAction(code));
    }
    expect(codes.size).toBe(actions.length);
  });
});
