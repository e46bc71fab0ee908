/**
 * The clock a solver thread's time is counted on for a server's player (docs/serve.md,
 * "Playing over SSH"): read by the thread itself, from the kernel; the search itself reads no file.
 */
import * as fs from 'fs';

/**
 * The clock of the calling thread's own work: the time it has spent on a core, in milliseconds,
 * which grows only while the thread runs; null where the system does not tell it. Linux says it
 * in `/proc/thread-self/schedstat` (its first field: nanoseconds on a core). The file is opened
 * once, by the thread itself, and read again from its start at each look: about a microsecond,
 * where the solver looks at its clock every few hundred.
 */
export function threadClock(): (() => number) | null {
  let fd: number;
  try {
    fd = fs.openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return null;
  }
  const buffer = Buffer.alloc(96);
  const read = (): number => {
    const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
    const ns = /^(\d+) /.exec(buffer.toString('latin1', 0, length))?.[1];
    return ns === undefined ? NaN : Number(ns) / 1e6;
  };
  try {
    if (Number.isFinite(read())) return read;
  } catch {
    // Not readable after all: as if it were not there.
  }
  fs.closeSync(fd);
  return null;
}
