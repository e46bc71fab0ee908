import * as os from 'os';
import * as path from 'path';

/**
 * Where the game keeps its files, after the XDG base directory specification: saved games under
 * $XDG_STATE_HOME/spider (default ~/.local/state/spider), statistics under $XDG_DATA_HOME/spider
 * (default ~/.local/share/spider). A relative XDG value is ignored, as the specification says.
 */
function base(env: NodeJS.ProcessEnv, variable: string, fallback: string[]): string {
  const value = env[variable];
  if (value && path.isAbsolute(value)) return path.join(value, 'spider');
  const home = env.HOME && path.isAbsolute(env.HOME) ? env.HOME : os.homedir();
  return path.join(home, ...fallback, 'spider');
}

/** Saved games in progress. */
export function stateDir(env: NodeJS.ProcessEnv): string {
  return base(env, 'XDG_STATE_HOME', ['.local', 'state']);
}

/** Statistics: the history of finished and abandoned games. */
export function dataDir(env: NodeJS.ProcessEnv): string {
  return base(env, 'XDG_DATA_HOME', ['.local', 'share']);
}
