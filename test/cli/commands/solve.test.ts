/**
 * `spider solve` (docs/solver.md, "Solver"): the result as JSON or as a record that replays, and
 * bad input refused with exit 2.
 */
import { run } from '../../../src/cli/program';
import { checkMove, newGame, play } from '../../../src/engine';
import { parseAction } from '../../../src/notation';
import { fakeIo, type FakeIoOptions } from '../../helpers/fake-io';
import { SLOW_TO_SETTLE } from '../../helpers/lost-game';

async function cli(args: string[], options: FakeIoOptions = {}) {
  const { io, written } = fakeIo(options);
  const status = await run(args, io);
  return { status, ...written };
}

it('--json gives the result, the winning line, the positions and the time', async () => {
  const out = await cli(['solve', '--deal', 'pysol:1', '--suits', '2', '--json']);
  expect(out.status).toBe(0);
  const found = JSON.parse(out.stdout) as Record<string, unknown>;
  expect(found).toMatchObject({ result: 'won' });
  expect(Array.isArray(found.solution) && found.solution.length).toBeGreaterThan(50);
  expect(found.positions).toEqual(expect.any(Number));
  expect(found.ms).toEqual(expect.any(Number));
});

it('the text output is a record of the whole game that replay plays to a win', async () => {
  const out = await cli(['solve', '--deal', 'pysol:1', '--suits', '2']);
  expect(out.status).toBe(0);
  expect(out.stdout).toMatch(
    /^# spider solve: won: a winning line of \d+ actions from the deal; [\d,]+ positions searched in [\d,]+ ms\.\ndeal: pysol:1\nsuits: 2\n/,
  );
  const replayed = await cli(['replay', '-', '--json'], { stdin: out.stdout });
  expect(replayed.status).toBe(0);
  expect(JSON.parse(replayed.stdout)).toMatchObject({
    status: 'won',
    foundations: expect.any(Array),
  });
});

it('a record already won is said to be won as it is, by solve and by autoplay', async () => {
  const won = (await cli(['solve', '--deal', 'pysol:1', '--suits', '1'])).stdout;
  const again = await cli(['solve', '-'], { stdin: won });
  expect(again.status).toBe(0);
  expect(again.stdout).toMatch(/^# spider solve: won: the record's own line already wins; /);
  const played = await cli(['autoplay', '-'], { stdin: won });
  expect(played.status).toBe(0);
  expect(played.stdout).toMatch(
    /^# spider autoplay --fair: won after 0 actions \(the record already wins\); /,
  );
});

it('the record writes F-T wherever F-T moves the same cards as F-T/N', async () => {
  const out = await cli(['solve', '--seed', '42', '--suits', '1']);
  // With no record, the line found is the whole game: it follows nothing.
  expect(out.stdout).toMatch(
    /^# spider solve: won: a winning line of \d+ actions from the deal; [\d,]+ positions searched/,
  );
  const body = out.stdout.split('\n\n')[1];
  const tokens = body.split(/\s+/).filter(Boolean);
  const explicit = tokens.filter((token) => token.includes('/'));
  // Each count kept is one F-T would not choose: without it, the same record moves other cards.
  let game = newGame('42', { suits: 1, relaxed: 0, keepSuits: false });
  for (const token of tokens) {
    const action = parseAction(token);
    if (action === null) throw new Error(`not an action: ${token}`);
    if (action.kind === 'move' && action.count !== undefined) {
      const plain = checkMove(game.position, { kind: 'move', from: action.from, to: action.to });
      expect(plain.ok && plain.count).not.toBe(action.count);
    }
    const played = play(game, action);
    if (!played.ok) throw new Error(`illegal: ${token}`);
    game = played.game;
  }
  expect(explicit.length).toBeLessThan(tokens.length / 10);
});

it('keeps the header keys of the record it reads, in solve, where-lost and autoplay', async () => {
  // A status (as 'w' writes it) is the game's as it was: the line printed may say otherwise.
  const record = 'seed: 42\nsuits: 1\nplayer: ada\nstatus: playing\ndate: 2026-11-26\n\nd\n';
  const commands = [
    ['solve', '-', '--time', '5'],
    ['solve', '--where-lost', '-', '--time', '5'],
    ['autoplay', '--open', '-', '--think', '5000'],
  ];
  for (const args of commands) {
    const out = await cli(args, { stdin: record });
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('\nplayer: ada\ndate: 2026-11-26\n\n');
    expect(out.stdout).not.toContain('status:');
  }
});

it('solves the end of a record: a lost game is lost, and the record comes back as it was', async () => {
  const fs = await import('fs');
  const path = await import('path');
  const record = fs.readFileSync(
    path.join(__dirname, '..', '..', 'fixtures', 'lost-after-last-deal.txt'),
    'utf8',
  );
  const out = await cli(['solve', '-'], { stdin: record });
  expect(out.status).toBe(0);
  expect(out.stdout.split('\n')[0]).toMatch(
    /^# spider solve: lost: no line of play wins from here;/,
  );
  expect(out.stdout).toContain('1-10 d 2-6 6-10 10-6 8-6 d 1-3 d d 2-1 8-1 2-6 10-6 1-8 1-6 d');
});

it.each([
  [['solve', '--time', '0'], /--time '0' is not a time/],
  [['solve', '--time', 'soon'], /--time 'soon' is not a time/],
  [['solve', '--time', '.'], /--time '\.' is not a time/],
  [['solve', '--time', '1e3'], /--time '1e3' is not a time/],
  [['solve', 'game.txt', '--seed', '4'], /a record file brings its own deal and rules/],
  [['solve', '--seed', '1', '--deal', 'kpat:1'], /--seed and --deal name the deal two ways/],
])('%j is a usage error', async (args, message) => {
  const out = await cli(args);
  expect(out.status).toBe(2);
  expect(out.stderr).toMatch(message);
  expect(out.stdout).toBe('');
});

describe('the JSON names the deal when the command chose it (docs/solver.md, "Solver")', () => {
  it('a random seed comes first, so that the line found can be played', async () => {
    const out = await cli(['solve', '--suits', '1', '--json'], { randomSeed: '271828' });
    expect(out.status).toBe(0);
    const found = JSON.parse(out.stdout) as Record<string, unknown>;
    expect(Object.keys(found)).toEqual(['seed', 'result', 'solution', 'positions', 'ms']);
    expect(found).toMatchObject({ seed: '271828', result: 'won' });
    const record = `seed: 271828\nsuits: 1\n\n${(found.solution as string[]).join(' ')}\n`;
    const replayed = await cli(['replay', '-', '--json'], { stdin: record });
    expect(JSON.parse(replayed.stdout)).toMatchObject({ status: 'won' });
  });

  it('a deal the command was given is not named again: the document is as it always was', async () => {
    for (const given of [
      ['--seed', '5'],
      ['--deal', 'pysol:5'],
    ]) {
      const out = await cli(['solve', ...given, '--suits', '1', '--json']);
      expect(Object.keys(JSON.parse(out.stdout) as object)).toEqual([
        'result',
        'solution',
        'positions',
        'ms',
      ]);
    }
  });

  it('--winnable names the deal it found and where it began, as deal --json does', async () => {
    const out = await cli(['solve', '--winnable', '--suits', '1', '--deal', 'pysol:1', '--json']);
    const found = JSON.parse(out.stdout) as Record<string, unknown>;
    expect(Object.keys(found).slice(0, 4)).toEqual(['deal', 'winnable', 'from', 'result']);
    expect(found).toMatchObject({ winnable: true, from: 'pysol:1', result: 'won' });
    const dealt = await cli(['deal', '--winnable', '--suits', '1', '--deal', 'pysol:1', '--json']);
    expect(found.deal).toBe((JSON.parse(dealt.stdout) as Record<string, unknown>).deal);
  });

  it('autoplay does the same', async () => {
    const chosen = await cli(['autoplay', '--open', '--suits', '1', '--json'], {
      randomSeed: '314159',
    });
    expect(Object.keys(JSON.parse(chosen.stdout) as object)).toEqual([
      'seed',
      'result',
      'actions',
      'ms',
    ]);
    const given = await cli(['autoplay', '--open', '--seed', '314159', '--suits', '1', '--json']);
    expect(Object.keys(JSON.parse(given.stdout) as object)).toEqual(['result', 'actions', 'ms']);
  });
});

it.each([
  ['.5', 500],
  ['0.5', 500],
  ['5.', 5_000],
])('takes --time %s: a number of seconds as a person writes it', async (time, limit) => {
  const out = await cli(['solve', '--seed', '42', '--suits', '1', '--time', time, '--json']);
  expect(out.stderr).toBe('');
  expect(out.status).toBe(0);
  const solved = JSON.parse(out.stdout) as { result: string; ms: number };
  // Won well within the time on a quiet machine; on a busy one the time may run out first, and
  // then it ran out at the limit typed (half a second is not 5 seconds, nor 5 half a second).
  if (solved.result === 'won') return;
  expect(solved.result).toBe('unknown');
  expect(solved.ms).toBeGreaterThanOrEqual(limit);
  expect(solved.ms).toBeLessThan(limit * 4);
});

it("an illegal action in FILE names its cards by the locale, as replay's message does", async () => {
  // Seed 42: column 2 shows A♠, and nothing goes onto an ace.
  const stdin = 'seed: 42\n\n5-2\n';
  for (const command of ['solve', 'autoplay']) {
    const plain = await cli([command, '-'], { stdin, env: { LANG: 'C' } });
    expect(plain.status).toBe(1);
    expect(plain.stderr).toContain('nothing goes onto an ace (As)');
    const utf8 = await cli([command, '-'], { stdin, env: { LANG: 'C.UTF-8' } });
    expect(utf8.stderr).toContain('nothing goes onto an ace (A♠)');
  }
});

it('says where the time went when the rules took it all to look at whether the game is lost', async () => {
  const record = `seed: 3\nsuits: 4\n\n${SLOW_TO_SETTLE}\n`;
  const out = await cli(['solve', '-', '--time', '0.05'], { stdin: record });
  expect(out.status).toBe(0);
  expect(out.stdout).toMatch(
    /^# spider solve: unknown: the time ran out while the rules looked at whether the position is lost, before any search \(--time SECONDS gives it longer\); 0 positions searched in [\d,]+ ms\.\n/,
  );
});
