/**
 * Lost means no progress is possible (docs/rules.md, "Lost"), in the headless commands:
 * `replay --json` and the board text say so for a dead position, not just for one without any legal
 * action.
 */
import * as fs from 'fs';
import * as path from 'path';
import { run } from '../../src/cli/program';
import { fakeIo } from '../helpers/fake-io';

const RECORD = fs.readFileSync(
  path.join(__dirname, '..', 'fixtures', 'lost-after-last-deal.txt'),
  'utf8',
);
// The same game one action earlier: the last deal is still to come.
const BEFORE = RECORD.replace(/ d\n$/, '\n');

async function replay(text: string, ...options: string[]) {
  const { io, written } = fakeIo({ stdin: text });
  const status = await run(['replay', '-', ...options], io);
  return { status, ...written };
}

it('replay --json says "lost" for a position with legal moves but no progress', async () => {
  const out = await replay(RECORD, '--json');
  expect(out.status).toBe(0);
  const document = JSON.parse(out.stdout) as { status: string; actions: number; stock: unknown[] };
  expect(document).toMatchObject({ status: 'lost', actions: 17 });
});

it('one action earlier the same game is playing', async () => {
  expect(BEFORE).not.toBe(RECORD);
  const out = await replay(BEFORE, '--json');
  expect(out.status).toBe(0);
  expect(JSON.parse(out.stdout)).toMatchObject({ status: 'playing', actions: 16 });
});

it('the board text says lost too', async () => {
  const out = await replay(RECORD);
  expect(out.status).toBe(0);
  expect(out.stdout).toMatch(/Status: lost/);
});
