/**
 * Frames paced by the host (README, "Limits"): a server that shares its thread among its players
 * holds a player's next frame back while that player is over budget; the frames asked for
 * meanwhile are one, of the latest state.
 */
import { PassThrough, Writable } from 'stream';
import { newGame } from '../../src/engine';
import { heuristicHints } from '../../src/search';
import { initialState } from '../../src/ui/controller';
import { type FramePacer, QUIET_HOST, runTerminalGame } from '../../src/ui/loop';

function fakeTerminal() {
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
  return {
    input: input as unknown as NodeJS.ReadStream,
    output: output as unknown as NodeJS.WriteStream,
    press: (keys: string) => input.write(keys),
    written: () => text,
    clear: () => (text = ''),
  };
}

it('holds frames while the pacer says wait, then paints the latest state once', async () => {
  const terminal = fakeTerminal();
  let wait = 0;
  const paints: number[] = [];
  const frames: FramePacer = {
    wait: () => wait,
    paint: (draw) => {
      paints.push(Date.now());
      draw();
    },
  };
  const game = newGame('42', { suits: 1, relaxed: 0, keepSuits: false });
  const exit = runTerminalGame(
    initialState(game, { ascii: true, color: false, fourColor: false }, 'woods'),
    { randomSeed: () => '1', hints: heuristicHints },
    { input: terminal.input, output: terminal.output, term: 'xterm' },
    {},
    { ...QUIET_HOST, frames },
  );
  expect(paints).toHaveLength(1); // the first frame
  wait = 60;
  terminal.clear();
  terminal.press('d');
  terminal.press('\x0c');
  terminal.press('u');
  terminal.press('r');
  // Nothing went out while the pacer said wait.
  expect(paints).toHaveLength(1);
  expect(terminal.written()).toBe('');
  wait = 0;
  await new Promise((r) => setTimeout(r, 120));
  // One frame for the four keys, and it shows where they left the game: a deal made, redone.
  expect(paints).toHaveLength(2);
  expect(terminal.written()).toContain('Redone');
  terminal.press('qy');
  expect((await exit).status).toBe(0);
});

it('paints every frame at once when the host has no pacer', async () => {
  const terminal = fakeTerminal();
  const game = newGame('42', { suits: 1, relaxed: 0, keepSuits: false });
  const exit = runTerminalGame(
    initialState(game, { ascii: true, color: false, fourColor: false }, 'woods'),
    { randomSeed: () => '1', hints: heuristicHints },
    { input: terminal.input, output: terminal.output, term: 'xterm' },
  );
  terminal.clear();
  terminal.press('d');
  terminal.press('u');
  expect(terminal.written()).toContain('Undone');
  terminal.press('qy');
  expect((await exit).status).toBe(0);
});
