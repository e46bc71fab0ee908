import { MAX_SEED_LENGTH, SCHEMES } from '../engine';

export { MAX_SEED_LENGTH };

/**
 * Why a string is not a valid seed, or null when it is. A seed is 1 to 100 characters with no
 * control characters and no white space at either end; it is used exactly as given.
 */
export function seedProblem(seed: string): string | null {
  return SCHEMES.seed.check(seed);
}
