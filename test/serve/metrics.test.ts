/**
 * The server's metrics and health over HTTP (docs/serve.md, "Metrics and health"): real requests
 * to a real server, whose counts move as real ssh2 clients log in, are refused, and play.
 */
import * as http from 'http';
import * as net from 'net';
import { randomBytes } from 'crypto';
import { Client } from 'ssh2';
import type { JobRunner } from '../../src/search/jobs';
import { REFUSALS } from '../../src/serve/metrics';
import { connect, KEYS, serve, servers, shell } from '../helpers/ssh';
import { parsePrometheus, sampleOf } from '../helpers/prometheus';

jest.setTimeout(30_000);

const METRICS = { metricsAt: { host: '127.0.0.1', port: 0 } };

/** A GET of `path` on the metrics' port: its status, content type and body. */
function get(port: number, path: string, method = 'GET') {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method, agent: false },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type']),
            body,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The metrics, read strictly; `value(name, labels)` reads one sample. */
async function scrape(port: number) {
  const page = await get(port, '/metrics');
  expect(page.status).toBe(200);
  expect(page.type).toBe('text/plain; version=0.0.4; charset=utf-8');
  const families = parsePrometheus(page.body);
  return (name: string, labels: Record<string, string> = {}) => sampleOf(families, name, labels);
}

/** Waits until `check` holds of a fresh scrape. */
async function until(port: number, check: (value: Awaited<ReturnType<typeof scrape>>) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (check(await scrape(port))) return;
    if (Date.now() > deadline) throw new Error(`never so:\n${(await get(port, '/metrics')).body}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A login with `key`'s public half and a junk signature: refused. */
function forgedLogin(port: number): Promise<void> {
  return new Promise((resolve) => {
    const client = new Client();
    client.on('handshake', () => {
      const protocol = (client as unknown as { _protocol: Record<string, unknown> })._protocol;
      const send = (protocol.authPK as (...args: unknown[]) => void).bind(protocol);
      protocol.authPK = (user: string, key: unknown, algo: string, signer?: unknown) =>
        signer
          ? send(user, key, algo, (_data: Buffer, answer: (s: Buffer) => void) =>
              answer(randomBytes(64)),
            )
          : send(user, key, algo);
    });
    client.on('ready', () => client.end());
    client.on('error', () => resolve());
    client.on('close', () => resolve());
    client.connect({
      host: '127.0.0.1',
      port,
      username: 'player',
      privateKey: KEYS[1],
      authHandler: ['publickey'] as never,
    });
  });
}

describe('spider serve --metrics', () => {
  it('counts logins, players, keys to frames, saves and refusals as they happen', async () => {
    const { server, port } = await serve({ ...METRICS, maxSessions: 1 });
    const metrics = server.metricsAddress?.port ?? 0;
    const before = await scrape(metrics);
    expect(before('spider_players')).toBe(0);
    expect(before('spider_logins_total')).toBe(0);
    for (const reason of REFUSALS) expect(before('spider_refusals_total', { reason })).toBe(0);
    expect(before('spider_key_to_frame_seconds_count')).toBe(0);
    expect(before('spider_solver_questions', { state: 'waiting' })).toBe(0);

    const player = await shell(await connect(port, { key: KEYS[0] }));
    await player.waitFor('q quit');
    const playing = await scrape(metrics);
    expect(playing('spider_players')).toBe(1);
    expect(playing('spider_logins_total')).toBe(1);
    // Each key is answered by a frame: the histogram counts them, in seconds.
    for (const moves of [1, 2, 3]) {
      player.channel.write('d');
      await player.waitFor(`moves ${moves}`);
    }
    await until(metrics, (value) => value('spider_key_to_frame_seconds_count') === 3);
    const keyed = await scrape(metrics);
    expect(keyed('spider_key_to_frame_seconds_sum')).toBeGreaterThan(0);
    expect(keyed('spider_key_to_frame_seconds_sum')).toBeLessThan(3);
    // Each deal is saved in the background: the store's time counts them once they settle.
    await until(metrics, (value) => (value('spider_save_seconds_count') ?? 0) >= 1);
    expect((await scrape(metrics))('spider_save_failures_total')).toBe(0);

    // A second player: logged in, but the server is full.
    const second = await shell(await connect(port, { key: KEYS[1] }));
    expect(await second.exited).toBe(1);
    await forgedLogin(port);
    const refused = await scrape(metrics);
    expect(refused('spider_logins_total')).toBe(2);
    expect(refused('spider_refusals_total', { reason: 'full' })).toBe(1);
    expect(refused('spider_refusals_total', { reason: 'auth' })).toBe(1);
    expect(refused('spider_players')).toBe(1);

    // Healthy while it takes players; not once it shuts down; 404 for anything else.
    expect(await get(metrics, '/health')).toMatchObject({ status: 200, body: 'ok\n' });
    expect((await get(metrics, '/')).status).toBe(404);
    expect((await get(metrics, '/metrics/x')).status).toBe(404);
    expect((await get(metrics, '/metrics', 'POST')).status).toBe(405);
    servers.splice(servers.indexOf(server), 1);
    const stopping = server.shutdown('The server is shutting down');
    expect(await get(metrics, '/health')).toEqual({
      status: 503,
      type: 'text/plain; charset=utf-8',
      body: 'shutting down\n',
    });
    await stopping;
    await player.exited;
    // The port is closed with the server.
    await expect(get(metrics, '/health')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('counts connections refused before a word of SSH, and reads the solver queue', async () => {
    const solver: JobRunner = {
      run: () => () => undefined,
      close: () => undefined,
      load: () => ({ waiting: 2, running: 1 }),
    };
    const { server, port } = await serve({ ...METRICS, connectionsPerMinute: 1, solver });
    const metrics = server.metricsAddress?.port ?? 0;
    // A guest plays: its game is never kept, so no save is timed, nor failed.
    const guest = await shell(await connect(port, { guest: true }));
    await guest.waitFor('q quit');
    guest.channel.write('d');
    await guest.waitFor('moves 1');
    const closed = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let heard = '';
      socket.on('data', (data: Buffer) => (heard += data.toString()));
      socket.on('close', () => resolve(heard));
    });
    expect(closed).toBe('');
    const value = await scrape(metrics);
    expect(value('spider_refusals_total', { reason: 'connections_per_minute' })).toBe(1);
    expect(value('spider_logins_total')).toBe(1);
    expect(value('spider_key_to_frame_seconds_count')).toBe(1);
    expect(value('spider_save_seconds_count')).toBe(0);
    expect(value('spider_save_failures_total')).toBe(0);
    expect(value('spider_solver_questions', { state: 'waiting' })).toBe(2);
    expect(value('spider_solver_questions', { state: 'running' })).toBe(1);
  });

  it('serves nothing unless asked', async () => {
    const { server } = await serve();
    expect(server.metricsAddress).toBeNull();
  });
});
