/**
 * A game on a terminal of the test's own, in this process: the keys it is sent, what it writes,
 * and the game loop's promise.
 */
import { PassThrough, Writable } from 'stream';
import { newGame } from '../../src/engine';
import { heuristicHints } from '../../src/search';
import { initialState } from '../../src/ui/controller';
import type { Theme } from '../../src/ui/theme';
import {
  type GameExit,
  type GameHooks,
  type GameHost,
  QUIET_HOST,
  runTerminalGame,
} from '../../src/ui/loop';

export interface TerminalGame {
  /** Sends keys; the game handles them before this returns. */
  press(keys: string): void;
  /** What the game wrote since the start, or since `clear`. */
  written(): string;
  clear(): void;
  readonly exit: Promise<GameExit>;
}

/** The game and terminal `terminalGame` plays on, where a test needs other than its own. */
export interface TerminalGameSetup {
  readonly seed?: string;
  readonly suits?: 1 | 2 | 4;
  readonly theme?: Theme;
  readonly term?: string;
  /** Also given everything the game writes, as it is written; `done` once it is taken. */
  readonly written?: (chunk: Buffer, done: () => void) => void;
}

/**
 * Plays a deal on an 80x24 terminal: by default seed 42 with 1 suit, in ASCII without colour on
 * an xterm.
 */
export function terminalGame(
  host: GameHost = QUIET_HOST,
  hooks: GameHooks = {},
  setup: TerminalGameSetup = {},
): TerminalGame {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
  let text = '';
  const output = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        if (setup.written) setup.written(chunk, done);
        else done();
      },
    }),
    { isTTY: true, columns: 80, rows: 24 },
  );
  const exit = runTerminalGame(
    initialState(
      newGame(setup.seed ?? '42', { suits: setup.suits ?? 1, relaxed: 0, keepSuits: false }),
      setup.theme ?? { ascii: true, color: false, fourColor: false },
      'woods',
    ),
    { randomSeed: () => '1', hints: heuristicHints },
    {
      input: input as unknown as NodeJS.ReadStream,
      output: output as unknown as NodeJS.WriteStream,
      term: setup.term ?? 'xterm',
    },
    hooks,
    host,
  );
  return {
    press: (keys) => input.write(keys),
    written: () => text,
    clear: () => (text = ''),
    exit,
  };
}
