/**
 * The daily board on a real server (docs/serve.md, "The daily board"): two players finish the
 * day's deal, each is asked for a name at its end (a name taken is refused and asked again), and
 * both see the same board in the game (`b`) and with `ssh HOST board`; `ssh HOST name` sets and
 * says a name, and a guest may look but has no name.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Game } from '../../src/engine';
import { answerQuestion } from '../../src/cli/questions';
import { FilesBoard } from '../../src/store/board-files';
import { dailySave, idOf, namesOn, TODAY, win } from '../helpers/daily';
import { playedOut } from '../helpers/play-out';
import { connect, exec, KEYS, scratch, serve, shell } from '../helpers/ssh';

jest.setTimeout(60_000);

/**
 * A server with a board on files (in `folder`, if two servers are to share one), which answers
 * questions as `spider serve` does.
 */
const serveBoard = (folder = path.join(scratch(), 'board')) =>
  serve({
    board: new FilesBoard(folder),
    ask: (command, asker) => answerQuestion(command, asker, 'test'),
  });

/** Leaves `game` saved in the player's folder, today's daily deal: the next login resumes it. */
function saveDaily(stateDir: string, key: string, game: Game, elapsedMs: number): void {
  const games = path.join(stateDir, 'players', idOf(key), 'games');
  fs.mkdirSync(games, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(games, 'daily.txt'), dailySave(game, elapsedMs), { mode: 0o600 });
}

it('two players finish the daily deal, pick names, and see one board in the game and by ssh', async () => {
  const { before } = playedOut('won');
  const { port, stateDir } = await serveBoard();
  saveDaily(stateDir, KEYS[0], before, 60_000);
  saveDaily(stateDir, KEYS[1], before, 90_000);

  const ada = await shell(await connect(port, { key: KEYS[0] }));
  await win(ada);
  ada.channel.write('Ada\r');
  await ada.waitFor("You are 'Ada' on the daily board.");

  const bob = await shell(await connect(port, { key: KEYS[1] }));
  await win(bob);
  // Another player's name, in another case: refused, and asked again.
  bob.channel.write('ADA\r');
  await bob.waitFor("'ADA' is taken by another player; try another.");
  bob.channel.write('\x15Bob\r');
  await bob.waitFor("You are 'Bob' on the daily board.");

  // b shows the board: both, Ada first (the same moves, less time), and closes with any key.
  for (const player of [bob, ada]) {
    player.channel.write('b');
    await player.waitFor(`Daily board ${TODAY}, 1 suit, relaxed 0`);
    await player.waitFor(/Bob +won/);
    expect(namesOn(player.screen().replace(/│/g, ' '))).toEqual(['Ada', 'Bob']);
    player.channel.write('x');
    await player.waitFor(/^(?![\s\S]*Daily board)/);
    player.channel.write('q');
    expect(await player.exited).toBe(0);
  }

  // ssh HOST board: the same, as plain text, the asker's row marked.
  const printed = await exec(await connect(port, { key: KEYS[1] }), 'board');
  expect(await printed.exited).toBe(0);
  const text = printed.text();
  expect(text.split('\n')[0]).toBe(`Daily board ${TODAY}, 1 suit, relaxed 0`);
  expect(namesOn(text)).toEqual(['Ada', 'Bob']);
  expect(text).toMatch(/^> +2 {2}Bob +won/m);
  const json = await exec(await connect(port, { key: KEYS[0] }), 'board --json');
  expect(await json.exited).toBe(0);
  const parsed = JSON.parse(json.text()) as {
    day: string;
    clean: { place: number; name: string; outcome: string }[];
    you: unknown;
  };
  expect(parsed.day).toBe(TODAY);
  expect(parsed.clean.map((p) => [p.place, p.name, p.outcome])).toEqual([
    [1, 'Ada', 'won'],
    [2, 'Bob', 'won'],
  ]);
  expect(parsed.you).toEqual({ section: 'clean', place: 1 });
  // A guest may look, with no place of their own.
  const guest = await exec(await connect(port, { guest: true }), 'board');
  expect(await guest.exited).toBe(0);
  expect(namesOn(guest.text())).toEqual(['Ada', 'Bob']);
});

it('ssh HOST name says and sets a name, refuses one taken or not printable, and a guest', async () => {
  const { port } = await serveBoard();
  const ask = async (login: Parameters<typeof connect>[1], command: string) => {
    const answer = await exec(await connect(port, login), command);
    return { status: await answer.exited, text: answer.text() };
  };
  expect(await ask({ key: KEYS[0] }, 'name')).toEqual({
    status: 0,
    text: `You have no name on the daily board yet: ssh -p ${port} 127.0.0.1 name NEW picks one.\n`,
  });
  expect(await ask({ key: KEYS[0] }, "name '  Ada   Lovelace '")).toEqual({
    status: 0,
    text: "You are 'Ada Lovelace' on the daily board.\n",
  });
  expect(await ask({ key: KEYS[1] }, 'name ada lovelace')).toEqual({
    status: 1,
    text: "spider: 'ada lovelace' is taken by another player; try another.\n",
  });
  expect((await ask({ key: KEYS[1] }, 'name abcdefghijklmnopq')).text).toMatch(
    /^spider: Not a name: a name takes at most 16 columns on screen\.\n$/,
  );
  expect(await ask({ key: KEYS[0] }, 'name')).toEqual({
    status: 0,
    text: "You are 'Ada Lovelace' on the daily board.\n",
  });
  expect(await ask({ guest: true }, 'name Eve')).toEqual({
    status: 1,
    text: 'spider: a guest has no name and is not on the board; log in with an SSH key to be on it\n',
  });
});

it('two servers sharing the board folder show one board', async () => {
  const { before } = playedOut('won');
  const shared = path.join(scratch(), 'board');
  const [one, two] = [await serveBoard(shared), await serveBoard(shared)];
  saveDaily(one.stateDir, KEYS[0], before, 60_000);
  saveDaily(two.stateDir, KEYS[1], before, 90_000);
  for (const [server, key, name] of [
    [one, KEYS[0], 'Ada'],
    [two, KEYS[1], 'ada'],
  ] as const) {
    const player = await shell(await connect(server.port, { key }));
    await win(player);
    player.channel.write(`${name}\r`);
    if (name === 'ada') {
      // The name was taken on the other server.
      await player.waitFor("'ada' is taken by another player; try another.");
      player.channel.write('\x15Bob\r');
    }
    await player.waitFor('on the daily board.');
    player.channel.write('q');
    expect(await player.exited).toBe(0);
  }
  const boards = await Promise.all(
    [one, two].map(async (server) => {
      const printed = await exec(await connect(server.port, { guest: true }), 'board');
      expect(await printed.exited).toBe(0);
      return printed.text();
    }),
  );
  expect(namesOn(boards[0])).toEqual(['Ada', 'Bob']);
  expect(boards[1]).toBe(boards[0]);
});
