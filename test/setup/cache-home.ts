/**
 * A cache folder of the test run's own (jest's globalSetup): bin/spider keeps its code cache under
 * $XDG_CACHE_HOME (docs/measurements.md, "Start-up"), and no test writes into the real home. The
 * processes the tests start inherit it; those given an environment of their own name it.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The folder, for ./cache-home-end.ts (both run in jest's own process). */
export const FOLDER = Symbol.for('spider.testCacheHome');

export default function setup(): void {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-test-cache-'));
  process.env.XDG_CACHE_HOME = folder;
  (globalThis as Record<symbol, unknown>)[FOLDER] = folder;
}
