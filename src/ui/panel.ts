/**
 * The bordered panels drawn over the board (the help, the end of a game, the new-game panel):
 * a box that never leaves half a card showing at its edges.
 */
import type { Frame } from './frame';

/**
 * Where the panel's edge at `edge` falls within a card (or a word), blanks the part left
 * outside it, going `step` (-1 left, 1 right): the 0♣ left of a 10♣ would read as another card.
 */
function hideCut(frame: Frame, row: number, edge: number, step: 1 | -1): void {
  const inside = (x: number) => x >= 0 && x < frame.width;
  const shows = (x: number) => inside(x) && frame.at(x, row).ch !== ' ';
  if (!shows(edge) || !shows(edge + step)) return;
  for (let x = edge + step; shows(x); x += step) frame.fill(x, row, 1, 1);
}

/** A bordered panel over the board, centred; returns its inner area. */
export function panel(
  frame: Frame,
  width: number,
  height: number,
  title: string,
  ascii: boolean,
): { x: number; y: number; width: number; height: number } {
  const w = Math.min(width + 4, frame.width);
  const h = Math.min(height + 2, frame.height - 2);
  const x = Math.floor((frame.width - w) / 2);
  const y = Math.max(1, Math.floor((frame.height - h) / 2) - 1);
  const [tl, tr, bl, br, hz, vt] = ascii
    ? ['+', '+', '+', '+', '-', '|']
    : ['┌', '┐', '└', '┘', '─', '│'];
  for (let row = y; row < y + h; row++) {
    hideCut(frame, row, x, -1);
    hideCut(frame, row, x + w - 1, 1);
  }
  frame.fill(x, y, w, h, 'panel');
  frame.put(x, y, tl + hz.repeat(w - 2) + tr, 'panel');
  for (let row = y + 1; row < y + h - 1; row++) {
    frame.put(x, row, vt, 'panel');
    frame.put(x + w - 1, row, vt, 'panel');
  }
  frame.put(x, y + h - 1, bl + hz.repeat(w - 2) + br, 'panel');
  frame.put(x + 2, y, ` ${title} `, 'title', false, w - 4);
  return { x: x + 2, y: y + 1, width: w - 4, height: h - 2 };
}
