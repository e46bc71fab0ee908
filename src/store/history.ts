/**
 * The history of games for the statistics: an append-only file `games.jsonl` in the data
 * directory (`dataDir(env)`), one JSON object per line: `{"v":1, ...the GameResult fields}`, the
 * deal written as `"seed"` (a seed) or `"deal"` (`"pysol:N"`).
 *
 * Writing appends one whole line in a single write to a file opened with O_APPEND, so two spider
 * processes finishing games at the same moment never interleave or overwrite each other's lines.
 * Reading trusts nothing in the file: every line is checked field by field into a fresh object,
 * and a line that fails is skipped and counted, never fatal.
 */
import * as fs from 'fs';
import * as path from 'path';
import { fsReason } from './errors';
import { TextDecoder } from 'util';
import {
  bySeed,
  type DealId,
  dealText,
  parseDeal,
  RELAXED_LEVELS,
  type Rules,
  type Scores,
  SUIT_COUNTS,
} from '../engine';
import { seedProblem } from '../notation';
import type { GameResult, Outcome } from '../stats/result';

/** The history file's name inside the data directory. */
export const HISTORY_FILE = 'games.jsonl';
/** The version written in every line (`"v"`); lines of any other version are skipped. */
export const HISTORY_VERSION = 1;
/** Only the last this many bytes of a larger history are read (hundreds of thousands of games). */
export const MAX_HISTORY_BYTES = 64 * 1024 * 1024;
/** A line longer than this is skipped unread: a real line is a few hundred bytes. */
export const MAX_LINE_BYTES = 16 * 1024;

export type Appended = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** What reading the history found. */
export interface HistoryRead {
  /**
   * The valid lines, in the order of the file: the order they were recorded in, nearly always
   * the order games ended in (a result recorded late comes after games that ended later).
   */
  readonly results: GameResult[];
  /** Non-blank lines that could not be read and were skipped. */
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

/**
 * A result as a history line holds it: the version first, and the deal as records write it,
 * `seed` for a seed or `deal` (`pysol:N`) for a numbered deal.
 */
function lineObject(result: GameResult): Record<string, unknown> {
  const { deal, ...rest } = result;
  const named = deal.scheme === 'seed' ? { seed: deal.key } : { deal: dealText(deal) };
  const object: Record<string, unknown> = { v: HISTORY_VERSION, ...named, ...rest };
  object.v = HISTORY_VERSION; // whatever else the object held, in first place
  return object;
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
    // link planted at the name (O_NOFOLLOW) and never waiting on a FIFO (O_NONBLOCK).
    const { O_APPEND, O_CREAT, O_NOFOLLOW, O_NONBLOCK, O_WRONLY } = fs.constants;
    const fd = fs.openSync(file, O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_WRONLY, 0o600);
    try {
      if (!fs.fstatSync(fd).isFile()) return { ok: false, reason: `not a regular file (${file})` };
      const bytes = Buffer.from(line, 'utf8');
      // Only a full disk writes less than a whole line: say so rather than retry half a line.
      if (fs.writeSync(fd, bytes) < bytes.length) return { ok: false, reason: 'the disk is full' };
    } finally {
      fs.closeSync(fd);
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: fsReason(error, file) };
  }
}

/** True when the file's last byte is not a line end; false when it cannot tell. */
function endsMidLine(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
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

function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // nothing to do
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
    };

/**
 * Reads the last `maxBytes` of the history file in `dir` (with the byte before them), unless its
 * version is `unchanged` (then `bytes` is empty). A FIFO in place of the file does not hang it.
 */
function readEnd(dir: string, maxBytes: number, unchanged?: string): EndRead {
  const file = historyPath(dir);
  let fd: number | undefined;
  try {
    // O_NONBLOCK: a FIFO in place of the file must not hang the program.
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    // Of the file opened (not of its name, which a network file system may answer from a cache).
    const info = fs.fstatSync(fd, { bigint: true });
    if (!info.isFile()) return { problem: `not a regular file (${file})` };
    const version = `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
    if (version === unchanged) return { bytes: Buffer.alloc(0), unreadBytes: 0, version };
    const size = Number(info.size);
    const unreadBytes = Math.max(0, size - maxBytes);
    // Over the cap, one byte more than the window: it tells whether the window starts a line.
    const from = Math.max(0, unreadBytes - 1);
    const bytes = Buffer.alloc(size - from);
    let filled = 0;
    while (filled < bytes.length) {
      const n = fs.readSync(fd, bytes, filled, bytes.length - filled, from + filled);
      if (n === 0) break; // the file shrank meanwhile
      filled += n;
    }
    return { bytes: bytes.subarray(0, filled), unreadBytes, version };
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') return { missing: true };
    return { problem: fsReason(error, file) };
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

/**
 * Of `slots`, those whose result is among the last `maxBytes` of the history in `dir` (README,
 * "Saved games and statistics"). Only the lines that name one are read, so that a start that
 * asks costs a search of those bytes, not a read of every result in them. Never throws.
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
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const slot of slots) {
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
  let start = 0;
  if (unreadBytes > 0) {
    // Drop the part of a line before the window's first whole line (none if the byte just
    // before the window, read as the first byte, ends a line).
    const first = bytes.indexOf(0x0a);
    start = first === -1 ? bytes.length : first + 1;
  }
  const results: GameResult[] = [];
  let skipped = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const stop = newline === -1 ? bytes.length : newline;
    const line = bytes.subarray(start, stop);
    start = stop + 1;
    if (isBlank(line)) continue;
    const result = line.length > MAX_LINE_BYTES ? null : parseLine(decoder, line);
    if (result) results.push(result);
    else skipped++;
  }
  const read = { results, skipped, version, bytes: bytes.length };
  return unreadBytes > 0 ? { ...read, unreadBytes } : read;
}

function isBlank(line: Buffer): boolean {
  for (const byte of line) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  return true;
}

function parseLine(decoder: TextDecoder, line: Buffer): GameResult | null {
  try {
    return toResult(JSON.parse(decoder.decode(line)) as unknown);
  } catch {
    return null; // not UTF-8 or not JSON
  }
}

type Fields = Readonly<Record<string, unknown>>;

/** The object's own value for `key` (never one inherited, never a `__proto__` accessor). */
function own(object: Fields, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

const OUTCOMES: readonly Outcome[] = ['won', 'lost', 'abandoned'];
/** A save slot's name, as the save store makes them. */
const SLOT = /^[\w.-]{1,100}$/;

function toRules(value: unknown): Rules | null {
  if (!isFields(value)) return null;
  const suits = SUIT_COUNTS.find((s) => s === own(value, 'suits'));
  const relaxed = RELAXED_LEVELS.find((r) => r === own(value, 'relaxed'));
  const keepSuits = own(value, 'keepSuits');
  if (suits === undefined || relaxed === undefined || typeof keepSuits !== 'boolean') return null;
  return { suits, relaxed, keepSuits };
}

function toScores(value: unknown): Scores | null {
  if (!isFields(value)) return null;
  const woods = own(value, 'woods');
  const microsoft = own(value, 'microsoft');
  const aisleriot = own(value, 'aisleriot');
  if (!isCount(woods) || !isCount(microsoft) || !isCount(aisleriot)) return null;
  return { woods, microsoft, aisleriot };
}

/**
 * A history line's object checked field by field into a fresh GameResult holding only the known
 * keys, or null when anything is missing, of the wrong type or out of range, or the version is
 * not HISTORY_VERSION.
 */
export function toResult(value: unknown): GameResult | null {
  if (!isFields(value) || own(value, 'v') !== HISTORY_VERSION) return null;
  const seed = own(value, 'seed');
  const numbered = own(value, 'deal');
  let deal: DealId;
  if (typeof seed === 'string' && numbered === undefined && seedProblem(seed) === null)
    deal = bySeed(seed);
  else if (typeof numbered === 'string' && seed === undefined) {
    const parsed = parseDeal(numbered);
    if (!parsed.ok) return null;
    deal = parsed.deal;
  } else return null;
  const rules = toRules(own(value, 'rules'));
  const outcome = OUTCOMES.find((o) => o === own(value, 'outcome'));
  const scores = toScores(own(value, 'scores'));
  const moves = own(value, 'moves');
  const actions = own(value, 'actions');
  const peeks = own(value, 'peeks');
  const elapsedMs = own(value, 'elapsedMs');
  const ended = own(value, 'ended');
  if (!rules || outcome === undefined || !scores) return null;
  if (!isCount(moves) || !isCount(actions) || !isCount(peeks) || !isCount(elapsedMs)) return null;
  if (typeof ended !== 'string' || ended.length > 64 || Number.isNaN(Date.parse(ended)))
    return null;
  const continued = own(value, 'continued');
  if (continued !== undefined && typeof continued !== 'boolean') return null;
  const daily = own(value, 'daily');
  if (daily !== undefined && (typeof daily !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(daily)))
    return null;
  const slot = own(value, 'slot');
  if (slot !== undefined && (typeof slot !== 'string' || !SLOT.test(slot))) return null;
  const result = { deal, rules, outcome, moves, actions, peeks, elapsedMs, scores, ended };
  return {
    ...result,
    ...(continued ? { continued } : {}),
    ...(daily !== undefined ? { daily } : {}),
    ...(slot !== undefined ? { slot } : {}),
  };
}
