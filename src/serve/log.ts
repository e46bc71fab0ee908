/**
 * The server's log (docs/serve.md, "The log"): each line an entry with a level, its words, and the
 * client's address, the player and what happened where it has them; written as text (a time stamp
 * and the words, as always), as one JSON object a line, or as text with the syslog priority that
 * systemd's journal reads (`<6>`, sd-daemon(3)).
 */

export type Level = 'error' | 'warning' | 'info';

export interface LogEntry {
  readonly level: Level;
  /** The words, without the address. */
  readonly message: string;
  /** The client's address, when the entry is about one. */
  readonly address?: string;
  /** The player's key (its SHA256: fingerprint), or `guest`. */
  readonly player?: string;
  /** What happened, as one word: `login`, `game-ended`, `refused`... */
  readonly event?: string;
}

export type Log = (entry: LogEntry) => void;

export const LOG_FORMATS = ['text', 'json', 'journald'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The entry's words as a text line says them: `127.0.0.1: logged in as a guest`. */
export function logText(entry: LogEntry): string {
  return entry.address === undefined ? entry.message : `${entry.address}: ${entry.message}`;
}

/** sd-daemon(3)'s priorities, as syslog(3) numbers them. */
const PRIORITY: Readonly<Record<Level, number>> = { error: 3, warning: 4, info: 6 };

/** The entry as a line of the log in `format`, written at `time`, without its newline. */
export function logLine(format: LogFormat, entry: LogEntry, time: Date): string {
  const stamp = time.toISOString();
  if (format === 'journald') return `<${PRIORITY[entry.level]}>${stamp} ${logText(entry)}`;
  if (format === 'text') return `${stamp} ${logText(entry)}`;
  const { level, message, address, player, event } = entry;
  return JSON.stringify({
    time: stamp,
    level,
    message,
    ...(address === undefined ? {} : { address }),
    ...(player === undefined ? {} : { player }),
    ...(event === undefined ? {} : { event }),
  });
}

/** An entry of the level most lines have. */
export function info(message: string, fields: Omit<LogEntry, 'level' | 'message'> = {}): LogEntry {
  return { level: 'info', message, ...fields };
}

export function warning(
  message: string,
  fields: Omit<LogEntry, 'level' | 'message'> = {},
): LogEntry {
  return { level: 'warning', message, ...fields };
}

export function error(message: string, fields: Omit<LogEntry, 'level' | 'message'> = {}): LogEntry {
  return { level: 'error', message, ...fields };
}
