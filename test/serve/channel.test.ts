/**
 * A session channel of the SSH server (docs/serve.md, "Playing over SSH"): the terminal it asks for
 * (its type, its size, within the largest drawn), and what it is refused (commands, subsystems,
 * forwarding, a session with no terminal or one that cannot draw).
 */
import { until } from '../helpers/slow-disk';
import { connect, exec, KEYS, serve, shell, type Terminal, terminal } from '../helpers/ssh';
import { MAX_COLS, MAX_ROWS, terminalType } from '../../src/serve/channel';

jest.setTimeout(30_000);

describe('spider serve: a session channel', () => {
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
});
