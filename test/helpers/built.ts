/**
 * The built program (bin/spider, dist/), for the tests that run it: `npm test` builds it first
 * when the sources changed; a lone `jest` run after an edit must not test an older program, nor
 * build it from several test files at once.
 */
import { staleness } from '../../scripts/freshness';

/** Fails the test file with what to do when the built program is missing or older than src/. */
export function expectBuilt(): void {
  const why = staleness();
  if (why !== null) throw new Error(`${why}: run npm run build`);
}
