/** Removes the test run's cache folder (jest's globalTeardown; see ./cache-home.ts). */
import * as fs from 'fs';
import { FOLDER } from './cache-home';

export default function teardown(): void {
  const folder = (globalThis as Record<symbol, unknown>)[FOLDER];
  if (typeof folder === 'string') fs.rmSync(folder, { recursive: true, force: true });
}
