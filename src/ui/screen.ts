/**
 * The only module that touches blessed: it paints the frames layout decided into blessed's
 * screen buffer (blessed then writes only the cells that changed), hands on the terminal's input
 * as text, and restores the terminal when asked. It knows nothing of the game and nothing of the
 * process: the game loop drives it, and the entry point owns signals and job control.
 */
import * as blessed from './blessed';
import { PassThrough } from 'stream';
import { StringDecoder } from 'string_decoder';
import type { Role } from './frame';
import type { Layout } from './layout';
import { paint, type Theme } from './theme';

/** The parts of blessed's screen this adapter uses that its typings leave out or get wrong. */
interface BlessedScreen {
  lines: BlessedLine[];
  /** What blessed believes the terminal shows now. */
  olines: BlessedLine[];
  cols: number;
  rows: number;
  /** The attribute of a blank cell. */
  dattr: number;
  program: BlessedProgram & { clear(): void };
  tput: { brokenACS: boolean; unicode: boolean; numbers: { U8?: number } };
  render(): void;
  enter(): void;
  leave(): void;
  destroy(): void;
  on(event: 'resize', listener: () => void): void;
}
type BlessedLine = [number, string][] & { dirty?: boolean };
interface BlessedProgram {
  setMouse(options: Record<string, boolean>, enable: boolean): void;
  hideCursor(): void;
  flush(): void;
}

/** The terminal a game is played on: its streams and its type. */
export interface TerminalIo {
  readonly input: NodeJS.ReadStream;
  readonly output: NodeJS.WriteStream;
  /** blessed's terminal name, default $TERM. */
  readonly term?: string;
}

/** What the screen reports: input text as it arrives, a new size, and a terminal gone away. */
export interface ScreenEvents {
  input(text: string): void;
  resize(): void;
  hangup(): void;
}

/** A terminal screen the game loop draws on. */
export interface Screen {
  readonly width: number;
  readonly height: number;
  /** Paints a laid-out frame; only the cells that changed reach the terminal. */
  show(view: Layout): void;
  /** Forgets what the terminal shows, so the next `show` repaints every cell (Ctrl-L). */
  forget(): void;
  /**
   * Gives the terminal back as it was (normal screen, cursor, no mouse reporting, cooked mode),
   * and resolves once that has been written, or after a second if the terminal does not take it.
   */
  leave(): Promise<void>;
  /** Takes the terminal again after `leave`. */
  enter(): void;
  /** Restores the terminal for good. */
  destroy(): void;
}

const DEFAULT_COLOUR = 0x1ff;
/** How long `leave` waits for the terminal to take what was written. */
const FLUSH_WAIT_MS = 1000;

/** blessed's cell attribute: flags << 18 | fg << 9 | bg (flags: 1 bold, 8 inverse). */
function attribute(role: Role, highlight: boolean, theme: Theme): number {
  const p = paint(role, highlight, theme);
  const flags = (p.bold ? 1 : 0) | (p.inverse ? 8 : 0);
  const fg = p.fg < 0 ? DEFAULT_COLOUR : p.fg;
  const bg = p.bg < 0 ? DEFAULT_COLOUR : p.bg;
  return (flags << 18) | (fg << 9) | bg;
}

/** The attributes of a theme, by role: plain, then highlighted. Made once a screen. */
function attributes(theme: Theme): (role: Role, highlight: number) => number {
  const known = new Map<Role, [number, number]>();
  return (role, highlight) => {
    let pair = known.get(role);
    if (pair === undefined) {
      pair = [attribute(role, false, theme), attribute(role, true, theme)];
      known.set(role, pair);
    }
    return pair[highlight];
  };
}

/**
 * Copies a frame into blessed's buffer, marking only lines that changed as dirty.
 *
 * blessed counts one column per cell. For a double-width character (a cell followed by an empty
 * continuation cell, see Frame) that holds once both cells are written together: the character
 * moves the cursor two columns and the empty continuation none. So both are always rewritten
 * (as blessed's own Unicode mode does): were one skipped as unchanged, blessed would move the
 * cursor one column too far or too short. Where blessed turns anything beyond ASCII into '?' (a
 * terminal that is not UTF-8), or the theme is ASCII, every column a character takes becomes a
 * '?'.
 */
function paintFrame(
  screen: BlessedScreen,
  view: Layout,
  theme: Theme,
  attributeOf: (role: Role, highlight: number) => number,
  last: Painted | null,
): void {
  const { frame } = view;
  const { chars, roles, highlights, ends } = frame;
  // ASCII alone where the terminal says it is not UTF-8, and where the locale (or --ascii) says
  // so: as the suits and the exit text (docs/deals.md, "Seeds on screen").
  const asciiOnly = theme.ascii || (!screen.tput.unicode && screen.tput.numbers.U8 !== 1);
  const height = Math.min(frame.height, screen.lines.length, screen.olines.length);
  // The frame painted last, when its cells are still what blessed's buffer holds: a cell the same
  // there is the same here, and most of a frame is the same as the one before.
  const before =
    last !== null &&
    last.lines === screen.lines &&
    last.width === frame.width &&
    last.chars.length === chars.length
      ? last
      : null;
  for (let y = 0; y < height; y++) {
    const line = screen.lines[y];
    const shown = screen.olines[y];
    // Past both frames' ends of this row every cell is blank in both: nothing there to paint.
    const end = before === null ? frame.width : Math.max(ends[y], before.ends[y]);
    const width = Math.min(end, line.length);
    const row = y * frame.width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      let ch = chars[i];
      if (
        before !== null &&
        ch === before.chars[i] &&
        roles[i] === before.roles[i] &&
        highlights[i] === before.highlights[i] &&
        (asciiOnly || !(ch === '' || (x + 1 < frame.width && chars[i + 1] === '')))
      )
        continue;
      const wide = x + 1 < frame.width && chars[i + 1] === '';
      const attr = attributeOf(roles[i], highlights[i]);
      if (asciiOnly && (ch === '' || /[^\x20-\x7e]/.test(ch))) ch = '?';
      else if (wide || ch === '') {
        shown[x][1] = '\0';
        line.dirty = true;
      }
      // In place: a frame changes many cells, and each new cell would be garbage to collect.
      const old = line[x];
      if (old[0] !== attr || old[1] !== ch) {
        old[0] = attr;
        old[1] = ch;
        line.dirty = true;
      }
    }
  }
}

/** A frame as painted into blessed's buffer, and the buffer's lines it was painted into. */
interface Painted {
  readonly lines: BlessedLine[];
  readonly width: number;
  readonly chars: readonly string[];
  readonly roles: readonly Role[];
  readonly highlights: Uint8Array;
  readonly ends: Uint16Array;
}

/**
 * Clears the terminal, and what blessed holds of what it shows and of what is to be shown, so that
 * the next paint writes every cell anew (what blessed's `alloc` does, but in place: at 200x60 that
 * makes 24,000 arrays, which Ctrl-L pressed again and again would make garbage of).
 */
function blank(screen: BlessedScreen): void {
  const rows = Math.min(screen.lines.length, screen.olines.length);
  for (let y = 0; y < rows; y++) {
    for (const line of [screen.lines[y], screen.olines[y]]) {
      for (const cell of line) {
        cell[0] = screen.dattr;
        cell[1] = ' ';
      }
      line.dirty = false;
    }
  }
  screen.program.clear();
}

/** Resolves once everything written so far has been handed to the terminal, or after `ms`. */
function flushed(output: NodeJS.WriteStream, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    output.write('', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Opens a full-screen blessed screen on the terminal. */
export function openScreen(io: TerminalIo, theme: Theme, events: ScreenEvents): Screen {
  // blessed reads no input: the game decodes it (keys.ts), and blessed's own reading would cost
  // every key a pass over every screen open in the process (its handlers look for theirs among
  // them all), which a server with hundreds of players pays hundreds of times a key. It is given
  // an input that never speaks; raw mode and pausing the terminal's input are done here.
  // @types/blessed swaps the types of input and output; the values are right.
  const options = {
    input: new PassThrough(),
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
  const program = screen.program;
  // blessed draws ▒ and box-drawing characters through the terminal's alternate character set
  // unless terminfo declares UTF-8 support. In Unicode mode the terminal takes UTF-8, so write
  // the characters themselves (as ncurses does with NCURSES_NO_UTF8_ACS=1): fewer escape codes,
  // and no garbage on terminals whose ACS is broken in UTF-8 mode.
  if (!theme.ascii) screen.tput.brokenACS = true;

  // Clicks, releases and motion while a button is held (for dragging), in SGR form. Not
  // blessed's default, all-motion tracking, which floods a slow link with a report for every
  // cell the pointer crosses.
  const mouse = (on: boolean) =>
    program.setMouse({ vt200Mouse: on, cellMotion: on, sgrMouse: on }, on);

  // Input is decoded by the game (keys.ts), not by blessed: see there why.
  const decoder = new StringDecoder('utf8');
  const onData = (data: Buffer | string) => {
    const text = typeof data === 'string' ? data : decoder.write(data);
    if (text) events.input(text);
  };
  const onGone = () => events.hangup();
  io.input.on('data', onData);
  io.input.once('end', onGone);
  io.input.once('close', onGone);
  screen.on('resize', () => events.resize());

  // Raw mode: every key as it is typed, no echo; turned off again in destroy().
  io.input.setRawMode?.(true);
  io.input.resume();
  mouse(true);
  program.hideCursor();

  const attributeOf = attributes(theme);
  let destroyed = false;
  let forgotten = false;
  let last: Painted | null = null;
  return {
    get width() {
      return screen.cols;
    },
    get height() {
      return screen.rows;
    },
    show(view) {
      if (forgotten) {
        blank(screen);
        last = null;
      }
      forgotten = false;
      paintFrame(screen, view, theme, attributeOf, last);
      const { chars, roles, highlights, ends, width } = view.frame;
      last = { lines: screen.lines, width, chars, roles, highlights, ends };
      screen.render();
      // blessed would write the frame on the next turn of the event loop, behind any work the
      // game has scheduled there (a slice of the lost-game search): write it now.
      program.flush();
    },
    forget() {
      // Made new at the next paint: a burst of Ctrl-L, each read on its own, costs one.
      forgotten = true;
    },
    async leave() {
      mouse(false);
      // blessed's own pause() queues the codes that restore the terminal, then silences the
      // output before they are flushed; leave() writes them at once.
      screen.leave();
      io.input.setRawMode?.(false);
      await flushed(io.output, FLUSH_WAIT_MS);
    },
    enter() {
      io.input.setRawMode?.(true);
      screen.enter();
      mouse(true);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      io.input.removeListener('data', onData);
      io.input.removeListener('end', onGone);
      io.input.removeListener('close', onGone);
      try {
        mouse(false);
        screen.destroy();
      } catch {
        // The terminal may be gone (SIGHUP); there is nothing left to restore.
      }
      // A terminal's input goes back to cooked mode, and stops being read (else it would keep
      // the process waiting on it after the game).
      if (io.input.setRawMode) {
        try {
          if (io.input.isRaw !== false) io.input.setRawMode(false);
          if (!io.input.destroyed) io.input.pause();
        } catch {
          // Gone with the terminal, as above.
        }
      }
    },
  };
}
