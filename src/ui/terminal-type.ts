/**
 * Whether the board cannot be drawn on a terminal of type `term`: `dumb` names one that cannot
 * move its cursor (an editor's shell buffer, a printing terminal), where every frame would run
 * together on one line (README.md, "Install and play").
 */
export function cannotDrawOn(term: string | undefined): boolean {
  return term === 'dumb';
}
