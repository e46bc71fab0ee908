/**
 * The new-game panel drawn (docs/playing.md, "A new game"): a row for each choice, the value
 * chosen in brackets and inverted, and where each value lies so that a click can choose it.
 */
import { RELAXED_LEVELS, type RelaxedLevel, SUIT_COUNTS, type SuitCount } from '../engine';
import type { Frame, Role } from './frame';
import {
  type Choice,
  DEAL_KINDS,
  type DealKind,
  DEAL_WORDS,
  NAME_PROMPTS,
  type NewGamePanel,
  type PanelHit,
  type PanelTarget,
  RELAXED_WORDS,
  type Row,
  rowsOf,
  SUIT_WORDS,
} from './new-game';
import { panel } from './panel';
import { wrapWords } from './wrap';
import { cutToWidth, textWidth } from '../notation';

/** The widest the panel's inside gets. */
const WIDTH = 58;
/** Where the values start, after the row's label. */
const LABEL = 12;

/** One line of the panel: pieces of text side by side, each with its role and what it stands for. */
interface Piece {
  readonly text: string;
  readonly role: Role;
  readonly highlight?: boolean;
  readonly target?: PanelTarget;
}
interface Line {
  readonly pieces: readonly Piece[];
  /** The row the line belongs to; a line that explains the row is `optional` where room is short. */
  readonly row?: Row;
  readonly optional?: boolean;
}

const SUIT_LABEL = { 1: '1 suit', 2: '2 suits', 4: '4 suits' } as const;
const SAVES_LINE = (n: number) => `${n} unfinished game${n === 1 ? '' : 's'} saved: s lists them`;

/** A row's values, wrapped to the width, the chosen one in brackets. */
function valueLines<T>(
  row: Row,
  label: string,
  values: readonly { value: T; text: string; target: PanelTarget }[],
  chosen: T,
  width: number,
  focused: boolean,
): Line[] {
  const lines: Line[] = [];
  let pieces: Piece[] = [{ text: label.padEnd(LABEL), role: focused ? 'title' : 'panel' }];
  let used = LABEL;
  for (const { value, text, target } of values) {
    const on = value === chosen;
    const shown = on ? `[${text}]` : ` ${text} `;
    if (used + textWidth(shown) > width && used > LABEL) {
      lines.push({ pieces, row });
      pieces = [{ text: ' '.repeat(LABEL), role: 'panel' }];
      used = LABEL;
    }
    pieces.push({ text: shown, role: on ? 'key' : 'panel', highlight: on && focused, target });
    used += textWidth(shown);
  }
  lines.push({ pieces, row });
  return lines;
}

/** Lines that say more about a row's value, set under the values, wrapped to the width. */
const notes = (text: string, row: Row, width: number): Line[] =>
  wrapWords(text, Math.max(1, width - LABEL)).map((line) => ({
    pieces: [{ text: `${' '.repeat(LABEL)}${line}`, role: 'dim' }],
    row,
    optional: true,
  }));

/** Under the suits when the rules are the server's own. */
const FIXED_NOTE = 'fixed by this server: choose the deal below';

function choiceLines(panel: NewGamePanel, width: number): Line[] {
  const { choice, row } = panel;
  /** A row's values, each its own click target. */
  const values = <V>(
    on: Row,
    label: string,
    all: readonly V[],
    text: (value: V) => string,
    target: (value: V) => PanelTarget,
    chosen: V,
  ): Line[] => {
    const listed = all.map((value) => ({ value, text: text(value), target: target(value) }));
    return valueLines(on, label, listed, chosen, width, row === on);
  };
  const suits = (value: SuitCount): PanelTarget => ({ row: 'suits', value });
  const relaxed = (value: RelaxedLevel): PanelTarget => ({ row: 'relaxed', value });
  const keep = (value: boolean): PanelTarget => ({ row: 'keep', value });
  const deal = (value: DealKind): PanelTarget => ({ row: 'deal', value });
  const lines: Line[] = [
    ...values('suits', 'Suits', SUIT_COUNTS, (n) => SUIT_LABEL[n], suits, choice.suits),
    ...notes(panel.fixed === true ? FIXED_NOTE : SUIT_WORDS[choice.suits], 'suits', width),
    ...values('relaxed', 'Relaxed', RELAXED_LEVELS, String, relaxed, choice.relaxed),
    ...notes(RELAXED_WORDS[choice.relaxed], 'relaxed', width),
    ...values(
      'keep',
      'Keep suits',
      [false, true],
      (on) => (on ? 'yes' : 'no'),
      keep,
      choice.keepSuits,
    ),
    ...values('deal', 'Deal', DEAL_KINDS, (kind) => DEAL_WORDS[kind], deal, choice.deal),
  ];
  if (rowsOf(panel).includes('name')) lines.push(nameLine(choice, width, row === 'name'));
  return lines;
}

/** The seed or number typed, with a cursor while its row has the focus. */
function nameLine(choice: Choice, width: number, focused: boolean): Line {
  const prompt = NAME_PROMPTS[choice.deal as keyof typeof NAME_PROMPTS];
  const room = Math.max(1, width - LABEL - 1);
  // The end of a long name shows, where it is typed.
  let name = choice.name;
  while (textWidth(name) > room) name = name.slice(1);
  return {
    row: 'name',
    pieces: [
      { text: prompt.padEnd(LABEL), role: focused ? 'title' : 'panel', target: { row: 'name' } },
      { text: name, role: 'key', target: { row: 'name' } },
      ...(focused ? [{ text: '_', role: 'key' as const, highlight: true }] : []),
    ],
  };
}

/** The panel's last lines: a problem or the search under way, the saved games, the keys. */
function footLines(panel: NewGamePanel, width: number): Line[] {
  const lines: Line[] = [{ pieces: [{ text: '', role: 'panel' }], optional: true }];
  const searching =
    panel.choice.deal === 'daily'
      ? "Looking for today's deal... Esc stops"
      : 'Looking for a winnable deal... Esc stops';
  if (panel.searching)
    lines.push({ pieces: [{ text: cutToWidth(searching, width), role: 'hint' }] });
  else if (panel.problem !== null)
    for (const text of wrapWords(panel.problem, width).slice(0, 4))
      lines.push({ pieces: [{ text, role: 'error' }] });
  if (panel.saves > 0)
    lines.push({
      row: 'saves',
      pieces: [
        {
          text: cutToWidth(SAVES_LINE(panel.saves), width),
          role: panel.row === 'saves' ? 'title' : 'panel',
          target: { row: 'saves' },
        },
      ],
    });
  lines.push({
    pieces: [
      { text: 'Enter', role: 'key', target: { row: 'start' } },
      { text: ' deals  ', role: 'panel', target: { row: 'start' } },
      { text: 'Esc', role: 'key', target: { row: 'close' } },
      { text: ' closes  ', role: 'panel', target: { row: 'close' } },
      { text: 'arrows choose', role: 'panel' },
    ],
  });
  return lines;
}

/** Draws the panel; answers where its values and keys lie, for the mouse. */
export function drawNewGame(
  frame: Frame,
  state: { theme: { ascii: boolean } },
  shown: NewGamePanel,
): PanelHit[] {
  const width = Math.max(20, Math.min(WIDTH, frame.width - 6));
  let lines = [...choiceLines(shown, width), ...footLines(shown, width)];
  const room = Math.max(1, frame.height - 4);
  // On a short terminal the explanations go first, then what does not fit.
  if (lines.length > room) lines = lines.filter((line) => !line.optional);
  lines = lines.slice(0, room);
  const inner = panel(frame, width, lines.length, 'New game', state.theme.ascii);
  const hits: PanelHit[] = [];
  lines.forEach((line, i) => {
    const y = inner.y + i;
    let x = inner.x;
    const focused = line.row !== undefined && line.row === shown.row && !line.optional;
    if (focused && line.pieces[0].text.trim() !== '') frame.put(inner.x - 1, y, '>', 'key');
    for (const piece of line.pieces) {
      const end = frame.put(
        x,
        y,
        piece.text,
        piece.role,
        piece.highlight === true,
        inner.x + inner.width - x,
      );
      if (piece.target) hits.push({ x, y, width: end - x, target: piece.target });
      x = end;
    }
  });
  return hits;
}
