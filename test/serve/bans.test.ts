/**
 * The ban list on a real server (docs/serve.md, "The ban list"): a banned address is closed before
 * a word of SSH, a banned key is refused at login, and a list given while they play ends their
 * games, saved, while everyone else plays on.
 */
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import { utils } from 'ssh2';
import { BanList } from '../../src/serve/ban-list';
import { playerId } from '../../src/serve/auth';
import { fingerprint } from '../../src/serve/host-key';
import { connect, KEYS, loginWith, serve, shell } from '../helpers/ssh';

jest.setTimeout(30_000);

function bans(...lines: string[]): BanList {
  const read = BanList.parse(lines.join('\n'), 'bans.txt');
  if (!read.ok) throw new Error(read.message);
  return read.list;
}

function publicOf(key: string): Buffer {
  const parsed = utils.parseKey(key);
  if (parsed instanceof Error || Array.isArray(parsed)) throw new Error('no key');
  return parsed.getPublicSSH();
}

/** The SHA256: fingerprint of one of the test keys. */
const printOf = (key: string) => fingerprint(publicOf(key));

/** What the server says to a bare connection (after `header`, if any) before it closes it. */
function firstWords(port: number, header = ''): Promise<string> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1', () => {
      if (header !== '') sock.write(header);
    });
    let said = '';
    sock.on('data', (data: Buffer) => {
      said += data.toString('latin1');
      if (said.includes('\n')) sock.destroy();
    });
    sock.on('error', () => undefined);
    sock.on('close', () => resolve(said));
  });
}

describe('the ban list', () => {
  it('closes a banned address before a word of SSH, and logs it once a minute', async () => {
    const { port, log } = await serve({ bans: bans('127.0.0.0/8') });
    expect(await firstWords(port)).toBe('');
    expect(await firstWords(port)).toBe('');
    const said = log.filter((line) => line.includes('banned'));
    expect(said).toEqual(['127.0.0.1: connections refused: the address is banned']);
  });

  it("bans a player's address behind a balancer, not the balancer's", async () => {
    const { port } = await serve({ proxies: ['127.0.0.1'], bans: bans('203.0.113.0/24') });
    expect(await firstWords(port, 'PROXY TCP4 203.0.113.7 127.0.0.1 5000 2222\r\n')).toBe('');
    expect(await firstWords(port, 'PROXY TCP4 198.51.100.7 127.0.0.1 5000 2222\r\n')).toMatch(
      /^SSH-2\.0-spider/,
    );
  });

  it('refuses a banned key at login and closes its connection; other keys and guests play', async () => {
    const { port, log } = await serve({ bans: bans(printOf(KEYS[0])) });
    expect(await loginWith(port, KEYS[0])).toBe('closed');
    expect(log).toContain(
      `127.0.0.1: a login refused: the key is banned (key ${printOf(KEYS[0])})`,
    );
    expect(log.join('\n')).not.toContain('logged in as');
    const other = await shell(await connect(port, { key: KEYS[1] }));
    await other.waitFor('q quit');
    const guest = await shell(await connect(port, { guest: true }));
    await guest.waitFor('q quit');
  });

  it("ends a newly banned key's games, saved, and the address's, and the others play on", async () => {
    const { server, port, stateDir, log } = await serve();
    const banned = await shell(await connect(port, { key: KEYS[0] }));
    await banned.waitFor('q quit');
    banned.channel.write('d');
    await banned.waitFor('moves 1');
    const other = await shell(await connect(port, { key: KEYS[1] }));
    await other.waitFor('q quit');

    expect(await server.ban(bans(printOf(KEYS[0])))).toBe(1);
    expect(await banned.exited).toBe(0);
    expect(banned.text().replace(/\s+/g, ' ')).toContain(
      'You are banned from this server; your game is saved.',
    );
    expect(log).toContain('127.0.0.1: a game ended: you are banned from this server (status 0)');
    // Its game is on disk, as at a shutdown.
    const games = path.join(stateDir, 'players', playerId(publicOf(KEYS[0])), 'games');
    expect(fs.readdirSync(games).filter((name) => name.endsWith('.txt'))).toHaveLength(1);
    other.channel.write('d');
    await other.waitFor('moves 1');
    expect(await loginWith(port, KEYS[0])).toBe('closed');

    // An address banned: every game from it ends, and its connections close.
    expect(await server.ban(bans('127.0.0.1'))).toBe(1);
    expect(await other.exited).toBe(0);
    expect(other.text()).toContain('You are banned from this server');
    expect(await firstWords(port)).toBe('');
    // A list without them lets them in again.
    expect(await server.ban(bans())).toBe(0);
    const back = await shell(await connect(port, { key: KEYS[0] }));
    await back.waitFor('q quit');
  });
});
