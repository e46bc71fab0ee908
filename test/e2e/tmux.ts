/**
 * A terminal for end-to-end tests: a program runs inside a detached tmux session, the test types
 * keys into it and reads the screen back. Every session has its own tmux server (`tmux -L`), so a
 * test never touches the user's tmux, and test files can run in parallel.
 *
 * Nothing here sleeps for a fixed time: every wait polls what tmux reports (the screen, the pane
 * size, the exit status) until it shows what is expected, and a timeout throws an error that
 * carries the last screen, so a failing CI log shows what the terminal looked like.
 *
 * Cleanup is automatic under jest: importing this module registers root hooks that kill every
 * session started inside a test after that test, and every session started in `beforeAll` after
 * the file. `TerminalSession.killAll()` does the same on demand.
 *
 * Written against tmux 3.3a. Quirks this relies on or works around:
 * - `set -g window-size manual` before any session exists crashes the 3.3a server, so it is not
 *   set; `new-session -d -x -y` gives a detached window exactly that size, and `resize-window`
 *   switches that window to `window-size manual` by itself.
 * - `kill-server` leaves the socket file behind; `kill()` removes it.
 * - `kill-server` hangs up the pane, but a program that ignores SIGHUP survives it; `kill()` then
 *   SIGKILLs the pane's process group.
 * - A dead pane shows `Pane is dead (status N, <date>)` on its last line, scrolling the screen by
 *   one line; `remain-on-exit-format ''` keeps the screen exactly as the program left it.
 * - When tmux 3.3a handles the program's exit before it has read the program's last output, it
 *   closes the pane with that output unread: the final screen (say, the terminal reset a program
 *   writes as it quits) is lost. It waits for unread output only while the pane is piped
 *   somewhere, so every pane is piped (`pipe-pane`) to a file, which is also `output()`.
 * - A dead pane's `cursor_flag` is always 0 (tmux hides the cursor when the program ends) and its
 *   cursor is moved; its other mode flags stay as the program left them. `terminalModes()` on a
 *   dead pane takes the cursor's visibility from the program's output instead.
 * - tmux 3.3a is linked with libutempter, which can swallow the SIGCHLD of the pane's program;
 *   the pane then stays dead without an exit status. See `exitFrom`.
 * - An argument ending in `;` is a command separator on tmux's command line; such arguments are
 *   escaped (`\;`) so keys, text, environment values and the command reach tmux unchanged.
 * - `send-keys Up` sends `ESC [ A`, or `ESC O A` once the program has switched the cursor keys to
 *   application mode (DECCKM, `keypad_cursor_flag`), as a real terminal does.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export interface StartOptions {
  /** Columns, 80 unless given. */
  width?: number;
  /** Rows, 24 unless given. */
  height?: number;
  /**
   * Environment of the program on top of this process's (minus {@link SCRUBBED_ENV}); a value of
   * `undefined` removes that variable.
   */
  env?: Record<string, string | undefined>;
  /** Working directory of the program, this process's unless given. */
  cwd?: string;
  /** TERM inside the terminal (tmux's `default-terminal`), `xterm-256color` unless given. */
  term?: string;
}

/** What tmux says about the terminal modes the program has set (true: the mode is on). */
export interface TerminalModes {
  /** Alternate screen (`?1049h`, `?47h`, `?1047h`). */
  alternateScreen: boolean;
  /** Cursor visible (`?25h`); false once the program hid it. */
  cursorVisible: boolean;
  /** Any mouse reporting (`?1000h`, `?1002h` or `?1003h`). */
  mouseAny: boolean;
  /** Mouse press and release only (`?1000h`). */
  mouseStandard: boolean;
  /** Mouse press, release and motion while a button is held (`?1002h`). */
  mouseButton: boolean;
  /** Mouse press, release and all motion (`?1003h`). */
  mouseAll: boolean;
  /** SGR mouse encoding (`?1006h`). */
  mouseSgr: boolean;
  /** UTF-8 mouse encoding (`?1005h`). */
  mouseUtf8: boolean;
  /** Application keypad (`ESC =`, DECKPAM). */
  keypad: boolean;
  /** Application cursor keys (`?1h`, DECCKM). */
  keypadCursor: boolean;
  /** Insert mode (`4h`). */
  insert: boolean;
  /** Origin mode (`?6h`). */
  origin: boolean;
  /** Auto-wrap (`?7h`); on in a fresh terminal. */
  wrap: boolean;
}

/** The modes of a terminal nobody has touched: what a program should leave behind. */
export const CLEAN_MODES: Readonly<TerminalModes> = Object.freeze({
  alternateScreen: false,
  cursorVisible: true,
  mouseAny: false,
  mouseStandard: false,
  mouseButton: false,
  mouseAll: false,
  mouseSgr: false,
  mouseUtf8: false,
  keypad: false,
  keypadCursor: false,
  insert: false,
  origin: false,
  wrap: true,
});

const MODE_FORMATS: Record<keyof TerminalModes, string> = {
  alternateScreen: 'alternate_on',
  cursorVisible: 'cursor_flag',
  mouseAny: 'mouse_any_flag',
  mouseStandard: 'mouse_standard_flag',
  mouseButton: 'mouse_button_flag',
  mouseAll: 'mouse_all_flag',
  mouseSgr: 'mouse_sgr_flag',
  mouseUtf8: 'mouse_utf8_flag',
  keypad: 'keypad_flag',
  keypadCursor: 'keypad_cursor_flag',
  insert: 'insert_flag',
  origin: 'origin_flag',
  wrap: 'wrap_flag',
};

/** How the program ended: an exit code, or the number of the signal that killed it. */
export interface ExitStatus {
  code: number | null;
  signal: number | null;
}

export type MouseButton = 'left' | 'middle' | 'right';

export interface MouseOptions {
  /** The button, `left` unless given. */
  button?: MouseButton;
  shift?: boolean;
  meta?: boolean;
  ctrl?: boolean;
  /**
   * Send even though the program has not enabled (SGR) mouse reporting. A real terminal would
   * send nothing then, so by default that is an error rather than a click the program could
   * never have received.
   */
  force?: boolean;
}

export type ScreenCondition = string | RegExp | ((screen: string) => boolean);

/**
 * Variables of the test process that would make the program see something other than a plain
 * terminal: an outer tmux, a size or colour level forced from outside (jest workers get
 * FORCE_COLOR=1 when jest's own output is a colour terminal). Put them back through `env`.
 */
export const SCRUBBED_ENV: readonly string[] = [
  'TMUX',
  'TMUX_PANE',
  'COLUMNS',
  'LINES',
  'FORCE_COLOR',
  'NO_COLOR',
  'COLORTERM',
  'TERM_PROGRAM',
  'TERM_PROGRAM_VERSION',
];

const SOCKET_PREFIX = 'spider-e2e-';
const SESSION = 'e2e';
/** Target: the only pane of the only window of the only session on this server. */
const TARGET = `=${SESSION}:`;
const POLL_MS = 20;
/**
 * `1 3:` (status 3) or `1 :15` (signal 15) once the program has ended. The pane is dead (its
 * output all read) before the status is known, which needs tmux to have reaped the program.
 */
const DEAD_FORMAT = '#{pane_dead} #{pane_dead_status}:#{pane_dead_signal}';
const TMUX_TIMEOUT_MS = 10_000;

let socketCounter = 0;
let swept = false;

/** Blocks this thread for `ms` (a poll interval, never a wait for something to happen). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The directory tmux keeps `-L` sockets in. */
function socketDir(): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return path.join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${uid}`);
}

/** tmux reads an argument ending in `;` as a command separator unless written `\;`. */
function escapeArg(arg: string): string {
  return arg.endsWith(';') ? `${arg.slice(0, -1)}\\;` : arg;
}

/** Quotes a word for /bin/sh. */
function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function clientEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.TMUX;
  delete env.TMUX_PANE;
  return env;
}

/** Runs one tmux client with the given commands (joined by `;`) and returns its stdout. */
function tmux(socket: string, commands: string[][], env: NodeJS.ProcessEnv = clientEnv()): string {
  const args = ['-u', '-L', socket, '-f', '/dev/null'];
  commands.forEach((command, i) => {
    if (i > 0) args.push(';');
    args.push(...command.map(escapeArg));
  });
  const result = spawnSync('tmux', args, {
    encoding: 'utf8',
    env,
    timeout: TMUX_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.error) throw new Error(`tmux ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) {
    const why = result.stderr.trim() || `exit status ${String(result.status ?? result.signal)}`;
    throw new Error(`tmux ${args.join(' ')}: ${why}`);
  }
  return result.stdout;
}

/** Whether a process exists and is not a zombie (containers often have nobody reaping those). */
export function processRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    if (fs.existsSync('/proc/self/stat')) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Kills the tmux servers, and removes the sockets, of test processes that died without cleanup. */
function sweepStaleServers(): void {
  if (swept) return;
  swept = true;
  let names: string[];
  try {
    names = fs.readdirSync(socketDir());
  } catch {
    return;
  }
  for (const name of names) {
    const match = new RegExp(`^${SOCKET_PREFIX}(\\d+)-`).exec(name);
    if (!match || processAlive(Number(match[1]))) continue;
    try {
      tmux(name, [['kill-server']]);
    } catch {
      // Already gone: only the socket file is left.
    }
    fs.rmSync(path.join(socketDir(), name), { force: true });
  }
  for (const name of fs.readdirSync(os.tmpdir())) {
    const match = new RegExp(`^${SOCKET_PREFIX}(\\d+)-`).exec(name);
    if (!match || processAlive(Number(match[1]))) continue;
    fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

function describeCondition(what: ScreenCondition): string {
  if (typeof what === 'string') return JSON.stringify(what);
  if (what instanceof RegExp) return String(what);
  const source = what.toString().replace(/\s+/g, ' ');
  return `a screen satisfying ${source.length > 200 ? `${source.slice(0, 200)}...` : source}`;
}

function matches(what: ScreenCondition, screen: string): boolean {
  if (typeof what === 'string') return screen.includes(what);
  if (what instanceof RegExp)
    return new RegExp(what.source, what.flags.replace(/[gy]/g, '')).test(screen);
  return what(screen);
}

/** A screen framed so that blank and trailing lines are visible in a log. */
function framed(screen: string, width: number): string {
  const rule = `+${'-'.repeat(width)}+`;
  const lines = screen.split('\n').map((line) => `|${line}`);
  return [rule, ...lines, rule].join('\n');
}

/** Screen text from `capture-pane -p`: one string, lines by '\n', trailing spaces removed. */
function tidyCapture(output: string): string {
  const lines = output.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.replace(/ +$/, '')).join('\n');
}

/** {@link DEAD_FORMAT} read: whether the pane is dead, and the exit status once tmux has it. */
function parseExit(text: string): { dead: boolean; status: ExitStatus | null } {
  const match = /^(\d) (\d*):(\d*)$/.exec(text.trim());
  if (!match) throw new Error(`unexpected pane state from tmux: ${JSON.stringify(text)}`);
  const [, dead, code, signal] = match;
  if (code === '' && signal === '') return { dead: dead === '1', status: null };
  return {
    dead: dead === '1',
    status: {
      code: code === '' ? null : Number(code),
      signal: signal === '' ? null : Number(signal),
    },
  };
}

function describeExit(status: ExitStatus): string {
  return status.signal !== null ? `signal ${status.signal}` : `status ${status.code}`;
}

/**
 * Whether the `cat` behind `pipe-pane` (its pid in `pidFile`) has copied everything written to
 * its pipe so far: it is asleep (state S), which it only is in a read of an empty pipe. Without
 * /proc (not Linux) that cannot be seen: true.
 */
function pipeDrained(pidFile: string): boolean {
  if (!fs.existsSync('/proc/self/stat')) return true;
  let pid: string;
  try {
    pid = fs.readFileSync(pidFile, 'utf8').trim();
  } catch {
    return false; // Not started yet.
  }
  if (pid === '') return false;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return 'SZX'.includes(stat[stat.lastIndexOf(')') + 2]);
  } catch {
    return true; // Gone: it had nothing left to copy.
  }
}

/**
 * Whether the cursor is visible after `output` has been written to a fresh terminal: the last of
 * DECTCEM (`CSI ? 25 h/l`, alone or among other private modes), RIS (`ESC c`) and DECSTR
 * (`CSI ! p`), which both show it, decides.
 */
function cursorVisibleAfter(output: string): boolean {
  let visible = true;
  // eslint-disable-next-line no-control-regex -- terminal escape sequences are the point
  for (const match of output.matchAll(/\x1b\[\?([\d;]*)([hl])|\x1bc|\x1b\[!p/g)) {
    if (match[0] === '\x1bc' || match[0] === '\x1b[!p') visible = true;
    else if (match[1].split(';').includes('25')) visible = match[2] === 'h';
  }
  return visible;
}

function sgrButton(button: MouseButton, options: MouseOptions): number {
  let code = { left: 0, middle: 1, right: 2 }[button];
  if (options.shift) code += 4;
  if (options.meta) code += 8;
  if (options.ctrl) code += 16;
  return code;
}

type Scope = 'test' | 'file';

export class TerminalSession {
  /** Sessions not yet killed, with whether they die after the current test or after the file. */
  private static readonly live = new Map<TerminalSession, Scope>();
  private static inTest = false;

  /** The name of this session's tmux server (`tmux -L <socket> attach` to watch it). */
  readonly socket: string;
  private width: number;
  private height: number;
  private alive = true;
  private serverPid = 0;

  private constructor(
    socket: string,
    width: number,
    height: number,
    private readonly scratch: string,
  ) {
    this.socket = socket;
    this.width = width;
    this.height = height;
  }

  /**
   * Starts `command` (an argv vector, run directly, never through a shell: use
   * `['sh', '-c', script]` for a script) in a new detached terminal of exactly width x height.
   * The pane stays after the program ends so its exit status and last screen can be read.
   */
  static start(command: string[], options: StartOptions = {}): TerminalSession {
    if (command.length === 0) throw new Error('TerminalSession.start: empty command');
    const width = options.width ?? 80;
    const height = options.height ?? 24;
    sweepStaleServers();
    const unique = `${process.pid}-${++socketCounter}-${Math.random().toString(36).slice(2, 8)}`;
    const socket = `${SOCKET_PREFIX}${unique}`;

    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of SCRUBBED_ENV) delete env[name];
    // No settings file of the developer's (docs/settings.md, "Settings"): a test names its own.
    env.XDG_CONFIG_HOME = '/nonexistent/spider-e2e-config';
    const explicit: string[] = [];
    for (const [name, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) {
        delete env[name];
      } else {
        env[name] = value;
        explicit.push('-e', `${name}=${value}`);
      }
    }
    // The server takes its global environment from the client that starts it, so `env` is the
    // program's environment; `-e` (tmux >= 3.0) sets the given variables once more, explicitly.
    // tmux runs a one-word command through the shell: `exec` keeps the program the pane's process.
    const argv = command.length === 1 ? [`exec ${shellQuote(command[0])}`] : command;

    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `${SOCKET_PREFIX}${process.pid}-`));
    const output = path.join(scratch, 'output');
    const session = new TerminalSession(socket, width, height, scratch);
    TerminalSession.live.set(session, TerminalSession.inTest ? 'test' : 'file');
    try {
      tmux(
        socket,
        [
          ['set-option', '-g', 'default-terminal', options.term ?? 'xterm-256color'],
          ['set-option', '-g', 'default-shell', '/bin/sh'],
          ['set-option', '-g', 'remain-on-exit', 'on'],
          ['set-option', '-g', 'remain-on-exit-format', ''],
          ['set-option', '-g', 'status', 'off'],
          ['set-option', '-g', 'escape-time', '0'],
          ['set-option', '-g', 'history-limit', '0'],
          [
            'new-session',
            '-d',
            '-s',
            SESSION,
            '-x',
            String(width),
            '-y',
            String(height),
            '-c',
            options.cwd ?? process.cwd(),
            ...explicit,
            '--',
            ...argv,
          ],
          // Run by the server before it handles any event, so before the program can have ended.
          [
            'pipe-pane',
            '-t',
            TARGET,
            '-O',
            `echo $$ > ${shellQuote(`${output}.pid`)}; exec cat > ${shellQuote(output)}`,
          ],
        ],
        env,
      );
      session.serverPid = Number(session.format('#{pid}'));
      const size = session.size();
      if (size.width !== width || size.height !== height) {
        throw new Error(`asked for ${width}x${height}, tmux made ${size.width}x${size.height}`);
      }
    } catch (error) {
      session.kill();
      throw error;
    }
    return session;
  }

  /** Kills every session still running. */
  static killAll(): void {
    for (const session of [...TerminalSession.live.keys()]) session.kill();
  }

  /** The number of sessions not yet killed. */
  static liveCount(): number {
    return TerminalSession.live.size;
  }

  /** Root jest hooks (see the module comment); run when this module is imported under jest. */
  static installJestHooks(): void {
    beforeEach(() => {
      TerminalSession.inTest = true;
    });
    afterEach(() => {
      TerminalSession.inTest = false;
      for (const [session, scope] of [...TerminalSession.live]) {
        if (scope === 'test') session.kill();
      }
    });
    afterAll(() => TerminalSession.killAll());
  }

  private run(...commands: string[][]): string {
    if (!this.alive) throw new Error(`terminal session ${this.socket} was already killed`);
    return tmux(this.socket, commands);
  }

  private format(format: string): string {
    return this.run(['display-message', '-p', '-t', TARGET, format]).replace(/\n$/, '');
  }

  /**
   * Sends keys: tmux key names (`Escape`, `Enter`, `C-l`, `Up`, `F1`, `BSpace`, `Space`) or text
   * that is no key name, sent as it is. `type` is for text that could be read as a key name.
   */
  sendKeys(...keys: string[]): void {
    if (keys.length > 0) this.run(['send-keys', '-t', TARGET, '--', ...keys]);
  }

  /** Types text literally (`send-keys -l`): `type('Enter')` types 5 letters. Enter itself is `\r`. */
  type(text: string): void {
    if (text.length > 0) this.run(['send-keys', '-t', TARGET, '-l', '--', text]);
  }

  /** Sends raw bytes to the program as if the terminal had produced them. */
  sendBytes(bytes: string | Buffer): void {
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    if (buffer.length === 0) return;
    const hex = [...buffer].map((byte) => byte.toString(16).padStart(2, '0'));
    this.run(['send-keys', '-t', TARGET, '-H', ...hex]);
  }

  /** The visible screen: `height` lines joined by '\n', trailing spaces removed from each. */
  screen(): string {
    return tidyCapture(this.run(['capture-pane', '-p', '-t', TARGET]));
  }

  /** The visible screen with its attributes as SGR escape sequences (`capture-pane -e`). */
  screenWithColours(): string {
    return tidyCapture(this.run(['capture-pane', '-p', '-e', '-t', TARGET]));
  }

  /** The cursor position, 0-based cells. */
  cursor(): { x: number; y: number } {
    const [x, y] = this.format('#{cursor_x} #{cursor_y}').split(' ').map(Number);
    return { x, y };
  }

  /** The pane's size as tmux reports it. */
  size(): { width: number; height: number } {
    const [width, height] = this.format('#{pane_width} #{pane_height}').split(' ').map(Number);
    return { width, height };
  }

  /**
   * Polls the screen until it contains `what` (a string), matches it (a RegExp) or satisfies it
   * (a function), and returns that screen. Throws, with the last screen in the message, after
   * `timeoutMs`, or as soon as the program has ended without the screen matching.
   */
  waitFor(what: ScreenCondition, timeoutMs = 5000): string {
    return this.poll(
      (screen) => matches(what, screen),
      `the screen to show ${describeCondition(what)}`,
      timeoutMs,
    );
  }

  /** Polls until the screen no longer contains/matches/satisfies `what`; returns that screen. */
  waitForGone(what: ScreenCondition, timeoutMs = 5000): string {
    return this.poll(
      (screen) => !matches(what, screen),
      `${describeCondition(what)} to leave the screen`,
      timeoutMs,
    );
  }

  private poll(test: (screen: string) => boolean, awaited: string, timeoutMs: number): string {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // One client, two commands: whether the pane was dead before the capture, then the capture.
      const output = this.run(
        ['display-message', '-p', '-t', TARGET, DEAD_FORMAT],
        ['capture-pane', '-p', '-t', TARGET],
      );
      const newline = output.indexOf('\n');
      const ended = this.exitFrom(output.slice(0, newline));
      const screen = tidyCapture(output.slice(newline + 1));
      if (test(screen)) return screen;
      if (ended !== null) {
        throw this.failure(
          `the program ended (${describeExit(ended)}) while waiting for ${awaited}`,
          screen,
        );
      }
      if (Date.now() >= deadline) {
        throw this.failure(`timed out after ${timeoutMs} ms waiting for ${awaited}`, screen);
      }
      pause(POLL_MS);
    }
  }

  /** The exit status once the program has ended and all its output is on the screen, else null. */
  exitStatus(): ExitStatus | null {
    return this.exitFrom(this.format(DEAD_FORMAT));
  }

  /**
   * The exit status in a {@link DEAD_FORMAT} line. tmux 3.3a is linked with libutempter, whose
   * own SIGCHLD handler, installed while tmux removes the utmp record of a pane whose output has
   * ended, can swallow the SIGCHLD of the pane's program: tmux then never reaps it and the status
   * stays empty for good. A SIGCHLD sent to the server makes it reap (tmux/tmux#311).
   */
  private exitFrom(line: string): ExitStatus | null {
    const { dead, status } = parseExit(line);
    if (dead && status === null && this.serverPid > 0) {
      try {
        process.kill(this.serverPid, 'SIGCHLD');
      } catch {
        // The server is gone; the next tmux command says so.
      }
    }
    // tmux may also have the status before it has read the last output: not ended until both.
    return dead ? status : null;
  }

  /**
   * Polls until the program has ended and returns its exit status the way a shell does: the exit
   * code, or 128 + the signal number when a signal killed it. `exitStatus()` has both apart.
   */
  waitForExit(timeoutMs = 5000): number {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = this.exitStatus();
      if (status !== null) return status.signal !== null ? 128 + status.signal : (status.code ?? 0);
      if (Date.now() >= deadline) {
        throw this.failure(`timed out after ${timeoutMs} ms waiting for the program to end`);
      }
      pause(POLL_MS);
    }
  }

  /** The terminal device of the pane (`/dev/pts/N`), for changing its settings from outside. */
  tty(): string {
    return this.format('#{pane_tty}');
  }

  /** The pid of the program in the pane, for sending it signals. */
  pid(): number {
    return Number(this.format('#{pane_pid}'));
  }

  /** Resizes the terminal (the program gets SIGWINCH) and waits until the pane has that size. */
  resize(width: number, height: number, timeoutMs = 5000): void {
    this.run(['resize-window', '-t', TARGET, '-x', String(width), '-y', String(height)]);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const size = this.size();
      if (size.width === width && size.height === height) break;
      if (Date.now() >= deadline) {
        throw this.failure(
          `resize to ${width}x${height} left the pane at ${size.width}x${size.height}`,
        );
      }
      pause(POLL_MS);
    }
    this.width = width;
    this.height = height;
  }

  /**
   * The terminal modes the program has set, read from tmux's pane flags; also after the program
   * has ended, to check that it left the terminal clean (see the module comment for the cursor).
   */
  terminalModes(): TerminalModes {
    const keys = Object.keys(MODE_FORMATS) as (keyof TerminalModes)[];
    const formats = keys.map((key) => `#{${MODE_FORMATS[key]}}`);
    const [dead, ...values] = this.format(['#{pane_dead}', ...formats].join(' ')).split(' ');
    const modes = {} as TerminalModes;
    keys.forEach((key, i) => {
      modes[key] = values[i] === '1';
    });
    if (dead === '1') modes.cursorVisible = cursorVisibleAfter(this.output());
    return modes;
  }

  /**
   * Everything the program has written to the terminal, escape sequences and all (UTF-8 decoded).
   * Once the program has ended this is complete; while it runs, it may lag the screen a little.
   */
  output(timeoutMs = 5000): string {
    const file = path.join(this.scratch, 'output');
    if (this.exitStatus() !== null) {
      // tmux has written all of it to the pipe (it waits for that before the pane is dead), and
      // tmux cannot close the pipe of a dead pane: the log is complete once the `cat` copying it
      // is asleep, which it only ever is reading an empty pipe.
      const deadline = Date.now() + timeoutMs;
      while (!pipeDrained(`${file}.pid`)) {
        if (Date.now() >= deadline) {
          throw this.failure(`timed out after ${timeoutMs} ms waiting for the output log`);
        }
        pause(2);
      }
    }
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  }

  /** Press of a mouse button at cell (x, y), 0-based: `ESC [ < b ; x+1 ; y+1 M`. */
  press(x: number, y: number, options: MouseOptions = {}): void {
    this.mouse(sgrButton(options.button ?? 'left', options), x, y, 'M', options, false);
  }

  /** Motion to cell (x, y) with the button held (drag): button code + 32. */
  drag(x: number, y: number, options: MouseOptions = {}): void {
    this.mouse(sgrButton(options.button ?? 'left', options) + 32, x, y, 'M', options, true);
  }

  /** Release of a mouse button at cell (x, y): `ESC [ < b ; x+1 ; y+1 m`. */
  release(x: number, y: number, options: MouseOptions = {}): void {
    this.mouse(sgrButton(options.button ?? 'left', options), x, y, 'm', options, false);
  }

  /** Press and release at cell (x, y). */
  click(x: number, y: number, options: MouseOptions = {}): void {
    this.press(x, y, options);
    this.release(x, y, options);
  }

  /** One wheel step at cell (x, y). */
  scroll(x: number, y: number, direction: 'up' | 'down', options: MouseOptions = {}): void {
    const code = (direction === 'up' ? 64 : 65) + sgrButton('left', options);
    this.mouse(code, x, y, 'M', options, false);
  }

  private mouse(
    code: number,
    x: number,
    y: number,
    final: 'M' | 'm',
    options: MouseOptions,
    motion: boolean,
  ): void {
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0) {
      throw new Error(`mouse event at (${x}, ${y}): cells are 0-based non-negative integers`);
    }
    if (!options.force) {
      const modes = this.terminalModes();
      const missing = !modes.mouseAny
        ? 'mouse reporting (?1000h/?1002h/?1003h)'
        : !modes.mouseSgr
          ? 'SGR mouse encoding (?1006h)'
          : motion && !modes.mouseButton && !modes.mouseAll
            ? 'motion reporting (?1002h/?1003h)'
            : null;
      if (missing !== null) {
        throw this.failure(
          `the program has not enabled ${missing}, so a terminal would not send this mouse ` +
            'event (pass force: true to send it anyway)',
        );
      }
    }
    this.sendBytes(`\x1b[<${code};${x + 1};${y + 1}${final}`);
  }

  /** An error about this session, with the screen (read now unless given). */
  private failure(message: string, screen?: string): Error {
    let shown = screen;
    if (shown === undefined) {
      try {
        shown = this.screen();
      } catch (error) {
        shown = `(screen unavailable: ${(error as Error).message})`;
      }
    }
    return new Error(
      `${message}\nscreen (${this.width}x${this.height}, tmux -L ${this.socket}):\n` +
        framed(shown, this.width),
    );
  }

  /**
   * Kills this session's tmux server and removes its socket; a program that survives the hangup
   * is SIGKILLed with its process group. Safe to call twice.
   */
  kill(): void {
    if (!this.alive) return;
    let pid = 0; // The program's, while it runs: tmux has reaped a dead pane's.
    try {
      const [dead, panePid] = this.format('#{pane_dead} #{pane_pid}').split(' ');
      if (dead === '0') pid = Number(panePid);
    } catch {
      // The server is gone already (or never started).
    }
    this.alive = false;
    TerminalSession.live.delete(this);
    try {
      tmux(this.socket, [['kill-server']]);
    } catch {
      // Not running: nothing to kill.
    }
    fs.rmSync(path.join(socketDir(), this.socket), { force: true });
    fs.rmSync(this.scratch, { recursive: true, force: true });
    if (pid > 0) {
      const deadline = Date.now() + 1000;
      while (processRunning(pid) && Date.now() < deadline) pause(5);
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // The whole process group is gone: the usual case.
      }
    }
  }
}

// Under jest, kill sessions after each test (or after the file for `beforeAll` ones). Elsewhere,
// or imported where hooks cannot be added, kill them when the process exits. A process killed
// outright cleans up nothing: the next one sweeps away what it left (`sweepStaleServers`).
let hooked = false;
if (typeof beforeEach === 'function' && typeof afterEach === 'function') {
  try {
    TerminalSession.installJestHooks();
    hooked = true;
  } catch {
    // Imported from inside a test.
  }
}
if (!hooked) process.on('exit', () => TerminalSession.killAll());

/** The directory tmux keeps this user's `-L` sockets in (for checking nothing was left behind). */
export function tmuxSocketDir(): string {
  return socketDir();
}

/** Socket files of servers started by this process that still exist. */
export function ownSockets(): string[] {
  try {
    return fs
      .readdirSync(socketDir())
      .filter((name) => name.startsWith(`${SOCKET_PREFIX}${process.pid}-`));
  } catch {
    return [];
  }
}
