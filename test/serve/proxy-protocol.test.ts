/**
 * The PROXY protocol (docs/serve.md, "Behind a load balancer"): headers of both versions read, and
 * a server behind a balancer seeing each player's own address, from the balancers named alone.
 */
import * as net from 'net';
import { proxyHeader } from '../../src/serve/proxy-protocol';
import { connect, KEYS, serve, shell } from '../helpers/ssh';

jest.setTimeout(30_000);

const SIGNATURE = Buffer.from('0d0a0d0a000d0a515549540a', 'hex');

/** A version 2 header: PROXY (or LOCAL), TCP over IPv4 or IPv6. */
function v2(command: 0 | 1, family: 1 | 2, source: number[], port: number): Buffer {
  const size = family === 1 ? 4 : 16;
  const body = Buffer.alloc(2 * size + 4);
  Buffer.from(source).copy(body, 0);
  body.writeUInt16BE(port, 2 * size);
  body.writeUInt16BE(2222, 2 * size + 2);
  const head = Buffer.from([0x20 | command, (family << 4) | 1, 0, 0]);
  head.writeUInt16BE(body.length, 2);
  return Buffer.concat([SIGNATURE, head, body]);
}

describe('proxyHeader', () => {
  it('reads version 1, and waits for the whole line', () => {
    const line = Buffer.from('PROXY TCP4 203.0.113.7 10.0.0.1 51234 2222\r\nSSH-2.0-x');
    expect(proxyHeader(line)).toEqual({
      kind: 'header',
      length: 44,
      source: { address: '203.0.113.7', port: 51234 },
    });
    expect(proxyHeader(line.subarray(0, 20))).toEqual({ kind: 'more' });
    expect(proxyHeader(Buffer.from('PROXY TCP6 2001:db8::1 ::1 4000 22\r\n'))).toMatchObject({
      source: { address: '2001:db8::1', port: 4000 },
    });
    expect(proxyHeader(Buffer.from('PROXY UNKNOWN\r\n'))).toEqual({
      kind: 'header',
      length: 15,
      source: null,
    });
  });

  it("reads version 2, in pieces, for IPv4, IPv6 and the balancer's own check", () => {
    const four = v2(1, 1, [198, 51, 100, 9], 40000);
    expect(proxyHeader(four)).toEqual({
      kind: 'header',
      length: four.length,
      source: { address: '198.51.100.9', port: 40000 },
    });
    for (let cut = 1; cut < four.length; cut++)
      expect(proxyHeader(four.subarray(0, cut))).toEqual({ kind: 'more' });
    const six = v2(1, 2, [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7], 1234);
    expect(proxyHeader(six)).toMatchObject({ source: { address: '2001:db8::7', port: 1234 } });
    expect(proxyHeader(v2(0, 1, [0, 0, 0, 0], 0))).toMatchObject({ kind: 'header', source: null });
  });

  it('refuses what is not a header, or a header that lies', () => {
    for (const text of [
      'SSH-2.0-OpenSSH_9.2\r\n',
      'PROXY TCP4 999.1.1.1 10.0.0.1 1 2\r\n',
      'PROXY TCP4 1.2.3.4 10.0.0.1 99999 2\r\n',
      'PROXY TCP5 1.2.3.4 10.0.0.1 1 2\r\n',
      `PROXY ${'x'.repeat(120)}`,
    ])
      expect(proxyHeader(Buffer.from(text))).toMatchObject({ kind: 'bad' });
  });
});

/** A socket to the server that first says, as a balancer would, where its client is. */
function throughBalancer(port: number, header: Buffer | string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1', () => {
      sock.write(header);
      resolve(sock);
    });
    sock.once('error', reject);
  });
}

describe('spider serve behind a balancer', () => {
  it('knows each player by the address the header names, from a balancer it was told of', async () => {
    const { port, log } = await serve({ proxies: ['127.0.0.1'], maxPerAddress: 1 });
    const one = await shell(
      await connect(
        port,
        { key: KEYS[0] },
        await throughBalancer(port, 'PROXY TCP4 203.0.113.7 127.0.0.1 5000 2222\r\n'),
      ),
    );
    await one.waitFor('q quit');
    // Another player through the same balancer is not counted as the first one's address.
    const two = await shell(
      await connect(
        port,
        { key: KEYS[1] },
        await throughBalancer(port, v2(1, 1, [198, 51, 100, 9], 40000)),
      ),
    );
    await two.waitFor('q quit');
    expect(log.some((line) => line.startsWith('203.0.113.7: logged in as'))).toBe(true);
    expect(log.some((line) => line.startsWith('198.51.100.9: logged in as'))).toBe(true);
    // A header that lies is closed, without a word.
    const liar = await throughBalancer(port, 'PROXY TCP4 1.2.3.4.5 127.0.0.1 1 2\r\n');
    await new Promise((resolve) => liar.once('close', resolve));
  });

  it('reads no header from a connection not from a balancer it was told of', async () => {
    const { port, log } = await serve({ proxies: ['192.0.2.1'] });
    const sock = await throughBalancer(port, 'PROXY TCP4 203.0.113.7 127.0.0.1 5000 2222\r\n');
    // Not SSH: the server closes it, and names no address the client claimed.
    let said = '';
    sock.on('data', (data: Buffer) => (said += data.toString('latin1')));
    await new Promise((resolve) => sock.once('close', resolve));
    expect(said).toMatch(/^SSH-2\.0-spider/);
    expect(log.join('\n')).not.toContain('203.0.113.7');
  });
});

describe('new connections per address', () => {
  it("closes connections past the limit at once, says so once, and counts a balancer's players apart", async () => {
    const { port, log } = await serve({ connectionsPerMinute: 2, proxies: ['127.0.0.1'] });
    const from = (address: string) =>
      throughBalancer(port, `PROXY TCP4 ${address} 127.0.0.1 5000 2222\r\n`);
    // Two logins from one player's address, then a third is closed before a word of SSH.
    for (let i = 0; i < 2; i++) {
      const player = await shell(await connect(port, { key: KEYS[0] }, await from('203.0.113.7')));
      await player.waitFor('q quit');
      player.channel.write('q');
      await player.exited;
    }
    const third = await from('203.0.113.7');
    let said = '';
    third.on('data', (data: Buffer) => (said += data.toString('latin1')));
    await new Promise((resolve) => third.once('close', resolve));
    expect(said).toBe('');
    await new Promise((resolve) => from('203.0.113.7').then((s) => s.once('close', resolve)));
    expect(log.filter((line) => line.includes('connections refused'))).toEqual([
      '203.0.113.7: connections refused: more than 2 a minute',
    ]);
    // Another player behind the same balancer is not held up by the first.
    const other = await shell(await connect(port, { key: KEYS[1] }, await from('198.51.100.9')));
    await other.waitFor('q quit');
  });
});
