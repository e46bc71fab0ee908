/**
 * The SSH server in this process, driven by ssh2's own client: who gets in, what is refused,
 * the limits, and shutting down with every game saved.
 */
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import { until } from '../helpers/slow-disk';
import {
  connect,
  exec,
  KEYS,
  scratch,
  serve,
  servers,
  shell,
  type Terminal,
  terminal,
} from '../helpers/ssh';
import { MAX_COLS, MAX_ROWS, terminalType } from '../../src/serve/channel';
import type { RunningServer } from '../../src/serve/server';

jest.setTimeout(30_000);

function savesOf(stateDir: string): string[] {
  const players = path.join(stateDir, 'players');
  if (!fs.existsSync(players)) return [];
  return fs.readdirSync(players).flatMap((id) => {
    const games = path.join(players, id, 'games');
    return fs.existsSync(games)
      ? fs
          .readdirSync(games)
          .filter((name) => name.endsWith('.txt'))
          .map((name) => `${id}/${name}`)
      : [];
  });
}

/** Shuts the server down as SIGTERM does, and waits for the player's session to end. */
async function shutDown(server: RunningServer, player: Terminal): Promise<void> {
  await server.shutdown('The server is shutting down');
  servers.splice(servers.indexOf(server), 1);
  await player.exited;
}

describe('spider serve', () => {
  it('plays a game for a key, keeps it in that key’s folder, and resumes it', async () => {
    const { port, stateDir } = await serve();
    const first = await shell(await connect(port, { key: KEYS[0] }));
    await first.waitFor('q quit');
    first.channel.write('d');
    await first.waitFor('moves 1');
    // The record goes to the player's folder, named without the host's paths.
    first.channel.write('w');
    await first.waitFor(/Wrote spider-\S+\.txt to your records on this server\./);
    expect(first.screen()).not.toContain(stateDir);
    const [written] = /spider-\S+\.txt/.exec(first.screen()) ?? [''];
    const [player] = fs.readdirSync(path.join(stateDir, 'players'));
    expect(
      fs.readFileSync(path.join(stateDir, 'players', player, 'records', written), 'utf8'),
    ).toMatch(/^seed: 4242\n/);
    first.channel.write('q');
    await first.waitFor('Quit this game?');
    first.channel.write('y');
    expect(await first.exited).toBe(0);
    expect(first.text()).toMatch(/saved for next\s+time/);
    // The command to play the deal again is for the player's own machine: the server runs none.
    expect(first.text()).toMatch(/install\s+spider\s+and\s+type:\s+spider --seed 4242/);
    expect(savesOf(stateDir)).toHaveLength(1);

    const again = await shell(await connect(port, { key: KEYS[0] }));
    await again.waitFor('Resumed your game');
    // Another key is another player: a new game of their own.
    const other = await shell(await connect(port, { key: KEYS[1] }));
    await other.waitFor('q quit');
    expect(other.text()).not.toContain('Resumed');
  });

  it('offers a client with no key keyboard-interactive and password logins, and lets it play as a guest', async () => {
    const { port } = await serve();
    const offered: string[][] = [];
    // First no login at all, to hear what the server offers; then a password, any one.
    const client = await connect(port, { guest: true }, undefined, {
      authHandler: (methodsLeft, _partial, next) => {
        if (methodsLeft === null) return next({ type: 'none', username: 'player' });
        offered.push([...methodsLeft]);
        return next({ type: 'password', username: 'player', password: 'anything' });
      },
    });
    expect(offered[0]).toEqual(['publickey', 'keyboard-interactive', 'password']);
    const guest = await shell(client);
    await guest.waitFor('q quit');
    expect(guest.text()).toMatch(/you logged in as a guest/);
  });

  it('refuses a command, a subsystem and forwarding with a message', async () => {
    const { port } = await serve();
    const client = await connect(port, { key: KEYS[0] });
    const ls = await exec(client, 'ls');
    expect(await ls.exited).toBe(1);
    expect(ls.text()).toMatch(/only plays Spider/);
    const forward = await new Promise<Error | undefined>((resolve) =>
      client.forwardOut('127.0.0.1', 1, '127.0.0.1', 22, (error) => resolve(error)),
    );
    expect(forward).toBeInstanceOf(Error);
    const listen = await new Promise<Error | undefined>((resolve) =>
      client.forwardIn('127.0.0.1', 0, (error) => resolve(error)),
    );
    expect(listen).toBeInstanceOf(Error);
    const sftp = await new Promise<Error | undefined>((resolve) =>
      client.sftp((error) => resolve(error)),
    );
    expect(sftp).toBeInstanceOf(Error);
  });

  it("ignores a command sent on a game's own channel, and the game plays on", async () => {
    const { port } = await serve();
    const player = await shell(await connect(port, { key: KEYS[0] }));
    await player.waitFor('q quit');
    // The client library sends such a request only through its internals; the server's library
    // can no longer answer it, so none is asked for.
    const channel = player.channel as unknown as {
      outgoing: { id: number };
      _client: { _protocol: { exec(id: number, command: string, wantReply: boolean): void } };
    };
    channel._client._protocol.exec(channel.outgoing.id, 'ls', false);
    player.channel.write('?');
    await player.waitFor(/Rules|Keys/);
    player.channel.write('xq'); // x closes the help
    expect(await player.exited).toBe(0);
  });

  it('paints keys read together once: a burst of Ctrl-L costs one frame, not one each', async () => {
    const { port } = await serve();
    const player = await shell(await connect(port, { key: KEYS[0] }));
    await player.waitFor('q quit');
    /** What the next keys cost, in characters sent, until the help is on the screen. */
    const sent = async (keys: string) => {
      const before = player.text().length;
      player.channel.write(keys);
      await until(() => player.screen().includes('other keys close'));
      const cost = player.text().length - before;
      player.channel.write('x'); // closes the help
      await until(() => !player.screen().includes('other keys close'));
      return cost;
    };
    const one = await sent('\x0c?');
    const burst = await sent(`${'\x0c'.repeat(200)}?`);
    expect(burst).toBeLessThan(5 * one);
    player.channel.write('q');
    expect(await player.exited).toBe(0);
  });

  it('redraws a burst of window sizes once, at the last of them', async () => {
    const { port } = await serve();
    // The client's terminal is larger than any size it will claim: where the key line is drawn
    // tells the size the game drew for.
    const player = await shell(await connect(port, { key: KEYS[0] }), 100, 30);
    await player.waitFor('q quit');
    const keyRow = () =>
      player
        .screen()
        .split('\n')
        .findIndex((line) => line.includes('q quit'));
    type Size = readonly [number, number];
    /** What the window sizes cost, in characters sent, until the game is drawn for the last. */
    const sent = async (sizes: readonly Size[]) => {
      const before = player.text().length;
      for (const [cols, rows] of sizes) player.channel.setWindow(rows, cols, 0, 0);
      const rows = sizes[sizes.length - 1][1];
      await until(() => keyRow() === rows - 1);
      // Anything still to come would be another frame: let it arrive.
      await new Promise((r) => setTimeout(r, 300));
      return player.text().length - before;
    };
    const [wide, narrow]: Size[] = [
      [90, 26],
      [80, 24],
    ];
    const one = await sent([narrow]);
    const burst = await sent([
      ...Array.from({ length: 100 }, (_, i) => (i % 2 ? narrow : wide)),
      wide,
    ]);
    expect(keyRow()).toBe(25);
    expect(burst).toBeLessThan(5 * one);
    player.channel.write('q');
    expect(await player.exited).toBe(0);
  });

  it('asks for a terminal when none was requested', async () => {
    const { port } = await serve();
    const client = await connect(port, { key: KEYS[0] });
    const plain = await new Promise<Terminal>((resolve, reject) =>
      client.shell(false, (error, channel) => (error ? reject(error) : resolve(terminal(channel)))),
    );
    expect(await plain.exited).toBe(1);
    expect(plain.text()).toMatch(/needs a terminal/);
  });

  it('refuses a terminal that cannot move its cursor (TERM=dumb)', async () => {
    const { port } = await serve();
    const client = await connect(port, { key: KEYS[0] });
    const dumb = await new Promise<Terminal>((resolve, reject) =>
      client.shell({ term: 'dumb', cols: 80, rows: 24 }, {}, (error, channel) =>
        error ? reject(error) : resolve(terminal(channel)),
      ),
    );
    expect(await dumb.exited).toBe(1);
    expect(dumb.text()).toMatch(/TERM=dumb\) cannot move its cursor/);
  });

  it("plays a terminal type that names a file as xterm: the server reads no file of the client's choosing", async () => {
    expect(terminalType('xterm-256color')).toBe('xterm-256color');
    expect(terminalType('screen.xterm+256')).toBe('screen.xterm+256');
    for (const hostile of ['/dev/zero', '../../etc/passwd', 'x/y', '', ' xterm', 'a'.repeat(65)])
      expect(terminalType(hostile)).toBe('xterm');
    expect(terminalType(undefined)).toBe('xterm');
    const { port } = await serve();
    const client = await connect(port, { key: KEYS[0] });
    const player = await new Promise<Terminal>((resolve, reject) =>
      client.shell({ term: '/dev/zero', cols: 80, rows: 24 }, {}, (error, channel) =>
        error ? reject(error) : resolve(terminal(channel)),
      ),
    );
    await player.waitFor('q quit');
    player.channel.write('q');
    expect(await player.exited).toBe(0);
  });

  it('says the server is full, overall and for one address', async () => {
    const { port, log } = await serve({ maxSessions: 1 });
    const one = await shell(await connect(port, { key: KEYS[0] }));
    await one.waitFor('q quit');
    const two = await shell(await connect(port, { key: KEYS[1] }));
    expect(await two.exited).toBe(1);
    expect(two.text()).toMatch(/server is full \(1 game/);
    // The log says so too, and when a game ends.
    expect(log).toContain('127.0.0.1: a game refused: the server is full');
    one.channel.write('q');
    expect(await one.exited).toBe(0);
    // The log says why each game ended.
    expect(log).toContain('127.0.0.1: a game ended: the player quit (status 0)');

    const perAddress = await serve({ maxPerAddress: 1 });
    const a = await shell(await connect(perAddress.port, { key: KEYS[0] }));
    await a.waitFor('q quit');
    const b = await shell(await connect(perAddress.port, { key: KEYS[1] }));
    expect(await b.exited).toBe(1);
    expect(b.text()).toMatch(/already 1 game from your address;/);
    expect(perAddress.log).toContain('127.0.0.1: a game refused: 1 already from there');
  });

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

  it('draws on at most MAX_COLS x MAX_ROWS cells, whatever size the client claims', async () => {
    const { port } = await serve();
    const cols = MAX_COLS + 200;
    const rows = MAX_ROWS + 20;
    const player = await shell(await connect(port, { key: KEYS[0] }), cols, rows);
    await player.waitFor('q quit');
    // The emulator takes what was written on its next turn.
    while (!player.screen().includes('q quit')) await new Promise((r) => setTimeout(r, 20));
    const lines = player.screen().split('\n');
    // The status line ends at the capped width, and the key line is on the capped last row.
    expect(lines[0].trimEnd().length).toBe(MAX_COLS);
    expect(lines[MAX_ROWS - 1]).toMatch(/q quit/);
    expect(lines.slice(MAX_ROWS).join('').trim()).toBe('');
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

  it("names the player's folder ~ in what it says, never by the host's path", async () => {
    const { server, port, stateDir, log } = await serve();
    const first = await shell(await connect(port, { key: KEYS[0] }));
    await first.waitFor('q quit');
    first.channel.write('q');
    expect(await first.exited).toBe(0);
    // The saves' folder is made a link to elsewhere: the game will not save there, and says so.
    const [player] = fs.readdirSync(path.join(stateDir, 'players'));
    const games = path.join(stateDir, 'players', player, 'games');
    fs.rmSync(games, { recursive: true, force: true });
    fs.symlinkSync(scratch(), games);
    const again = await shell(await connect(port, { key: KEYS[0] }));
    await again.waitFor("Can't save this game");
    again.channel.write('d');
    await again.waitFor('moves 1');
    // Shut down with its save failing, the player is not told the game is saved.
    await shutDown(server, again);
    const text = again.text().replace(/\s+/g, ' ');
    expect(text).toContain(
      'The server is shutting down; the line below says what of your game is kept.',
    );
    expect(text).toMatch(/NOT saved \(~\/games is a symbolic link/);
    expect(text).not.toContain(stateDir);
    // The log says it too, for whoever runs the server; a game saved says nothing more.
    expect(log).toContain('127.0.0.1: a game ended: the player quit (status 0)');
    expect(log).toContain(
      '127.0.0.1: a game ended: the server is shutting down (status 0); it could not be saved',
    );
  });

  it('saves every game and tells its player when it shuts down', async () => {
    const { server, port, stateDir, log } = await serve();
    const player = await shell(await connect(port, { key: KEYS[0] }));
    await player.waitFor('q quit');
    player.channel.write('d');
    await player.waitFor('moves 1');
    await shutDown(server, player);
    expect(player.text()).toContain('The server is shutting down; your game is saved.');
    expect(log).toContain('127.0.0.1: a game ended: the server is shutting down (status 0)');
    expect(savesOf(stateDir)).toHaveLength(1);
  });

  it('at a shutdown, does not call an untouched deal saved: nothing of it is kept', async () => {
    const { server, port, stateDir } = await serve();
    const player = await shell(await connect(port, { key: KEYS[0] }));
    await player.waitFor('q quit');
    await shutDown(server, player);
    expect(player.text()).toMatch(
      /The server is shutting down; your game had not started, so there was\s+nothing to keep\./,
    );
    expect(savesOf(stateDir)).toHaveLength(0);
  });

  it('ends only the game whose code failed, with a message', async () => {
    let seeds = 0;
    const { port, log } = await serve({
      // The third deal asked for (the first player's 'n') fails.
      randomSeed: () => {
        if (++seeds === 3) throw new Error('no seed today');
        return String(seeds);
      },
    });
    const failing = await shell(await connect(port, { key: KEYS[0] }));
    await failing.waitFor('q quit');
    const other = await shell(await connect(port, { key: KEYS[1] }));
    await other.waitFor('q quit');
    failing.channel.write('n');
    expect(await failing.exited).toBe(70);
    expect(failing.text()).toContain('spider: internal error: no seed today');
    expect(log).toContain('127.0.0.1: a game ended: internal error: no seed today (status 70)');
    other.channel.write('d');
    await other.waitFor('moves 1');
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

  it('warns an idle player in place of a question left waiting', async () => {
    const { port } = await serve({ idleMs: 2500 });
    const player = await shell(await connect(port, { key: KEYS[0] }));
    await player.waitFor('q quit');
    player.channel.write('d');
    await player.waitFor('deals 4');
    player.channel.write('q');
    await player.waitFor('Quit this game?');
    await player.waitFor('ends in 1.3 seconds unless you press a key');
    expect(await player.exited).toBe(0);
  });

  it('warns an idle player, then ends the game, saved', async () => {
    const { port, log } = await serve({ idleMs: 2500 });
    const player = await shell(await connect(port, { key: KEYS[0] }));
    await player.waitFor('q quit');
    player.channel.write('d');
    // Half the timeout's warning, when it is under two minutes.
    await player.waitFor('ends in 1.3 seconds unless you press a key');
    expect(await player.exited).toBe(0);
    expect(player.text()).toMatch(
      /No key for 2\.5 seconds: the game was ended; your game is saved\./,
    );
    expect(log).toContain('127.0.0.1: a game ended: no key for 2.5 seconds (status 0)');
  });
});
