/**
 * The records `w` writes (docs/saves.md, "Saved games and statistics"): a new file for each, named
 * by the deal and the time, and none again while nothing was played since the last one. Within a
 * server's limits (docs/serve.md, "Limits on disk"), the oldest records make room for a new one.
 */
import * as fs from 'fs';
import * as path from 'path';
import { actionsKept, type Game, statusWithin } from '../engine';
import { formatAction, formatRecord } from '../notation';
import type { DiskLimits } from './disk-limits';
import { fsReason } from './errors';
import type { NoRoom, RecordNews, RecordsRemoved } from './news';

/** What records a player may keep (docs/serve.md, "Limits on disk"); none when not given. */
export type RecordLimits = Pick<DiskLimits, 'records' | 'recordBytes'>;

/**
 * A record file's name as `write` makes it: `spider-<seed or deal>-<YYYYMMDD-HHMMSS>[-<n>].txt`.
 * Only files so named are the game's own: nothing else in the folder is counted or removed.
 */
const RECORD_NAME = /^spider-[\w-]+?-(\d{8}-\d{6})(?:-(\d{1,2}))?\.txt$/;

/** A record of the game's own in the folder, as it was found. */
interface Found {
  readonly name: string;
  readonly bytes: number;
  /** Its time, then its counter: orders the records from the oldest. */
  readonly stamp: string;
  readonly counter: number;
}

export class RecordWriter {
  /** The last record written: its folder, status and actions, and its file. */
  private last: { readonly same: string; readonly file: string; readonly name: string } | null =
    null;

  constructor(
    private readonly now: () => Date,
    /** The records the player may keep in the folder `write` is given; no limit unless given. */
    private readonly limits?: RecordLimits,
  ) {}

  /** Writes the game record to a new file in `folder`; returns what became of it. */
  write(
    game: Game,
    folder: string | null | undefined,
    /** How to name the folder to a player who cannot reach it (over SSH); else its path. */
    shown?: string,
  ): RecordNews {
    if (this.limits?.records === 0) return { kind: 'records-not-kept' };
    if (folder === undefined) folder = currentFolder();
    if (folder === null) return { kind: 'record-no-folder' };
    const now = this.now();
    const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    // A status still being decided is left out rather than waited for (docs/rules.md, "Lost").
    const known = statusWithin(game.position);
    // Pressed again with nothing played since (a key held, or pasted): the file is there already.
    const same = `${path.resolve(folder)}\n${game.deal.scheme}:${game.deal.key}\n${known}\n${actionsKept(game).map(formatAction).join(' ')}`;
    const last = this.last;
    if (last?.same === same && fs.existsSync(last.file))
      return { kind: 'record-again', name: last.name };
    const { scheme, key } = game.deal;
    const safeSeed =
      scheme === 'seed' ? key.replace(/[^\w-]/g, '').slice(0, 30) || 'game' : `${scheme}-${key}`;
    const text = formatRecord({
      deal: game.deal,
      rules: game.rules,
      meta: [
        ['date', now.toISOString()],
        ...(known ? [['status', known] as [string, string]] : []),
      ],
      actions: actionsKept(game),
    });
    const room = this.limits ? this.makeRoom(folder, Buffer.byteLength(text), this.limits) : null;
    if (room !== null && !room.ok) return { kind: 'record-no-room', why: room.why };
    const removed = room?.removed ?? null;
    for (let n = 0; n < 100; n++) {
      const name = `spider-${safeSeed}-${stamp}${n > 0 ? `-${n}` : ''}.txt`;
      const file = path.join(folder, name);
      try {
        fs.writeFileSync(file, text, { flag: 'wx', mode: 0o644 });
        this.last = { same, file, name };
        // In the current folder the name is enough, and it fits the message line.
        const where = path.resolve(folder) === currentFolder() ? name : file;
        return {
          kind: 'record-written',
          name,
          where,
          removed,
          ...(shown !== undefined ? { shown } : {}),
          text,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
          return { kind: 'record-failed', reason: fsReason(error, folder), removed };
      }
    }
    const stem = `spider-${safeSeed}-${stamp}`;
    return { kind: 'record-names-taken', stem, folder, removed };
  }

  /**
   * Removes the oldest of the game's records in `folder` until one more of `bytes` fits within
   * `limits` (docs/serve.md, "Limits on disk"): the oldest by the time in its name, which is when
   * it was written. Returns what was removed (null when nothing was), or why the record cannot be
   * written. Only regular files named as the game names its records
   * count and are removed: never a link (nor what it points to), a folder, or any other file.
   */
  private makeRoom(
    folder: string,
    bytes: number,
    limits: RecordLimits,
  ): { ok: true; removed: RecordsRemoved | null } | { ok: false; why: NoRoom } {
    if (bytes > limits.recordBytes)
      return { ok: false, why: { kind: 'too-large', bytes, most: limits.recordBytes } };
    let found: Found[];
    try {
      if (fs.lstatSync(folder).isSymbolicLink())
        return { ok: false, why: { kind: 'link', folder } };
      found = recordsIn(folder);
    } catch (error) {
      return { ok: false, why: { kind: 'unlisted', reason: fsReason(error, folder) } };
    }
    found.sort((a, b) =>
      a.stamp !== b.stamp
        ? a.stamp < b.stamp
          ? -1
          : 1
        : a.counter !== b.counter
          ? a.counter - b.counter
          : a.name < b.name
            ? -1
            : 1,
    );
    let total = found.reduce((sum, record) => sum + record.bytes, 0) + bytes;
    let count = found.length + 1;
    const removed: string[] = [];
    let byCount = false;
    let bySize = false;
    for (const oldest of found) {
      if (count <= limits.records && total <= limits.recordBytes) break;
      byCount ||= count > limits.records;
      bySize ||= total > limits.recordBytes;
      try {
        fs.unlinkSync(path.join(folder, oldest.name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
          const reason = fsReason(error, folder);
          const why = { kind: 'stuck', name: oldest.name, reason, before: removed.length } as const;
          return { ok: false, why };
        }
      }
      removed.push(oldest.name);
      count--;
      total -= oldest.bytes;
    }
    if (removed.length === 0) return { ok: true, removed: null };
    // What the server keeps, as far as it made the records removed go.
    const keeps = {
      ...(byCount ? { records: limits.records } : {}),
      ...(bySize ? { bytes: limits.recordBytes } : {}),
    };
    return { ok: true, removed: { names: removed, keeps } };
  }
}

/** The game's records in `folder`: regular files with its records' names, never through a link. */
function recordsIn(folder: string): Found[] {
  const found: Found[] = [];
  for (const name of fs.readdirSync(folder)) {
    const match = RECORD_NAME.exec(name);
    if (match === null) continue;
    let info: fs.Stats | undefined;
    try {
      info = fs.lstatSync(path.join(folder, name), { throwIfNoEntry: false });
    } catch {
      continue; // not to be looked at: not counted, never removed
    }
    if (info === undefined || !info.isFile()) continue;
    found.push({ name, bytes: info.size, stamp: match[1], counter: Number(match[2] ?? 0) });
  }
  return found;
}

/** The current folder, or null when it no longer exists (deleted while the game runs). */
function currentFolder(): string | null {
  try {
    return process.cwd();
  } catch {
    return null; // deleted meanwhile
  }
}
