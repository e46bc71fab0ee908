import { promises as fs, statSync } from 'fs';
import { fsWords } from './errors';

/** Largest record file read, in bytes: far beyond any real game, small enough to never hurt. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

export type InputRead =
  | { readonly ok: true; readonly text: string }
  /** `line`: the 1-based line of the bytes that are wrong, when the fault is in the text. */
  | { readonly ok: false; readonly reason: string; readonly line?: number };

/** Reading a file the player named: a missing file is just that. */
const READING = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
};

/**
 * Why there is no file at `path`. Node reads a name that is not UTF-8 with U+FFFD in place of its
 * bad bytes: a file by that name may well be there, under its own name, which never reaches the
 * program, and the player is told so.
 */
export function missingFile(path: string): string {
  return path.includes('\uFFFD')
    ? `${READING.ENOENT} (a name that is not UTF-8 cannot be read here: rename the file)`
    : READING.ENOENT;
}

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
    const reason = fsWords(error, READING);
    return { ok: false, reason: reason === READING.ENOENT ? missingFile(path) : reason };
  }
  return utf8Text(bytes);
}

/** `bytes` as UTF-8 text, or where they are not UTF-8. */
export function utf8Text(bytes: Uint8Array): InputRead {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return notUtf8(bytes);
  }
}

/** Where text that is not UTF-8 goes wrong: its line, the first bad bytes and what comes before. */
function notUtf8(bytes: Uint8Array): InputRead {
  const at = Math.max(0, invalidUtf8At(bytes));
  // (lastIndexOf from -1 would search from the end.)
  const lineStart = at === 0 ? 0 : bytes.lastIndexOf(0x0a, at - 1) + 1;
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < lineStart; i = bytes.indexOf(0x0a, i + 1)) line++;
  let end = at + 1;
  while (end < bytes.length && end < at + 4 && bytes[end] >= 0x80) end++;
  const shown = Array.from(bytes.subarray(at, end), (b) =>
    b.toString(16).toUpperCase().padStart(2, '0'),
  );
  const before = Array.from(
    new TextDecoder().decode(bytes.subarray(lineStart, at)).replace(/\r$/, ''),
  );
  const context =
    before.length === 0
      ? 'at the start of the line'
      : `after '${before.length > 20 ? '…' : ''}${before.slice(-20).join('')}'`;
  return {
    ok: false,
    line,
    reason: `not UTF-8 text: the byte${shown.length > 1 ? 's' : ''} ${shown.join(' ')} ${context}`,
  };
}

/**
 * The index of the first byte that does not begin a valid UTF-8 sequence (no overlong forms,
 * surrogates or code points past U+10FFFF, as the decoder requires), or -1 when all are valid.
 */
export function invalidUtf8At(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i++;
      continue;
    }
    const more =
      lead >= 0xc2 && lead <= 0xdf
        ? 1
        : lead >= 0xe0 && lead <= 0xef
          ? 2
          : lead >= 0xf0 && lead <= 0xf4
            ? 3
            : 0;
    if (more === 0) return i;
    // The second byte's range is narrower after these leads: it is what rules out the rest.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    if (i + 1 >= bytes.length || bytes[i + 1] < low || bytes[i + 1] > high) return i;
    for (let k = 2; k <= more; k++) {
      if (i + k >= bytes.length || bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return i;
    }
    i += more + 1;
  }
  return -1;
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
