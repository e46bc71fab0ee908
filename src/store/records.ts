/**
 * The records `w` writes (docs/saves.md, "Saved games and statistics"): a new file for each, named
 * by the deal and the time, and none again while nothing was played since the last one. Within a
 * server's limits (docs/serve.md, "Limits on disk"), the oldest records make room for a new one.
 */
import * as fs from 'fs';
import * as path from 'path';
import { actionsKept, type Game, statusWithin } from '../engine';
import { formatAction, formatRecord } from '../notation';
import { type DiskLimits, sizeText } from './disk-limits';
import { fsReason } from './errors';

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

/** `12,345,678 bytes`: a size told exactly, in the player's words. */
function bytesText(bytes: number): string {
  return `${String(bytes).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} bytes`;
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

  /** Writes the game record to a new file in `folder`; returns what to tell the player. */
  write(
    game: Game,
    folder: string | null | undefined,
    /** How to name the folder to a player who cannot reach it (over SSH); else its path. */
    shown?: string,
  ): string {
    if (this.limits?.records === 0)
      return 'Records are not kept on this server, so w writes none. The game goes on, saved as usual.';
    if (folder === undefined) folder = currentFolder();
    if (folder === null)
      return "Can't write the record: the current folder no longer exists. The game goes on, saved as usual.";
    const now = this.now();
    const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    // A status still being decided is left out rather than waited for (docs/rules.md, "Lost").
    const known = statusWithin(game.position);
    // Pressed again with nothing played since (a key held, or pasted): the file is there already.
    const same = `${path.resolve(folder)}\n${game.deal.scheme}:${game.deal.key}\n${known}\n${actionsKept(game).map(formatAction).join(' ')}`;
    const last = this.last;
    if (last?.same === same && fs.existsSync(last.file))
      return `Already written, nothing played since: ${last.name}.`;
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
    if (room !== null && !room.ok) return `Can't write the record: ${room.reason}.`;
    const removed = room?.removed ?? '';
    for (let n = 0; n < 100; n++) {
      const name = `spider-${safeSeed}-${stamp}${n > 0 ? `-${n}` : ''}.txt`;
      const file = path.join(folder, name);
      try {
        fs.writeFileSync(file, text, { flag: 'wx', mode: 0o644 });
        this.last = { same, file, name };
        if (shown !== undefined) return `Wrote ${name} to ${shown}${removed}.`;
        // In the current folder the name is enough, and it fits the message line.
        const where = path.resolve(folder) === currentFolder() ? name : file;
        return `Wrote the game record to ${where}${removed}; spider play FILE continues it.`;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
          return `Can't write the record: ${fsReason(error, folder)}${removed}.`;
      }
    }
    return `Can't write the record: too many files named spider-${safeSeed}-${stamp} in ${folder}${removed}.`;
  }

  /**
   * Removes the oldest of the game's records in `folder` until one more of `bytes` fits within
   * `limits` (docs/serve.md, "Limits on disk"): the oldest by the time in its name, which is when
   * it was written. Returns what was removed, as words to add to the message (empty when nothing
   * was), or why the record cannot be written. Only regular files named as the game names its
   * records count and are removed: never a link (nor what it points to), a folder, or any other
   * file.
   */
  private makeRoom(
    folder: string,
    bytes: number,
    limits: RecordLimits,
  ): { ok: true; removed: string } | { ok: false; reason: string } {
    const most = sizeText(limits.recordBytes);
    if (bytes > limits.recordBytes)
      return {
        ok: false,
        reason: `at ${bytesText(bytes)}, it is larger than the ${most} of records this server keeps for you. The game goes on, saved as usual`,
      };
    let found: Found[];
    try {
      if (fs.lstatSync(folder).isSymbolicLink())
        return { ok: false, reason: `${folder} is a symbolic link, which is not followed` };
      found = recordsIn(folder);
    } catch (error) {
      return { ok: false, reason: fsReason(error, folder) };
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
          const before =
            removed.length === 0
              ? ''
              : `; ${removed.length} older record${removed.length === 1 ? ' was' : 's were'} removed before it`;
          return {
            ok: false,
            reason: `the oldest record, ${oldest.name}, could not be removed to make room (${fsReason(error, folder)})${before}`,
          };
        }
      }
      removed.push(oldest.name);
      count--;
      total -= oldest.bytes;
    }
    if (removed.length === 0) return { ok: true, removed: '' };
    const kept =
      byCount && bySize
        ? `${limits.records} records and ${most} of them`
        : byCount
          ? `${limits.records} record${limits.records === 1 ? '' : 's'}`
          : `${most} of records`;
    return {
      ok: true,
      removed: `; ${removedText(removed)} removed to make room: this server keeps ${kept} at most`,
    };
  }
}

/** `the oldest, X, was` or `the 3 oldest, X to Z, were`. */
function removedText(names: readonly string[]): string {
  return names.length === 1
    ? `the oldest, ${names[0]}, was`
    : `the ${names.length} oldest, ${names[0]} to ${names[names.length - 1]}, were`;
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
