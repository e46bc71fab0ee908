import * as fs from 'fs';
import * as path from 'path';
import { shellQuote } from '../notation';

/**
 * The words that start this program again in the player's shell, for the command the exit text
 * prints (docs/playing.md, "Leaving"): `spider` when the shell finds this very program by that
 * name (the first `spider` on `PATH` is it), else the path it was started by, as the shell
 * reads it (under the home folder as `~/...` when nothing in it needs quoting). A clone run as
 * `node bin/spider`, or another version first on `PATH`, would otherwise be told to type a
 * command that is not found, or that runs another program.
 */
export function programWord(env: NodeJS.ProcessEnv, started: string | undefined): string {
  if (started === undefined) return 'spider';
  const self = realPath(started);
  if (self === null) return 'spider';
  const found = firstOnPath('spider', env.PATH ?? '');
  if (found !== null && realPath(found) === self) return 'spider';
  const absolute = path.resolve(started);
  const home = env.HOME;
  if (home && home !== '/' && absolute.startsWith(`${home.replace(/\/+$/, '')}/`)) {
    const rest = absolute.slice(home.replace(/\/+$/, '').length + 1);
    if (shellQuote(rest) === rest) return `~/${rest}`;
  }
  return shellQuote(absolute);
}

/** The file the shell runs for `name`: the first executable file of that name on `search`. */
function firstOnPath(name: string, search: string): string | null {
  for (const folder of search.split(':')) {
    // An empty entry means the current folder, which the player's shell searches too.
    const file = path.resolve(folder || '.', name);
    try {
      if (!fs.statSync(file).isFile()) continue;
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // Not there, or not executable: the shell looks further.
    }
  }
  return null;
}

function realPath(file: string): string | null {
  try {
    return fs.realpathSync(file);
  } catch {
    return null;
  }
}
