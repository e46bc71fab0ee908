/**
 * The SSH server's socket (docs/serve.md, "Limits"): connections that never log in hold no place
 * for long, and the oldest of them make room for new ones.
 */
import * as net from 'net';
import { connect, KEYS, serve, shell } from '../helpers/ssh';

jest.setTimeout(30_000);

describe('spider serve: listening', () => {
  it('closes connections that never log in, and lets players in past garbage', async () => {
    const { port } = await serve({ loginMs: 1500 });
    const garbage: net.Socket[] = [];
    for (let i = 0; i < 12; i++) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.resume(); // reads, so that it sees the server close it
      garbage.push(socket);
      if (i % 2 === 0) socket.write('GET / HTTP/1.0\r\n\r\n');
    }
    // Half-open sockets are closed once their time to log in is up.
    const closed = await Promise.all(
      garbage.map(
        (socket) => new Promise<number>((r) => socket.once('close', () => r(Date.now()))),
      ),
    );
    expect(closed).toHaveLength(12);
    const player = await shell(await connect(port, { key: KEYS[0] }));
    await player.waitFor('q quit');
  });

  it('lets a player in while a flood of connections that never log in holds the port', async () => {
    const { port } = await serve(); // 20 s to log in: the flood would hold its places that long
    const flood: net.Socket[] = [];
    const closed: number[] = [];
    for (let i = 0; i < 300; i++) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.resume();
      socket.once('close', () => closed.push(i));
      flood.push(socket);
    }
    await Promise.all(flood.map((socket) => new Promise((r) => socket.once('connect', r))));
    const player = await shell(await connect(port, { key: KEYS[0] }));
    await player.waitFor('q quit');
    // The oldest made room: the newest of the flood still wait, the first ones are gone.
    expect(closed).toContain(0);
    expect(closed).not.toContain(299);
    for (const socket of flood) socket.destroy();
  });
});
