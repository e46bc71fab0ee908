/**
 * The only module that touches blessed: it paints the frames layout decided into blessed's
 * screen buffer (blessed then writes only the cells that changed), turns keys and mouse reports
 * into commands, and keeps the terminal clean on every way out.
 */
import blessed from 'blessed';
import type { Game } from '../engine';
import { type ControllerDeps, type Effect, update } from './controller';
import { commandForKey, commandForMouse, type MouseEvent } from './input';
import { type Layout, layout } from './layout';
import type { Message, UiState } from './state';
import { paint, type Theme } from './theme';

/** The parts of blessed's screen this adapter uses that its typings leave out or get wrong. */
interface BlessedScreen {
  lines: BlessedLine[];
  cols: number;
  rows: number;
  program: BlessedProgram;
  tput: { brokenACS: boolean };
  render(): void;
  alloc(): void;
  enter(): void;
  leave(): void;
  destroy(): void;
  on(event: 'keypress', listener: (ch: string | undefined, key: { full: string }) => void): void;
  on(event: 'mouse', listener: (data: MouseEvent) => void): void;
  on(event: 'resize', listener: () => void): void;
}
type BlessedLine = [number, string][] & { dirty?: boolean };
interface BlessedProgram {
  setMouse(options: Record<string, boolean>, enable: boolean): void;
  enableMouse: () => void;
  hideCursor(): void;
  flush(): void;
}

export interface TerminalIo {
  readonly input: NodeJS.ReadStream;
  readonly output: NodeJS.WriteStream;
  /** blessed's terminal name, default $TERM. */
  readonly term?: string;
}

/** What the adapter tells the rest of the program; all optional. */
export interface ScreenHooks {
  /** After an update that changed the game, before it is painted (autosave); a message to show, or null. */
  gameChanged?(before: Game, after: Game): Message | null;
  /** The player asked for the game record in a file ('w'); what to tell them. */
  writeRecord?(game: Game): string;
}

/** How the game ended, for the shell. */
export interface GameExit {
  readonly status: number;
  readonly state: UiState;
}

const DEFAULT_COLOUR = 0x1ff;

/** blessed's cell attribute: flags << 18 | fg << 9 | bg (flags: 1 bold, 8 inverse). */
function attribute(role: Parameters<typeof paint>[0], highlight: boolean, theme: Theme): number {
  const p = paint(role, highlight, theme);
  const flags = (p.bold ? 1 : 0) | (p.inverse ? 8 : 0);
  const fg = p.fg < 0 ? DEFAULT_COLOUR : p.fg;
  const bg = p.bg < 0 ? DEFAULT_COLOUR : p.bg;
  return (flags << 18) | (fg << 9) | bg;
}

/** Copies a frame into blessed's buffer, marking only lines that changed as dirty. */
function paintFrame(screen: BlessedScreen, view: Layout, theme: Theme): void {
  const { frame } = view;
  const height = Math.min(frame.height, screen.lines.length);
  for (let y = 0; y < height; y++) {
    const line = screen.lines[y];
    const width = Math.min(frame.width, line.length);
    for (let x = 0; x < width; x++) {
      const cell = frame.at(x, y);
      const attr = attribute(cell.role, cell.highlight, theme);
      const old = line[x];
      if (old[0] !== attr || old[1] !== cell.ch) {
        line[x] = [attr, cell.ch];
        line.dirty = true;
      }
    }
  }
}

/**
 * Runs the game on a terminal until the player quits. Resolves with the exit status; the
 * terminal is restored (normal screen, cursor, no mouse reporting) before it resolves.
 */
export function runTerminalGame(
  initial: UiState,
  deps: ControllerDeps,
  io: TerminalIo,
  hooks: ScreenHooks = {},
): Promise<GameExit> {
  const theme = initial.theme;
  // @types/blessed swaps the types of input and output; the values are right.
  const options = {
    input: io.input,
    output: io.output,
    terminal: io.term,
    smartCSR: true,
    fullUnicode: false,
    forceUnicode: !theme.ascii,
    autoPadding: false,
    warnings: false,
    title: 'Spider',
  } as unknown as blessed.Widgets.IScreenOptions;
  const screen = blessed.screen(options) as unknown as BlessedScreen;
  // blessed draws ▒ and box-drawing characters through the terminal's alternate character set
  // unless terminfo declares UTF-8 support. In Unicode mode the terminal takes UTF-8, so write
  // the characters themselves (as ncurses does with NCURSES_NO_UTF8_ACS=1): fewer escape codes,
  // and no garbage on terminals whose ACS is broken in UTF-8 mode.
  if (!theme.ascii) screen.tput.brokenACS = true;

  // blessed asks xterm-like terminals for all-motion mouse tracking, which floods a slow link
  // with a report for every cell the pointer crosses. Clicks, releases and motion while a button
  // is held (for dragging) are all this game needs, reported in SGR form.
  const program = screen.program;
  program.enableMouse = () =>
    program.setMouse({ vt200Mouse: true, cellMotion: true, sgrMouse: true }, true);

  let state = initial;
  let view: Layout = layout(state, screen.cols, screen.rows);
  let finished = false;

  const draw = (): void => {
    view = layout(state, screen.cols, screen.rows);
    paintFrame(screen, view, theme);
    screen.render();
  };

  return new Promise<GameExit>((resolve) => {
    const cleanups: (() => void)[] = [];
    const finish = (status: number, note?: string): void => {
      if (finished) return;
      finished = true;
      for (const cleanup of cleanups) cleanup();
      try {
        screen.destroy();
      } catch {
        // The terminal may be gone (SIGHUP); there is nothing left to restore.
      }
      if (note) process.stderr.write(`spider: ${note}\n`);
      resolve({ status, state });
    };
    const on = (event: string, listener: (...args: unknown[]) => void): void => {
      process.on(event, listener);
      cleanups.push(() => process.removeListener(event, listener));
    };

    const apply = (effect: Effect): void => {
      switch (effect) {
        case 'quit':
          finish(0);
          return;
        case 'redraw':
          screen.alloc(); // forget what is on screen: the next render repaints every cell
          break;
        case 'suspend':
          suspend();
          return;
        case 'write':
          if (hooks.writeRecord)
            state = { ...state, message: { text: hooks.writeRecord(state.game), kind: 'info' } };
          break;
        case null:
          break;
      }
      draw();
    };

    // blessed's own pause() queues the codes that restore the terminal, then silences the
    // output before they are flushed; leave() writes them at once.
    const suspend = (): void => {
      screen.leave();
      io.input.setRawMode?.(false);
      process.once('SIGCONT', () => {
        io.input.setRawMode?.(true);
        screen.enter();
        program.enableMouse();
        draw();
      });
      process.kill(process.pid, 'SIGTSTP');
    };

    /** Takes the controller's new state: saves a changed game before it is shown, then acts. */
    const step = (result: ReturnType<typeof update>): void => {
      const before = state.game;
      state = result.state;
      if (state.game !== before && hooks.gameChanged) {
        const message = hooks.gameChanged(before, state.game);
        if (message) state = { ...state, message };
      }
      apply(result.effect);
    };

    screen.on('keypress', (ch, key) => {
      if (finished) return;
      step(update(state, commandForKey({ ch, full: key.full }), deps));
    });
    screen.on('mouse', (event) => {
      if (finished) return;
      const command = commandForMouse(event, view.board);
      if (!command) return;
      step(update(state, command, deps));
    });
    screen.on('resize', () => {
      if (!finished) draw();
    });

    const signals: [NodeJS.Signals, number][] = [
      ['SIGTERM', 143],
      ['SIGHUP', 129],
      ['SIGINT', 130],
      ['SIGQUIT', 131],
    ];
    for (const [signal, status] of signals) on(signal, () => finish(status));
    // The terminal went away without a signal reaching us (its input simply ended): a hangup.
    const hungUp = () => finish(129);
    io.input.once('end', hungUp);
    io.input.once('close', hungUp);
    cleanups.push(() => {
      io.input.removeListener('end', hungUp);
      io.input.removeListener('close', hungUp);
    });
    // A bug must not leave the terminal in raw mode with a trace painted over the board.
    const crash = (error: unknown) =>
      finish(70, `internal error: ${error instanceof Error ? error.message : String(error)}`);
    on('uncaughtException', crash);
    on('unhandledRejection', crash);

    program.hideCursor();
    draw();
  });
}
