import { newGame } from '../../src/engine';
import { initialState } from '../../src/ui/controller';
import { layout } from '../../src/ui/layout';
import {
  clipboardSequence,
  openRecord,
  recordKey,
  recordRows,
  type RecordPanel,
} from '../../src/ui/record-panel';
import type { UiState } from '../../src/ui/state';
import { THEME } from '../helpers/controller';

const TEXT = `seed: 42\nsuits: 4\n\n${Array.from({ length: 40 }, (_, i) => `${(i % 9) + 1}-5 d`).join('\n')}\n`;

function withRecord(top = 0): { state: UiState; panel: RecordPanel } {
  const base = initialState(
    newGame('42', { suits: 4, relaxed: 0, keepSuits: false }),
    THEME,
    'woods',
  );
  const panel = { ...openRecord(TEXT, null), top };
  return { state: { ...base, overlay: panel }, panel };
}

/** The panel's first line shown after `name` with `rows` lines showing. */
function topAfter(name: string, rows = 10, top = 0, ch?: string): number | string {
  const { state, panel } = withRecord(top);
  const next = recordKey(state, panel, ch === undefined ? { name } : { name, ch }, rows);
  return next.state.overlay?.kind === 'record' ? next.state.overlay.top : 'closed';
}

describe('the record panel (docs/playing.md, "The record panel")', () => {
  it('holds the record line by line, as written', () => {
    const panel = openRecord(TEXT, null);
    expect(panel.lines).toHaveLength(43);
    expect(panel.lines[0]).toBe('seed: 42');
    expect(`${panel.lines.join('\n')}\n`).toBe(TEXT);
  });

  it('scrolls by a line and a page, within the record', () => {
    expect(topAfter('down')).toBe(1);
    expect(topAfter('up')).toBe(0);
    expect(topAfter('pagedown')).toBe(10);
    expect(topAfter('space', 10, 0, ' ')).toBe(10);
    expect(topAfter('end')).toBe(33);
    expect(topAfter('pagedown', 10, 30)).toBe(33);
    expect(topAfter('home', 10, 20)).toBe(0);
    expect(topAfter('pageup', 10, 5)).toBe(0);
  });

  it('copies with c, and closes with any other key, back to what was under it', () => {
    const { state, panel } = withRecord();
    expect(recordKey(state, panel, { name: 'c', ch: 'c' }, 10)).toEqual({ state, effect: 'copy' });
    expect(topAfter('escape')).toBe('closed');
    expect(topAfter('q', 10, 0, 'q')).toBe('closed');
  });

  it('hands the terminal the record as OSC 52 asks: base64, UTF-8', () => {
    expect(clipboardSequence('é\n')).toBe('\x1b]52;c;w6kK\x07');
  });

  it('shows as many lines as fit, and which they are', () => {
    const text = layout(withRecord(5).state, 80, 24).frame.text();
    expect(recordRows(24)).toBe(17);
    expect(text).toContain(`Game record, lines 6-22 of 43`);
    expect(text).toContain('c copies to the clipboard');
    // A terminal made taller since shows the end of the record, not space below it.
    const tall = layout(withRecord(40).state, 80, 40).frame.text();
    expect(tall).toContain(`Game record, lines 11-43 of 43`);
  });
});
