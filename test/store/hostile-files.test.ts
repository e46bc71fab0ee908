/**
 * Files another local user (or a mistake) can plant in the game's folders: symbolic links and
 * FIFOs at the names the store writes or reads. The store must never write through a link and
 * never wait forever in open(). Each case runs the compiled store in a child process with a time
 * limit, since a store that blocks in open() would freeze the test runner itself.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { expectBuilt } from '../helpers/built';

const ROOT = path.join(__dirname, '..', '..');
const roots: string[] = [];

beforeAll(expectBuilt);
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-hostile-'));
  roots.push(root);
  return root;
}

/**
 * Runs `script` (CommonJS, with `saves`, `history`, `localPlaces` and the store's `words` loaded
 * from dist/) in a child process.
 */
function runStore(
  script: string,
  env: Record<string, string>,
): { output: string; status: number | null } {
  const prelude = `const saves = require(${JSON.stringify(path.join(ROOT, 'dist', 'store', 'saves.js'))});
const history = require(${JSON.stringify(path.join(ROOT, 'dist', 'store', 'history.js'))});
const { localPlaces } = require(${JSON.stringify(path.join(ROOT, 'dist', 'store', 'paths.js'))});
const words = require(${JSON.stringify(path.join(ROOT, 'dist', 'words', 'store.js'))});
const fs = require('fs'); const path = require('path');
`;
  const result = spawnSync(process.execPath, ['-e', prelude + script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 5000,
  });
  if (result.error) throw new Error(`the store did not finish: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`the store failed: ${result.stderr}`);
  return { output: result.stdout.trim(), status: result.status };
}

const SAVE =
  '# Spider game in progress\nseed: 42\nsave-format: 1\nundone: 0\nactions: 0\npeeks: 0\nelapsed-ms: 0\n\n8-5\n';

describe('a symbolic link at a name the store writes', () => {
  it('the autosave never writes through a link planted at its temporary file name', () => {
    const root = tempRoot();
    const victim = path.join(root, 'victim.txt');
    fs.writeFileSync(victim, 'precious\n');
    const { output } = runStore(
      `const store = new saves.SaveStore(localPlaces(process.env));
fs.mkdirSync(store.dir, { recursive: true });
// The name the autosave used to pick: predictable from the slot and the process.
fs.symlinkSync(process.env.VICTIM, path.join(store.dir, '.g1.' + process.pid + '.tmp'));
const written = store.write('g1', 'saved text\\n');
console.log(JSON.stringify(written.ok), fs.readFileSync(path.join(store.dir, 'g1.txt'), 'utf8').trim());`,
      { XDG_STATE_HOME: path.join(root, 'state'), VICTIM: victim },
    );
    expect(fs.readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(output).toBe('true saved text');
  });

  it('the statistics never append through a link planted at the history file', () => {
    const root = tempRoot();
    const victim = path.join(root, 'victim.txt');
    fs.writeFileSync(victim, 'precious\n');
    const data = path.join(root, 'data', 'spider');
    fs.mkdirSync(data, { recursive: true });
    fs.symlinkSync(victim, path.join(data, 'games.jsonl'));
    const { output } = runStore(
      `const result = { seed: '1', rules: { suits: 4, relaxed: 0, keepSuits: false }, outcome: 'won', moves: 1, actions: 1, peeks: 0, elapsedMs: 1, scores: { woods: 990, microsoft: 600, aisleriot: 96 }, ended: new Date().toISOString() };
console.log(JSON.stringify(history.appendResult(process.env.DATA, result)));`,
      { DATA: data },
    );
    expect(fs.readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(JSON.parse(output)).toMatchObject({ ok: false });
  });
});

describe('a FIFO at a name the store reads', () => {
  it('a FIFO at a lock file does not freeze the start-up scan', () => {
    const root = tempRoot();
    const games = path.join(root, 'state', 'spider', 'games');
    fs.mkdirSync(games, { recursive: true });
    fs.writeFileSync(path.join(games, 'g1.txt'), SAVE);
    expect(spawnSync('mkfifo', [path.join(games, 'g1.lock')]).status).toBe(0);
    const { output } = runStore(
      `const scan = new saves.SaveStore(localPlaces(process.env)).scan();
console.log((scan.unfinished.find(() => true) ? 1 : 0) + scan.inUse);`,
      { XDG_STATE_HOME: path.join(root, 'state') },
    );
    expect(output).toBe('1');
  });

  it('a FIFO at a save file is set aside, not read', () => {
    const root = tempRoot();
    const games = path.join(root, 'state', 'spider', 'games');
    fs.mkdirSync(games, { recursive: true });
    expect(spawnSync('mkfifo', [path.join(games, 'g1.txt')]).status).toBe(0);
    const { output } = runStore(
      `console.log(new saves.SaveStore(localPlaces(process.env)).scan().setAside.map((n) => words.storeNote(n).text).join(' '));`,
      { XDG_STATE_HOME: path.join(root, 'state') },
    );
    expect(output).toContain('not a regular file');
  });
});
