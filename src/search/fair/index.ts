/**
 * The fair player (docs/playing.md, "Hints"): what it answers, how it chooses, and its constants.
 */
export * from './choice';
export * from './player';
export * from './tuning';
export * from './vote';
