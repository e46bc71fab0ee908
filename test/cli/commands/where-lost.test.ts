/**
 * `spider solve FILE --where-lost` (docs/solver.md, "Where it went wrong"): the sentence, a record
 * that replays to a win from the last winnable position, the JSON document, and bad usage refused.
 */
import * as fs from 'fs';
import { run } from '../../../src/cli/program';
import { fakeIo, type FakeIoOptions } from '../../helpers/fake-io';
import { LOST_GAME_FILE } from '../../helpers/lost-game';

jest.setTimeout(60_000);

async function cli(args: string[], options: FakeIoOptions = {}) {
  const { io, written } = fakeIo(options);
  const status = await run(args, io);
  return { status, ...written };
}

const LOST = fs.readFileSync(LOST_GAME_FILE, 'utf8');

it('names the move that lost the game, and writes a record that wins from just before it', async () => {
  const out = await cli(['solve', '-', '--where-lost'], { stdin: LOST });
  expect(out.status).toBe(0);
  const lines = out.stdout.split('\n');
  expect(lines[0]).toBe(
    '# spider solve --where-lost: You could still have won after move 16; move 17, d, lost it.',
  );
  expect(lines[1]).toMatch(
    /^# \d+ positions of the game searched \(after moves 17, [\d, ]+\): [\d,]+ positions in [\d,]+ ms\.$/,
  );
  expect(lines[2]).toMatch(
    /^# The record plays the game's first 16 moves, then a winning line of \d+ actions from there\.$/,
  );
  expect(out.stdout).toContain('1-10 d 2-6 6-10 10-6 8-6 d 1-3 d d 2-1 8-1 2-6 10-6 1-8 1-6 ');
  const replayed = await cli(['replay', '-', '--json'], { stdin: out.stdout });
  expect(replayed.status).toBe(0);
  expect(JSON.parse(replayed.stdout)).toMatchObject({ status: 'won' });
});

it('--json gives the verdicts, the losing move, the winning line and what was searched', async () => {
  const out = await cli(['solve', '-', '--where-lost', '--json'], { stdin: LOST });
  expect(out.status).toBe(0);
  const json = JSON.parse(out.stdout) as Record<string, unknown>;
  expect(json).toMatchObject({
    start: 'winnable',
    end: 'lost',
    lastWinnable: 16,
    firstLost: 17,
    losing: { move: 17, action: 'd' },
    sentence: 'You could still have won after move 16; move 17, d, lost it.',
    stopped: null,
    positions: expect.any(Number),
    ms: expect.any(Number),
  });
  expect((json.solution as string[]).length).toBeGreaterThan(10);
  expect(json.searched).toContainEqual({
    after: 17,
    result: 'lost',
    positions: 0,
    ms: expect.any(Number),
  });
});

it('a game still winnable at its end, and a won game, say so', async () => {
  const record = LOST.replace(/ 1-6 d\s*$/, '\n');
  const still = await cli(['solve', '-', '--where-lost', '--json'], { stdin: record });
  expect(JSON.parse(still.stdout)).toMatchObject({
    end: 'winnable',
    lastWinnable: 15,
    firstLost: null,
    losing: null,
  });

  const solved = await cli(['solve', '--seed', '1', '--suits', '1']);
  const won = await cli(['solve', '-', '--where-lost'], { stdin: solved.stdout });
  expect(won.stdout.split('\n')[0]).toBe(
    '# spider solve --where-lost: You won: the game could be won all along.',
  );
  expect(won.stdout).toContain('# The record is the game as it was.');
});

it.each([
  [
    ['solve', '--where-lost'],
    /--where-lost searches a record's line of play: give the record FILE/,
  ],
  [['solve', '--where-lost', '--seed', '3'], /--where-lost searches a record's line of play/],
  [['solve', 'game.txt', '--where-lost', '--time', '0'], /--time '0' is not a time/],
])('%j is a usage error', async (args, message) => {
  const out = await cli(args);
  expect(out.status).toBe(2);
  expect(out.stderr).toMatch(message);
  expect(out.stdout).toBe('');
});

it('with no time to search, still says the end the rules call lost, for one position', async () => {
  const out = await cli(['solve', '-', '--where-lost', '--time', '0.001'], { stdin: LOST });
  expect(out.status).toBe(0);
  const lines = out.stdout.split('\n');
  expect(lines[0]).toMatch(/after move 17 it was lost\.$/);
  // The rules settle move 17 at once; a fast machine may search more within the millisecond.
  expect(lines[1]).toMatch(
    /^# (The rules call the game lost after move 17; the search of the moves before it settled none \([\d,]+ positions in [\d,]+ ms\)|\d+ positions of the game searched \(after moves 17, [\d, ]+\): [\d,]+ positions in [\d,]+ ms)\.$/,
  );
});

it('says the search it made before the end the rules call lost, even one the time cut short', async () => {
  // The rules call the end lost at once; the first position searched, after move 2, takes the
  // solver most of a second here, far more than the twentieth of a second it is given.
  const out = await cli(['solve', '-', '--where-lost', '--time', '0.05'], {
    stdin: 'seed: 42\n\n2-1 d d d d d\n',
  });
  expect(out.status).toBe(0);
  const lines = out.stdout.split('\n');
  expect(lines[1]).toMatch(
    /^# (The rules call the game lost after move 6; the search of the moves before it settled none \([\d,]+ positions in [\d,]+ ms\)|2 positions of the game searched \(after moves 6, 2\): [\d,]+ positions in [\d,]+ ms)\.$/,
  );
});

it('counts one move and no move in words: the first move, and the deal itself', async () => {
  const one = await cli(['solve', '-', '--where-lost'], { stdin: 'seed: 42\nsuits: 1\n\nd\n' });
  expect(one.stdout.split('\n').slice(0, 3)).toEqual([
    '# spider solve --where-lost: You can still win from here (after move 1): the solver found a way.',
    expect.stringMatching(
      /^# 1 position of the game searched \(after move 1\): [\d,]+ positions in/,
    ),
    expect.stringMatching(
      /^# The record plays the game's first move, then a winning line of \d+ actions from there\.$/,
    ),
  ]);
  const none = await cli(['solve', '-', '--where-lost'], { stdin: 'seed: 42\nsuits: 1\n\n' });
  expect(none.stdout.split('\n').slice(0, 3)).toEqual([
    '# spider solve --where-lost: The deal can be won: the solver found a way.',
    expect.stringMatching(
      /^# 1 position of the game searched \(at the deal\): [\d,]+ positions in/,
    ),
    expect.stringMatching(/^# The record is a winning line of \d+ actions from the deal\.$/),
  ]);
});

it("tries the solver's second variant where the first cannot tell, as c does", async () => {
  // After these four moves the first variant cannot tell within 1,000,000 positions; the second
  // wins. Looking with the first alone, it said it could not tell after move 3.
  const out = await cli(['solve', '-', '--where-lost'], { stdin: 'seed: 42\n\n8-5 5-8 2-1 d\n' });
  expect(out.stdout.split('\n')[0]).toBe(
    '# spider solve --where-lost: You can still win from here (after move 4): the solver found a way.',
  );
  const replayed = await cli(['replay', '-', '--json'], { stdin: out.stdout });
  expect(JSON.parse(replayed.stdout)).toMatchObject({ status: 'won' });
});
