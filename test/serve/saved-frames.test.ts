/**
 * A frame that shows an action goes out only once the action's save has settled in the database
 * (docs/serve.md, "The database"): each held write waits for the saves handed over before it
 * alone, in order; a game lost to another session meanwhile sends nothing more.
 */
import { PassThrough } from 'stream';
import { holdUntilSaved } from '../../src/serve/saved-frames';
import type { PgPlayer } from '../../src/store/postgres/player';

/** A stand-in for a player's copy: saves handed over settle when the test says. */
function engine() {
  const saves: Array<() => void> = [];
  let chain = Promise.resolve();
  const fake = {
    pending: false,
    lost: new Set<string>(),
    save(): void {
      fake.pending = true;
      const settled = new Promise<void>((resolve) => saves.push(resolve));
      chain = chain.then(() => settled);
    },
    settle(): void {
      saves.shift()?.();
      if (saves.length === 0) fake.pending = false;
    },
    tail: () => chain,
    idle: () => chain,
  };
  return fake;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

function output() {
  const stream = new PassThrough();
  const seen: string[] = [];
  stream.on('data', (data: Buffer) => seen.push(data.toString()));
  return { stream, seen };
}

test('each frame waits for the saves before it, and no longer', async () => {
  const saves = engine();
  const { stream, seen } = output();
  holdUntilSaved(stream, saves as unknown as PgPlayer);
  stream.write('before');
  saves.save();
  stream.write('frame 1');
  saves.save();
  stream.write('frame 2');
  await turn();
  expect(seen).toEqual(['before']);
  saves.settle();
  await turn();
  expect(seen).toEqual(['before', 'frame 1']);
  saves.settle();
  await turn();
  expect(seen).toEqual(['before', 'frame 1', 'frame 2']);
  stream.write('after');
  await turn();
  expect(seen.at(-1)).toBe('after');
});

test('a game lost meanwhile sends none of what it drew while its save was refused', async () => {
  const saves = engine();
  const { stream, seen } = output();
  const stop = holdUntilSaved(stream, saves as unknown as PgPlayer);
  saves.save();
  stream.write('a frame of a game another session took');
  saves.lost.add('slot');
  saves.settle();
  await stop();
  stream.write('the words the player is left');
  await turn();
  expect(seen).toEqual(['the words the player is left']);
});
