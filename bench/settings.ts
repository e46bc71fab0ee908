/**
 * The benchmarks' settings, read from the environment (README.md, "Test"): a setting given wrongly
 * stops the benchmark at once with one line that names it (exit status 2), rather than running
 * with nonsense (a `NaN` number of games measures nothing).
 */
import * as path from 'path';
import type { SuitCount } from '../src/engine';

/** A benchmark setting the environment gives wrongly: the benchmark says which, and stops. */
export class SettingError extends Error {}

/** The whole number of at least `least` given as `name` in the environment, else `fallback`. */
export function wholeFromEnv(
  name: string,
  fallback: number,
  least = 1,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const given = env[name];
  if (given === undefined || given.trim() === '') return fallback;
  const n = Number(given);
  if (!Number.isInteger(n) || n < least)
    throw new SettingError(`${name}='${given}': a whole number of at least ${least} is needed`);
  return n;
}

/** A switch given as `name` in the environment: `1` is on, `0` off; empty or not given, `fallback`. */
export function switchFromEnv(
  name: string,
  fallback = false,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const given = env[name]?.trim();
  if (given === undefined || given === '') return fallback;
  if (given === '0' || given === '1') return given === '1';
  throw new SettingError(`${name}='${env[name]}': 1 to turn it on, 0 to turn it off`);
}

/** The suit counts given as `name` in the environment (`1,2,4`), else `fallback`. */
export function suitsFromEnv(
  name: string,
  fallback: readonly SuitCount[] = [1, 2, 4],
  env: NodeJS.ProcessEnv = process.env,
): SuitCount[] {
  const given = env[name];
  if (given === undefined || given.trim() === '') return [...fallback];
  return given.split(',').map((part) => {
    const suits = Number(part.trim());
    if (suits !== 1 && suits !== 2 && suits !== 4)
      throw new SettingError(`${name}='${given}': suit counts are 1, 2 or 4, as in '1,2,4'`);
    return suits;
  });
}

/** Tells a setting given wrongly in one line and sets exit status 2; throws anything else. */
function refuse(error: unknown): void {
  if (!(error instanceof SettingError)) throw error;
  console.error(`bench:${path.basename(process.argv[1] ?? 'bench', '.js')}: ${error.message}`);
  process.exitCode = 2;
}

/** Runs a benchmark's `main`; a setting given wrongly is told in one line, with exit status 2. */
export function runBench(main: () => Promise<void>): void {
  main().catch(refuse);
}

/**
 * The settings `read` answers, for a benchmark that runs as it loads: a setting given wrongly is
 * told in one line, and the benchmark stops there with exit status 2.
 */
export function settingsFromEnv<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    refuse(error);
    process.exit();
  }
}
