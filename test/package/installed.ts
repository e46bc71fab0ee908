/**
 * The packed program as a player gets it (docs/install.md, "Node versions"): `npm pack` of the
 * built tree, installed with `npm install -g` into an empty prefix, run by one Node line's own
 * binary (scripts/node-lines.js) with nothing of this checkout on its way: not the repository's
 * node_modules, not its dist/, not the developer's home.
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { expectBuilt } from '../helpers/built';

export const ROOT = path.join(__dirname, '..', '..');

/** The node binary of the line `major`: the machine's own, or the registry's (installed once). */
export function nodeOfLine(major: number): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const lines = require('../../scripts/node-lines') as { nodeOfLine(major: number): string };
  return lines.nodeOfLine(major);
}

/** The machine's npm, as a script any Node runs (npm's own launcher would take the machine's). */
function npmCli(): string {
  const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  return path.join(path.dirname(fs.realpathSync(npm)), 'npm-cli.js');
}

export interface Installed {
  /** The temporary folder holding everything below. */
  readonly folder: string;
  /** The install prefix: `bin/spider`, `lib/node_modules/spider-solitaire`, `share/man`. */
  readonly prefix: string;
  /** The environment a player's shell would give: the prefix and the line's node on PATH. */
  readonly env: Record<string, string>;
  /** The tarball's file names, as `npm pack` listed them. */
  readonly files: readonly string[];
  /** Runs `spider ARGS` as a player's shell would, by its name on PATH. */
  spider(args: string[], input?: string): SpawnSyncReturns<string>;
}

/**
 * Packs the built program (as it is: the build is `npm test`'s first step) and installs it with
 * Node `major` running npm, into a new empty prefix.
 */
export function installOn(major: number): Installed {
  expectBuilt();
  const node = nodeOfLine(major);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `spider-package-${major}-`));
  const prefix = path.join(folder, 'prefix');
  const home = path.join(folder, 'home');
  fs.mkdirSync(home);
  const env: Record<string, string> = {
    PATH: [path.join(prefix, 'bin'), path.dirname(node), '/usr/local/bin', '/usr/bin', '/bin'].join(
      ':',
    ),
    HOME: home,
    LANG: 'C.UTF-8',
    TERM: 'xterm-256color',
    XDG_STATE_HOME: path.join(home, 'state'),
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CACHE_HOME: path.join(home, 'cache'),
    XDG_CONFIG_HOME: path.join(home, 'config'),
  };
  // npm's cache and its settings stay the machine's, so the registry is reached as usual.
  const npmEnv = {
    ...process.env,
    PATH: `${path.dirname(node)}:${process.env.PATH}`,
    npm_config_cache: process.env.npm_config_cache ?? path.join(os.homedir(), '.npm'),
  };
  const npm = npmCli();
  // Packed without running the build again: the tree is built.
  const packed = JSON.parse(
    execFileSync(
      node,
      [npm, 'pack', '--json', '--ignore-scripts', '--pack-destination', folder, '--loglevel=error'],
      { cwd: ROOT, encoding: 'utf8', env: npmEnv },
    ),
  ) as { filename: string; files: { path: string }[] }[];
  const tarball = path.join(folder, packed[0].filename);
  execFileSync(
    node,
    [
      npm,
      'install',
      '-g',
      '--prefix',
      prefix,
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      tarball,
    ],
    { cwd: folder, encoding: 'utf8', env: npmEnv, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return {
    folder,
    prefix,
    env,
    files: packed[0].files.map((f) => f.path).sort(),
    spider: (args, input) =>
      spawnSync('spider', args, {
        cwd: home,
        env,
        encoding: 'utf8',
        input: input ?? '',
        timeout: 60_000,
      }),
  };
}
