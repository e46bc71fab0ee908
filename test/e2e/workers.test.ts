/**
 * `spider serve --workers 2` (docs/deploy.md, "Every core of a machine"): one port, two worker
 * processes playing the games, one real PostgreSQL. Players get in on the one port and are spread
 * over both workers; a worker killed is started again, and its players, logging in again, find
 * their games with every action they saw; SIGTERM ends them all, each game saved.
 */
import * as fs from 'fs';
import * as path from 'path';
import { newEd25519Key } from '../../src/serve/host-key';
import { type Cluster, startPostgres } from '../helpers/postgres';
import { serving, stopAll, until } from '../helpers/processes';
import { connect, shell, type Terminal } from '../helpers/ssh';
import { freshEnv, scratchFolder, SPIDER } from './spider';

jest.setTimeout(120_000);

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startPostgres();
});
afterAll(async () => {
  await stopAll();
  cluster?.stop();
});

/** The processes `pid` started, from /proc. */
function children(pid: number): number[] {
  return fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
    .filter(Boolean)
    .map(Number);
}

/** The worker a connection's game runs in: the child of the server whose socket it is. */
async function play(port: number, key: string, moves: number): Promise<Terminal> {
  const player = await shell(await connect(port, { key }));
  await until(() => /q quit/.test(player.screen()), 'the game');
  for (let i = 1; i <= moves; i++) {
    player.channel.write('d');
    await player.waitFor(`moves ${i} `);
  }
  return player;
}

test('two workers share one port; a worker killed is replaced, and its players lose nothing', async () => {
  const home = scratchFolder();
  const env = { ...process.env, ...freshEnv(path.join(home, 'server')) } as NodeJS.ProcessEnv;
  const server = await serving(
    SPIDER,
    cluster.url,
    ['--workers', '2', '--lease-seconds', '3', '--max-per-address', '50'],
    env,
    /2 worker processes play the games/,
  );
  const port = server.port;
  const pid = server.child.pid as number;
  expect(children(pid)).toHaveLength(2);
  // Six players, handed to the workers in turn by the process that listens.
  const keys = Array.from({ length: 6 }, () => newEd25519Key());
  const players = [];
  for (const key of keys) players.push(await play(port, key, 2));
  const workers = children(pid);
  // A worker dies (killed): the primary starts another.
  process.kill(workers[0], 'SIGKILL');
  await until(
    () => /worker \d ended \(SIGKILL\): starting another/.test(server.out.text),
    'restart',
  );
  await until(() => children(pid).length === 2 && !children(pid).includes(workers[0]), 'two again');
  // Every player logs in again and finds their game, whichever worker they reach.
  for (const [i, key] of keys.entries()) {
    players[i].channel.close();
    const again = await shell(await connect(port, { key }));
    await until(
      () => /y takes it over here|q quit/.test(again.text() + again.screen()),
      'the game or the question',
    );
    if (/y takes it over here/.test(again.text())) again.channel.write('y');
    await until(() => /moves 2 /.test(again.screen()), `player ${i}'s game`);
    again.channel.write('d');
    await again.waitFor('moves 3 ');
    players[i] = again;
  }
  // SIGTERM to the primary ends every worker, each game saved.
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  expect(server.child.exitCode).toBe(0);
  expect(server.out.text.match(/\bstopped\b/g)).toHaveLength(2);
});
