/**
 * Lost means no progress is possible (docs/rules.md, "Lost"), in the headless commands:
 * `replay --json` and the board text say so for a dead position, not just for one without any legal
 * action.
 */
import * as fs from 'fs';
import * as path from 'path';
import { run } from '../../src/cli/program';
import { fakeIo } from '../helpers/fake-io';
import { TANGLED_GAME_FILE } from '../helpers/lost-game';

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
  const document = JSON.parse(out.stdout) as object;
  expect(document).toMatchObject({ status: 'playing', actions: 16 });
  expect(document).not.toHaveProperty('undecided'); // decided: a deal is allowed
});

it('the board text says lost too', async () => {
  const out = await replay(RECORD);
  expect(out.status).toBe(0);
  expect(out.stdout).toMatch(/Status: lost/);
});

describe('a game whose status takes longer to decide than a printed position may search', () => {
  // Lost, but the search looks at 622,080 positions before it knows.
  const tangled = fs.readFileSync(TANGLED_GAME_FILE, 'utf8');

  it('replay --json says playing, and after how many positions it stopped deciding', async () => {
    const out = await replay(tangled, '--json');
    expect(out.status).toBe(0);
    const document = JSON.parse(out.stdout) as Record<string, unknown>;
    expect(document).toMatchObject({ status: 'playing', undecided: 50_000, actions: 1000 });
    // Right after the status, where a script reading the members in order meets it.
    const keys = Object.keys(document);
    expect(keys.indexOf('undecided')).toBe(keys.indexOf('status') + 1);
  });

  it('the board text says so in words', async () => {
    const out = await replay(tangled);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/Status: playing \(not decided within 50,000 positions\)/);
  });
});
