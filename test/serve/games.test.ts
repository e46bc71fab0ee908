/**
 * The games the SSH server plays at once (docs/serve.md, "Limits"): how many in all and from one
 * address, and a game whose code fails ends alone.
 */
import { connect, KEYS, serve, shell } from '../helpers/ssh';

jest.setTimeout(30_000);

describe('spider serve: the games at once', () => {
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
    await failing.waitFor('Enter deals');
    failing.channel.write('\r');
    expect(await failing.exited).toBe(70);
    expect(failing.text()).toContain('spider: internal error: no seed today');
    expect(log).toContain('127.0.0.1: a game ended: internal error: no seed today (status 70)');
    other.channel.write('d');
    await other.waitFor('moves 1');
  });
});
