import { Readable } from 'stream';
import type { CliIo } from '../../src/cli/kit';

export interface FakeIoOptions {
  stdin?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  /** Whether standard output claims to be a terminal (colour decisions). */
  tty?: boolean;
  /** What io.randomSeed returns. */
  randomSeed?: string;
  /** The clock (the daily deal's date). */
  now?: Date;
  /** Whether standard error claims to be a terminal (progress lines). */
  stderrTty?: boolean;
}

/** An in-process io for the program: what it writes is collected, and seeds picked are counted. */
export function fakeIo(options: FakeIoOptions = {}) {
  const written = { stdout: '', stderr: '', seedsPicked: 0 };
  const io: CliIo = {
    stdout: {
      write: (text: string) => {
        written.stdout += text;
        return true;
      },
      isTTY: options.tty ?? false,
    },
    stderr: {
      write: (text: string) => {
        written.stderr += text;
        return true;
      },
      isTTY: options.stderrTty ?? false,
    },
    stdin: Readable.from(
      options.stdin === undefined
        ? []
        : [typeof options.stdin === 'string' ? Buffer.from(options.stdin) : options.stdin],
    ),
    // No settings file of the developer's: a test that wants one names its folder.
    env: { XDG_CONFIG_HOME: '/nonexistent/spider-test-config', ...options.env },
    randomSeed: () => {
      written.seedsPicked++;
      return options.randomSeed ?? '31337';
    },
    version: '9.8.7',
    ...(options.now ? { now: () => options.now as Date } : {}),
  };
  return { io, written };
}
