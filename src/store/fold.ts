/**
 * Keeping a history within a size (docs/serve.md, "Limits on disk"): once `games.jsonl` passes its
 * limit, its oldest games are folded into the summary line at its head (`history.ts` reads and
 * writes it; the arithmetic is `digest`'s, in src/stats), and the file is left at about half the
 * limit, so that folds are rare. Every figure stays as it was.
 *
 * Which games are folded: those that ended first (as the statistics order them), so that the
 * games kept as lines all count after the summary's, as they would after every game folded.
 * Damaged lines are folded too, and counted in the summary as they were counted skipped.
 *
 * How, without stopping the process for long: the file is read a chunk at a time
 * (`FOLD_CHUNK_BYTES`), one chunk per turn of the event loop, twice (first to find which games
 * end first, then to count those), and the new file is written to a temporary file, flushed to
 * disk (fsync) and renamed over the history, as saves are written. The history is never changed
 * in place: a crash at any moment leaves it whole (and at most the temporary file, removed by the
 * next fold once it is `STALE_FOLD_MS` old).
 *
 * Lines appended while a fold runs go to the old file; just after the rename, whatever reached
 * it past what the fold read is copied to the end of the new one. The rename and that copy are
 * one step of this process, so no game this process records is lost. Another process (a second
 * server sharing the folder) that opened the old file before the rename and writes to it after
 * the copy would lose its line: the window is the few microseconds between its open and its
 * write. The temporary file's name is fixed, created exclusively: one fold at a time.
 */
import * as fs from 'fs';
import * as path from 'path';
import { TextDecoder } from 'util';
import { type Digest, digest } from '../stats/stats';
import type { GameResult } from '../stats/result';
import { fsReason } from './errors';
import {
  HISTORY_FILE,
  historyPath,
  type HistorySummary,
  MAX_LINE_BYTES,
  MAX_SUMMARY_BYTES,
  newestSlots,
  NO_SUMMARY,
  readLine,
  RECENT_BYTES,
  summaryText,
} from './history';
import { APPEND_EXISTING, CREATE_NEW, READ_EXISTING, syncDirectorySoon } from './files';

/** The most bytes of the history read and parsed in one turn of the event loop. */
export const FOLD_CHUNK_BYTES = 64 * 1024;
/** Room left for the summary line when the newest games are chosen to be kept. */
export const SUMMARY_ROOM = MAX_SUMMARY_BYTES;
/** A temporary file of a fold older than this was left by a fold that did not finish. */
export const STALE_FOLD_MS = 60_000;
/** A fold that could not be done is not tried again for this long (a full disk, say). */
export const FOLD_RETRY_MS = 60_000;
/** The fold's temporary file, beside the history: its name is the fold's lock. */
export const FOLD_FILE = `.${HISTORY_FILE}.fold`;

export interface FoldOptions {
  /** The history's limit: a history no longer than this is left as it is. */
  readonly limitBytes: number;
  /**
   * The bytes of the newest games kept as lines; by default half the limit less the room of the
   * summary (`SUMMARY_ROOM`), so that the history is left at half the limit at most.
   */
  readonly keepBytes?: number;
  /** The most bytes read and parsed in one turn (`FOLD_CHUNK_BYTES` unless given, for tests). */
  readonly chunkBytes?: number;
  /** For tests: called with the new history written and flushed, just before the rename. */
  readonly beforeRename?: () => void;
  /** For tests: called just after the rename, before the copy of the lines appended meanwhile. */
  readonly afterRename?: () => void;
}

export type Folded =
  /** Nothing done: the history is within its limit, or why it could not be folded. */
  | { readonly folded: false; readonly reason?: string }
  | {
      readonly folded: true;
      /** Games folded into the summary by this fold, and damaged lines. */
      readonly games: number;
      readonly skipped: number;
      /** The history's size before and after (appended lines copied included). */
      readonly before: number;
      readonly after: number;
      /** Bytes appended to the old file while the fold ran, copied to the new one. */
      readonly caughtUp: number;
      /** The most bytes the fold parsed in one turn of the event loop. */
      readonly largestStep: number;
    };

/** Folds under way in this process, by history file. */
const folding = new Map<string, Promise<Folded>>();
/** When the last fold of a history failed, by history file, until one succeeds. */
const failed = new Map<string, number>();

/**
 * Folds the history in `dir` if it is longer than `limitBytes` and no fold of it is under way in
 * this process: the fold under way, or null when there is nothing to do, or the last fold failed
 * less than `FOLD_RETRY_MS` ago (each try reads the whole history). Never rejects.
 */
export function foldWhenOver(dir: string, limitBytes: number): Promise<Folded> | null {
  const file = historyPath(dir);
  const running = folding.get(file);
  if (running) return running;
  if ((failed.get(file) ?? -Infinity) > Date.now() - FOLD_RETRY_MS) return null;
  try {
    const info = fs.lstatSync(file);
    if (!info.isFile() || info.size <= limitBytes) return null;
  } catch {
    return null;
  }
  const fold = foldHistory(dir, { limitBytes }).then((outcome) => {
    folding.delete(file);
    if (outcome.folded) failed.delete(file);
    else if (outcome.reason !== undefined) failed.set(file, Date.now());
    return outcome;
  });
  folding.set(file, fold);
  return fold;
}

/** A game's line in the history: where it is, and when the game ended. */
interface Entries {
  readonly offset: number[];
  /** Without the line end. */
  readonly length: number[];
  readonly ended: number[];
}

/** What the first reading of the history found. */
interface Scan {
  readonly summary: HistorySummary;
  readonly entries: Entries;
  /** Damaged lines (the summary's own not included). */
  readonly skipped: number;
  /** Where the last line end read is: the fold reads no further. */
  readonly end: number;
  readonly largestStep: number;
}

/**
 * Folds the oldest games of the history in `dir` into its summary, if it is longer than
 * `options.limitBytes` (see above). Never rejects: a failure comes back as a reason, and the
 * history is then as it was.
 */
export async function foldHistory(dir: string, options: FoldOptions): Promise<Folded> {
  const file = historyPath(dir);
  const temporary = path.join(dir, FOLD_FILE);
  const chunk = Math.max(1, options.chunkBytes ?? FOLD_CHUNK_BYTES);
  let old: fs.promises.FileHandle | undefined;
  let written = false; // the temporary file is this fold's, not renamed yet
  try {
    old = await fs.promises.open(file, READ_EXISTING);
    const info = await old.stat();
    if (!info.isFile()) return { folded: false, reason: `not a regular file (${file})` };
    if (info.size <= options.limitBytes) return { folded: false };
    const scan = await scanHistory(old, info.size, chunk);
    const { entries } = scan;
    const order = endOrder(entries);
    const keep =
      options.keepBytes ?? Math.max(0, Math.floor(options.limitBytes / 2) - SUMMARY_ROOM);
    // The newest games that fit in `keep`, in the order games ended: the rest is folded.
    let cut = order.length;
    for (let kept = 0; cut > 0; cut--) {
      kept += entries.length[order[cut - 1]] + 1;
      if (kept > keep) break;
    }
    const counted = await countFolded(old, entries, order.slice(0, cut), scan, chunk);
    const summary: HistorySummary = {
      games: counted.games,
      skipped: scan.summary.skipped + scan.skipped + counted.skipped,
      slots: counted.slots,
    };
    const lines = await keptLines(old, entries, order.slice(cut));
    const handle = await createTemporary(temporary);
    if (!handle) return { folded: false, reason: 'another fold of the history is under way' };
    written = true;
    const text = Buffer.concat([Buffer.from(`${summaryText(summary)}\n`), ...lines]);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    options.beforeRename?.();
    // From here to the copy of the lines appended meanwhile, one step: this process appends
    // nothing in between.
    const now = fs.lstatSync(file);
    if (now.ino !== info.ino || now.dev !== info.dev)
      return { folded: false, reason: 'the history was replaced while it was being folded' };
    fs.renameSync(temporary, file);
    written = false;
    options.afterRename?.();
    const caughtUp = catchUp(old.fd, scan.end, file);
    await syncDirectorySoon(dir);
    return {
      folded: true,
      games: cut - counted.skipped,
      skipped: scan.skipped + counted.skipped,
      before: info.size,
      after: text.length + caughtUp,
      caughtUp,
      largestStep: Math.max(scan.largestStep, counted.largestStep),
    };
  } catch (error) {
    return { folded: false, reason: fsReason(error, file) };
  } finally {
    if (written) await fs.promises.unlink(temporary).catch(() => undefined);
    await old?.close().catch(() => undefined);
  }
}

/**
 * Creates the fold's temporary file, opened to be written: null when another fold has it, unless
 * that one is `STALE_FOLD_MS` old (left by a fold that never finished: it is removed). Anything
 * at the name, a link included, counts as another fold's.
 */
async function createTemporary(temporary: string): Promise<fs.promises.FileHandle | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return await fs.promises.open(temporary, CREATE_NEW, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const info = await fs.promises.lstat(temporary).catch(() => null);
      if (info && info.mtimeMs > Date.now() - STALE_FOLD_MS) return null;
      await fs.promises.unlink(temporary).catch(() => undefined);
    }
  }
  return null;
}

/**
 * Reads the history to its last line end, a chunk at a time: where each game's line is and when
 * it ended, the damaged lines, and the summary at its head.
 */
async function scanHistory(
  old: fs.promises.FileHandle,
  size: number,
  chunk: number,
): Promise<Scan> {
  const entries: Entries = { offset: [], length: [], ended: [] };
  let summary = NO_SUMMARY;
  let skipped = 0;
  let end = 0;
  let largestStep = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // The line being read: its start, its bytes so far (none once it is too long to be read).
  let start = 0;
  let parts: Buffer[] | null = [];
  let length = 0;
  const finish = (): void => {
    const line = parts === null ? null : parts.length === 1 ? parts[0] : Buffer.concat(parts);
    const read = line ? readLine(decoder, line, start === 0) : { skipped: true as const };
    if ('result' in read) {
      entries.offset.push(start);
      entries.length.push(length);
      entries.ended.push(Date.parse(read.result.ended));
    } else if ('summary' in read) summary = read.summary;
    else if ('skipped' in read) skipped++;
  };
  for (let at = 0; at < size;) {
    const bytes = Buffer.alloc(Math.min(chunk, size - at));
    const { bytesRead } = await old.read(bytes, 0, bytes.length, at);
    if (bytesRead === 0) break; // the file shrank meanwhile
    largestStep = Math.max(largestStep, bytesRead);
    for (let from = 0; from < bytesRead;) {
      const newline = bytes.indexOf(0x0a, from);
      const stop = newline === -1 || newline >= bytesRead ? bytesRead : newline;
      length += stop - from;
      if (parts && length > (start === 0 ? MAX_SUMMARY_BYTES : MAX_LINE_BYTES)) parts = null;
      else parts?.push(bytes.subarray(from, stop));
      if (stop === bytesRead) break;
      finish();
      start = end = at + stop + 1;
      parts = [];
      length = 0;
      from = stop + 1;
    }
    at += bytesRead;
  }
  return { summary, entries, skipped, end, largestStep };
}

/** The games' indices in the order they ended (in the order of the file where times are equal). */
function endOrder(entries: Entries): number[] {
  const order = entries.ended.map((_, i) => i);
  const { ended } = entries;
  // Nearly always in order already: then there is nothing to sort.
  if (ended.every((time, i) => i === 0 || ended[i - 1] <= time)) return order;
  return order.sort((a, b) => ended[a] - ended[b] || a - b);
}

/**
 * The summary's figures continued by the games `folded` (indices in the order they ended), read
 * again a chunk at a time in that order; the slots of those among the last `RECENT_BYTES`.
 */
async function countFolded(
  old: fs.promises.FileHandle,
  entries: Entries,
  folded: readonly number[],
  scan: Scan,
  chunk: number,
): Promise<{ games: Digest; skipped: number; slots: string[]; largestStep: number }> {
  let games = scan.summary.games;
  let skipped = 0;
  let largestStep = 0;
  const recent: { offset: number; slot: string }[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let first = 0; first < folded.length;) {
    // A batch of games in the order they ended, of `chunk` bytes at most (one game at least).
    let last = first;
    let bytes = 0;
    do bytes += entries.length[folded[last++]] + 1;
    while (last < folded.length && bytes + entries.length[folded[last]] + 1 <= chunk);
    const batch = folded.slice(first, last);
    first = last;
    largestStep = Math.max(largestStep, bytes);
    const results: GameResult[] = [];
    for (const { index, line } of await readEntries(old, entries, batch, chunk)) {
      const read = readLine(decoder, line, false);
      if (!('result' in read)) {
        skipped++; // changed since the first reading
        continue;
      }
      results.push(read.result);
      const offset = entries.offset[index];
      if (read.result.slot !== undefined && offset >= scan.end - RECENT_BYTES)
        recent.push({ offset, slot: read.result.slot });
    }
    games = digest(results, games);
  }
  recent.sort((a, b) => a.offset - b.offset);
  return {
    games,
    skipped,
    slots: newestSlots(recent.map((r) => r.slot)),
    largestStep,
  };
}

/**
 * The lines of the games `indices` (without their line ends), in the order given: read at once
 * where they lie close together, as they nearly always do, else one by one.
 */
async function readEntries(
  old: fs.promises.FileHandle,
  entries: Entries,
  indices: readonly number[],
  chunk: number,
): Promise<{ index: number; line: Buffer }[]> {
  let from = Infinity;
  let to = 0;
  for (const i of indices) {
    from = Math.min(from, entries.offset[i]);
    to = Math.max(to, entries.offset[i] + entries.length[i]);
  }
  if (to - from <= 2 * chunk) {
    const span = await readAt(old, from, to - from);
    return indices.map((index) => {
      const at = entries.offset[index] - from;
      return { index, line: span.subarray(at, at + entries.length[index]) };
    });
  }
  const lines = [];
  for (const index of indices)
    lines.push({ index, line: await readAt(old, entries.offset[index], entries.length[index]) });
  return lines;
}

/** The lines of the games kept (indices in any order), in the order of the file, line ends included. */
async function keptLines(
  old: fs.promises.FileHandle,
  entries: Entries,
  kept: readonly number[],
): Promise<Buffer[]> {
  const inFile = [...kept].sort((a, b) => a - b);
  const runs: Buffer[] = [];
  // Lines next to each other are read as one run.
  for (let i = 0; i < inFile.length;) {
    const from = entries.offset[inFile[i]];
    let to = from + entries.length[inFile[i]] + 1;
    for (i++; i < inFile.length && entries.offset[inFile[i]] === to; i++)
      to += entries.length[inFile[i]] + 1;
    runs.push(await readAt(old, from, to - from));
  }
  return runs;
}

async function readAt(
  old: fs.promises.FileHandle,
  position: number,
  length: number,
): Promise<Buffer> {
  const bytes = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await old.read(bytes, filled, length - filled, position + filled);
    if (bytesRead === 0) break; // the file shrank meanwhile
    filled += bytesRead;
  }
  return bytes.subarray(0, filled);
}

/**
 * Copies what reached the old history (`fd`) from `from` on to the end of the new one at `file`,
 * and again what reached it while copying: the bytes copied.
 */
function catchUp(fd: number, from: number, file: string): number {
  let copied = 0;
  for (let round = 0; round < 3; round++) {
    const size = fs.fstatSync(fd).size;
    if (size <= from) break;
    const bytes = Buffer.alloc(size - from);
    const n = fs.readSync(fd, bytes, 0, bytes.length, from);
    if (n === 0) break;
    const out = fs.openSync(file, APPEND_EXISTING);
    try {
      for (let done = 0; done < n;) done += fs.writeSync(out, bytes, done, n - done);
    } finally {
      fs.closeSync(out);
    }
    from += n;
    copied += n;
  }
  return copied;
}
