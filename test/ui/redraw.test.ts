/**
 * Ctrl-L (docs/playing.md, "Playing"): the terminal is cleared and every cell written anew, as when
 * the screen holds what the game did not draw; any other key writes only the cells that changed.
 */
import { terminalGame } from '../helpers/terminal-game';

/** A cursor move to the right (`ESC [ n C`), which blessed writes for a run of blank cells. */
const CURSOR_FORWARD = new RegExp(`${String.fromCharCode(27)}\\[(\\d*)C`, 'g');

it('Ctrl-L clears the terminal and writes every cell again, however often it is pressed', async () => {
  const game = terminalGame();
  const title = 'Spider  seed 42';
  const clear = '\x1b[H\x1b[2J';
  for (let i = 0; i < 3; i++) {
    game.clear();
    game.press('l'); // the cursor moves: a few cells
    expect(game.written()).not.toContain(clear);
    expect(game.written()).not.toContain(title);
    game.clear();
    game.press('\x0c');
    expect(game.written()).toContain(clear);
    // The status line whole, and every column's cards: what the first frame wrote.
    expect(
      game.written().replace(CURSOR_FORWARD, (_, n: string) => ' '.repeat(Number(n || 1))),
    ).toContain(title);
    expect(game.written()).toContain('##');
  }
  game.press('q');
  expect((await game.exit).status).toBe(0);
});
