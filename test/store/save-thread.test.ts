/**
 * A server's saves written on a thread of their own (src/store/save-thread.ts): the same file as
 * through the thread pool, and the same reasons when the disk says no.
 */
import { spawnSync } from 'child_process';
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { localPlaces } from '../../src/store/paths';
import { useSaveThread } from '../../src/store/save-thread';
import { SaveStore } from '../../src/store/saves';

const roots: string[] = [];

afterEach(() => {
  jest.restoreAllMocks();
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function freshStore(): SaveStore {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-save-thread-'));
  roots.push(root);
  return new SaveStore(localPlaces({ XDG_STATE_HOME: path.join(root, 'state') }));
}

const TEXT = '# spider save\nnot a game, only bytes\n'.repeat(200);

useSaveThread();

it('writes the whole save, mode 0600, with no temporary left, and not on the thread pool', async () => {
  const store = freshStore();
  const pooled = jest.spyOn(fs, 'open');
  expect(await store.writeSoon('g1', TEXT)).toEqual({ ok: true });
  expect(await store.writeSoon('g1', `${TEXT}again\n`)).toEqual({ ok: true });
  const file = path.join(store.dir, 'g1.txt');
  expect(fs.readFileSync(file, 'utf8')).toBe(`${TEXT}again\n`);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.readdirSync(store.dir).filter((name) => !name.endsWith('.lock'))).toEqual(['g1.txt']);
  expect(pooled).not.toHaveBeenCalled();
});

it('fails with the reason the disk gives, naming the save, and leaves no temporary', async () => {
  const store = freshStore();
  expect(await store.writeSoon('g1', TEXT)).toEqual({ ok: true });
  // A folder where the save should be: the rename over it fails.
  const file = path.join(store.dir, 'g2.txt');
  fs.mkdirSync(path.join(file, 'inside'), { recursive: true });
  const written = await store.writeSoon('g2', TEXT);
  expect(written.ok).toBe(false);
  if (!written.ok) expect(written.reason).toContain(store.dir);
  expect(fs.readdirSync(store.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
});

it('lets the process end once its saves are written', () => {
  // A process that saves and then has nothing left to do ends by itself, its save on disk.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-save-thread-'));
  roots.push(root);
  const file = path.join(root, 'g1.txt');
  const dist = path.join(__dirname, '..', '..', 'dist', 'store', 'save-thread.js');
  const script = `
    const { useSaveThread, writeOnSaveThread } = require(${JSON.stringify(dist)});
    useSaveThread();
    writeOnSaveThread(${JSON.stringify(file)}, ${JSON.stringify(`${file}.tmp`)}, 'saved', true)
      .then(() => console.log('written'));
  `;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
  expect(child.status).toBe(0);
  expect(child.stdout).toBe('written\n');
  expect(fs.readFileSync(file, 'utf8')).toBe('saved');
});

it('sends the saves of many games made together in one message, each told its own outcome', async () => {
  const store = freshStore();
  expect(await store.writeSoon('g0', TEXT)).toEqual({ ok: true }); // the thread is started
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Worker } = require('worker_threads') as typeof import('worker_threads');
  const sent = jest.spyOn(Worker.prototype, 'postMessage');
  fs.mkdirSync(path.join(store.dir, 'g3.txt', 'inside'), { recursive: true }); // g3 cannot be saved
  const outcomes = await Promise.all(
    ['g1', 'g2', 'g3', 'g4'].map((id) => store.writeSoon(id, `${TEXT}${id}\n`)),
  );
  expect(outcomes.map((written) => written.ok)).toEqual([true, true, false, true]);
  expect(sent).toHaveBeenCalledTimes(1);
  for (const id of ['g1', 'g2', 'g4'])
    expect(fs.readFileSync(path.join(store.dir, `${id}.txt`), 'utf8')).toBe(`${TEXT}${id}\n`);
});
