/**
 * Terminal benchmark.
 *
 *   npm run bench:tui
 *
 * 1. Start-up: runs bin/spider in a real pseudo-terminal (util-linux `script`) at 80x24, in fresh
 *    save folders, and times from spawning the process to the first full frame, as
 *    `npm run bench:startup` does (which also compares it with a bare node).
 * 2. Keystrokes: runs the game's screen code in this process on a fake 80x24 terminal and
 *    measures, per keystroke, the time from the input bytes to the frame written, and the bytes
 *    written: picking up a card, putting it down (a one-card move), and a deal.
 * 3. Frames by the terminal's size (80x24, 200x60, 400x150): a cursor move, and Ctrl-L, which
 *    repaints every cell.
 * 4. Keystrokes while the game decides in the background whether a position is lost (docs/rules.md,
 *    "Lost"), on a position whose search runs to its limit of 1,000,000 positions: keys arrive
 *    on timers at moments the search does not choose, and each is timed from the moment it was
 *    due to the frame it causes, so the time it waited for a slice of the search counts.
 * 5. Keystrokes while the solver thinks in its two threads (docs/solver.md, "The solver in the
 * game"),
 *    asked whether a 4-suit deal it cannot settle in its time can still be won: timed as in 4.
 */
import { PassThrough, Writable } from 'stream';
import {
  type Action,
  bySeed,
  type Game,
  legalActions,
  newGame,
  play,
  ProgressSearch,
} from '../src/engine';
import { heuristicHints } from '../src/search';
import { initialState } from '../src/ui/controller';
import { type GameHooks as ScreenHooks, QUIET_HOST, runTerminalGame } from '../src/ui/loop';
import { SolverPair } from '../src/host/solver-thread';
import { localPlaces } from '../src/store/paths';
import { GameSession } from '../src/store/session';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runBench, settingsFromEnv, wholeFromEnv } from './settings';
import { spiderFirstFrame } from './startup';

const WIDTH = 80;
const HEIGHT = 24;
/** Fresh games the keystroke figures are the medians of. */
const RUNS = settingsFromEnv(() => wholeFromEnv('SPIDER_BENCH_TUI_RUNS', 15));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const ms = (n: number) => `${n.toFixed(2)} ms`;

/** A fake terminal: input bytes we push, output bytes we count. */
function fakeTerminal(width = WIDTH, height = HEIGHT) {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
  let bytes = 0;
  let lastWrite = 0n;
  const output = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        lastWrite = process.hrtime.bigint();
        callback();
      },
    }),
    { isTTY: true, columns: width, rows: height },
  );
  return {
    input: input as unknown as NodeJS.ReadStream,
    output: output as unknown as NodeJS.WriteStream,
    /** Sends keys from a timer `delay` ms from now; resolves with the time from then to the frame. */
    async pressLater(keys: string, delay: number): Promise<number> {
      const due = process.hrtime.bigint() + BigInt(Math.round(delay * 1e6));
      const before = bytes;
      await new Promise<void>((resolve) =>
        setTimeout(() => {
          input.write(keys);
          resolve();
        }, delay),
      );
      while (bytes === before) await new Promise((r) => setImmediate(r));
      return Number(lastWrite - due) / 1e6;
    },
    /**
     * Sends keys and waits until the frame they cause is written; returns its time and bytes.
     * A key that paints nothing stops the benchmark, which would otherwise time an older frame
     * (unless `frame` is false: a key that ends the game).
     */
    async press(keys: string, frame = true): Promise<{ ms: number; bytes: number }> {
      const before = bytes;
      const begin = process.hrtime.bigint();
      input.write(keys);
      // blessed handles input synchronously in the 'data' event; one turn of the loop delivers it.
      await new Promise((r) => setImmediate(r));
      const deadline = Date.now() + 1000;
      while (frame && bytes === before) {
        if (Date.now() > deadline) throw new Error(`no frame after ${JSON.stringify(keys)}`);
        await new Promise((r) => setImmediate(r));
      }
      return { ms: Number(lastWrite - begin) / 1e6, bytes: bytes - before };
    },
  };
}

/** A seed whose deal has a one-card move between two non-empty columns; returns it and the move. */
function seedWithSingleMove(): { seed: string; move: Action & { kind: 'move' } } {
  for (let s = 1; ; s++) {
    const game = newGame(String(s), { suits: 4, relaxed: 0, keepSuits: false });
    const found = legalActions(game.position).find((a) => a.kind === 'move' && a.count === 1);
    if (found && found.kind === 'move') return { seed: String(s), move: found };
  }
}

const key = (column: number) => String((column + 1) % 10);

/**
 * Plays pick-up, put-down and deal in RUNS fresh games and reports the median time and bytes.
 * With `autosave`, every action is saved to disk (temporary file, fsync, rename) before its frame
 * is painted, as in the real game.
 */
async function keystrokes(autosave: boolean): Promise<void> {
  const { seed, move } = seedWithSingleMove();
  const pick: number[] = [];
  const drop: number[] = [];
  const deal: number[] = [];
  const times: number[] = [];
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-'));
  const env = { XDG_STATE_HOME: path.join(home, 'state'), XDG_DATA_HOME: path.join(home, 'data') };
  const rules = { suits: 4, relaxed: 0, keepSuits: false } as const;
  for (let run = 0; run < RUNS; run++) {
    const terminal = fakeTerminal();
    let game = newGame(seed, rules);
    let hooks: ScreenHooks = {};
    let session: GameSession | undefined;
    if (autosave) {
      const opened = GameSession.open({
        places: localPlaces(env),
        rules,
        explicitRules: {},
        deal: bySeed(seed),
        fresh: true,
        randomSeed: () => '1',
      });
      session = opened.session;
      game = opened.game;
      const s = session;
      hooks = {
        gameChanged: (before, after) => {
          s.changed(before, after); // the save is what is timed; its note is not shown
          return null;
        },
      };
    }
    const theme = { ascii: false, color: true, fourColor: false };
    const done = runTerminalGame(
      initialState(game, theme, 'woods'),
      { randomSeed: () => '1', hints: heuristicHints },
      { input: terminal.input, output: terminal.output, term: 'xterm-256color' },
      hooks,
    );
    await new Promise((r) => setImmediate(r));
    const a = await terminal.press(key(move.from));
    const b = await terminal.press(key(move.to));
    const c = await terminal.press('d');
    pick.push(a.bytes);
    drop.push(b.bytes);
    deal.push(c.bytes);
    times.push(b.ms, c.ms);
    await terminal.press('\x03', false);
    const exit = await done;
    session?.leave(exit.state.game);
  }
  fs.rmSync(home, { recursive: true, force: true });
  const what = autosave ? 'with autosave to disk' : 'screen only';
  console.log(
    `Keystroke to frame for a move or a deal (${what}; fake 80x24 terminal, seed ${seed}, ${RUNS} games):`,
  );
  console.log(`  median ${ms(median(times))}, worst ${ms(Math.max(...times))}`);
  if (autosave) return;
  console.log(`Bytes written (median):`);
  console.log(`  pick up one card (key ${key(move.from)})        ${median(pick)}`);
  console.log(`  put it down: one-card move (key ${key(move.to)}) ${median(drop)}`);
  console.log(`  deal (key d)                          ${median(deal)}`);
}

/** A 2-suit game, 45 random actions in, where the search for progress meets its limit. */
function gameWithLongSearch(): Game {
  let state = 162;
  const random = (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  let game = newGame('161', { suits: 2, relaxed: 0, keepSuits: false });
  for (let i = 0; i < 45; i++) {
    const legal = legalActions(game.position);
    const outcome = play(game, legal[random(legal.length)]);
    if (!outcome.ok) throw new Error('bench: a legal action was refused');
    game = outcome.game;
  }
  return game;
}

async function keysDuringSearch(): Promise<void> {
  const game = gameWithLongSearch();
  const terminal = fakeTerminal();
  const state = initialState(game, { ascii: false, color: true, fourColor: false }, 'woods');
  if (state.status !== null) throw new Error('bench: this position was expected to need a search');
  const done = runTerminalGame(
    state,
    { randomSeed: () => '1', hints: heuristicHints },
    { input: terminal.input, output: terminal.output, term: 'xterm-256color' },
  );
  await new Promise((r) => setImmediate(r));
  const times: number[] = [];
  const began = process.hrtime.bigint();
  // 'e' asks which column to show and the next 'e' closes the question: the game never changes,
  // so the search goes on for the same position all along.
  for (let i = 0; i < 40; i++) times.push(await terminal.pressLater('e', 3 + (i % 7)));
  const keysMs = Number(process.hrtime.bigint() - began) / 1e6;
  await terminal.press('\x03', false);
  await done;
  // The same search alone, for comparison (no cache: a search object of its own).
  const alone = process.hrtime.bigint();
  const search = new ProgressSearch(game.position);
  const verdict = search.run();
  const searchMs = Number(process.hrtime.bigint() - alone) / 1e6;
  console.log(
    `Keystroke to frame while the lost-game search runs (${times.length} keys over ${keysMs.toFixed(0)} ms; ` +
      `the search alone: ${search.positions.toLocaleString('en-US')} positions, ${verdict}, ${searchMs.toFixed(0)} ms):`,
  );
  console.log(`  median ${ms(median(times))}, worst ${ms(Math.max(...times))}`);
}

async function keysDuringSolve(): Promise<void> {
  // PySolFC's 4-suit game 55: neither of the solver's variants settles it in its 3 s.
  const game = newGame({ scheme: 'pysol', key: '55' }, { suits: 4, relaxed: 0, keepSuits: false });
  const terminal = fakeTerminal();
  const opening = initialState(game, { ascii: false, color: true, fourColor: false }, 'woods');
  const state = { ...opening, solver: { kind: 'winnable' as const, position: game.position } };
  // Both threads, as the game runs them (docs/solver.md, "The solver in the game").
  const solver = new SolverPair(path.join(__dirname, '..', '..', 'dist', 'solver-worker.js'));
  const done = runTerminalGame(
    state,
    { randomSeed: () => '1', hints: heuristicHints },
    { input: terminal.input, output: terminal.output, term: 'xterm-256color' },
    {},
    { ...QUIET_HOST, solver },
  );
  // The threads start and the solver is under way before the first key.
  await new Promise((r) => setTimeout(r, 200));
  const times: number[] = [];
  const began = process.hrtime.bigint();
  for (let i = 0; i < 60; i++) times.push(await terminal.pressLater('e', 10 + (i % 7) * 5));
  const keysMs = Number(process.hrtime.bigint() - began) / 1e6;
  await terminal.press('\x03', false);
  const exit = await done;
  // The solver's answer would be on the message line: it must still have been thinking.
  if (exit.state.message)
    throw new Error(`bench: the solver answered too soon: ${exit.state.message.text}`);
  console.log(
    `Keystroke to frame while the solver thinks on both cores (${times.length} keys over ${keysMs.toFixed(0)} ms, PySolFC 4-suit game 55):`,
  );
  console.log(`  median ${ms(median(times))}, worst ${ms(Math.max(...times))}`);
}

/**
 * The cost of a frame by the terminal's size (over SSH the client chooses it, up to 200x60:
 * docs/serve.md, "Limits"): a cursor move, which changes a few cells, and Ctrl-L, which repaints
 * every cell.
 */
async function framesBySize(): Promise<void> {
  console.log('Keystroke to frame by terminal size (median of 40 each):');
  for (const [width, height] of [
    [80, 24],
    [200, 60],
    [400, 150],
  ]) {
    const terminal = fakeTerminal(width, height);
    const game = newGame('42', { suits: 4, relaxed: 0, keepSuits: false });
    const state = initialState(game, { ascii: false, color: true, fourColor: false }, 'woods');
    const exit = runTerminalGame(
      state,
      { randomSeed: () => '1', hints: heuristicHints },
      { input: terminal.input, output: terminal.output, term: 'xterm-256color' },
    );
    const move: number[] = [];
    const redraw: number[] = [];
    for (let i = 0; i < 40; i++) {
      move.push((await terminal.press(i % 2 === 0 ? 'l' : 'H')).ms);
      redraw.push((await terminal.press('\x0c')).ms);
    }
    await terminal.press('q', false);
    await exit;
    console.log(
      `  ${width}x${height}: cursor move ${ms(median(move))}, Ctrl-L (every cell) ${ms(median(redraw))}`,
    );
  }
}

async function main(): Promise<void> {
  console.log(`spider terminal benchmark (node ${process.version})`);
  const starts: number[] = [];
  for (let i = 0; i < 5; i++) starts.push(await spiderFirstFrame(['--seed', '1']));
  console.log(`First full frame after spawn (real pty, ${WIDTH}x${HEIGHT}, no saves, 5 runs):`);
  console.log(`  median ${ms(median(starts))}, worst ${ms(Math.max(...starts))}`);
  await keystrokes(false);
  await keystrokes(true);
  await framesBySize();
  await keysDuringSearch();
  await keysDuringSolve();
}

runBench(main);
