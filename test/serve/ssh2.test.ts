import * as crypto from 'crypto';
import { pooledRandomFill, ssh2 } from '../../src/serve/ssh2';

/** A stand-in generator: its bytes count up from 1, so each byte handed out can be told apart. */
function counting() {
  let next = 1;
  const calls: { size: number }[] = [];
  const fill = <T extends NodeJS.ArrayBufferView>(buffer: T, offset?: number, size?: number): T => {
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const from = offset ?? 0;
    const length = size ?? bytes.length - from;
    if (from + length > bytes.length) throw new RangeError('out of range');
    for (let i = 0; i < length; i++) bytes[from + i] = next++ & 0xff;
    calls.push({ size: length });
    return buffer;
  };
  return { fill, calls };
}

describe("ssh2's random bytes from a pool", () => {
  test('small requests are served from one draw of 4 KiB, each byte once, in place', () => {
    const { fill, calls } = counting();
    const random = pooledRandomFill(fill);
    const packet = Buffer.alloc(40, 0xee);
    random(packet, 30, 10);
    expect([...packet.subarray(30)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([...packet.subarray(0, 30)].every((b) => b === 0xee)).toBe(true);
    const again = Buffer.alloc(10);
    random(again, 0, 10);
    expect([...again]).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(calls).toEqual([{ size: 4096 }]);
  });

  test('the pool is drawn again when it runs out, never handing out a byte twice', () => {
    const { fill, calls } = counting();
    const random = pooledRandomFill(fill);
    const seen: number[] = [];
    const packet = Buffer.alloc(19);
    // 4096 bytes hold 215 requests of 19; the 216th needs a new draw.
    for (let i = 0; i < 216; i++) {
      random(packet, 0, 19);
      seen.push(...packet);
    }
    expect(calls).toEqual([{ size: 4096 }, { size: 4096 }]);
    // The first draw's bytes 1..4085 then the second's, which go on from 4097.
    expect(seen.slice(0, 4085)).toEqual(Array.from({ length: 4085 }, (_, i) => (i + 1) & 0xff));
    expect(seen.slice(4085)).toEqual(Array.from({ length: 19 }, (_, i) => (4097 + i) & 0xff));
  });

  test('large, unusual and wrong requests go to the generator itself, errors and all', () => {
    const { fill, calls } = counting();
    const random = pooledRandomFill(fill);
    random(Buffer.alloc(1000), 0, 500);
    random(new DataView(new ArrayBuffer(8)));
    random(new Uint16Array(4));
    expect(calls).toEqual([{ size: 500 }, { size: 8 }, { size: 8 }]);
    const real = pooledRandomFill(crypto.randomFillSync);
    expect(() => real(Buffer.alloc(4), 2, 8)).toThrow(/out of range/);
    expect(() => real(Buffer.alloc(4), -1, 2)).toThrow(/out of range/);
  });

  test("Node's own generator behind it: a whole buffer is filled, and two fills differ", () => {
    const random = pooledRandomFill(crypto.randomFillSync);
    const a = random(Buffer.alloc(32));
    const b = random(Buffer.alloc(32));
    expect(a.equals(Buffer.alloc(32))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });

  test("loading ssh2 leaves the process's randomFillSync as it was", () => {
    const before = crypto.randomFillSync;
    expect(typeof ssh2().Server).toBe('function');
    expect(crypto.randomFillSync).toBe(before);
    expect(ssh2()).toBe(ssh2());
  });
});
