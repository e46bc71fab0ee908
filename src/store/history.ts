/**
 * The history of games for the statistics: an append-only file `games.jsonl` in the data
 * directory (`dataDir(env)`), one JSON object per line: `{"v":1, ...the GameResult fields}`, the
 * deal written as `"seed"` (a seed) or `"deal"` (`"pysol:N"`).
 *
 * Writing appends one whole line in a single write to a file opened with O_APPEND, so two spider
 * processes finishing games at the same moment never interleave or overwrite each other's lines.
 * Reading trusts nothing in the file: every line is checked field by field into a fresh object,
 * and a line that fails is skipped and counted, never fatal.
 *
 * A history kept within a limit (docs/serve.md, "Limits on disk"; the folding is `fold.ts`'s)
 * starts with a summary line, `{"v":1,"summary":{...}}`: the figures of the games folded away. It
 * names no deal, so a program from before summaries skips it as a line it cannot read.
 */
import * as fs from 'fs';
import * as path from 'path';
import { TextDecoder } from 'util';
import type { GameResult } from '../stats/result';
import { type Digest, digest, follows, NO_GAMES } from '../stats/stats';
import { fsReason } from './errors';
import { appendLine, closeQuietly, READ_EXISTING } from './files';
import {
  type HistorySummary,
  lineObject,
  MAX_LINE_BYTES,
  MAX_SUMMARY_BYTES,
  parseLine,
  readLine,
  summaryAtHead,
  toResult,
} from './history-lines';

export {
  HISTORY_VERSION,
  type HistorySummary,
  type Line,
  MAX_LINE_BYTES,
  MAX_SUMMARY_BYTES,
  MAX_SUMMARY_SLOT_BYTES,
  newestSlots,
  NO_SUMMARY,
  readLine,
  summaryText,
  toResult,
  toSummary,
} from './history-lines';

/** The history file's name inside the data directory. */
export const HISTORY_FILE = 'games.jsonl';
/** Only the last this many bytes of a larger history are read (hundreds of thousands of games). */
export const MAX_HISTORY_BYTES = 64 * 1024 * 1024;
/**
 * How much of the end of the history is read for the slots of the results last recorded: a
 * result recorded whose save then could not be removed is found there at the next start (about
 * 800 games back), or among the slots the summary keeps.
 */
export const RECENT_BYTES = 256 * 1024;

export type Appended = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** What reading the history found. */
export interface HistoryRead {
  /**
   * The valid lines, in the order of the file: the order they were recorded in, nearly always
   * the order games ended in (a result recorded late comes after games that ended later).
   */
  readonly results: GameResult[];
  /** The summary the file starts with, of games folded away: `results` count after them. */
  readonly summary?: HistorySummary;
  /** Non-blank lines that could not be read and were skipped, and those the summary counts. */
  readonly skipped: number;
  /** Why the file could not be read at all, in plain words (results are then empty). */
  readonly problem?: string;
  /** Bytes at the start of a history larger than the cap that were not read. */
  readonly unreadBytes?: number;
  /**
   * The file as it was read (its identity, size and times): another whenever a line is added or
   * the file is edited or replaced. Absent when there was no file to read.
   */
  readonly version?: string;
  /** The bytes read, with `version`. */
  readonly bytes?: number;
}

/** The history file of a data directory. */
export function historyPath(dir: string): string {
  return path.join(dir, HISTORY_FILE);
}

/**
 * Appends one game to the history in `dir`, creating the directory (mode 0700) and the file
 * (mode 0600) when missing. Synchronous, so a game can record its result on the way out; never
 * throws: a result that would not read back, or a file-system failure, is returned as a reason.
 */
export function appendResult(dir: string, result: GameResult): Appended {
  const file = historyPath(dir);
  try {
    const checked = toResult(lineObject(result));
    if (!checked) return { ok: false, reason: 'the game result is not valid' };
    let existing: fs.Stats | undefined;
    try {
      existing = fs.lstatSync(file);
    } catch {
      existing = undefined;
    }
    if (existing && !existing.isFile())
      return { ok: false, reason: `not a regular file (${file})` };
    if (!existing) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // After a line cut short (a full disk, a crash), start on a line of our own.
    const prefix = existing && endsMidLine(file) ? '\n' : '';
    const line = `${prefix}${JSON.stringify(lineObject(checked))}\n`;
    // One write of the whole line with O_APPEND: concurrent appends never mix. Never through a
    // link planted at the name and never waiting on a FIFO (see files.ts).
    const added = appendLine(file, line);
    if (added === 'not a regular file')
      return { ok: false, reason: `not a regular file (${file})` };
    // Only a full disk writes less than a whole line: say so rather than retry half a line.
    if (added === 'cut short') return { ok: false, reason: 'the disk is full' };
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: fsReason(error, file) };
  }
}

/** True when the file's last byte is not a line end; false when it cannot tell. */
function endsMidLine(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, READ_EXISTING);
    const size = fs.fstatSync(fd).size;
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    return fs.readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

/** The end of the history file as read: its last bytes, or why there are none. */
type EndRead =
  | { readonly problem: string }
  | { readonly missing: true }
  | {
      readonly missing?: false;
      readonly bytes: Buffer;
      /** Bytes before the window, not read (one more is read: it tells whether a line starts). */
      readonly unreadBytes: number;
      readonly version: string;
      /** The file's identity (device and inode): the same while lines are only added to it. */
      readonly identity: string;
      /** The file's size when read. */
      readonly size: number;
    };

/**
 * Reads the last `maxBytes` of the history file in `dir` (with the byte before them), unless its
 * version is `unchanged` (then `bytes` is empty). With `after`, reads instead from that offset
 * on, when the file is still `after.identity` and has grown past `after.size` by at most
 * `maxBytes` (otherwise the end, as without it). A FIFO in place of the file does not hang it.
 */
function readEnd(
  dir: string,
  maxBytes: number,
  unchanged?: string,
  after?: { readonly identity: string; readonly size: number; readonly offset: number },
): EndRead & { readonly from?: number } {
  const file = historyPath(dir);
  let fd: number | undefined;
  try {
    // A FIFO in place of the file must not hang the program, nor a link be followed.
    fd = fs.openSync(file, READ_EXISTING);
    // Of the file opened (not of its name, which a network file system may answer from a cache).
    const info = fs.fstatSync(fd, { bigint: true });
    if (!info.isFile()) return { problem: `not a regular file (${file})` };
    const identity = `${info.dev}:${info.ino}`;
    const version = `${identity}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
    const size = Number(info.size);
    if (version === unchanged)
      return { bytes: Buffer.alloc(0), unreadBytes: 0, version, identity, size };
    const grown =
      after !== undefined &&
      after.identity === identity &&
      size > after.size &&
      size - after.offset <= maxBytes;
    const unreadBytes = grown ? 0 : Math.max(0, size - maxBytes);
    // Over the cap, one byte more than the window: it tells whether the window starts a line.
    const from = grown ? after.offset : Math.max(0, unreadBytes - 1);
    const bytes = Buffer.alloc(size - from);
    let filled = 0;
    while (filled < bytes.length) {
      const n = fs.readSync(fd, bytes, filled, bytes.length - filled, from + filled);
      if (n === 0) break; // the file shrank meanwhile
      filled += n;
    }
    const read = { bytes: bytes.subarray(0, filled), unreadBytes, version, identity, size };
    return grown ? { ...read, from } : read;
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') return { missing: true };
    return { problem: fsReason(error, file) };
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

/** The summary at the head of the history in `dir`, if it starts with one (never throws). */
function headSummary(dir: string): HistorySummary | null {
  let fd: number | undefined;
  try {
    fd = fs.openSync(historyPath(dir), READ_EXISTING);
    if (!fs.fstatSync(fd).isFile()) return null;
    const head = Buffer.alloc(MAX_SUMMARY_BYTES + 1);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    return summaryAtHead(head.subarray(0, n));
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

/**
 * Of `slots`, those whose result is among the last `maxBytes` of the history in `dir`
 * (docs/saves.md, "Saved games and statistics"), or among the slots its summary keeps. Only the
 * lines that name one are read, so that a start that asks costs a search of those bytes, not a read
 * of every result in them. Never throws.
 */
export function slotsRecorded(
  dir: string,
  slots: readonly string[],
  maxBytes: number,
): Set<string> {
  const found = new Set<string>();
  if (slots.length === 0) return found;
  const read = readEnd(dir, maxBytes);
  if (!('bytes' in read)) return found;
  const { bytes } = read;
  const summary = read.unreadBytes === 0 ? summaryAtHead(bytes) : headSummary(dir);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const slot of slots) {
    if (summary?.slots.includes(slot)) {
      found.add(slot);
      continue;
    }
    // As the history writes it: JSON.stringify puts no space around the colon.
    const named = Buffer.from(`"slot":${JSON.stringify(slot)}`);
    for (let at = bytes.indexOf(named); at >= 0; at = bytes.indexOf(named, at + 1)) {
      const newline = bytes.indexOf(0x0a, at);
      const line = bytes.subarray(
        bytes.lastIndexOf(0x0a, at) + 1,
        newline < 0 ? bytes.length : newline,
      );
      if (line.length <= MAX_LINE_BYTES && parseLine(decoder, line)?.slot === slot) {
        found.add(slot);
        break;
      }
    }
  }
  return found;
}

/** What the lines of part of a history hold. */
interface Lines {
  readonly results: GameResult[];
  readonly skipped: number;
  readonly summary?: HistorySummary;
  /**
   * Where the last line end read is, from the start of the bytes given: what follows it is a
   * line not ended yet (cut short, or an end the reader does not trust to stay as it is).
   */
  readonly end: number;
  /** The line not ended, if any: skipped, or a result. */
  readonly last?: GameResult | 'skipped';
}

/**
 * The lines of `bytes` from `start`; `head` when `start` is the file's first byte, where a
 * summary may be.
 */
function readLines(bytes: Buffer, start: number, head: boolean): Lines {
  const results: GameResult[] = [];
  let skipped = 0;
  let summary: HistorySummary | undefined;
  let end = start;
  let last: GameResult | 'skipped' | undefined;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const stop = newline === -1 ? bytes.length : newline;
    const line = readLine(decoder, bytes.subarray(start, stop), head && start === 0);
    start = stop + 1;
    if (newline === -1) {
      if (!('blank' in line)) last = 'result' in line ? line.result : 'skipped';
      break;
    }
    end = start;
    if ('result' in line) results.push(line.result);
    else if ('summary' in line) summary = line.summary;
    else if (!('blank' in line)) skipped++;
  }
  return { results, skipped, end, ...(summary ? { summary } : {}), ...(last ? { last } : {}) };
}

/**
 * Reads the history in `dir`. Never throws: a missing file is an empty history, an unreadable one
 * gives `problem`, bad lines are skipped and counted. `known`, an earlier read of the same file,
 * is answered as it is when the file has not changed since (its `version`). `maxBytes` (for tests)
 * caps the bytes read: of a larger file only the end is read, from its first whole line.
 */
export function readResults(
  dir: string,
  known?: HistoryRead | null,
  maxBytes = MAX_HISTORY_BYTES,
): HistoryRead {
  const end = readEnd(dir, maxBytes, known?.version);
  if ('problem' in end) return { results: [], skipped: 0, problem: end.problem };
  if (end.missing) return { results: [], skipped: 0 };
  if (known && end.version === known.version) return known;
  const { bytes, unreadBytes, version } = end;
  const lines = readLines(bytes, windowStart(bytes, unreadBytes), unreadBytes === 0);
  const results =
    lines.last && lines.last !== 'skipped' ? [...lines.results, lines.last] : lines.results;
  const skipped =
    lines.skipped + (lines.last === 'skipped' ? 1 : 0) + (lines.summary?.skipped ?? 0);
  const read = {
    results,
    skipped,
    ...(lines.summary ? { summary: lines.summary } : {}),
    version,
    bytes: bytes.length,
  };
  return unreadBytes > 0 ? { ...read, unreadBytes } : read;
}

/**
 * Where the window of a history read from `unreadBytes` on starts: its first byte, or past the
 * part of a line before its first whole line (none if the byte just before the window, read as
 * the first byte, ends a line).
 */
function windowStart(bytes: Buffer, unreadBytes: number): number {
  if (unreadBytes === 0) return 0;
  const first = bytes.indexOf(0x0a);
  return first === -1 ? bytes.length : first + 1;
}

/**
 * The figures of a history (docs/saves.md, "Saved games and statistics"): what a session keeps of
 * it, a few hundred bytes a statistics line however long the history is.
 */
export interface HistoryDigest {
  /** The figures of the games read: the summary's, then those of every line after it. */
  readonly games: Digest;
  /** Damaged lines: those skipped, and those the summary counts. */
  readonly skipped: number;
  /** Why the file could not be read at all, in plain words (no games then). */
  readonly problem?: string;
  /** Bytes at the start of a history larger than the cap that were not read. */
  readonly unreadBytes?: number;
  /** The file as read (see `HistoryRead`); absent when there was no file to read. */
  readonly version?: string;
  /** The bytes read for this answer: none when the file had not changed, the new ones when it grew. */
  readonly parsed: number;
  /** Where a later read goes on from, when lines are only added to the file. */
  readonly next?: {
    readonly identity: string;
    readonly size: number;
    /** The offset of the first byte not read into `games` (past the last line end). */
    readonly offset: number;
    /** The figures up to `offset`, and the lines skipped there. */
    readonly games: Digest;
    readonly skipped: number;
  };
}

/**
 * The figures of the history in `dir`, as `readResults` reads it (never throws). With `known`, an
 * earlier read: answered as it is when the file has not changed; when lines were only added to it
 * (the same file, larger), only those are read, and continue its figures if none of their games
 * ended before the last game it counts (docs/saves.md, "Saved games and statistics"); otherwise the
 * file is read anew, its last `maxBytes` at most.
 */
export function readDigest(
  dir: string,
  known?: HistoryDigest | null,
  maxBytes = MAX_HISTORY_BYTES,
): HistoryDigest {
  const end = readEnd(dir, maxBytes, known?.version, known?.next);
  if ('problem' in end) return { games: NO_GAMES, skipped: 0, problem: end.problem, parsed: 0 };
  if (end.missing) return { games: NO_GAMES, skipped: 0, parsed: 0 };
  if (known && end.version === known.version) return { ...known, parsed: 0 };
  const { bytes, unreadBytes, version, identity, size } = end;
  const from = end.from;
  if (from !== undefined && known?.next) {
    const lines = readLines(bytes, 0, from === 0);
    if (lines.summary === undefined && follows(known.next.games, lines.results))
      return digestOf(lines, known.next.games, known.next.skipped, {
        version,
        identity,
        size,
        offset: from,
        bytes: bytes.length,
        unreadBytes: known.unreadBytes ?? 0,
      });
    // A game that ended before the last one counted: the file is read anew, to count it in its
    // place among the games that ended after it.
    return readDigest(dir, null, maxBytes);
  }
  const lines = readLines(bytes, windowStart(bytes, unreadBytes), unreadBytes === 0);
  const summary = lines.summary;
  return digestOf(lines, summary?.games ?? NO_GAMES, summary?.skipped ?? 0, {
    version,
    identity,
    size,
    offset: Math.max(0, unreadBytes - 1),
    bytes: bytes.length,
    unreadBytes,
  });
}

/** The digest of `lines`, read at `at.offset` of the file, continuing `from`. */
function digestOf(
  lines: Lines,
  from: Digest,
  skippedBefore: number,
  at: {
    readonly version: string;
    readonly identity: string;
    readonly size: number;
    readonly offset: number;
    readonly bytes: number;
    readonly unreadBytes: number;
  },
): HistoryDigest {
  const games = digest(lines.results, from);
  const skipped = skippedBefore + lines.skipped;
  const last = lines.last;
  const read: HistoryDigest = {
    // A line not ended counts now, and is read again once it is (the next line starts after it).
    games: last && last !== 'skipped' ? digest([last], games) : games,
    skipped: skipped + (last === 'skipped' ? 1 : 0),
    version: at.version,
    parsed: at.bytes,
    next: { identity: at.identity, size: at.size, offset: at.offset + lines.end, games, skipped },
  };
  return at.unreadBytes > 0 ? { ...read, unreadBytes: at.unreadBytes } : read;
}
