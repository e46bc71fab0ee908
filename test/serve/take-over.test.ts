/**
 * Taking a game over from another session (docs/serve.md, "Your game back at once"), with logins
 * that race: however many take the game over at once, one session plays it, and no action of it
 * is lost. The real OpenSSH client's side (a client stopped without a word) is in
 * test/e2e/serve.test.ts.
 */
import * as fs from 'fs';
import * as path from 'path';
import { connect, KEYS, serve, shell, type Terminal } from '../helpers/ssh';

jest.setTimeout(60_000);

const TAKERS = 10;

/** The saved games of every player, file by file. */
function saves(stateDir: string): string[] {
  const players = path.join(stateDir, 'players');
  return fs.readdirSync(players).flatMap((id) => {
    const games = path.join(players, id, 'games');
    return fs
      .readdirSync(games)
      .filter((name) => name.endsWith('.txt'))
      .map((name) => fs.readFileSync(path.join(games, name), 'utf8'));
  });
}

describe('taking a game over', () => {
  it('gives the game to one session of ten that take it over at once, with every action', async () => {
    // A fresh deal for each session that does not get the game, the first one's for the first.
    let dealt = 0;
    const { port, stateDir, log } = await serve({
      maxSessions: 20,
      maxPerAddress: 20,
      randomSeed: () => (dealt++ === 0 ? 'owl' : `other ${dealt}`),
    });
    const first = await shell(await connect(port, { key: KEYS[0] }));
    await first.waitFor('q quit');
    for (const moves of ['moves 1', 'moves 2', 'moves 3']) {
      first.channel.write('d');
      await first.waitFor(moves);
    }
    // Logged in one after another (the server lets 8 logins from one address wait at once),
    // then all asked at once.
    const clients = [];
    for (let i = 0; i < TAKERS; i++) clients.push(await connect(port, { key: KEYS[0] }));
    const takers: Terminal[] = await Promise.all(clients.map((client) => shell(client)));
    await Promise.all(takers.map((taker) => taker.waitFor('y takes it over here')));
    for (const taker of takers) taker.channel.write('y');
    // The first session is told, and ends; each taker plays a game.
    expect(await first.exited).toBe(0);
    expect(first.text()).toContain('This game was taken over by a new login; your game is saved.');
    await Promise.all(takers.map((taker) => taker.waitFor('q quit')));
    const owners = takers.filter((taker) => /seed owl /.test(taker.screen()));
    expect(owners).toHaveLength(1);
    expect(owners[0].screen()).toMatch(/moves 3 /);
    // The one that has it plays on; its action is kept with the three before.
    owners[0].channel.write('d');
    await owners[0].waitFor('moves 4');
    const settled = new Set<number>();
    takers.forEach((taker, i) => void taker.exited.then(() => settled.add(i)));
    for (const taker of takers) taker.channel.write('q');
    await owners[0].waitFor('Quit this game?');
    owners[0].channel.write('y');
    const exits = takers.map((taker) => taker.exited);
    await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 5000))]);
    const still = takers.filter((_, i) => !settled.has(i));
    if (still.length > 0) throw new Error(still.map((t) => t.screen()).join('\n=====\n'));
    await Promise.all(exits);
    const kept = saves(stateDir);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^seed: owl\n/m);
    expect(kept[0]).toMatch(/^actions: 4\n/m);
    expect(log.filter((line) => line.endsWith('a game taken over by a new login'))).toHaveLength(
      TAKERS,
    );
  });
});
