/**
 * Two servers keeping their players in one PostgreSQL (docs/serve.md, "The database"): a player's
 * game follows them from one server to the other with every action, taken over at once when
 * they ask, the first server's session told; their saves and statistics answer over SSH on
 * either. The servers run in this process here; test/e2e/nodes.test.ts runs them as processes
 * behind HAProxy, and kills them.
 */
import { answerQuestion } from '../../src/cli/questions';
import type { Asker } from '../../src/serve/choice';
import { newEd25519Key } from '../../src/serve/host-key';
import type { Game } from '../../src/engine';
import type { PgNode } from '../../src/store/postgres/node';
import { databaseForTests } from '../helpers/pg-nodes';
import { dailySave, idOf, namesOn, win } from '../helpers/daily';
import { playedOut } from '../helpers/play-out';
import { until } from '../helpers/processes';
import { connect, exec, KEYS, serve, shell } from '../helpers/ssh';

jest.setTimeout(60_000);

const database = databaseForTests();

async function server() {
  const store = await database.node();
  const ask = (command: string, asker: Asker) => answerQuestion(command, asker, 'test');
  const board = store.board();
  return { store, ...(await serve({ store, board, ask, randomSeed: () => 'owl' })) };
}

test("a player's game goes on on another server, taken over from the first at once", async () => {
  const [a, b] = await Promise.all([server(), server()]);
  const first = await shell(await connect(a.port, { key: KEYS[0] }));
  await first.waitFor('q quit');
  for (const moves of ['moves 1', 'moves 2', 'moves 3']) {
    first.channel.write('d');
    await first.waitFor(moves);
  }
  const second = await shell(await connect(b.port, { key: KEYS[0] }));
  await second.waitFor('y takes it over here');
  second.channel.write('y');
  await until(() => /seed owl .*moves 3 /.test(second.screen()), 'the game on the screen');
  // The first server finds out at its next renewal of leases (every 10 seconds) and says so.
  await a.store.renew();
  expect(await first.exited).toBe(0);
  // Its last save was refused (the game is the other session's): the one at move 3 is kept.
  expect(first.text()).toContain('This game was taken over by a new login');
  expect(first.text().replace(/\s+/g, ' ')).toContain('The save made at move 3 is kept.');
  second.channel.write('d');
  await second.waitFor('moves 4');
  second.channel.write('qy');
  await second.exited;
  // Both servers answer for the player's games, from the database.
  const saves = await exec(await connect(a.port, { key: KEYS[0] }), 'saves');
  expect(await saves.exited).toBe(0);
  expect(saves.text()).toMatch(/owl/);
  expect(saves.text()).toMatch(/\b4\b/);
  // A record written on one server is fetched from the other.
  const third = await shell(await connect(a.port, { key: KEYS[0] }));
  await third.waitFor('q quit');
  third.channel.write('w');
  await third.waitFor(/c copies/);
  third.channel.write('\x1b');
  await third.waitFor('q quit');
  third.channel.write('qy');
  await third.exited;
  const listed = await exec(await connect(b.port, { key: KEYS[0] }), 'records');
  expect(await listed.exited).toBe(0);
  expect(listed.text()).toMatch(/spider-owl-\d{8}-\d{6}\.txt/);
  const fetched = await exec(await connect(b.port, { key: KEYS[0] }), 'record latest');
  expect(await fetched.exited).toBe(0);
  expect(fetched.text()).toMatch(/^seed: owl$/m);
  expect(fetched.text()).toMatch(/\bd\b/);
  const other = await exec(await connect(b.port, { key: KEYS[1] }), 'saves');
  expect(await other.exited).toBe(0);
  expect(other.text()).not.toMatch(/owl/);
});

test('a second login without a take-over plays another game, and leaves the first alone', async () => {
  const [a, b] = await Promise.all([server(), server()]);
  const first = await shell(await connect(a.port, { key: KEYS[1] }));
  await first.waitFor('q quit');
  first.channel.write('d');
  await first.waitFor('moves 1');
  const second = await shell(await connect(b.port, { key: KEYS[1] }));
  await second.waitFor('y takes it over here');
  second.channel.write('n');
  await until(() => /moves 0 /.test(second.screen()), 'a new game on the screen');
  await a.store.renew();
  first.channel.write('d');
  await first.waitFor('moves 2');
  first.channel.write('qy');
  expect(await first.exited).toBe(0);
  expect(first.text()).not.toMatch(/taken over|NOT saved/);
  second.channel.write('q');
  await second.exited;
});

test('while the database is down, a save fails and the player is told; once back, the game is saved', async () => {
  const a = await server();
  const player = await shell(await connect(a.port, { key: newEd25519Key() }));
  await player.waitFor('q quit');
  player.channel.write('d');
  await player.waitFor('moves 1 ');
  database.cluster().pause();
  try {
    // The save of an action in the background fails; the player hears it at the next action.
    player.channel.write('u');
    await player.waitFor('moves 0 ');
    player.channel.write('r');
    await player.waitFor("Can't save this game: the database did not take it", 20_000);
    // A login meanwhile is refused, told why; nothing of theirs is touched.
    const late = await shell(await connect(a.port, { key: newEd25519Key() }));
    expect(await late.exited).toBe(1);
    expect(late.text()).toContain(
      "your games cannot be reached now: the server's database does not answer; nothing is lost",
    );
    expect(late.text()).not.toContain('127.0.0.1');
  } finally {
    database.cluster().resume();
  }
  // A save that works is said at the next action, as a failure is.
  player.channel.write('d');
  await player.waitFor('moves 2 ');
  player.channel.write('u');
  await player.waitFor('Saving works again');
  player.channel.write('qy');
  expect(await player.exited).toBe(0);
  expect(player.text()).not.toMatch(/NOT saved/);
});

/** Leaves `game` saved in the database as the player's game of today's daily deal. */
async function saveDaily(store: PgNode, key: string, game: Game, elapsedMs: number) {
  const engine = await store.player(idOf(key), undefined);
  const shelf = engine.shelf();
  shelf.claim('daily');
  expect(await shelf.writeSoon('daily', dailySave(game, elapsedMs))).toEqual({ ok: true });
  await store.ended(engine);
}

test('the daily board is one for every server sharing the database', async () => {
  const [a, b] = await Promise.all([server(), server()]);
  const { before } = playedOut('won');
  const [adaKey, bobKey] = [newEd25519Key(), newEd25519Key()];
  await saveDaily(a.store, adaKey, before, 60_000);
  await saveDaily(b.store, bobKey, before, 90_000);
  const ada = await shell(await connect(a.port, { key: adaKey }));
  await win(ada);
  ada.channel.write('Ada\r');
  await ada.waitFor("You are 'Ada' on the daily board.");
  const bob = await shell(await connect(b.port, { key: bobKey }));
  await win(bob);
  // Ada's name, taken on the other server: refused, and asked again.
  bob.channel.write('ada\r');
  await bob.waitFor(/taken/);
  bob.channel.write('\x15Bob\r');
  await bob.waitFor("You are 'Bob' on the daily board.");
  const boards = [];
  for (const port of [a.port, b.port]) {
    const board = await exec(await connect(port, { key: adaKey }), 'board suits 1');
    expect(await board.exited).toBe(0);
    boards.push(board.text());
  }
  expect(namesOn(boards[0])).toEqual(['Ada', 'Bob']);
  expect(boards[1]).toBe(boards[0]);
});
