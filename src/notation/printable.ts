import { graphemes, graphemeWidth } from './width';

/**
 * Characters that do not show, or change how the text around them shows: controls, format
 * characters (zero-width, direction-changing), line separators, default-ignorable characters
 * and lone surrogates.
 */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|[\uD800-\uDFFF]/u;

/**
 * Text from outside (a file, an option) made safe to show in a terminal: characters that would
 * not show become visible escapes (`\u{200b}`), as does anything else that would take no room on
 * screen (a combining accent with nothing to sit on), so input can never drive the terminal or
 * hide part of itself; long text is cut after `max` characters.
 */
export function printable(text: string, max = 40): string {
  const chars = Array.from(text);
  const cut = chars.length > max ? chars.slice(0, max) : chars;
  const escaped = cut.map((ch) => (UNSEEN.test(ch) ? escapeChar(ch) : ch)).join('');
  const shown = graphemes(escaped)
    .map((g) => (graphemeWidth(g) === 0 ? Array.from(g, escapeChar).join('') : g))
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
