/**
 * One player's session, on a channel and a connection of the test's making (docs/serve.md,
 * "Limits"): what the game does when its client takes nothing of what it is sent.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Duplex, PassThrough } from 'stream';
import type { ServerChannel } from 'ssh2';
import { SERVER_DISK_LIMITS } from '../../src/store/disk-limits';
import { playSession, type SessionLink } from '../../src/serve/player';
import { SearchTurns } from '../../src/host/search-turns';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

/**
 * A session channel: what the game writes goes nowhere (as to a client that takes it all), and
 * `type` hands it keys as a client's would come.
 */
function fakeChannel() {
  const channel = new Duplex({
    read: () => undefined,
    write: (_chunk, _encoding, done) => done(),
  }) as unknown as ServerChannel & Duplex;
  Object.assign(channel, {
    stderr: new PassThrough().resume(),
    close: () => channel.emit('close'),
    exit: () => undefined,
  });
  return Object.assign(channel, { type: (keys: string | Buffer) => channel.push(keys) });
}

function session(link: SessionLink, stallMs: number) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-player-'));
  roots.push(root);
  const channel = fakeChannel();
  const ended = playSession({
    channel,
    link,
    pty: { term: 'xterm', cols: 80, rows: 24 },
    env: { LANG: 'C.UTF-8' },
    player: { kind: 'key', id: 'p', fingerprint: 'SHA256:p', folder: path.join(root, 'p') },
    rules: { suits: 1, relaxed: 0, keepSuits: false },
    login: 'ssh -t -p 2222 HOST',
    randomSeed: () => '7',
    solver: null,
    searchTurns: new SearchTurns(),
    idleMs: 60 * 60_000,
    diskLimits: SERVER_DISK_LIMITS,
    outputStallMs: stallMs,
    register: () => () => undefined,
  });
  return { channel, ended, root };
}

describe('a client that reads nothing', () => {
  it('is let go once what its connection holds unsent stops going down, its game saved', async () => {
    let unsent = 0;
    const link: SessionLink = {
      hold: () => undefined,
      release: () => undefined,
      unsent: () => unsent,
    };
    const { channel, ended, root } = session(link, 300);
    channel.type('d'); // a game worth keeping
    await new Promise((r) => setTimeout(r, 50));
    // The socket holds what the channel passed on: a client granting window but reading nothing.
    unsent = 1024 * 1024;
    const keys = setInterval(() => channel.type('l'), 20);
    const timeout = new Promise<null>((r) => setTimeout(() => r(null), 5000).unref());
    const end = await Promise.race([ended, timeout]).finally(() => clearInterval(keys));
    if (end === null) channel.emit('close'); // ends the game, whose timers would hold the test
    expect(end?.why).toBe('nothing read for 0.3 seconds');
    const games = fs.readdirSync(path.join(root, 'p', 'games'));
    expect(games.filter((name) => name.endsWith('.txt'))).toHaveLength(1);
  });

  it('is not let go while it takes what it is sent, however slowly', async () => {
    let unsent = 1024 * 1024;
    const link: SessionLink = {
      hold: () => undefined,
      release: () => undefined,
      unsent: () => unsent,
    };
    const { channel, ended } = session(link, 300);
    const keys = setInterval(() => {
      unsent -= 1024; // a slow link: it goes down
      channel.type('l');
    }, 20);
    await new Promise((r) => setTimeout(r, 1000));
    clearInterval(keys);
    unsent = 0;
    channel.type('qy');
    expect((await ended).why).toBe('the player quit');
  });

  it('stops the connection being read while its keys wait, until the session ends', async () => {
    const held: boolean[] = [];
    const link: SessionLink = {
      hold: () => {
        if (held[held.length - 1] !== true) held.push(true);
      },
      release: () => {
        if (held[held.length - 1] === true) held.push(false);
      },
      unsent: () => 0,
    };
    const { channel, ended } = session(link, 30_000);
    // 64 KiB of keys at once: 8 KiB go, the rest waits at 2 KiB a second, and past 16 KiB
    // waiting the connection is not read.
    channel.type(Buffer.alloc(64 * 1024, 'l'));
    await new Promise((r) => setTimeout(r, 100));
    expect(held).toEqual([true]);
    channel.emit('close'); // the connection drops
    await ended;
    expect(held).toEqual([true, false]);
  });
});
