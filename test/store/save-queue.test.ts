/**
 * Saves written in the background on a real file system (temporary folders only): the same
 * atomic write without holding up the process, one write at a time, the latest state kept.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { playerPlaces } from '../../src/store/paths';
import { SaveQueue } from '../../src/store/save-queue';
import { SaveStore } from '../../src/store/saves';
import { atOnce, timedSink } from '../../src/store/sink';
import { holdRenames, ioError, turns, until } from '../helpers/slow-disk';

const roots: string[] = [];
afterEach(() => {
  jest.restoreAllMocks();
  roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true }));
});

function freshStore(): SaveStore {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-queue-'));
  roots.push(root);
  return new SaveStore(playerPlaces(path.join(root, 'player')));
}

const saved = (store: SaveStore, id: string): string | null => {
  const file = path.join(store.dir, `${id}.txt`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
};

describe('writeSoon', () => {
  it('writes the whole text atomically, mode 0600, leaving no temporary file', async () => {
    const store = freshStore();
    const text = 'seed: 42\n'.repeat(10_000);
    expect(await store.writeSoon('g1', text)).toEqual({ ok: true });
    expect(saved(store, 'g1')).toBe(text);
    expect(fs.readdirSync(store.dir)).toEqual(['g1.txt']);
    expect(fs.statSync(path.join(store.dir, 'g1.txt')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(store.dir).mode & 0o777).toBe(0o700);
    expect(await store.writeSoon('g1', 'shorter\n')).toEqual({ ok: true });
    expect(saved(store, 'g1')).toBe('shorter\n');
  });

  it('fails as the write at once does, with the same reason, and never rejects', async () => {
    const store = freshStore();
    fs.mkdirSync(path.dirname(store.dir), { recursive: true });
    fs.writeFileSync(store.dir, 'a file where the games folder should be\n');
    const soon = await store.writeSoon('g1', 'text\n');
    expect(soon.ok).toBe(false);
    expect(soon).toEqual(store.write('g1', 'text\n'));
    expect(fs.readFileSync(store.dir, 'utf8')).toBe('a file where the games folder should be\n');
  });
});

describe('SaveQueue', () => {
  it('times each save, timed, from being handed over to settling, and whether it is on disk', async () => {
    const store = freshStore();
    const timed: [number, boolean][] = [];
    const queue = timedSink(new SaveQueue(store), (ms, ok) => timed.push([ms, ok]));
    const held = holdRenames();
    const first = queue.write('g1', 'state 0\n');
    await until(() => held.renamed.length === 1);
    await new Promise((r) => setTimeout(r, 40)); // the disk is slow
    expect(timed).toEqual([]);
    held.open();
    await first;
    await queue.flush();
    expect(timed).toHaveLength(1);
    expect(timed[0][0]).toBeGreaterThanOrEqual(35);
    expect(timed[0][1]).toBe(true);
    fs.rmSync(store.dir, { recursive: true });
    fs.writeFileSync(store.dir, 'a file where the games folder should be\n');
    await queue.write('g2', 'state 1\n');
    expect(timed[1][1]).toBe(false);
    // A save written at once is timed as it returns.
    const atOnceTimed = timedSink(atOnce(freshStore()), (ms, ok) => timed.push([ms, ok]));
    expect(atOnceTimed.write('g3', 'state 2\n')).toEqual({ ok: true });
    expect(timed[2][1]).toBe(true);
  });

  it('writes one state at a time, and of the states given meanwhile only the last', async () => {
    const store = freshStore();
    const queue = new SaveQueue(store);
    const held = holdRenames();
    const first = queue.write('g1', 'state 0\n');
    await until(() => held.renamed.length === 1); // the first write is under way
    const later = Array.from({ length: 50 }, (_, i) => queue.write('g1', `state ${i + 1}\n`));
    expect(saved(store, 'g1')).toBeNull();
    held.open();
    await queue.flush();
    expect(held.renamed).toHaveLength(2);
    expect(held.most()).toBe(1);
    expect(saved(store, 'g1')).toBe('state 50\n');
    expect(await first).toEqual({ ok: true });
    expect(await Promise.all(later)).toEqual(Array(50).fill({ ok: true }));
    expect(fs.readdirSync(store.dir)).toEqual(['g1.txt']);
  });

  it('flush waits for the write under way, and for the ones waiting behind it', async () => {
    const store = freshStore();
    const queue = new SaveQueue(store);
    const held = holdRenames();
    queue.write('g1', 'first\n');
    let flushed = false;
    const flushing = queue.flush().then(() => (flushed = true));
    await until(() => held.renamed.length === 1);
    queue.write('g2', 'second\n');
    await turns();
    expect(flushed).toBe(false);
    expect(saved(store, 'g1')).toBeNull();
    held.open();
    await flushing;
    expect([saved(store, 'g1'), saved(store, 'g2')]).toEqual(['first\n', 'second\n']);
    await queue.flush(); // nothing under way: at once
  });

  it('tells a failed write once, and goes on writing', async () => {
    const store = freshStore();
    const queue = new SaveQueue(store);
    expect(queue.takeFailure()).toBeNull();
    jest.spyOn(fs.promises, 'rename').mockRejectedValueOnce(ioError());
    const written = await queue.write('g1', 'lost\n');
    expect(written).toEqual({ ok: false, reason: `input/output error (${store.dir})` });
    expect(queue.takeFailure()).toBe(`input/output error (${store.dir})`);
    expect(queue.takeFailure()).toBeNull();
    expect(fs.readdirSync(store.dir)).toEqual([]); // no temporary file left
    expect(await queue.write('g1', 'kept\n')).toEqual({ ok: true });
    expect(queue.takeFailure()).toBeNull();
    expect(saved(store, 'g1')).toBe('kept\n');
  });

  it('gives up a lock, or removes a save, only after the writes before', async () => {
    const store = freshStore();
    const other = new SaveStore(playerPlaces(path.dirname(store.dir)));
    const queue = new SaveQueue(store);
    expect(store.claim('g1')).toBe(true);
    expect(store.claim('g2')).toBe(true);
    const held = holdRenames();
    queue.write('g1', 'one\n');
    queue.release('g1');
    queue.write('g2', 'two\n');
    queue.remove('g2');
    await until(() => held.renamed.length === 1);
    expect(other.claim('g1')).toBe(false); // still held while its save is being written
    held.open();
    await queue.flush();
    expect(saved(store, 'g1')).toBe('one\n');
    expect(saved(store, 'g2')).toBeNull();
    expect(other.claim('g1')).toBe(true);
    expect(other.claim('g2')).toBe(true);
  });
});
