import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { GameResult } from '../stats/result';
import type { StoreEngine } from './engine';
import type { DiskLimits } from './disk-limits';

/**
 * Where the game keeps its files, after the XDG base directory specification: saved games under
 * $XDG_STATE_HOME/spider (default ~/.local/state/spider), statistics under $XDG_DATA_HOME/spider
 * (default ~/.local/share/spider). A relative XDG value is ignored, as the specification says.
 *
 * A HOME that is set but empty or relative names no home at all (it would put the files under
 * whatever folder the game was started in): then, unless the XDG variable gives an absolute
 * folder, there is nowhere to keep files, and `homeProblem` says why. An unset HOME falls back to
 * the account's home folder in the password database, as shells do.
 */
function base(env: NodeJS.ProcessEnv, variable: string, fallback: string[]): string {
  const value = env[variable];
  if (value && path.isAbsolute(value)) return path.join(value, 'spider');
  return path.join(home(env) ?? '/nonexistent', ...fallback, 'spider');
}

function home(env: NodeJS.ProcessEnv): string | null {
  if (env.HOME !== undefined) return path.isAbsolute(env.HOME) ? env.HOME : null;
  try {
    const account = os.userInfo().homedir;
    return path.isAbsolute(account) ? account : null;
  } catch {
    return null;
  }
}

/** Why the files named by `variable` (or HOME) have no usable place, or null when they do. */
function placeProblem(env: NodeJS.ProcessEnv, variable: string): string | null {
  const value = env[variable];
  if (value && path.isAbsolute(value)) return null;
  if (home(env) !== null) return null;
  return env.HOME === undefined
    ? 'there is no home folder'
    : `there is no home folder: HOME is '${env.HOME}', not an absolute path`;
}

/** Saved games in progress. */
export function stateDir(env: NodeJS.ProcessEnv): string {
  return base(env, 'XDG_STATE_HOME', ['.local', 'state']);
}

/** Statistics: the history of finished and abandoned games. */
export function dataDir(env: NodeJS.ProcessEnv): string {
  return base(env, 'XDG_DATA_HOME', ['.local', 'share']);
}

/**
 * Things worth keeping but never needed: deals found winnable (docs/deals.md, "Winnable deals").
 */
export function cacheDir(env: NodeJS.ProcessEnv): string {
  return base(env, 'XDG_CACHE_HOME', ['.cache']);
}

/**
 * Where the settings file is (docs/settings.md, "Settings"): $XDG_CONFIG_HOME/spider/config.toml
 * (default ~/.config/spider/config.toml), or why there is none: no home to hold it.
 */
export function settingsPlace(
  env: NodeJS.ProcessEnv,
): { readonly path: string } | { readonly problem: string } {
  const problem = placeProblem(env, 'XDG_CONFIG_HOME');
  if (problem !== null) return { problem };
  return { path: path.join(base(env, 'XDG_CONFIG_HOME', ['.config']), 'config.toml') };
}

/** Why nothing can be cached, or null when it can. */
export function cacheProblem(env: NodeJS.ProcessEnv): string | null {
  return placeProblem(env, 'XDG_CACHE_HOME') ?? folderProblem(cacheDir(env));
}

/** Why saved games cannot be kept, or null when they can. */
export function stateProblem(env: NodeJS.ProcessEnv): string | null {
  return placeProblem(env, 'XDG_STATE_HOME') ?? folderProblem(stateDir(env));
}

/** Why the statistics cannot be kept, or null when they can. */
export function dataProblem(env: NodeJS.ProcessEnv): string | null {
  return placeProblem(env, 'XDG_DATA_HOME') ?? folderProblem(dataDir(env));
}

/**
 * Why a folder of the game's must not be trusted, or null when it may (or does not exist yet:
 * the game makes it, mode 0700). Another user who can write to it could plant or swap files in
 * it, so a folder that is a symbolic link, not owned by this user, or writable by the group or
 * others is not used.
 */
export function folderProblem(
  dir: string,
  /** The user the folder must belong to: this process's (the argument is for tests). */
  uid = typeof process.getuid === 'function' ? process.getuid() : undefined,
): string | null {
  let info: fs.Stats;
  try {
    info = fs.lstatSync(dir);
  } catch {
    return null;
  }
  // Each says what would make the folder usable: chmod alone mends only the mode.
  if (info.isSymbolicLink())
    return `${dir} is a symbolic link; it is not used until it is a folder of your own`;
  if (!info.isDirectory()) return null; // writing under it fails and says so
  if (uid !== undefined && info.uid !== uid)
    return `${dir} belongs to another user; it is not used until it is yours alone (owned by you, mode 700)`;
  if (info.mode & 0o022) {
    const mode = (info.mode & 0o777).toString(8);
    return `other users can write to ${dir} (mode ${mode}); it is not used until it is yours alone (chmod 700)`;
  }
  return null;
}

/**
 * Where one player's games and statistics are kept: saved games in the `games` folder of
 * `state`, the statistics in `data`. The problems are asked for each time, since a folder can
 * change while a game is played.
 */
export interface Places {
  /** The folder holding the `games` folder of saved games. */
  readonly state: string;
  /** The folder holding the statistics (the history file). */
  readonly data: string;
  /** Why saved games cannot be kept, or null when they can. */
  stateProblem(): string | null;
  /** Why the statistics cannot be kept, or null when they can. */
  dataProblem(): string | null;
  /**
   * A message about these places as the player reads it, where the player cannot reach their
   * paths (a server's player): the player's folder written `~`. As it is unless given.
   */
  readonly shown?: (text: string) => string;
  /** What the player may keep on disk (docs/serve.md, "Limits on disk"); no limit unless given. */
  readonly limits?: DiskLimits;
  /**
   * The engine that keeps them, when not the files of these folders (docs/serve.md, "Where a
   * server keeps its players").
   */
  readonly engine?: StoreEngine;
  /**
   * Told of each result once it is in the history: a server's daily board hears of daily games so
   * (docs/serve.md, "The daily board").
   */
  readonly recorded?: (result: GameResult) => void;
}

/** The local player's places, from the XDG variables of `env` (see above). */
export function localPlaces(env: NodeJS.ProcessEnv): Places {
  return {
    state: stateDir(env),
    data: dataDir(env),
    stateProblem: () => stateProblem(env),
    dataProblem: () => dataProblem(env),
  };
}

/**
 * Everything of one player's in one folder of their own (a server keeps one per player): saved
 * games in its `games` folder, the statistics beside them, within `limits` when given.
 */
export function playerPlaces(folder: string, limits?: DiskLimits): Places {
  const problem = (): string | null =>
    path.isAbsolute(folder) ? folderProblem(folder) : `${folder} is not an absolute path`;
  return {
    state: folder,
    data: folder,
    stateProblem: problem,
    dataProblem: problem,
    shown: (text) => folderAsHome(text, folder),
    ...(limits ? { limits } : {}),
  };
}

/**
 * `text` with `folder` written `~`, where it names the folder or a file in it (docs/serve.md,
 * "Playing over SSH": the player cannot reach the host's paths, and need not know them).
 */
export function folderAsHome(text: string, folder: string): string {
  const escaped = path.resolve(folder).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<![\\w./-])${escaped}(?=/|[^\\w.+-]|$)`, 'g'), '~');
}
