/**
 * The server's host key (docs/serve.md, "Playing over SSH"): an ed25519 key made on the first start
 * and kept, mode 0600, in the server's state folder, so that players see the same key every time
 * and can check its fingerprint. Fingerprints are written as OpenSSH writes them (`SHA256:` and the
 * unpadded base64 of the key's SHA-256), which is what `ssh` shows a player on first connecting.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { ssh2 } from './ssh2';
import { fsReason } from '../store/errors';

export const HOST_KEY_FILE = 'ssh_host_ed25519_key';

/** The SHA-256 of a public key in SSH wire form, as OpenSSH prints it. */
export function fingerprint(publicKey: Buffer): string {
  return `SHA256:${createHash('sha256').update(publicKey).digest('base64').replace(/=+$/, '')}`;
}

/**
 * A new ed25519 private key in OpenSSH's format. ssh2's generator writes a malformed key (one it
 * cannot read back) when the public key starts with a zero byte, about one time in 170: such a
 * key is made again.
 */
export function newEd25519Key(): string {
  for (;;) {
    const text = ssh2().utils.generateKeyPairSync('ed25519').private;
    if (!(ssh2().utils.parseKey(text) instanceof Error)) return text;
  }
}

export interface HostKey {
  /** The private key, in OpenSSH's format, for ssh2. */
  readonly key: string;
  readonly fingerprint: string;
  /** Whether it was made on this start. */
  readonly created: boolean;
  readonly file: string;
}

/**
 * Reads the host key in `dir`, or makes it when there is none; or, `given` (`--host-key FILE`),
 * reads that file, which is never made: several servers behind one name present the same key
 * (docs/serve.md, "Playing over SSH"). Throws an Error whose message is for the person starting
 * the server (a key others can read, a file that is not a key).
 */
export function loadHostKey(dir: string, given?: string): HostKey {
  const file = given ?? path.join(dir, HOST_KEY_FILE);
  // What to do about a key that will not do: another one, or a new one made in its place.
  const remedy = given === undefined ? 'remove it to make a new one' : 'give another key';
  let text: string;
  let created = false;
  try {
    const info = fs.lstatSync(file);
    if (!info.isFile()) throw new Error(`${file} is not a regular file`);
    if (info.mode & 0o077) {
      throw new Error(
        `${file} can be read by other users (mode ${(info.mode & 0o777).toString(8)}); ` +
          `chmod 600 it, or ${given === undefined ? 'remove it to make a new key' : 'give another key'}`,
      );
    }
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && given !== undefined)
      throw new Error(
        `the host key ${file} does not exist: --host-key names a key to use (ssh-keygen -t ed25519 -N '' -f FILE makes one); without it the server keeps its own`,
      );
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      if ((error as NodeJS.ErrnoException).code === undefined) throw error;
      throw new Error(`can't read the host key: ${fsReason(error, file)}`);
    }
    text = newEd25519Key();
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      // 'wx': never over a file (or a link) that appeared meanwhile.
      fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
    } catch (writeError) {
      throw new Error(`can't keep the host key: ${fsReason(writeError, file)}`);
    }
    created = true;
  }
  const parsed = ssh2().utils.parseKey(text);
  if (parsed instanceof Error && /passphrase/i.test(parsed.message)) {
    // ssh2's words for a key locked with a passphrase, which a server has no one to type.
    throw new Error(
      `${file} is locked with a passphrase, which the server cannot type; remove the passphrase ` +
        `(ssh-keygen -p -N '' -f FILE)${given === undefined ? ' or the file, to make a new key' : ''}`,
    );
  }
  if (parsed instanceof Error || Array.isArray(parsed)) {
    throw new Error(`${file} is not an SSH private key; ${remedy}`);
  }
  if (parsed.type !== 'ssh-ed25519' || !parsed.isPrivateKey()) {
    throw new Error(`${file} is not an ed25519 private key; ${remedy}`);
  }
  return { key: text, fingerprint: fingerprint(parsed.getPublicSSH()), created, file };
}
