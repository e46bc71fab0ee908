/**
 * Ctrl-L (README, "Playing"): the terminal is cleared and every cell written anew, as when the
 * screen holds what the game did not draw; any other key writes only the cells that changed.
 */
import { PassThrough, Writable } from 'stream';
import { newGame } from '../../src/engine';
import { heuristicHints } from '../../src/search';
import { initialState } from '../../src/ui/controller';
import { runTerminalGame } from '../../src/ui/loop';

/** A cursor move to the right (`ESC [ n C`), which blessed writes for a run of blank cells. */
const CURSOR_FORWARD = new RegExp(`${String.fromCharCode(27)}\\[(\\d*)C`, 'g');

it('Ctrl-L clears the terminal and writes every cell again, however often it is pressed', async () => {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
  let text = '';
  const output = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        done();
      },
    }),
    { isTTY: true, columns: 80, rows: 24 },
  );
  const exit = runTerminalGame(
    initialState(
      newGame('42', { suits: 1, relaxed: 0, keepSuits: false }),
      { ascii: true, color: false, fourColor: false },
      'woods',
    ),
    { randomSeed: () => '1', hints: heuristicHints },
    {
      input: input as unknown as NodeJS.ReadStream,
      output: output as unknown as NodeJS.WriteStream,
      term: 'xterm',
    },
  );
  const title = 'Spider  seed 42';
  const clear = '\x1b[H\x1b[2J';
  for (let i = 0; i < 3; i++) {
    text = '';
    input.write('l'); // the cursor moves: a few cells
    expect(text).not.toContain(clear);
    expect(text).not.toContain(title);
    text = '';
    input.write('\x0c');
    expect(text).toContain(clear);
    // The status line whole, and every column's cards: what the first frame wrote.
    expect(text.replace(CURSOR_FORWARD, (_, n: string) => ' '.repeat(Number(n || 1)))).toContain(
      title,
    );
    expect(text).toContain('##');
  }
  input.write('q');
  expect((await exit).status).toBe(0);
});
