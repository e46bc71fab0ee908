import { graphemes, graphemeWidth, textWidth } from '../notation/width';

/**
 * Breaks text into lines of at most `width` terminal columns at spaces; a word longer than a line
 * is cut into pieces, so no line is ever wider than `width`.
 */
export function wrapWords(text: string, width: number): string[] {
  const size = Math.max(1, width);
  const lines: string[] = [];
  let line = '';
  for (const whole of text.split(' ')) {
    for (const word of piecesOf(whole, size)) {
      if (line !== '' && textWidth(line) + 1 + textWidth(word) > size) {
        lines.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines;
}

/** A word cut into pieces of at most `size` columns (a word that fits is one piece). */
function piecesOf(word: string, size: number): string[] {
  if (textWidth(word) <= size) return [word];
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const g of graphemes(word)) {
    const w = graphemeWidth(g);
    if (used + w > size && piece !== '') {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += g;
    used += w;
  }
  pieces.push(piece);
  return pieces;
}
