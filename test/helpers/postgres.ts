/**
 * A throwaway PostgreSQL cluster for one test file: made in a temporary folder with the
 * machine's own PostgreSQL (Debian's `postgresql` package), listening on a free loopback port,
 * removed at the end. PostgreSQL refuses to run as root: as root, its programs run as the
 * `postgres` user, in a folder that user owns.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { freePort } from './processes';

export interface Cluster {
  /** A connection URL for its database (`postgres://spider@127.0.0.1:PORT/spider`). */
  readonly url: string;
  readonly port: number;
  /** Stops it at once and removes its folder. */
  stop(): void;
  /** Stops it for a while (`resume` starts it again, with what it held). */
  pause(): void;
  resume(): void;
}

/** The folder of PostgreSQL's programs, the newest version installed. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  if (versions.length === 0)
    throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return path.join(root, newest, 'bin');
}

/** Runs a PostgreSQL program, as `postgres` when this process is root. */
function run(program: string, args: string[]): string {
  const file = path.join(binDir(), program);
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Makes and starts a cluster with a database `spider` owned by the user `spider` (fsync off
 * unless asked: a test needs no durability against a power cut).
 */
export async function startPostgres(options: { readonly fsync?: boolean } = {}): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', [
    '-D',
    data,
    '-U',
    'spider',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const port = await freePort();
  // Tests need no durability against a power cut; a benchmark measures it (fsync on).
  const fsync = options.fsync === true ? 'on' : 'off';
  const flags = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${fsync} -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', flags, '-w', 'start']);
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'spider', 'spider']);
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', flags, '-w', 'start']);
  return {
    url: `postgres://spider@127.0.0.1:${port}/spider`,
    port,
    pause: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
