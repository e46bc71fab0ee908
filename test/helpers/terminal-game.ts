/**
 * A game on a terminal of the test's own, in this process: the keys it is sent, what it writes,
 * and the game loop's promise.
 */
import { PassThrough, Writable } from 'stream';
import { newGame } from '../../src/engine';
import { heuristicHints } from '../../src/search';
import { initialState } from '../../src/ui/controller';
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

/** Plays a 1-suit deal of seed 42 on an 80x24 terminal, in ASCII without colour. */
export function terminalGame(host: GameHost = QUIET_HOST, hooks: GameHooks = {}): TerminalGame {
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
