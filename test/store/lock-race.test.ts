/**
 * Five spider processes starting at once on one game whose lock names a dead process: exactly
 * one of them may take the game over, whatever the timing (docs/saves.md, "Saved games and
 * statistics").
 */
import { spawn, spawnSync } from 'child_process';
import { buildSync } from 'esbuild';
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const CLAIMANTS = 5;
/**
 * Trials: the race this guards against (unlinking a stale lock, then creating one by name) gave
 * the game to two claimants in 24 of 30 trials, so 8 trials all pass by luck about 3 times in
 * a million.
 */
const TRIALS = 8;

let root: string;
let script: string;

beforeAll(() => {
  // The folder's name holds "spider": the store checks that a live lock's process is one.
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-lock-race-'));
  const store = path.join(root, 'store.js');
  buildSync({
    entryPoints: [path.join(__dirname, '../../src/store/saves.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: store,
    logLevel: 'silent',
  });
  // Each claimant waits at a barrier (a file appearing), claims the slot and says whether it got
  // it; the winner keeps it until every claimant has said (a second file appearing), so that no
  // late claimant finds the game free again.
  script = path.join(root, 'claimant.js');
  fs.writeFileSync(
    script,
    `const fs = require('fs');
const { SaveStore } = require(${JSON.stringify(store)});
const [state, barrier, done] = process.argv.slice(2);
const store = new SaveStore({
  state: require('path').join(state, 'spider'),
  data: '',
  stateProblem: () => null,
  dataProblem: () => null,
});
process.stdout.write('ready\\n');
while (!fs.existsSync(barrier)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
const won = store.claim('g1');
process.stdout.write(won ? 'won\\n' : 'lost\\n');
if (won) {
  const wait = setInterval(() => {
    if (!fs.existsSync(done)) return;
    clearInterval(wait);
    store.release('g1');
  }, 2);
}
`,
  );
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A pid that was a process a moment ago and is no longer. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  expect(child.status).toBe(0);
  return child.pid as number;
}

interface Claimant {
  /** At the barrier. */
  ready: Promise<void>;
  /** What it said of its claim: 'won' or 'lost'. */
  said: Promise<string>;
  /** Gone, its lock released if it won. */
  closed: Promise<void>;
}

function runClaimant(state: string, barrier: string, done: string): Claimant {
  const child = spawn(process.execPath, [script, state, barrier, done], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let markReady: () => void = () => undefined;
  let markSaid: (said: string) => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const said = new Promise<string>((resolve) => (markSaid = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('ready')) markReady();
    const claim = /\b(won|lost)\n/.exec(out);
    if (claim) markSaid(claim[1]);
  });
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  child.on('close', () => markSaid(out.replace('ready\n', '').trim()));
  return { ready, said, closed };
}

it(`gives a game with a stale lock to exactly one of ${CLAIMANTS} spiders starting at once`, async () => {
  const outcomes: number[] = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    const state = path.join(root, `state-${trial}`);
    const games = path.join(state, 'spider', 'games');
    fs.mkdirSync(games, { recursive: true, mode: 0o700 });
    fs.writeFileSync(
      path.join(games, 'g1.lock'),
      JSON.stringify({ pid: deadPid(), host: os.hostname() }),
    );
    const barrier = path.join(root, `go-${trial}`);
    const done = path.join(root, `done-${trial}`);
    const claimants = Array.from({ length: CLAIMANTS }, () => runClaimant(state, barrier, done));
    await Promise.all(claimants.map((c) => c.ready));
    fs.writeFileSync(barrier, '');
    const results = await Promise.all(claimants.map((c) => c.said));
    fs.writeFileSync(done, '');
    await Promise.all(claimants.map((c) => c.closed));
    outcomes.push(results.filter((r) => r === 'won').length);
    // The winner released its lock; the stale one is gone too.
    expect(fs.readdirSync(games).filter((name) => name.includes('.lock'))).toEqual([]);
  }
  expect(outcomes).toEqual(Array(TRIALS).fill(1));
}, 120_000);
