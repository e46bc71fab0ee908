/**
 * One session channel (docs/serve.md, "Playing over SSH"): a game if it asks for a pty and a shell,
 * a refusal otherwise. Its requests say the terminal's type, size and locale; a command, a
 * subsystem, an agent or X11 is refused.
 */
import type { ServerChannel, Session } from 'ssh2';
import { cannotDrawOn } from '../ui/terminal-type';
import type { Games } from './games';
import type { Answer, GameChoice } from './choice';
import { Coalesced } from './limits';
import type { Player, Pty, SessionLink } from './player';
import { CANNOT_DRAW, NEEDS_A_TERMINAL, ONLY_THE_GAME } from '../words/serve';

/**
 * The largest terminal a game draws on: a larger size from the client is taken as this one (the
 * game then draws in its top left, where it has far more room than it needs). The size decides
 * the memory a game's screen takes and what each frame costs the server's one thread, and it is
 * the client's to say: uncapped, one player could claim a million cells (about 300 MB); at
 * 400x150 a frame cost up to 11 ms, at 200x60 about 1 ms (docs/measurements.md, "Screen speed").
 */
export const MAX_COLS = 200;
export const MAX_ROWS = 60;
const capped = (size: number, max: number, fallback: number) => Math.min(size || fallback, max);

/**
 * The client's terminal type, if it is a plain name (docs/serve.md, "Playing over SSH"); else
 * xterm. The terminal library reads a name with a `/` as the path of a terminfo file: a client
 * could make the server read any file of the host, or a device that never ends.
 */
export function terminalType(term: string | undefined): string {
  return term !== undefined && /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/.test(term) ? term : 'xterm';
}

/** A burst of window sizes from a client within this many milliseconds is one resize. */
const RESIZE_MS = 50;
/** Requests on a connection before its game starts (pty, env, window sizes...). */
const REQUESTS_BEFORE_SHELL = 64;
/** The client's environment variables a game listens to: locale and colour. */
const ENV_TAKEN = new Set(['LANG', 'LC_ALL', 'LC_CTYPE', 'NO_COLOR']);

/** What a session channel needs of its connection and of the server. */
export interface ChannelContext {
  readonly address: string;
  readonly link: SessionLink;
  /** Who logged in on the connection, once someone has. */
  who(): Player | null;
  /** The connection's games: one started, one ended. */
  readonly playing: { started(): void; ended(): void };
  readonly games: Games;
}

type Accept = () => ServerChannel | undefined;

/** Answers the requests of one session channel, and plays its game when it asks for one. */
export function serveSession(sess: Session, context: ChannelContext): void {
  const requests = new SessionRequests(context);
  sess.on('pty', (accept, reject, info) => (requests.pty(info) ? accept?.() : reject?.()));
  sess.on('env', (accept, reject, info) => (requests.env(info) ? accept?.() : reject?.()));
  sess.on('window-change', (accept, _reject, info) => {
    accept?.();
    requests.resize(info);
  });
  // A command, or a second shell, on a session that already has its channel (or is ending):
  // the library opens no channel for it, and answers nothing to the client (nor can `reject`),
  // so the game it already plays goes on.
  const onlyTheGame = (accept: Accept, reject?: () => void) => {
    const channel = opened(accept, reject);
    if (channel) refuse(channel, ONLY_THE_GAME);
  };
  // A command with the login names the game (docs/serve.md, "Choosing the game at login").
  sess.on('exec', (accept, reject, info) => {
    const channel = opened(accept, reject);
    if (channel) requests.exec(channel, info.command);
  });
  sess.on('subsystem', onlyTheGame);
  sess.on('sftp', (_accept, reject) => reject());
  sess.on('x11', (_accept, reject) => reject?.());
  sess.on('auth-agent', (_accept, reject) => reject?.());
  sess.on('signal', (accept) => accept?.());
  sess.on('shell', (accept, reject) => {
    const channel = opened(accept, reject);
    if (channel) requests.shell(channel);
  });
}

/** What a session has asked for so far: its terminal and environment, and whether it plays. */
class SessionRequests {
  private terminal: Pty | null = null;
  private readonly environment: Record<string, string> = {};
  private requests = 0;
  private started = false;
  private current: ServerChannel | null = null;
  // A burst of window sizes is one redraw, at the last of them.
  private readonly resizing = new Coalesced(RESIZE_MS, () => {
    if (this.current && this.terminal)
      resizeTerminal(this.current, this.terminal.cols, this.terminal.rows);
  });

  constructor(private readonly context: ChannelContext) {}

  private counted(): boolean {
    return ++this.requests <= REQUESTS_BEFORE_SHELL;
  }

  /** A pty request: whether it is taken. */
  pty(info: { term: string; cols: number; rows: number }): boolean {
    if (!this.counted() || this.started) return false;
    this.terminal = {
      term: terminalType(info.term),
      cols: capped(info.cols, MAX_COLS, 80),
      rows: capped(info.rows, MAX_ROWS, 24),
    };
    return true;
  }

  /** An env request: whether it is taken. */
  env(info: { key: string; val: string }): boolean {
    if (!this.counted() || !ENV_TAKEN.has(info.key) || info.val.length > 64) return false;
    this.environment[info.key] = info.val;
    return true;
  }

  /** A window-change request: the game's terminal takes the new size. */
  resize(info: { cols: number; rows: number }): void {
    const pty = this.terminal;
    if (!pty) return;
    this.terminal = {
      ...pty,
      cols: capped(info.cols, MAX_COLS, pty.cols),
      rows: capped(info.rows, MAX_ROWS, pty.rows),
    };
    if (this.started) this.resizing.call();
  }

  /** An exec request, on its channel: its question answered, or the game it names, or why not. */
  exec(channel: ServerChannel, command: string): void {
    channel.on('error', () => undefined);
    const player = this.context.who();
    if (this.started || player === null) return refuse(channel, ONLY_THE_GAME);
    const asked = this.context.games.ask(command, player);
    if (asked !== null) {
      this.started = true;
      void asked.then((answer) => this.answer(channel, answer));
      return;
    }
    const read = this.context.games.login(command);
    if (!read.ok) return refuse(channel, read.message);
    this.shell(channel, read.choice);
  }

  /**
   * Writes an answer and closes the channel with its status. Without a terminal the text goes as
   * it is (`ssh HOST record latest > game.txt` keeps the record's bytes); a terminal's lines end
   * in CR LF.
   */
  private answer(channel: ServerChannel, answer: Answer): void {
    const lines = (text: string) => (this.terminal ? text.replace(/\n/g, '\r\n') : text);
    try {
      if (answer.stdout !== '') channel.write(lines(answer.stdout));
      if (answer.stderr !== '') channel.stderr.write(lines(answer.stderr));
      channel.exit(answer.status);
      channel.end();
    } catch {
      // The client is gone already.
    }
  }

  /** A shell request, on its channel: the game, or why not. */
  shell(channel: ServerChannel, choice?: GameChoice): void {
    channel.on('error', () => undefined);
    const { address, games, playing } = this.context;
    const player = this.context.who();
    const pty = this.terminal;
    if (this.started || player === null) return refuse(channel, ONLY_THE_GAME);
    if (!pty) return refuse(channel, NEEDS_A_TERMINAL);
    if (cannotDrawOn(pty.term)) return refuse(channel, CANNOT_DRAW);
    const refusal = games.refusal(address, player);
    if (refusal !== null) return refuse(channel, refusal);
    this.started = true;
    this.current = channel;
    playing.started();
    const { link } = this.context;
    const request = { channel, address, link, pty, env: this.environment, player };
    games.play(choice === undefined ? request : { ...request, choice }, () => {
      this.resizing.cancel();
      playing.ended();
    });
  }
}

/** Sets the size of the terminal a session's channel is, as a window-change request tells it. */
export function resizeTerminal(channel: ServerChannel, cols: number, rows: number): void {
  Object.assign(channel, { columns: cols, rows });
  channel.emit('resize');
}

/** The channel a request opened, if the library opened one; else the request is refused. */
function opened(accept: Accept, reject?: () => void): ServerChannel | undefined {
  const channel = accept();
  if (!channel) reject?.();
  return channel;
}

function refuse(channel: ServerChannel, text: string): void {
  channel.stderr.write(`${text}\r\n`);
  channel.exit(1);
  channel.end();
}
