/**
 * A connection to the SSH server (docs/serve.md, "Limits"): one that starts no game, or stops
 * answering, is closed, and the game it had is saved.
 */
import * as net from 'net';
import { connect, KEYS, serve, shell } from '../helpers/ssh';

jest.setTimeout(30_000);

describe('spider serve: a connection', () => {
  it('closes a connection that logs in but starts no game, as one that never logs in', async () => {
    const { port } = await serve({ loginMs: 1500 });
    const idle = await connect(port, { key: KEYS[0] });
    const started = Date.now();
    await new Promise<void>((resolve) => idle.once('close', () => resolve()));
    expect(Date.now() - started).toBeLessThan(5_000);
    // A game holds its connection beyond that time.
    const player = await shell(await connect(port, { key: KEYS[1] }));
    await player.waitFor('q quit');
    await new Promise((r) => setTimeout(r, 2000));
    player.channel.write('d');
    await player.waitFor(/deals 4|d4/);
  });

  it('closes a connection that stops answering, so its game resumes at the next login', async () => {
    const { port, log } = await serve({ keepaliveMs: 300 });
    // A client that answers goes on playing across many rounds of questions.
    const steady = await shell(await connect(port, { key: KEYS[1] }));
    await steady.waitFor('q quit');
    // A client that falls silent (a laptop asleep): its socket reads nothing more.
    const sock = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => sock.once('connect', resolve));
    const silent = await shell(await connect(port, { key: KEYS[0] }, sock));
    await silent.waitFor('q quit');
    silent.channel.write('d');
    await silent.waitFor(/deals 4|d4/);
    sock.pause();
    const deadline = Date.now() + 10_000;
    while (!log.some((line) => line.includes('no answer')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(log).toContain('127.0.0.1: no answer for 1.2 s: closed');
    while (!log.some((line) => line.includes('a game ended')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(log).toContain('127.0.0.1: a game ended: the connection closed (status 129)');
    steady.channel.write('d');
    await steady.waitFor(/deals 4|d4/);
    const again = await shell(await connect(port, { key: KEYS[0] }));
    await again.waitFor('Resumed your game');
    sock.destroy();
  });
});
