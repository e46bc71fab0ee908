/**
 * Deals found winnable, kept so that the same `--winnable` or `--daily` command starts at once the
 * next time (docs/deals.md, "Winnable deals"): `$XDG_CACHE_HOME/spider/winnable.jsonl` (default
 * `~/.cache/spider/winnable.jsonl`), one JSON object per line:
 * `{"key": "...", "deal": "43", "line": ["1-5", ...]}`. The key names the program's version, the
 * budget, the rules and where the sequence starts; the line is the solver's winning line, which
 * the caller plays through the rules before it trusts an entry.
 *
 * A cache is never needed: every failure (no home, a folder others can write to, a full disk, a
 * damaged line) is silent, and the search simply runs. The file is appended to as the history
 * is (whole lines, O_APPEND, never through a link, never waiting on a FIFO), and not used at all
 * once it passes MAX_CACHE_BYTES.
 */
import * as fs from 'fs';
import * as path from 'path';
import { appendLine, READ_EXISTING } from './files';
import { cacheDir, cacheProblem } from './paths';

export const CACHE_FILE = 'winnable.jsonl';
/** A larger cache is neither read nor written: some ten thousand deals. */
export const MAX_CACHE_BYTES = 16 * 1024 * 1024;

/** A deal found winnable: its key in its scheme, and the winning line in notation. */
export interface CachedDeal {
  readonly deal: string;
  readonly line: readonly string[];
}

function cacheFile(env: NodeJS.ProcessEnv): string | null {
  return cacheProblem(env) === null ? path.join(cacheDir(env), CACHE_FILE) : null;
}

/** The last entry kept for `key`, or null. Never throws. */
export function cachedDeal(env: NodeJS.ProcessEnv, key: string): CachedDeal | null {
  const file = cacheFile(env);
  if (file === null) return null;
  let text: string;
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, READ_EXISTING);
    const info = fs.fstatSync(fd);
    if (!info.isFile() || info.size > MAX_CACHE_BYTES) return null;
    text = fs.readFileSync(fd, 'utf8');
  } catch {
    return null;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  let found: CachedDeal | null = null;
  for (const line of text.split('\n')) {
    const entry = parse(line);
    if (entry !== null && entry.key === key) found = { deal: entry.deal, line: entry.line };
  }
  return found;
}

function parse(line: string): { key: string; deal: string; line: string[] } | null {
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { key, deal, line: actions } = value as Record<string, unknown>;
    if (typeof key !== 'string' || typeof deal !== 'string' || !Array.isArray(actions)) return null;
    if (!actions.every((a) => typeof a === 'string')) return null;
    return { key, deal, line: actions as string[] };
  } catch {
    return null;
  }
}

/** Keeps a deal found winnable; false when it could not be kept (nothing else happens). */
export function cacheDeal(env: NodeJS.ProcessEnv, key: string, entry: CachedDeal): boolean {
  const file = cacheFile(env);
  if (file === null) return false;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // A line of its own even after one cut short (a full disk): a blank line is skipped.
    const line = `\n${JSON.stringify({ key, ...entry })}\n`;
    return appendLine(file, line, MAX_CACHE_BYTES) === 'added';
  } catch {
    return false;
  }
}
