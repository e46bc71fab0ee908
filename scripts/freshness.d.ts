/** Why the built program cannot be used as it is, or null when it is up to date. */
export function staleness(): string | null;
/** Marks a build finished now. */
export function markBuilt(): void;
