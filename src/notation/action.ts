import { type Action, COLUMN_COUNT, DEAL, move, remove } from '../engine';

/**
 * Move notation (docs/records.md, "Move notation and game records"): `F-T`, `F-T/N`, `d`, `rF`,
 * columns 1..10. Returns the action, or null when the token is not notation at all.
 */
export function parseAction(token: string): Action | null {
  if (token === 'd') return DEAL;
  let m = /^(\d{1,2})-(\d{1,2})(?:\/(\d+))?$/.exec(token);
  if (m) {
    const from = column(m[1]);
    const to = column(m[2]);
    if (from === null || to === null) return null;
    if (m[3] === undefined) return move(from, to);
    // Any count is notation; one larger than the run is an illegal move, which the rules refuse.
    return /^[1-9]/.test(m[3]) ? move(from, to, Number(m[3])) : null;
  }
  m = /^r(\d{1,2})$/.exec(token);
  if (m) {
    const c = column(m[1]);
    return c === null ? null : remove(c);
  }
  return null;
}

/** A column number 1..10 written without a leading zero, as an engine index 0..9. */
function column(text: string): number | null {
  if (!/^[1-9]\d?$/.test(text)) return null;
  const n = Number(text);
  return n <= COLUMN_COUNT ? n - 1 : null;
}

/** What the tokens look like, for error messages. */
export const ACTION_FORMS = 'F-T, F-T/N, d or rF (columns 1 to 10, N from 1)';

export function formatAction(action: Action): string {
  switch (action.kind) {
    case 'deal':
      return 'd';
    case 'remove':
      return `r${action.column + 1}`;
    case 'move':
      return `${action.from + 1}-${action.to + 1}${action.count === undefined ? '' : `/${action.count}`}`;
  }
}
