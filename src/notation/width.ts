/**
 * How much room text takes on a terminal. A terminal shows text by grapheme clusters (a letter
 * with its accents, an emoji sequence), each taking 0, 1 or 2 columns; the widths come from
 * string-width, which follows Unicode's East Asian Width and emoji data (ambiguous-width
 * characters count as narrow, as in most terminals outside East Asian locales).
 */

/**
 * string-width and a grapheme segmenter, made the first time text beyond the NARROW characters
 * is measured: loading ICU's segmentation data costs about 8 ms, which a game whose seed and
 * messages are plain text never pays (see docs/measurements.md, "Start-up").
 */
let tools: { stringWidth: (text: string) => number; segmenter: Intl.Segmenter } | undefined;
function measuring(): NonNullable<typeof tools> {
  if (tools === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
    const { default: stringWidth } = require('string-width') as typeof import('string-width');
    tools = { stringWidth, segmenter: new Intl.Segmenter(undefined, { granularity: 'grapheme' }) };
  }
  return tools;
}

/**
 * Text made only of characters known to take one column each, grapheme by grapheme (printable
 * ASCII, Latin letters without combining marks, arrows, box drawing, blocks and card suits): the
 * common case, measured without segmenting.
 */
const NARROW =
  /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2190-\u21ff\u2500-\u25ff\u2660-\u2667]*$/;

/** Whether each character of text is a grapheme of its own, one column wide (see NARROW). */
export function isNarrow(text: string): boolean {
  return NARROW.test(text);
}

const widths = new Map<string, number>();

/** The grapheme clusters of text: what a terminal shows as one character each. */
export function graphemes(text: string): string[] {
  if (NARROW.test(text)) return Array.from(text);
  return Array.from(measuring().segmenter.segment(text), (s) => s.segment);
}

/** The columns one grapheme cluster takes: 0, 1 or 2. */
export function graphemeWidth(grapheme: string): number {
  if (grapheme.length === 1 && NARROW.test(grapheme)) return 1;
  let width = widths.get(grapheme);
  if (width === undefined) {
    width = Math.min(2, measuring().stringWidth(grapheme));
    if (widths.size < 10_000) widths.set(grapheme, width);
  }
  return width;
}

/** The columns text takes on a terminal. */
export function textWidth(text: string): number {
  if (NARROW.test(text)) return text.length;
  let width = 0;
  for (const g of graphemes(text)) width += graphemeWidth(g);
  return width;
}

/**
 * Text for a terminal that is not UTF-8 (docs/deals.md, "Seeds on screen"): each character beyond
 * ASCII becomes `?`, one per column it would take (at least one).
 */
export function asciiOnly(text: string): string {
  if (/^\p{ASCII}*$/u.test(text)) return text;
  let shown = '';
  for (const g of graphemes(text))
    shown += /^\p{ASCII}+$/u.test(g) ? g : '?'.repeat(Math.max(1, graphemeWidth(g)));
  return shown;
}

/** The longest start of text that fits in `width` columns. */
export function cutToWidth(text: string, width: number): string {
  let used = 0;
  let cut = '';
  for (const g of graphemes(text)) {
    used += graphemeWidth(g);
    if (used > width) break;
    cut += g;
  }
  return cut;
}
