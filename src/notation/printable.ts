import { graphemes, graphemeWidth } from './width';

/**
 * The characters that do not show as what they are (docs/deals.md, "Seeds on screen"), for a
 * regular expression's character class: controls, format characters (zero-width,
 * direction-changing), line and paragraph separators, default-ignorable characters, and every space
 * but the space itself (a no-break space looks like one, and a command typed from what is seen
 * would differ).
 */
export const UNSEEN_CLASS = String.raw`\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000`;

/** Those characters, and lone surrogates. */
const UNSEEN = new RegExp(`[${UNSEEN_CLASS}]|[\\uD800-\\uDFFF]`, 'u');

/**
 * Text from outside (a file, an option) made safe to show in a terminal: characters that would
 * not show become visible escapes (`\u{200b}`), as does anything else that would take no room on
 * screen (a combining accent with nothing to sit on), so input can never drive the terminal or
 * hide part of itself; long text is cut after `max` characters.
 */
export function printable(text: string, max = 40): string {
  // The same few names are shown in every frame of every game a server draws: each worked out once.
  if (text.length > SHOWN_LONGEST) return printableNow(text, max);
  const key = `${max} ${text}`;
  const known = shownBefore.get(key);
  if (known !== undefined) return known;
  const shown = printableNow(text, max);
  if (shownBefore.size >= SHOWN_KEPT) shownBefore.clear();
  shownBefore.set(key, shown);
  return shown;
}

/** `printable`'s answers for the texts it was given last, at most SHOWN_KEPT of them. */
const shownBefore = new Map<string, string>();
const SHOWN_KEPT = 1024;
/** Longer texts are not kept (a name is short; any text may come from outside). */
const SHOWN_LONGEST = 256;

function printableNow(text: string, max: number): string {
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
