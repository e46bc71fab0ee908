import { promises as fs, statSync } from 'fs';
import { fsWords } from './errors';

/** Largest record file read, in bytes: far beyond any real game, small enough to never hurt. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

export type InputRead =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

/** Reading a file the player named: a missing file is just that. */
const READING = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
};

/**
 * Whether something is at `path` (a file, a directory, anything): the reader then says what is
 * wrong with it, if anything, where "no such file" would be untrue.
 */
export function pathExists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Reads a text file as UTF-8 (`-` is standard input), refusing huge or non-UTF-8 input. */
export async function readTextInput(
  path: string,
  stdin: NodeJS.ReadableStream,
): Promise<InputRead> {
  let bytes: Buffer;
  try {
    bytes = path === '-' ? await readStream(stdin) : await readFileCapped(path);
  } catch (error) {
    if (error instanceof TooLarge)
      return { ok: false, reason: `larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB` };
    return { ok: false, reason: fsWords(error, READING) };
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, reason: 'not UTF-8 text' };
  }
}

class TooLarge extends Error {}

async function readFileCapped(path: string): Promise<Buffer> {
  const handle = await fs.open(path, 'r');
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    if (info.isFile() && info.size > MAX_INPUT_BYTES) throw new TooLarge();
    return await readStream(handle.createReadStream({ autoClose: false }));
  } finally {
    await handle.close();
  }
}

/** Reads a stream to its end, giving up past the size cap (a FIFO or device has no size to check). */
function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > MAX_INPUT_BYTES) {
        stream.removeAllListeners('data');
        reject(new TooLarge());
        return;
      }
      chunks.push(buffer);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}
