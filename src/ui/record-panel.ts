/**
 * The record panel (docs/playing.md, "The record panel"): the record `w` wrote, in a panel to read
 * and scroll, and to copy, either by selecting it in the terminal or with `c`, which hands it to
 * the terminal's clipboard (OSC 52). Over SSH that is the player's own clipboard.
 */
import type { Frame } from './frame';
import { panel as boxed } from './panel';
import type { UiState } from './state';
import { same, type Update, withState } from './update';
import type { PanelKey } from './new-game';

export type RecordPanel = Extract<NonNullable<UiState['overlay']>, { kind: 'record' }>;

/** The rows the panel leaves the board: the status line above, the message and keys below. */
const OUTSIDE = 5;

/** The lines of the record the panel shows at once on a terminal `height` rows high. */
export function recordRows(height: number): number {
  return Math.max(1, height - OUTSIDE - 2);
}

/** The panel for the record `text`, over `back`. */
export function openRecord(text: string, back: RecordPanel['back']): RecordPanel {
  return { kind: 'record', lines: text.replace(/\n$/, '').split('\n'), top: 0, back };
}

/** What a key does with the panel open, `rows` lines of the record showing. */
export function recordKey(state: UiState, panel: RecordPanel, key: PanelKey, rows: number): Update {
  const last = Math.max(0, panel.lines.length - rows);
  const to = (top: number) =>
    same({ ...state, overlay: { ...panel, top: Math.max(0, Math.min(last, top)) } });
  switch (key.name) {
    case 'up':
    case 'k':
      return to(panel.top - 1);
    case 'down':
    case 'j':
      return to(panel.top + 1);
    case 'pageup':
      return to(panel.top - rows);
    case 'pagedown':
    case 'space':
      return to(panel.top + rows);
    case 'home':
      return to(0);
    case 'end':
      return to(last);
    case 'c':
      return { state, effect: 'copy' };
  }
  if (key.ch === ' ') return to(panel.top + rows);
  // Any other key closes it, back to what was under it.
  return withState(state, { overlay: panel.back });
}

/** Said once `c` has sent the record to the terminal. */
export const COPIED =
  "Sent the record to your terminal's clipboard (where the terminal takes it: OSC 52).";

/** The text `c` copies: the record whole, as written. */
export function recordText(panel: RecordPanel): string {
  return `${panel.lines.join('\n')}\n`;
}

/**
 * The escape sequence that hands `text` to the terminal's clipboard (OSC 52), which xterm, kitty,
 * iTerm2, Windows Terminal and tmux (with `set-clipboard on`) take; others ignore it.
 */
export function clipboardSequence(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}

/** Draws the panel: as much of the record as fits, from its top line, and where that is. */
export function drawRecord(frame: Frame, panel: RecordPanel, ascii: boolean): void {
  const rows = recordRows(frame.height);
  // A terminal made taller since: the top shows as much as fits.
  const top = Math.min(panel.top, Math.max(0, panel.lines.length - rows));
  const shown = panel.lines.slice(top, top + rows);
  const end = Math.min(panel.lines.length, top + rows);
  const title = `Game record, lines ${top + 1}-${end} of ${panel.lines.length}`;
  const widest = Math.max(...panel.lines.map((line) => line.length), title.length + 2);
  const inner = boxed(frame, Math.min(widest, frame.width - 4), shown.length, title, ascii);
  shown.forEach((line, i) => frame.put(inner.x, inner.y + i, line, 'panel', false, inner.width));
}
