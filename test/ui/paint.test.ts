/**
 * Painting only what changed (src/ui/screen.ts): after any keys, a terminal sent the cells that
 * changed frame by frame shows what one sent every cell of each frame anew (Ctrl-L after every
 * key) shows: the same characters, colours, bold and inverse, cell for cell.
 */
import { Terminal as Emulator } from '@xterm/headless';
import { PassThrough, Writable } from 'stream';
import { newGame } from '../../src/engine';
import { heuristicHints } from '../../src/search';
import { initialState } from '../../src/ui/controller';
import { QUIET_HOST, runTerminalGame } from '../../src/ui/loop';

const COLS = 80;
const ROWS = 24;

/** A 4-suit game in colour, on an emulated terminal that is sent everything the game writes. */
function emulated(seed: string) {
  const emulator = new Emulator({ cols: COLS, rows: ROWS, allowProposedApi: true });
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
  const output = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        emulator.write(chunk, done);
      },
    }),
    { isTTY: true, columns: COLS, rows: ROWS },
  );
  const exit = runTerminalGame(
    initialState(
      newGame(seed, { suits: 4, relaxed: 0, keepSuits: false }),
      { ascii: false, color: true, fourColor: false },
      'woods',
    ),
    { randomSeed: () => '1', hints: heuristicHints },
    {
      input: input as unknown as NodeJS.ReadStream,
      output: output as unknown as NodeJS.WriteStream,
      term: 'xterm-256color',
    },
    {},
    QUIET_HOST,
  );
  return {
    press: (keys: string) => input.write(keys),
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
    exit,
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
