/** Longest seed, in characters (code points). */
export const MAX_SEED_LENGTH = 100;

/**
 * Why a string is not a valid seed, or null when it is. A seed is 1 to 100 characters with no
 * control characters and no white space at either end; it is used exactly as given.
 */
export function seedProblem(seed: string): string | null {
  const length = Array.from(seed).length;
  if (length === 0) return 'a seed must not be empty';
  if (length > MAX_SEED_LENGTH)
    return `a seed has at most ${MAX_SEED_LENGTH} characters (this one has ${length})`;
  if (/\p{Cc}/u.test(seed)) return 'a seed must not contain control characters';
  if (/[\uD800-\uDFFF]/u.test(seed)) return 'a seed must be valid Unicode text';
  if (/^\s|\s$/u.test(seed)) return 'a seed must not start or end with white space';
  return null;
}
