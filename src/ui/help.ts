/**
 * The help screen (docs/playing.md, "Playing"): keys, mouse, then the rules in short, laid out for
 * the width the terminal gives it.
 */
import { wrapWords } from './wrap';

/** A line of one or two keys, each with what it does; a paragraph; or a gap (null). */
export type HelpItem =
  | { readonly keys: readonly (readonly [key: string, does: string])[] }
  | { readonly text: string }
  | null;

export interface HelpPage {
  readonly title: string;
  readonly items: readonly HelpItem[];
}

const key = (...pairs: (readonly [string, string])[]): HelpItem => ({ keys: pairs });
const text = (words: string): HelpItem => ({ text: words });

export const HELP_PAGES: readonly HelpPage[] = [
  {
    title: 'Keys',
    items: [
      key([
        '1-9, 0',
        'pick up the run of a column (0 is column 10), then press the column to put it on; the same column twice sends the cards picked up to the best place',
      ]),
      key(['Up/Down', 'pick up more or fewer cards of the run (also k/j)']),
      key([
        'Left/Right',
        'move the column cursor (also H/l, Tab/Shift-Tab); Enter or Space picks up at the cursor or puts down there',
      ]),
      key(['Esc', 'put the cards back'], ['v', 'end panel off/on']),
      key(['d', 'deal a row from the stock'], ['u / r', 'undo / redo']),
      key(['h', 'hint; h again shows the next'], ['e', 'expand a column']),
      key(['x', 'remove a full suit (keep-suits)'], ['t', 'clock on/off']),
      key(['w', 'write the record to a file'], ['s / b', 'stats / ranking']),
      key(['c / a / g', 'can I still win? / demo / where did it go wrong? (peeks)']),
      key(['R', 'restart this deal'], ['n', 'new game']),
      key(['Ctrl-L', 'redraw'], ['?', 'this help']),
      key(['Ctrl-Z', 'suspend (not over SSH)'], ['q', 'quit']),
      null,
      text(
        'Mouse: click a card to pick up the run from it, click a column to put it there; or drag it. Click the deals counter to deal.',
      ),
      text('vi keys: j/k and l work; h is the hint, so left is H.'),
    ],
  },
  {
    title: 'Rules',
    items: [
      text(
        'Build every suit from king down to ace. A card goes onto the card one rank higher, of any suit; nothing goes onto an ace. Cards of one suit in sequence move together; a king, or a run headed by one, only into an empty column. Any card or run may go into an empty column.',
      ),
      null,
      text(
        'A face-down card turns up when the cards on it leave. d deals one card onto every column; with relaxed 0 (the default) no column may be empty then; relaxed 1 allows it when every column is one same-suit sequence, relaxed 2 when every column descends by rank, relaxed 3 always.',
      ),
      null,
      text(
        'A complete suit, king to ace, leaves the table at once (keep-suits: when you press x). Remove all eight suits to win.',
      ),
      null,
      text(
        'Scores: woods (990 for a win, 1000 with all suits kept), microsoft (500 - actions + 100 a suit), aisleriot (in-suit pairs, 96 at most). Peeks: undoing a turned card or a deal, and asking the solver (c, g; a, its demo, plays on until any key) show what you could not know. A game the demo played in is won with help: no record, no streak.',
      ),
    ],
  },
];

/** Columns of a key line: the key, what it does, and where a second key starts. */
const KEY = 11;
const SECOND = 44;
const SECOND_KEY = 8;
/** The widest the help is drawn: its text wraps at this width even on a wide terminal. */
export const HELP_WIDTH = 68;

/**
 * A page's lines at `width` columns (its title first): two keys side by side where both fit,
 * else one a line, what a key does wrapped under its own column, paragraphs wrapped to fit.
 */
export function helpLines(page: HelpPage, width: number): string[] {
  const lines = [page.title, ''];
  const keyLine = (name: string, does: string): string[] => {
    if (width < KEY + 10) return wrapWords(`${name}: ${does}`, width);
    return wrapWords(does, width - KEY).map(
      (part, i) => (i === 0 ? name.padEnd(KEY) : ' '.repeat(KEY)) + part,
    );
  };
  for (const item of page.items) {
    if (item === null) lines.push('');
    else if ('text' in item) lines.push(...wrapWords(item.text, width));
    else {
      const [first, second] = item.keys;
      const sideBySide =
        second !== undefined &&
        KEY + first[1].length < SECOND &&
        SECOND + SECOND_KEY + second[1].length <= width;
      if (sideBySide)
        lines.push(
          first[0].padEnd(KEY) +
            first[1].padEnd(SECOND - KEY) +
            second[0].padEnd(SECOND_KEY) +
            second[1],
        );
      else for (const [name, does] of item.keys) lines.push(...keyLine(name, does));
    }
  }
  return lines;
}
