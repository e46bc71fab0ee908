/**
 * The only module that touches blessed: it writes of each frame layout decided the cells that
 * changed since the frame before (blessed sets up and restores the terminal and knows its escape
 * codes), hands on the terminal's input as text, and restores the terminal when asked. It knows nothing of the game and nothing of the
 * process: the game loop drives it, and the entry point owns signals and job control.
 */
import * as blessed from './blessed';
import { PassThrough } from 'stream';
import { StringDecoder } from 'string_decoder';
import type { Frame, Role } from './frame';
import type { Layout } from './layout';
import { paint, type Theme } from './theme';

/** The parts of blessed's screen this adapter uses that its typings leave out or get wrong. */
interface BlessedScreen {
  /** blessed's buffer of cells, made anew (and the terminal cleared) at a resize or an enter. */
  lines: unknown[];
  cols: number;
  rows: number;
  /** The attribute of a blank cell. */
  dattr: number;
  program: BlessedProgram & { clear(): void };
  tput: { brokenACS: boolean; unicode: boolean; numbers: { U8?: number } };
  /** The escape code of a cell attribute, for this terminal. */
  codeAttr(attr: number): string;
  enter(): void;
  leave(): void;
  destroy(): void;
  on(event: 'resize', listener: () => void): void;
}
interface BlessedProgram {
  setMouse(options: Record<string, boolean>, enable: boolean): void;
  hideCursor(): void;
  /** Writes through blessed's buffer (see `flush`). */
  _write(text: string): void;
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

/**
 * The escape code that sets the attributes of a role, plain and highlighted, made once a screen:
 * a reset then the role's own, as blessed writes them for the terminal (its colours reduced to
 * those the terminal has).
 */
function attributeCodes(
  screen: BlessedScreen,
  theme: Theme,
): (role: Role, highlight: number) => string {
  const known = new Map<Role, [string, string]>();
  const code = (attr: number) =>
    attr === screen.dattr ? '\x1b[m' : `\x1b[0;${screen.codeAttr(attr).slice(2)}`;
  return (role, highlight) => {
    let pair = known.get(role);
    if (pair === undefined) {
      pair = [code(attribute(role, false, theme)), code(attribute(role, true, theme))];
      known.set(role, pair);
    }
    return pair[highlight];
  };
}

/** A frame as the terminal shows it: the one painted last (or a blank one after a clear). */
type Shown = Pick<Frame, 'width' | 'chars' | 'roles' | 'highlights' | 'ends'>;

/**
 * What to write for the terminal, showing `before`, to show the frame: the cells that changed,
 * each run of them after a move of the cursor, with the attributes each cell needs.
 *
 * A double-width character (a cell followed by an empty continuation cell, see Frame) is written
 * whenever either of its cells changed, and moves the cursor two columns. Where the terminal is
 * not UTF-8, or the theme is ASCII, every column a character beyond ASCII takes becomes a '?'. A
 * cell written in the last column leaves the cursor where the terminal may wrap it: the next
 * cell written is placed anew.
 */
export function frameChanges(
  frame: Shown & { readonly height: number },
  before: Shown,
  size: { readonly width: number; readonly height: number },
  codeOf: (role: Role, highlight: number) => string,
  asciiOnly: boolean,
): string {
  const { chars, roles, highlights, ends } = frame;
  const width = Math.min(frame.width, size.width);
  const height = Math.min(frame.height, size.height);
  let out = '';
  let code = '';
  for (let y = 0; y < height; y++) {
    // Past both frames' ends of this row every cell is blank in both: nothing there to write.
    const end = Math.min(width, Math.max(ends[y], before.ends[y]));
    const row = y * frame.width;
    let cursor = -1; // the column the cursor is at on this row, when known
    for (let x = 0; x < end; x++) {
      const i = row + x;
      const ch = chars[i];
      if (ch === '') continue; // written with the character before it
      const wide = x + 1 < frame.width && chars[i + 1] === '';
      if (
        ch === before.chars[i] &&
        roles[i] === before.roles[i] &&
        highlights[i] === before.highlights[i] &&
        (!wide ||
          (before.chars[i + 1] === '' &&
            roles[i + 1] === before.roles[i + 1] &&
            highlights[i + 1] === before.highlights[i + 1]))
      )
        continue;
      if (cursor !== x) out += `\x1b[${y + 1};${x + 1}H`;
      const wanted = codeOf(roles[i], highlights[i]);
      if (wanted !== code) {
        out += wanted;
        code = wanted;
      }
      const columns = wide && x + 1 < width ? 2 : 1;
      if (asciiOnly && /[^\x20-\x7e]/.test(ch)) out += '?'.repeat(columns);
      else out += columns === 2 || !wide ? ch : ' '; // half a character at the edge: a space
      cursor = x + columns < width ? x + columns : -1;
    }
  }
  // The terminal is left with its default attributes.
  if (code !== '' && code !== '\x1b[m') out += '\x1b[m';
  return out;
}

/** A blank frame's cells as painting compares them: what the terminal shows after a clear. */
function blankShown(width: number, height: number): Shown {
  return {
    width,
    chars: new Array<string>(width * height).fill(' '),
    roles: new Array<Role>(width * height).fill('plain'),
    highlights: new Uint8Array(width * height),
    ends: new Uint16Array(height),
  };
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

  const codeOf = attributeCodes(screen, theme);
  // ASCII alone where the terminal says it is not UTF-8, and where the locale (or --ascii) says
  // so: as the suits and the exit text (docs/deals.md, "Seeds on screen").
  const asciiOnly = theme.ascii || (!screen.tput.unicode && screen.tput.numbers.U8 !== 1);
  let destroyed = false;
  let forgotten = false;
  // The frame the terminal shows, and blessed's buffer of when it was painted: blessed clears the
  // terminal whenever it makes its buffer anew (at the start, on a resize, back from the shell).
  let last: Shown | null = null;
  let lastLines: unknown = null;
  return {
    get width() {
      return screen.cols;
    },
    get height() {
      return screen.rows;
    },
    show(view) {
      const { frame } = view;
      if (screen.lines !== lastLines) last = null;
      if (
        forgotten ||
        (last !== null && (last.width !== frame.width || last.chars.length !== frame.chars.length))
      ) {
        program.clear();
        last = null;
      }
      forgotten = false;
      const size = { width: screen.cols, height: screen.rows };
      const before = last ?? blankShown(frame.width, frame.height);
      const changes = frameChanges(frame, before, size, codeOf, asciiOnly);
      last = frame;
      lastLines = screen.lines;
      if (changes !== '') program._write(changes);
      // Written now, not on the next turn of the event loop behind any work the game has
      // scheduled there (a slice of the lost-game search).
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
