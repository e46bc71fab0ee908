/**
 * The SSH server in this process, driven by ssh2's own client: who gets in and where their games
 * are kept, idle games, and shutting down with every game saved. What a session channel, a
 * connection, the socket and the games at once each do is in a test of its own.
 */
import * as fs from 'fs';
import * as path from 'path';
import { until } from '../helpers/slow-disk';
import { connect, KEYS, scratch, serve, servers, shell, type Terminal } from '../helpers/ssh';
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
    await first.waitFor('copies it.');
    expect(first.screen().replace(/\s+/g, ' ')).toMatch(
      new RegExp(
        `Wrote spider-\\S+\\.txt to your records on this server; ssh -p ${port} 127\\.0\\.0\\.1 record latest > game\\.txt copies it\\.`,
      ),
    );
    expect(first.screen()).not.toContain(stateDir);
    const [written] = /spider-\S+\.txt/.exec(first.screen()) ?? [''];
    const [player] = fs.readdirSync(path.join(stateDir, 'players'));
    expect(
      fs.readFileSync(path.join(stateDir, 'players', player, 'records', written), 'utf8'),
    ).toMatch(/^seed: 4242\n/);
    // The record's panel: any key closes it, and does nothing else.
    await first.waitFor('Game record, lines 1-');
    first.channel.write('q');
    await first.waitFor('d deal');
    first.channel.write('q');
    await first.waitFor('Quit this game?');
    first.channel.write('y');
    expect(await first.exited).toBe(0);
    expect(first.text()).toMatch(/saved for next\s+time/);
    // What to type to go on: the login again, with the port the server listens on.
    expect(first.text()).toMatch(
      new RegExp(
        `Log\\s+in\\s+again\\s+to\\s+go\\s+on\\s+with\\s+it:\\s+ssh -t -p ${port} 127\\.0\\.0\\.1\\r?\\n`,
      ),
    );
    expect(first.text()).not.toMatch(/install|spider --seed/);
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
