/**
 * Text from outside (a file, an option) made safe to show in a terminal: control and format
 * characters become visible escapes, so input can never drive the terminal, and long text is cut.
 */
export function printable(text: string, max = 40): string {
  const chars = Array.from(text);
  const cut = chars.length > max ? chars.slice(0, max) : chars;
  const shown = cut
    .map((ch) => (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|[\uD800-\uDFFF]/u.test(ch) ? escapeChar(ch) : ch))
    .join('');
  return chars.length > max ? shown + '…' : shown;
}

function escapeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** Like `printable` for whole messages: keeps line breaks, escapes every other control character. */
export function printableLines(text: string): string {
  return text
    .split('\n')
    .map((line) => printable(line, Number.MAX_SAFE_INTEGER))
    .join('\n');
}
