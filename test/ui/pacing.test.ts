/**
 * Frames paced by the host (docs/serve.md, "Limits"): a server that shares its thread among its
 * players holds a player's next frame back while that player is over budget; the frames asked for
 * meanwhile are one, of the latest state.
 */
import { type Pacer, QUIET_HOST } from '../../src/ui/loop';
import { terminalGame } from '../helpers/terminal-game';

/**
 * A pacer the test sets: how long keys and frames must wait; and what it ran, keys handled and
 * frames painted (each asked for just before it runs).
 */
function testPacer() {
  let asked: 'keys' | 'paints' = 'keys';
  const pacer = {
    work: 0,
    frames: 0,
    keys: 0,
    paints: 0,
    workWait: () => {
      asked = 'keys';
      return pacer.work;
    },
    frameWait: () => {
      asked = 'paints';
      return pacer.frames;
    },
    run: (work: () => void) => {
      pacer[asked]++;
      work();
    },
  };
  return pacer;
}

function game(pacer: Pacer) {
  const terminal = terminalGame({ ...QUIET_HOST, pacer });
  return { terminal, exit: terminal.exit };
}

it('holds frames while the pacer says wait, then paints the latest state once', async () => {
  const pacer = testPacer();
  const { terminal, exit } = game(pacer);
  expect(pacer.paints).toBe(1); // the first frame
  pacer.frames = 60;
  terminal.clear();
  terminal.press('d');
  terminal.press('\x0c');
  terminal.press('u');
  terminal.press('r');
  // Each key was handled, and nothing went out while the pacer said wait.
  expect([pacer.keys, pacer.paints]).toEqual([4, 1]);
  expect(terminal.written()).toBe('');
  pacer.frames = 0;
  await new Promise((r) => setTimeout(r, 120));
  // One frame for the four keys, and it shows where they left the game: a deal made, redone.
  expect([pacer.keys, pacer.paints]).toEqual([4, 2]);
  expect(terminal.written()).toMatch(/Redone/);
  terminal.press('qy');
  expect((await exit).status).toBe(0);
});

it('holds keys while the pacer says wait, then handles them in order, none lost', async () => {
  const pacer = testPacer();
  const { terminal, exit } = game(pacer);
  terminal.press('d'); // handled at once
  pacer.work = 40;
  terminal.press('u');
  terminal.press('r');
  terminal.press('u');
  expect(pacer.keys).toBe(1);
  pacer.work = 0;
  await new Promise((r) => setTimeout(r, 100));
  expect(pacer.keys).toBe(4);
  // Undo, redo, undo: in the order typed, the deal is left undone (and can be redone).
  terminal.press('qy');
  const { state } = await exit;
  expect([state.game.kept, state.game.undoneCount]).toEqual([0, 1]);
});

it('paints every frame at once when the host has no pacer', async () => {
  const terminal = terminalGame();
  terminal.clear();
  terminal.press('d');
  terminal.press('u');
  expect(terminal.written()).toContain('Undone');
  terminal.press('qy');
  expect((await terminal.exit).status).toBe(0);
});
