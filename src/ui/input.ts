import type { Command } from './command';
import type { InputEvent, KeyEvent, MouseEvent } from './keys';
import type { PanelHit } from './new-game';
import { type Board, hitTest } from './layout';

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
  s: { kind: 'stats' },
  b: { kind: 'board' },
  t: { kind: 'clock' },
  c: { kind: 'winnable' },
  a: { kind: 'demo' },
  g: { kind: 'where' },
  v: { kind: 'view' },
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

/** Keys named as keyboards print them, where the key parser's names differ. */
const KEY_WORDS: Record<string, string> = {
  backspace: 'Backspace',
  clear: 'Clear',
  delete: 'Delete',
  down: 'Down',
  end: 'End',
  enter: 'Enter',
  escape: 'Esc',
  home: 'Home',
  insert: 'Insert',
  left: 'Left',
  pagedown: 'PageDown',
  pageup: 'PageUp',
  right: 'Right',
  space: 'Space',
  ' ': 'Space',
  '\x7f': 'Backspace',
  tab: 'Tab',
  up: 'Up',
};

const MODIFIERS: readonly (readonly [string, string])[] = [
  ['C-', 'Ctrl-'],
  ['M-', 'Alt-'],
  ['S-', 'Shift-'],
];

/**
 * A key's name as a player knows it: `C-a` is Ctrl-A, `M-q` Alt-q, `f1` F1, `pageup` PageUp; a
 * character is itself.
 */
export function keyLabel(name: string): string {
  let label = '';
  let rest = name;
  for (;;) {
    const found = MODIFIERS.find(([short]) => rest.startsWith(short) && rest.length > short.length);
    if (!found) break;
    label += found[1];
    rest = rest.slice(found[0].length);
  }
  const word =
    KEY_WORDS[rest] ??
    (/^f\d+$/.test(rest) || (label.includes('Ctrl-') && rest.length === 1)
      ? rest.toUpperCase()
      : rest);
  return label + word;
}

/** The command for a key, or `other` for a key with no meaning (it still closes panels). */
export function commandForKey(key: Pick<KeyEvent, 'name' | 'ch'>): Command {
  const named = BY_NAME[key.name];
  if (named) return named;
  const ch = key.ch;
  if (ch !== undefined && ch === key.name) {
    if (ch >= '1' && ch <= '9') return { kind: 'column', column: Number(ch) - 1 };
    if (ch === '0') return { kind: 'column', column: 9 };
    const command = BY_CHAR[ch];
    if (command) return command;
  }
  return { kind: 'other', key: key.name };
}

/**
 * The command for a mouse report on the current layout, or null when it means nothing. A drag
 * is one move, from the press to the release: the motion in between is not a command. A
 * right-click, or a click outside the board, puts picked-up cards back. With no board on
 * screen (the terminal is too small) the mouse does nothing.
 */
export function commandForMouse(
  event: Pick<MouseEvent, 'action' | 'button' | 'x' | 'y'>,
  board: Board | null,
): Command | null {
  if (!board) return null;
  if (event.action === 'press' && event.button === 'right') return { kind: 'cancel' };
  if (event.action === 'press' && event.button === 'left') {
    const hit = hitTest(board, event.x, event.y);
    if (!hit) return { kind: 'cancel' };
    if (hit.kind === 'stock') return { kind: 'deal' };
    return { kind: 'press', column: hit.column, index: hit.index };
  }
  if (event.action === 'release' && event.button !== 'right' && event.button !== 'middle') {
    const hit = hitTest(board, event.x, event.y);
    return { kind: 'release', column: hit?.kind === 'column' ? hit.column : null };
  }
  return null;
}

/** Keys that keep their meaning with the new-game panel open: repaint, suspend, interrupt. */
const PROCESS_KEYS = new Set(['C-l', 'C-z', 'C-c']);

/**
 * The command for an event with the new-game panel open (docs/playing.md, "A new game"): keys go
 * to the panel as typed, since its name row takes text; a left click on one of its values
 * chooses it; other mouse reports mean nothing.
 */
export function commandForPanel(event: InputEvent, hits: readonly PanelHit[]): Command | null {
  if (event.type === 'key') {
    if (PROCESS_KEYS.has(event.name)) return commandForKey(event);
    return event.ch === undefined
      ? { kind: 'panel-key', name: event.name }
      : { kind: 'panel-key', name: event.name, ch: event.ch };
  }
  if (event.action !== 'press' || event.button !== 'left') return null;
  const hit = hits.find((h) => h.y === event.y && event.x >= h.x && event.x < h.x + h.width);
  return hit ? { kind: 'panel-click', target: hit.target } : null;
}
