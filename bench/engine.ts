/**
 * Engine benchmark: random playouts through the rules engine.
 *
 *   npm run bench            (SPIDER_BENCH_GAMES=N to change the number of games)
 *
 * Prints applied actions per second (checked `apply`, the unchecked `applyLegal` a solver would
 * use, and `play` with undo history) and positions per second for legal-action generation.
 * Playouts are recorded first, then each operation is timed alone over the same positions.
 */
import {
  type Action,
  apply,
  applyLegal,
  legalActions,
  newGame,
  play,
  type Position,
  type Rules,
  dealPosition,
  hasLegalAction,
} from '../src/engine';
import { settingsFromEnv, wholeFromEnv } from './settings';

// A few hundred games: enough positions to be representative, few enough that the recorded
// playouts do not make the garbage collector the thing being measured.
const GAMES = settingsFromEnv(() => wholeFromEnv('SPIDER_BENCH_GAMES', 300));
const ROUNDS = 7;
const MAX_ACTIONS = 500;

interface Playout {
  start: Position;
  actions: Action[];
}

function lcg(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

function record(rules: Rules, games: number): Playout[] {
  const playouts: Playout[] = [];
  for (let g = 0; g < games; g++) {
    const random = lcg(g + 1);
    const start = dealPosition(String(g), rules);
    const actions: Action[] = [];
    let position = start;
    for (let i = 0; i < MAX_ACTIONS; i++) {
      const legal = legalActions(position);
      if (legal.length === 0) break;
      const action = legal[random(legal.length)];
      position = applyLegal(position, action);
      actions.push(action);
    }
    playouts.push({ start, actions });
  }
  return playouts;
}

/** Runs `body` several times after a warm-up; returns the median rate in operations per second. */
function rate(operationsPerRound: number, body: () => void): number {
  body();
  const rates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const begin = process.hrtime.bigint();
    body();
    const ms = Number(process.hrtime.bigint() - begin) / 1e6;
    rates.push((operationsPerRound * 1000) / ms);
  }
  return rates.sort((a, b) => a - b)[ROUNDS >> 1];
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(12);

function bench(rules: Rules): void {
  const playouts = record(rules, GAMES);
  const actionCount = playouts.reduce((n, p) => n + p.actions.length, 0);
  let sink = 0;

  const applyRate = rate(actionCount, () => {
    for (const { start, actions } of playouts) {
      let position = start;
      for (const action of actions) {
        const outcome = apply(position, action);
        if (outcome.ok) position = outcome.position;
      }
      sink += position.dealt;
    }
  });
  const applyLegalRate = rate(actionCount, () => {
    for (const { start, actions } of playouts) {
      let position = start;
      for (const action of actions) position = applyLegal(position, action);
      sink += position.dealt;
    }
  });
  // The games are made before the clock starts: `play` is timed, not dealing.
  const games = playouts.map(({ start }) => ({ ...newGame('0', rules), start, position: start }));
  const playRate = rate(actionCount, () => {
    for (const [i, { actions }] of playouts.entries()) {
      let game = games[i];
      for (const action of actions) {
        const outcome = play(game, action);
        if (outcome.ok) game = outcome.game;
      }
      sink += game.actions;
    }
  });
  // Positions are built only now: holding them during the timings above would make the
  // garbage collector, not the engine, the thing measured.
  const positions: Position[] = [];
  for (const { start, actions } of playouts) {
    let position = start;
    positions.push(position);
    for (const action of actions) positions.push((position = applyLegal(position, action)));
  }
  const positionCount = positions.length;
  const legalRate = rate(positionCount, () => {
    for (const p of positions) sink += legalActions(p).length;
  });
  const anyLegalRate = rate(positionCount, () => {
    for (const p of positions) sink += hasLegalAction(p) ? 1 : 0;
  });

  const name = `${rules.suits} suit${rules.suits > 1 ? 's' : ''}, relaxed ${rules.relaxed}${rules.keepSuits ? ', keep-suits' : ''}`;
  console.log(
    `\n${name}: ${GAMES} random playouts, ${actionCount.toLocaleString('en-US')} actions, ` +
      `${positionCount.toLocaleString('en-US')} positions; median of ${ROUNDS} rounds`,
  );
  console.log(`  apply (checked)           ${fmt(applyRate)} actions/s`);
  console.log(`  applyLegal (unchecked)    ${fmt(applyLegalRate)} actions/s`);
  console.log(`  play (with undo history)  ${fmt(playRate)} actions/s`);
  console.log(`  legalActions              ${fmt(legalRate)} positions/s`);
  console.log(`  hasLegalAction            ${fmt(anyLegalRate)} positions/s`);
  if (sink === -1) console.log(''); // keeps the work observable
}

console.log(`spider engine benchmark (node ${process.version})`);
for (const rules of [
  { suits: 4, relaxed: 0, keepSuits: false },
  { suits: 1, relaxed: 0, keepSuits: false },
  { suits: 2, relaxed: 2, keepSuits: true },
] as const) {
  bench(rules);
}
