/**
 * Painting only what changed (src/ui/screen.ts): after any keys, a terminal sent the cells that
 * changed frame by frame shows what one sent every cell of each frame anew (Ctrl-L after every
 * key) shows: the same characters, colours, bold and inverse, cell for cell.
 */
import { Terminal as Emulator } from '@xterm/headless';
import { newGame } from '../../src/engine';
import { initialState } from '../../src/ui/controller';
import { Frame, type Role } from '../../src/ui/frame';
import { layout } from '../../src/ui/layout';
import { QUIET_HOST } from '../../src/ui/loop';
import { frameChanges } from '../../src/ui/screen';
import { paint } from '../../src/ui/theme';
import { terminalGame } from '../helpers/terminal-game';

const COLS = 80;
const ROWS = 24;

/** A 4-suit game in colour, on an emulated terminal that is sent everything the game writes. */
function emulated(seed: string) {
  const emulator = new Emulator({ cols: COLS, rows: ROWS, allowProposedApi: true });
  const game = terminalGame(
    QUIET_HOST,
    {},
    {
      seed,
      suits: 4,
      theme: { ascii: false, color: true, fourColor: false },
      term: 'xterm-256color',
      written: (chunk, done) => emulator.write(chunk, done),
    },
  );
  return {
    press: game.press,
    /** Every cell: its character, colour, bold and inverse, once the emulator has taken all. */
    async cells(): Promise<string[]> {
      await new Promise<void>((resolve) => emulator.write('', resolve));
      const rows: string[] = [];
      const buffer = emulator.buffer.active;
      for (let y = 0; y < ROWS; y++) {
        const line = buffer.getLine(buffer.viewportY + y);
        let row = '';
        for (let x = 0; x < COLS; x++) {
          const cell = line?.getCell(x);
          if (cell === undefined || cell.getWidth() === 0) continue;
          row += `${cell.getChars() || ' '}${cell.getFgColor()}${cell.isBold() ? 'b' : ''}${cell.isInverse() ? 'i' : ''}|`;
        }
        rows.push(row);
      }
      return rows;
    },
    exit: game.exit,
  };
}

/** Keys that play, undo, redo, move the cursor and open and close the help (not hints: they come
 * from the background, at moments of their own). */
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'd', 'u', 'r', 'l', 'L', 'H', '?'];

it('a terminal sent only the changed cells shows what one sent every cell shows, key after key', async () => {
  const changes = emulated('7');
  const whole = emulated('7');
  let random = 12345;
  for (let i = 0; i < 300; i++) {
    random = (random * 48271) % 2147483647;
    const key = KEYS[random % KEYS.length];
    changes.press(key);
    whole.press(key);
    whole.press('\x0c');
    const shown = await changes.cells();
    expect({ key: i, rows: shown }).toEqual({ key: i, rows: await whole.cells() });
  }
  // Quitting a game with moves asks first.
  changes.press('qy');
  whole.press('qy');
  expect((await changes.exit).status).toBe(0);
  expect((await whole.exit).status).toBe(0);
});

describe('the cells written for a frame', () => {
  const theme = { ascii: false, color: true, fourColor: false };
  /** SGR codes as a terminal of 16 colours takes them. */
  const codeOf = (role: Role, highlight: number) => {
    const p = paint(role, highlight === 1, theme);
    const codes = [
      '0',
      p.bold ? '1' : '',
      p.inverse ? '7' : '',
      p.fg < 0 ? '' : String(p.fg < 8 ? 30 + p.fg : 82 + p.fg),
    ];
    return `\x1b[${codes.filter(Boolean).join(';')}m`;
  };
  const blank = new Frame(COLS, ROWS);

  async function shown(emulator: Emulator): Promise<{ text: string; fg: number[] }> {
    await new Promise<void>((resolve) => emulator.write('', resolve));
    const buffer = emulator.buffer.active;
    const lines: string[] = [];
    const fg: number[] = [];
    for (let y = 0; y < ROWS; y++) {
      const line = buffer.getLine(y);
      lines.push((line?.translateToString(true) ?? '').trimEnd());
      for (let x = 0; x < COLS; x++) fg.push(line?.getCell(x)?.getFgColor() ?? -1);
    }
    return { text: lines.join('\n').replace(/\n+$/, ''), fg };
  }

  test('a first frame, then the next, show on the terminal as laid out, wide characters and all', async () => {
    const emulator = new Emulator({ cols: COLS, rows: ROWS, allowProposedApi: true });
    const state = initialState(
      newGame('7', { suits: 4, relaxed: 0, keepSuits: false }),
      theme,
      'woods',
    );
    const first = layout(state, COLS, ROWS).frame;
    first.put(10, 20, 'wide 中文 here', 'message');
    emulator.write(frameChanges(first, blank, { width: COLS, height: ROWS }, codeOf, false));
    let seen = await shown(emulator);
    expect(seen.text).toBe(first.text().replace(/\n+$/, ''));
    // The hearts are red (colour 1); the message plain.
    const heart = first.roles.indexOf('heart');
    expect(heart).toBeGreaterThan(0);
    expect(seen.fg[heart]).toBe(1);

    const next = layout({ ...state, focus: 5 }, COLS, ROWS).frame;
    next.put(10, 20, 'narrow now', 'message');
    next.put(30, 21, '中', 'error');
    const changes = frameChanges(next, first, { width: COLS, height: ROWS }, codeOf, false);
    expect(changes.length).toBeLessThan(200); // a few cells, not the whole screen
    emulator.write(changes);
    seen = await shown(emulator);
    expect(seen.text).toBe(next.text().replace(/\n+$/, ''));
  });

  test('where the terminal is not UTF-8, each column of a character beyond ASCII is a ?', async () => {
    const emulator = new Emulator({ cols: COLS, rows: ROWS, allowProposedApi: true });
    const frame = new Frame(COLS, ROWS);
    frame.put(0, 0, 'a中b♠c', 'plain');
    emulator.write(frameChanges(frame, blank, { width: COLS, height: ROWS }, codeOf, true));
    expect((await shown(emulator)).text).toBe('a??b?c');
  });
});
