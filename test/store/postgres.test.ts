/**
 * The PostgreSQL engine against a real PostgreSQL (docs/serve.md, "The database"): a session's
 * game saved after every action on one server is resumed on another, no two sessions hold one
 * game, a game taken over or whose lease passed is lost to its old session, whose writes are
 * refused (fencing), and results reach the statistics wherever they were recorded.
 */
import { bySeed, DEAL, type Game, play, type Rules } from '../../src/engine';
import type { Places } from '../../src/store/paths';
import type { PgNode } from '../../src/store/postgres/node';
import { TAKEN } from '../../src/store/postgres/player';
import { migrate, SCHEMA_VERSION } from '../../src/store/postgres/schema';
import { listSaves } from '../../src/store/saves-list';
import { GameSession } from '../../src/store/session';
import { databaseForTests } from '../helpers/pg-nodes';
import type { Pool } from 'pg';

jest.setTimeout(60_000);

const ONE_SUIT: Rules = { suits: 1, relaxed: 0, keepSuits: false };
const database = databaseForTests();

const node = (leaseSeconds = 30, renewing = true): Promise<PgNode> =>
  database.node({ leaseSeconds, renewing });

let players = 0;
const newPlayer = () => `player-${++players}`;

function placesOn(engine: Places['engine']): Places {
  const none = () => null;
  return {
    state: '/nonexistent',
    data: '/nonexistent',
    stateProblem: none,
    dataProblem: none,
    engine,
  };
}

/** Opens a session of `player` on `on`, saving in the background as a server does. */
async function open(on: PgNode, player: string, seed?: string) {
  const engine = await on.player(player, undefined);
  const opened = GameSession.open<'in-background'>({
    places: placesOn(engine),
    rules: ONE_SUIT,
    explicitRules: {},
    fresh: seed !== undefined,
    randomSeed: () => '7',
    saving: 'in-background',
    ...(seed === undefined ? {} : { deal: bySeed(seed) }),
  });
  return { engine, ...opened };
}

/** Deals from the stock `times` times, each action saved, and waits for the database. */
async function deals(opened: Awaited<ReturnType<typeof open>>, times: number): Promise<Game> {
  let game = opened.game;
  for (let i = 0; i < times; i++) {
    const dealt = play(game, DEAL);
    if (!dealt.ok) throw new Error('the deal was refused');
    opened.session.changed(game, dealt.game);
    game = dealt.game;
  }
  await opened.engine.idle();
  return game;
}

test('the schema is made once, and two servers starting at once agree', async () => {
  const [a, b] = await Promise.all([node(), node()]);
  expect(a.node).not.toBe(b.node);
  const { Pool } = jest.requireActual<typeof import('pg')>('pg');
  const pool: Pool = new Pool({ connectionString: database.cluster().url });
  try {
    const version = await pool.query('SELECT version FROM spider_schema');
    expect(version.rows).toEqual([{ version: SCHEMA_VERSION }]);
    await migrate(pool); // again: nothing to do
    // A database an earlier version made is brought up to date, its rows kept.
    await pool.query('DROP TABLE records, board_names, board_days');
    await pool.query('UPDATE spider_schema SET version = 1');
    await migrate(pool);
    expect((await pool.query('SELECT count(*)::int AS n FROM records')).rows).toEqual([{ n: 0 }]);
    await pool.query('UPDATE spider_schema SET version = version + 1');
    await expect(migrate(pool)).rejects.toThrow(/made by a later spider/);
    await pool.query('UPDATE spider_schema SET version = version - 1');
  } finally {
    await pool.end();
  }
});

test('a game saved on one server goes on, with every action, on another', async () => {
  const [a, b] = await Promise.all([node(), node()]);
  const player = newPlayer();
  const first = await open(a, player, 'fox');
  const played = await deals(first, 3);
  // The server dies here: nothing is left, nothing released; the player takes the game over.
  await b.takeOver(player);
  const again = await open(b, player);
  expect(again.resumed).toBe(true);
  expect(again.game.deal).toEqual(played.deal);
  expect(again.game.actions).toEqual(played.actions);
});

test('no two sessions hold one game: the second plays a new one', async () => {
  const [a, b] = await Promise.all([node(), node()]);
  const player = newPlayer();
  const first = await open(a, player, 'owl');
  await deals(first, 1);
  const second = await open(b, player);
  expect(second.resumed).toBe(false);
  expect(second.game.actions).toBe(0);
  expect(await b.heldElsewhere(player)).toBe(true);
  const list = listSaves(placesOn(second.engine), {});
  expect(list.games.map((game) => game.open)).toEqual(['elsewhere']);
});

test('a game taken over is lost to its old session: its next write is refused', async () => {
  const [a, b] = await Promise.all([node(), node()]);
  const player = newPlayer();
  const first = await open(a, player, 'cat');
  let game = await deals(first, 1);
  const lost: string[] = [];
  first.engine.onLost = (slot) => lost.push(slot);
  expect(await b.takeOver(player)).toBe(1);
  const second = await open(b, player);
  expect(second.resumed).toBe(true);
  // The old session wakes and plays on: its write is fenced off, the new owner's game untouched.
  const dealt = play(game, DEAL);
  if (!dealt.ok) throw new Error('the deal was refused');
  first.session.changed(game, dealt.game);
  game = dealt.game;
  await first.engine.idle();
  expect(lost).toHaveLength(1);
  expect(first.engine.lost.size).toBe(1);
  const secondGame = await deals(second, 1);
  const third = await open(a, player);
  expect(third.resumed).toBe(false); // held by the second
  second.session.leave(secondGame);
  await second.session.flush();
  await second.engine.idle();
  const fourth = await open(a, player);
  expect(fourth.resumed).toBe(true);
  expect(fourth.game.actions).toBe(2); // the first's deal and the second's: not the fenced one
});

test("a frozen server's games pass to another once its lease is over, and it is fenced", async () => {
  const a = await node(1, false); // frozen: never renews
  const b = await node();
  const player = newPlayer();
  const first = await open(a, player, 'elk');
  const game = await deals(first, 1);
  expect((await open(b, player)).resumed).toBe(false); // still held
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const second = await open(b, player);
  expect(second.resumed).toBe(true);
  // The frozen server wakes: its renewal finds the game another's, and its write is refused.
  await a.renew();
  expect(first.engine.lost.size).toBe(1);
  const dealt = play(game, DEAL);
  if (!dealt.ok) throw new Error('the deal was refused');
  const written = await first.engine.shelf().writeSoon(first.session.slotInPlay, 'x');
  expect(written).toEqual({ ok: false, reason: TAKEN });
});

test('results reach the statistics on every server, and once', async () => {
  const [a, b] = await Promise.all([node(), node()]);
  const player = newPlayer();
  const first = await open(a, player, 'ant');
  const game = await deals(first, 1);
  const left = await first.session.leave(game); // an unfinished game is saved, not recorded
  expect(left.unsaved).toBeNull();
  const engine = await b.player(player, undefined);
  const places = placesOn(engine);
  const { giveUpSave } = await import('../../src/store/saves-list');
  const slot = listSaves(places, {}).games[0].slot;
  expect(giveUpSave(places, slot).kind).toBe('abandoned');
  await engine.idle();
  const later = await open(a, player, 'ant');
  expect(later.session.statistics(later.game).line?.played).toBe(1);
  expect(listSaves(placesOn(later.engine), {}).games.map((g) => g.slot)).not.toContain(slot);
});

test('a session that ends without leaving its game (a failure) lets it go, renewed no more', async () => {
  const [a, b] = await Promise.all([node(), node()]);
  const player = newPlayer();
  const first = await open(a, player, 'bee');
  await deals(first, 1);
  await a.ended(first.engine);
  await a.renew();
  expect(await b.heldElsewhere(player)).toBe(false);
  expect((await open(b, player)).resumed).toBe(true);
});

test('of ten players claiming one name at once on two servers, one has it; a name changed is free', async () => {
  const [a, b] = await Promise.all([node(), node()]);
  const boards = [a.board(), b.board()];
  const claims = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      boards[i % 2].setName(`racer${i}`, i % 2 === 0 ? 'Ann' : 'ANN', 'ann'),
    ),
  );
  expect(claims.filter((claim) => claim.ok)).toHaveLength(1);
  const winner = claims.findIndex((claim) => claim.ok);
  expect(await boards[1 - (winner % 2)].nameOf(`racer${winner}`)).toMatch(/^ann$/i);
  expect(await boards[0].setName(`racer${winner}`, 'Anna', 'anna')).toEqual({ ok: true });
  const other = winner === 0 ? 1 : 0;
  expect(await boards[1].setName(`racer${other}`, 'Ann', 'ann')).toEqual({ ok: true });
});

test("a frozen server's late write never brings back a game its new owner finished", async () => {
  const a = await node(1, false);
  const b = await node();
  const player = newPlayer();
  const first = await open(a, player, 'yak');
  const game = await deals(first, 1);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const second = await open(b, player);
  expect(second.resumed).toBe(true);
  // The new owner gives the game up: recorded, its save removed.
  const slot = second.session.slotInPlay;
  second.session.leave(second.game);
  await second.session.flush();
  const { giveUpSave } = await import('../../src/store/saves-list');
  expect(giveUpSave(placesOn(await b.player(player, undefined)), slot).kind).toBe('abandoned');
  await new Promise((resolve) => setTimeout(resolve, 200));
  // The frozen server wakes and saves an action: refused, and nothing comes back.
  const dealt = play(game, DEAL);
  if (!dealt.ok) throw new Error('the deal was refused');
  first.session.changed(game, dealt.game);
  await first.session.flush();
  expect(first.engine.lost.size).toBe(1);
  expect(listSaves(placesOn(await b.player(player, undefined, false)), {}).games).toEqual([]);
});

test('two sessions of one connection never hold one game (a game switched from)', async () => {
  const a = await node();
  const engine = await a.player(newPlayer(), undefined);
  const [one, two] = [engine.shelf(), engine.shelf()];
  expect(one.claim('game')).toBe(true);
  expect(two.claim('game')).toBe(false);
  one.release('game');
  expect(two.claim('game')).toBe(true);
});
