/**
 * Random parts of file names, which only must not collide (never secrets): from Math.random,
 * which V8 seeds from the system's entropy in every process, since node's crypto module takes
 * milliseconds to load at start (docs/measurements.md, "Start-up").
 */

/** `bytes` random bytes, as 2 hexadecimal digits each. */
export function randomHex(bytes: number): string {
  let hex = '';
  for (let i = 0; i < bytes; i++)
    hex += Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0');
  return hex;
}
