import { run } from './program';
import { fsWords } from '../store/errors';
import { solverPair } from '../host/solver-file';

// The version shown by --version is the package's; read once at start.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { version } = require('../../package.json') as { version: string };

/**
 * Seeds the program picks are decimal numbers, so they are easy to read out and type again.
 * Math.random (seeded by V8 from the system's entropy) is random enough to pick a deal, and,
 * unlike node's crypto module, costs nothing to load at start.
 */
function randomSeed(): string {
  return String(1 + Math.floor(Math.random() * (2 ** 47 - 1)));
}

// A reader that closes the pipe early (`spider deal | head`), or a terminal that hung up
// (SIGHUP, the SSH connection dropped), is not an error worth a trace. Any other failure to
// write (a full disk) leaves the output incomplete: it says so once, in one line when it can,
// and the program ends with its own status (docs/records.md, "Headless commands"). It is not
// stopped there: a server whose log cannot be written still has its players' games to save.
const GONE = ['EPIPE', 'EIO', 'ENXIO'];
const CANNOT_WRITE = 74;
let cannotWrite = false;
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (GONE.includes(error.code ?? '')) process.exit(process.exitCode ?? 0);
    if (cannotWrite) return;
    cannotWrite = true;
    if (stream === process.stdout)
      process.stderr.write(`spider: cannot write the output: ${fsWords(error)}\n`);
    process.exitCode = CANNOT_WRITE;
  });
}

run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  randomSeed,
  version,
  started: process.argv[1],
  solver: solverPair,
  terminal:
    process.stdin.isTTY && process.stdout.isTTY
      ? { input: process.stdin, output: process.stdout }
      : undefined,
}).then(
  (status) => {
    process.exitCode = cannotWrite ? CANNOT_WRITE : status;
    // What is left to write goes out first, unless the terminal takes nothing (its output
    // stopped with Ctrl-S): leaving must not hang.
    setTimeout(() => process.exit(cannotWrite ? CANNOT_WRITE : status), 2000).unref();
  },
  (error: unknown) => {
    // A bug, not bad input: one line, and the trace only when asked for.
    const detail = error instanceof Error ? error.message : String(error);
    process.stderr.write(`spider: internal error: ${detail}\n`);
    if (process.env.SPIDER_DEBUG && error instanceof Error)
      process.stderr.write(`${error.stack}\n`);
    process.exitCode = 70;
  },
);
