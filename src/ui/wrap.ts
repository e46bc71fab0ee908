/**
 * Breaks text into lines of at most `width` characters at spaces; a word longer than a line is
 * cut into pieces, so no line is ever wider than `width`.
 */
export function wrapWords(text: string, width: number): string[] {
  const size = Math.max(1, width);
  const lines: string[] = [];
  let line = '';
  for (const whole of text.split(' ')) {
    const chars = Array.from(whole);
    const pieces: string[] = [];
    for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
    for (const word of pieces.length > 0 ? pieces : ['']) {
      if (line !== '' && Array.from(`${line} ${word}`).length > size) {
        lines.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines;
}
