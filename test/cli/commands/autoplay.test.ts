/**
 * `spider autoplay` (docs/solver.md, "Solver"; docs/playing.md, "Hints"): `--open` plays to the end
 * following the solver, `--fair` (the default) blind; the record printed replays to the result it
 * names.
 */
import * as fs from 'fs';
import { run } from '../../../src/cli/program';
import { fakeIo, type FakeIoOptions } from '../../helpers/fake-io';
import { LOST_GAME_FILE } from '../../helpers/lost-game';

/**
 * PySolFC's deal 3 with 2 suits after 70 actions of the solver's winning line: the fair player
 * has a score of actions left to decide from there, where from the deal it has over a hundred.
 */
const LATE_IN_DEAL_3 = [
  'deal: pysol:3',
  'suits: 2',
  'relaxed: 0',
  'keep-suits: no',
  '',
  '6-2 6-4 8-1 8-5 2-8 2-7 2-3 2-3 4-3 10-2 d 6-8 d 1-8 2-10 2-8 7-5 d 2-8 2-10 4-3 6-1',
  '5-2 5-10 5-3 6-10 8-6 8-6 6-10 1-6 5-7 d 8-4 1-6 3-1 3-8 1-3 6-1 6-3 3-8 2-3 3-2 4-3',
  '7-6 4-7 4-1 4-9 3-4 3-10 d 4-8 7-3 1-7 8-4 8-7 4-10 7-4 2-5 2-7 9-5 10-1 1-3 10-9 10-5',
  '10-9 1-3 5-1 1-10 1-5 6-2',
].join('\n');

async function cli(args: string[], options: FakeIoOptions = {}) {
  const { io, written } = fakeIo(options);
  const status = await run(args, io);
  return { status, ...written };
}

it('--open --json wins a deal the solver wins, with the actions it played', async () => {
  const out = await cli(['autoplay', '--open', '--deal', 'pysol:1', '--suits', '2', '--json']);
  expect(out.status).toBe(0);
  const played = JSON.parse(out.stdout) as { result: string; actions: string[]; ms: number };
  expect(played.result).toBe('won');
  expect(played.ms).toEqual(expect.any(Number));
  const record = `deal: pysol:1\nsuits: 2\n\n${played.actions.join(' ')}\n`;
  const replayed = await cli(['replay', '-', '--json'], { stdin: record });
  expect(JSON.parse(replayed.stdout)).toMatchObject({ status: 'won' });
});

it('the text output is the whole game as a record, which replays to the same end', async () => {
  const out = await cli(['autoplay', '--open', '--deal', 'pysol:1', '--suits', '2']);
  expect(out.status).toBe(0);
  expect(out.stdout.split('\n')[0]).toMatch(
    /^# spider autoplay --open: won after \d+ actions \(following the solver's winning line\); [\d,]+ ms\.$/,
  );
  const replayed = await cli(['replay', '-', '--json'], { stdin: out.stdout });
  expect(JSON.parse(replayed.stdout)).toMatchObject({ status: 'won' });
});

it('a game already lost stays lost, with nothing played', async () => {
  const record = fs.readFileSync(LOST_GAME_FILE, 'utf8');
  const out = await cli(['autoplay', '--open', '-', '--json'], { stdin: record });
  expect(out.status).toBe(0);
  expect(JSON.parse(out.stdout)).toMatchObject({ result: 'lost', actions: [] });
});

it('plays blind by default, and the record replays to the result it names', async () => {
  const out = await cli(['autoplay', '-'], { stdin: LATE_IN_DEAL_3 });
  expect(out.status).toBe(0);
  const head = out.stdout.split('\n')[0];
  expect(head).toMatch(/^# spider autoplay --fair: (won|lost) after \d+ actions \(blind, no undo/);
  const replayed = await cli(['replay', '-', '--json'], { stdin: out.stdout });
  const status = (JSON.parse(replayed.stdout) as { status: string }).status;
  if (head.includes(': won ')) expect(status).toBe('won');
  else expect(status).not.toBe('won');
});

it('--fair --json plays the same game the same way twice, given the time to think it through', async () => {
  // A minute per plan is never needed: no plan is cut short, however busy the machine.
  const args = ['autoplay', '--fair', '-', '--think', '60000', '--json'];
  const game = { stdin: LATE_IN_DEAL_3 };
  const [first, second] = [await cli(args, game), await cli(args, game)];
  const a = JSON.parse(first.stdout) as { result: string; actions: string[] };
  const b = JSON.parse(second.stdout) as { result: string; actions: string[] };
  expect(['won', 'lost']).toContain(a.result);
  expect(a.actions.length).toBeGreaterThan(10);
  expect(b.actions).toEqual(a.actions);
});

it('says how many plans the time cut short, as those may be played otherwise next time', async () => {
  const out = await cli(['autoplay', '--deal', 'pysol:5', '--suits', '4', '--think', '1']);
  expect(out.status).toBe(0);
  const head = out.stdout.split('\n')[0];
  const [, cut, plans] = /; --think cut (\d+) of (\d+) plans short\)/.exec(head) ?? [];
  expect(Number(cut)).toBeGreaterThan(0);
  expect(Number(cut)).toBeLessThanOrEqual(Number(plans));
});

it.each([
  [['autoplay', '--think', '0'], /--think '0' is not a time/],
  [['autoplay', '--open', '--fair'], /cannot be used with/],
  [['autoplay', '--open', '--think', '-5'], /--think '-5' is not a time/],
])('%j is a usage error', async (args, message) => {
  const out = await cli(args);
  expect(out.status).toBe(2);
  expect(out.stderr).toMatch(message);
  expect(out.stdout).toBe('');
});
