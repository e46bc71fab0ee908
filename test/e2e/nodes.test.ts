/**
 * Several `spider serve` processes behind a real HAProxy (PROXY protocol v2), sharing one real
 * PostgreSQL (docs/serve.md, "The database", "When a part fails"): players play through the
 * balancer; one server is killed (SIGKILL) in the middle of play, and every player logging in
 * again reaches the other and finds every action they saw; a server frozen (SIGSTOP) past its
 * leases and woken can write nothing over the game's new owner. Each run starts its own
 * PostgreSQL cluster, HAProxy and servers on free loopback ports.
 */
import * as fs from 'fs';
import * as path from 'path';
import { newEd25519Key } from '../../src/serve/host-key';
import { type Cluster, startPostgres } from '../helpers/postgres';
import {
  accepting,
  freePort,
  serving,
  type Started,
  started,
  stopAll,
  until,
} from '../helpers/processes';
import { connect, shell, type Terminal } from '../helpers/ssh';
import { freshEnv, scratchFolder, SPIDER } from './spider';

jest.setTimeout(120_000);

/** How long a lease lasts here: a frozen server's games pass on after this. */
const LEASE_SECONDS = 3;

let cluster: Cluster;
let home: string;
let hostKey: string;
beforeAll(async () => {
  cluster = await startPostgres();
  home = scratchFolder();
  hostKey = path.join(home, 'host_key');
  fs.writeFileSync(hostKey, newEd25519Key(), { mode: 0o600 });
});
afterAll(async () => {
  await stopAll();
  cluster?.stop();
});

/** A server on its own state folder, keeping its players in the cluster. */
async function node(name: string): Promise<Started & { port: number }> {
  const env = { ...process.env, ...freshEnv(path.join(home, name)) } as NodeJS.ProcessEnv;
  return serving(
    SPIDER,
    cluster.url,
    [
      '--host-key',
      hostKey,
      '--proxy-from',
      '127.0.0.1',
      '--lease-seconds',
      String(LEASE_SECONDS),
      '--max-per-address',
      '50',
      '--max-sessions',
      '100',
    ],
    env,
    /players kept in the database/,
  );
}

/** HAProxy before `ports`, each sent a PROXY v2 header, a dead one found within a second. */
async function balancer(ports: number[]): Promise<number> {
  const front = await freePort();
  const config = path.join(home, `haproxy-${front}.cfg`);
  fs.writeFileSync(
    config,
    [
      'defaults',
      '  mode tcp',
      '  timeout connect 2s',
      '  timeout client 120s',
      '  timeout server 120s',
      '  retries 3',
      '  option redispatch',
      'frontend players',
      `  bind 127.0.0.1:${front}`,
      '  default_backend spider',
      'backend spider',
      '  balance roundrobin',
      ...ports.map(
        (port, i) => `  server node${i} 127.0.0.1:${port} send-proxy-v2 check inter 300 fall 1`,
      ),
      '',
    ].join('\n'),
  );
  await started(['haproxy', '-db', '-f', config], process.env, /^/);
  await accepting(front);
  return front;
}

/** A player with a key of their own, through the balancer from `from` (a loopback address). */
interface Player {
  readonly key: string;
  readonly from: string;
  terminal: Terminal;
  moves: number;
}

async function login(port: number, player: { key: string; from: string }): Promise<Terminal> {
  const client = await connect(port, { key: player.key }, undefined, { localAddress: player.from });
  return shell(client);
}

/** Deals once and waits for the frame that shows it. */
async function deal(player: Player): Promise<void> {
  player.terminal.channel.write('d');
  player.moves++;
  await player.terminal.waitFor(`moves ${player.moves} `);
}

/** Logs in again, taking the game over if asked, and resolves with the screen once shown. */
async function comeBack(port: number, player: Player): Promise<string> {
  player.terminal = await login(port, player);
  const term = player.terminal;
  await until(
    () => /y takes it over here|q quit/.test(term.text() + term.screen()),
    'a game or the question',
  );
  if (/y takes it over here/.test(term.text())) term.channel.write('y');
  // The screen, once the game is drawn on it (the text may be ahead of it).
  await until(() => term.screen().includes('q quit'), 'the game on the screen');
  return term.screen();
}

test('a server killed in the middle of play loses no action any player saw', async () => {
  const [a, b] = [await node('a'), await node('b')];
  const front = await balancer([a.port, b.port]);
  const players: Player[] = [];
  for (let i = 0; i < 6; i++) {
    const from = `127.0.0.${10 + i}`;
    const key = newEd25519Key();
    const terminal = await login(front, { key, from });
    await terminal.waitFor('q quit');
    players.push({ key, from, terminal, moves: 0 });
  }
  // Each plays; the servers each hold some of them, and know them by their own addresses.
  for (let round = 0; round < 3; round++) for (const player of players) await deal(player);
  expect(a.out.text).toMatch(/127\.0\.0\.1\d: logged in/);
  expect(b.out.text).toMatch(/127\.0\.0\.1\d: logged in/);
  expect(a.out.text + b.out.text).not.toMatch(/127\.0\.0\.1: logged in/);
  const seeds = players.map((player) => /seed (\S+)/.exec(player.terminal.screen())?.[1]);
  // One more action each, and server a is killed at once: whatever frame a player saw is kept.
  for (const player of players) await deal(player);
  a.child.kill('SIGKILL');
  // Everyone comes back through the balancer, which finds server a gone: all reach server b. Those
  // that were on b are asked to take their game over from their live session there.
  for (const [i, player] of players.entries()) {
    const screen = await comeBack(front, player);
    expect(screen).toContain(`seed ${seeds[i]} `);
    expect(screen).toContain(`moves ${player.moves} `);
  }
  expect(b.child.exitCode).toBeNull();
});

test('a server frozen past its leases, once woken, cannot write over the new owner', async () => {
  const [c, d] = [await node('c'), await node('d')];
  const player: Player = { key: newEd25519Key(), from: '127.0.0.40', terminal: null!, moves: 0 };
  // Straight to server c (not through a balancer: no PROXY header from this address).
  player.terminal = await login(c.port, player);
  await player.terminal.waitFor('q quit');
  await deal(player);
  await deal(player);
  const frozen = player.terminal;
  c.child.kill('SIGSTOP');
  // A key pressed while c is frozen waits in its socket.
  frozen.channel.write('d');
  await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 1) * 1000));
  // The lease has passed: server d gives the player their game without asking, and they play.
  const screen = await comeBack(d.port, player);
  expect(screen).toContain('moves 2 ');
  await deal(player);
  await deal(player);
  // c wakes: the key it finds is refused a save, and its session ends, told why.
  c.child.kill('SIGCONT');
  await frozen.waitFor('This game was taken over by a new login', 20_000);
  // The game is as its new owner left it, with none of c's late action.
  player.terminal.channel.write('qy');
  await player.terminal.exited;
  const again = await comeBack(d.port, player);
  expect(again).toContain('moves 4 ');
  player.terminal.channel.write('qy');
  await player.terminal.exited;
});
