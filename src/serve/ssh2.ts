/**
 * ssh2, as the server loads it (docs/measurements.md, "The server's time per key"): with its
 * random bytes drawn from a pool.
 *
 * ssh2 pads every packet it sends with 4 to 19 random bytes, each time asking Node's CSPRNG
 * (`crypto.randomFillSync`) for them. On a server playing games that call costs about 20 µs a
 * packet as measured among a server's other work (3 µs in a loop of its own), a tenth of all a key
 * costs. Here ssh2 is handed a `randomFillSync` of its own that serves
 * small requests from a pool filled by that same generator 4 KiB at a time: the same bytes,
 * each used once, for one call in two hundred. Only ssh2 sees it: `crypto.randomFillSync` is
 * swapped while ssh2's modules load (each keeps the function it finds then) and put back at once.
 */
import type * as Ssh2 from 'ssh2';

/** Bytes drawn from the generator at a time. */
const POOL_BYTES = 4096;
/** Larger requests go to the generator itself. */
const POOLED_AT_MOST = 256;

/** `crypto.randomFillSync`, as Node's typings have it. */
type RandomFill = <T extends NodeJS.ArrayBufferView>(
  buffer: T,
  offset?: number,
  size?: number,
) => T;

/** A `randomFillSync` serving small requests from a pool that `fill` refills. */
export function pooledRandomFill(fill: RandomFill): RandomFill {
  const pool = Buffer.alloc(POOL_BYTES);
  let used = POOL_BYTES;
  return function randomFillSync<T extends NodeJS.ArrayBufferView>(
    buffer: T,
    offset?: number,
    size?: number,
  ): T {
    if (!(buffer instanceof Uint8Array)) return fill(buffer, offset, size);
    const from = offset ?? 0;
    const length = size ?? buffer.length - from;
    // Anything unusual (and every mistake, for its error) goes to the generator as asked.
    if (
      !Number.isSafeInteger(from) ||
      !Number.isSafeInteger(length) ||
      from < 0 ||
      length < 0 ||
      length > POOLED_AT_MOST ||
      from + length > buffer.length
    )
      return fill(buffer, offset, size);
    if (used + length > POOL_BYTES) {
      fill(pool);
      used = 0;
    }
    pool.copy(buffer, from, used, used + length);
    // What was handed out is not kept.
    pool.fill(0, used, used + length);
    used += length;
    return buffer;
  };
}

let loaded: typeof Ssh2 | undefined;

/** The ssh2 module, loaded on first use with its random bytes pooled (see above). */
export function ssh2(): typeof Ssh2 {
  if (loaded !== undefined) return loaded;
  /* eslint-disable @typescript-eslint/no-require-imports -- swapped for the load, see above */
  const crypto = require('crypto') as { randomFillSync: RandomFill };
  const own = crypto.randomFillSync;
  crypto.randomFillSync = pooledRandomFill(own);
  try {
    loaded = require('ssh2') as typeof Ssh2;
  } finally {
    crypto.randomFillSync = own;
  }
  /* eslint-enable @typescript-eslint/no-require-imports */
  return loaded;
}
