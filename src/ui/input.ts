import type { Command } from './controller';
import { type Board, hitTest } from './layout';

/** A key as blessed reports it: the character typed (if any) and the key's full name (`C-l`, `up`). */
export interface KeyEvent {
  readonly ch?: string;
  readonly full: string;
}

/** A mouse report: 0-based cell position. */
export interface MouseEvent {
  readonly action: 'mousedown' | 'mouseup' | 'mousemove' | 'wheelup' | 'wheeldown' | string;
  readonly button?: 'left' | 'middle' | 'right' | 'unknown' | string;
  readonly x: number;
  readonly y: number;
}

const BY_CHAR: Record<string, Command> = {
  d: { kind: 'deal' },
  u: { kind: 'undo' },
  r: { kind: 'redo' },
  R: { kind: 'restart' },
  n: { kind: 'new' },
  h: { kind: 'hint' },
  e: { kind: 'expand' },
  x: { kind: 'remove' },
  w: { kind: 'write' },
  '?': { kind: 'help' },
  q: { kind: 'quit' },
  y: { kind: 'yes' },
  // vi-style movement; h is the hint, so left is H (and all of H J K L work).
  j: { kind: 'down' },
  k: { kind: 'up' },
  l: { kind: 'right' },
  H: { kind: 'left' },
  J: { kind: 'down' },
  K: { kind: 'up' },
  L: { kind: 'right' },
  ' ': { kind: 'enter' },
};

const BY_NAME: Record<string, Command> = {
  escape: { kind: 'cancel' },
  enter: { kind: 'enter' },
  return: { kind: 'enter' },
  space: { kind: 'enter' },
  left: { kind: 'left' },
  right: { kind: 'right' },
  up: { kind: 'up' },
  down: { kind: 'down' },
  tab: { kind: 'right' },
  'S-tab': { kind: 'left' },
  'C-l': { kind: 'redraw' },
  'C-z': { kind: 'suspend' },
  'C-c': { kind: 'interrupt' },
};

/** The command for a key, or `other` for a key with no meaning (it still closes panels). */
export function commandForKey(key: KeyEvent): Command {
  const named = BY_NAME[key.full];
  if (named) return named;
  const ch = key.ch;
  if (ch !== undefined && ch.length === 1) {
    if (ch >= '1' && ch <= '9') return { kind: 'column', column: Number(ch) - 1 };
    if (ch === '0') return { kind: 'column', column: 9 };
    const command = BY_CHAR[ch];
    if (command) return command;
  }
  return { kind: 'other' };
}

/**
 * The command for a mouse report on the current layout, or null when it means nothing (motion,
 * the wheel, a click outside the board).
 */
export function commandForMouse(event: MouseEvent, board: Board | null): Command | null {
  if (event.action === 'mousedown' && event.button === 'left') {
    const hit = board && hitTest(board, event.x, event.y);
    if (!hit) return { kind: 'other' };
    if (hit.kind === 'stock') return { kind: 'deal' };
    return { kind: 'press', column: hit.column, index: hit.index };
  }
  if (event.action === 'mouseup') {
    const hit = board && hitTest(board, event.x, event.y);
    return { kind: 'release', column: hit?.kind === 'column' ? hit.column : null };
  }
  return null;
}
