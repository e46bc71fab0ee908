/**
 * `spider autoplay` (README, "Solver" and "Hints"): `--open` plays to the end following the
 * solver, `--fair` (the default) blind; the record printed replays to the result it names.
 */
import * as fs from 'fs';
import { run } from '../../../src/cli/program';
import { fakeIo, type FakeIoOptions } from '../../helpers/fake-io';
import { LOST_GAME_FILE } from '../../helpers/lost-game';

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
  const out = await cli(['autoplay', '--deal', 'pysol:1', '--suits', '1']);
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
  const args = ['autoplay', '--fair', '--deal', 'pysol:3', '--suits', '2', '--think', '60000'];
  args.push('--json');
  const [first, second] = [await cli(args), await cli(args)];
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
