/**
 * The clock in the game loop (docs/playing.md, "The clock"): it runs while the game is on screen,
 * stops while the game is suspended, shows the time the game keeps, and redraws once a second,
 * only its own cells, and only while it is shown.
 */
import type { Screen } from '../../src/ui/screen';
import { QUIET_HOST } from '../../src/ui/loop';
import { terminalGame } from '../helpers/terminal-game';

/** Blessed writes a run of blank cells as a cursor move (`ESC [ n C`): the spaces it stands for. */
const spaced = (text: string) =>
  text.replace(new RegExp(`${String.fromCharCode(27)}\\[(\\d*)C`, 'g'), (_, n: string) =>
    ' '.repeat(Number(n || 1)),
  );
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('runs on screen, stops while suspended, and redraws its cells once a second while shown', async () => {
  let ms = 61_000;
  const runs: boolean[] = [];
  let back: () => void = () => undefined;
  const host = {
    ...QUIET_HOST,
    suspend: async (screen: Pick<Screen, 'leave' | 'enter'>) => {
      screen.leave();
      await new Promise<void>((resolve) => (back = resolve));
      screen.enter();
      return 'resumed' as const;
    },
  };
  const clock = { runs: (running: boolean) => runs.push(running), playedMs: () => ms };
  const game = terminalGame(host, { clock });
  expect(spaced(game.written())).toContain('deals 5  time 1:01');
  expect(runs[runs.length - 1]).toBe(true);
  // The next second: only the digit that changed is written, with the cursor moves around it.
  game.clear();
  ms = 62_000;
  await pause(1_100);
  expect(game.written()).toMatch(/2/);
  expect(game.written().length).toBeLessThan(40);
  // Ctrl-Z: the clock stops with the game, and runs again once it is back.
  game.press('\x1a');
  expect(runs[runs.length - 1]).toBe(false);
  back();
  await pause(10);
  expect(runs[runs.length - 1]).toBe(true);
  // Hidden with t, it is not redrawn however the time goes on.
  game.press('t');
  game.clear();
  ms = 70_000;
  await pause(1_100);
  expect(game.written()).toBe('');
  game.press('q');
  expect((await game.exit).status).toBe(0);
});
