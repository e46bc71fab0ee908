/**
 * Project modules for child processes: a test that needs another process (several at once, or
 * one running as another user) bundles the TypeScript source it needs into one CommonJS file.
 */
import { spawnSync } from 'child_process';
import { buildSync } from 'esbuild';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const folders: string[] = [];
afterAll(() => folders.splice(0).forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

/**
 * Bundles a module (a path from the repository's root) into a new file readable by every user,
 * in a folder whose name holds "spider", as the game's own files do (the store checks that a
 * live lock's process is a spider).
 */
export function bundle(entry: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bundle-'));
  folders.push(folder);
  fs.chmodSync(folder, 0o755);
  const file = path.join(folder, `${path.basename(entry, '.ts')}.js`);
  buildSync({
    entryPoints: [path.join(__dirname, '..', '..', entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: file,
    logLevel: 'silent',
    // Optional parts of blessed that its screen never loads.
    external: ['term.js', 'pty.js'],
  });
  fs.chmodSync(file, 0o644);
  return file;
}

/** A user that file permissions bind: `nobody` when the tests run as root, else this user. */
export interface BoundUser {
  readonly uid: number;
  readonly gid: number;
  /** The command prefix that runs a program as that user (empty when it is this user). */
  readonly prefix: string[];
}

const NOBODY = 65534;

export function boundUser(): BoundUser {
  const uid = process.getuid?.() ?? NOBODY;
  if (uid !== 0) return { uid, gid: process.getgid?.() ?? NOBODY, prefix: [] };
  return {
    uid: NOBODY,
    gid: NOBODY,
    prefix: ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--'],
  };
}

/** Gives a folder (and everything in it) to the user, so that its permissions apply to them. */
export function handOver(folder: string, user: BoundUser): void {
  if (user.uid === process.getuid?.()) return;
  const chown = spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, folder]);
  if (chown.status !== 0) throw new Error(`chown ${folder}: ${chown.stderr}`);
  // The folders above must let that user through.
  for (let dir = path.dirname(folder); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) throw new Error(`${dir} is closed to other users`);
  }
}
