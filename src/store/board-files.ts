/**
 * The daily board on files (docs/serve.md, "The daily board"), under the server's state folder,
 * safe for several server processes sharing it:
 *
 * - `board/players/<player>.json`: a player's name and its key, replaced atomically;
 * - `board/names/<hash of the key>`: the claim on a name, a file created only if none is there
 *   (O_EXCL), so that of two players claiming one name at once, one has it. Only its owner
 *   removes it, once their name has changed;
 * - `board/days/<YYYY-MM-DD>.jsonl`: the day's results, a whole line each, appended (O_APPEND).
 */
import { createHash, randomBytes } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { Outcome } from '../stats/result';
import {
  type Board,
  DAY,
  type DailyEntry,
  type NameClaim,
  type NamedEntry,
  PLAYER_ID,
} from './board';
import { appendLine, CREATE_NEW, READ_EXISTING, removeFile, writeAtomicSoon } from './files';

/** The most a day's results take: about 60,000 results. Beyond it, results are not added. */
export const MAX_DAY_BYTES = 16 * 1024 * 1024;
/** The most a name's files take, read. */
const MAX_NAME_BYTES = 4096;
const OUTCOMES: readonly Outcome[] = ['won', 'lost', 'abandoned'];
/** How long a name read for a board is taken as it is (see `FilesBoard.names`). */
export const NAMES_MS = 10_000;
/** Names read at once for a board. */
const NAMES_AT_ONCE = 32;

/** The files engine: the board under `folder` (the server's state folder's `board`). */
export class FilesBoard implements Board {
  /**
   * The names of the players a board showed lately, and when each was read: read again once older
   * than `NAMES_MS`, so a board of many players costs few reads, and a name another server set
   * shows here within that time.
   */
  private readonly names = new Map<string, { name: string | null; read: number }>();

  constructor(
    private readonly folder: string,
    private readonly now: () => number = Date.now,
  ) {}

  async nameOf(player: string): Promise<string | null> {
    return (await this.kept(player))?.name ?? null;
  }

  async setName(player: string, name: string, key: string): Promise<NameClaim> {
    checkPlayer(player);
    await this.folders();
    const before = await this.kept(player);
    const claim = this.claimFile(key);
    if (!(await this.claim(claim, player, name))) return { ok: false, why: 'taken' };
    const file = this.playerFile(player);
    const temporary = `${file}.${randomBytes(6).toString('hex')}.new`;
    await writeAtomicSoon(file, temporary, `${JSON.stringify({ name, key })}\n`);
    this.names.set(player, { name, read: this.now() });
    if (before !== null && before.key !== key) {
      const old = this.claimFile(before.key);
      if ((await this.claimOwner(old)) === player) removeFile(old);
    }
    return { ok: true };
  }

  async addDaily(entry: DailyEntry): Promise<void> {
    checkPlayer(entry.player);
    checkDay(entry.day);
    await this.folders();
    const added = appendLine(this.dayFile(entry.day), `${JSON.stringify(entry)}\n`, MAX_DAY_BYTES);
    if (added !== 'added') throw new Error(`${this.dayFile(entry.day)}: ${added}`);
  }

  async day(day: string): Promise<readonly NamedEntry[]> {
    checkDay(day);
    const text = await readSoon(this.dayFile(day), MAX_DAY_BYTES);
    const entries = (text ?? '').split('\n').flatMap((line) => entryOf(line, day));
    const players = [...new Set(entries.map((entry) => entry.player))];
    const stale = players.filter(
      (p) => !(this.now() - (this.names.get(p)?.read ?? -Infinity) < NAMES_MS),
    );
    // A few reads at once, on the thread pool: a board of a thousand players is read in a blink.
    for (let i = 0; i < stale.length; i += NAMES_AT_ONCE)
      await Promise.all(
        stale.slice(i, i + NAMES_AT_ONCE).map(async (player) => {
          this.names.set(player, { name: await this.nameOf(player), read: this.now() });
        }),
      );
    return entries.map((entry) => ({ ...entry, name: this.names.get(entry.player)?.name ?? null }));
  }

  /**
   * Claims the name whose claim file is `file` for `player`: true once it is theirs (now, or
   * already), false when another player's.
   */
  private async claim(file: string, player: string, name: string): Promise<boolean> {
    try {
      const handle = await fs.promises.open(file, CREATE_NEW, 0o600);
      try {
        await handle.writeFile(`${JSON.stringify({ player, name })}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Being written by whoever made it a moment ago (read empty): theirs.
      return (await this.claimOwner(file)) === player;
    }
  }

  /** Whose claim `file` is: null when it is not there, or cannot be read (being written). */
  private async claimOwner(file: string): Promise<string | null> {
    const read = await readJson(file);
    return read !== null && typeof read.player === 'string' ? read.player : null;
  }

  /** The name a player has, and its key, or null. */
  private async kept(player: string): Promise<{ name: string; key: string } | null> {
    checkPlayer(player);
    const read = await readJson(this.playerFile(player));
    if (read === null || typeof read.name !== 'string' || typeof read.key !== 'string') return null;
    return { name: read.name, key: read.key };
  }

  private async folders(): Promise<void> {
    for (const sub of ['players', 'names', 'days'])
      await fs.promises.mkdir(path.join(this.folder, sub), { recursive: true, mode: 0o700 });
  }

  private playerFile(player: string): string {
    return path.join(this.folder, 'players', `${player}.json`);
  }

  private claimFile(key: string): string {
    const hash = createHash('sha256').update(key, 'utf8').digest('base64url');
    return path.join(this.folder, 'names', hash);
  }

  private dayFile(day: string): string {
    return path.join(this.folder, 'days', `${day}.jsonl`);
  }
}

function checkPlayer(player: string): void {
  if (!PLAYER_ID.test(player)) throw new Error(`not a player's id: ${JSON.stringify(player)}`);
}

function checkDay(day: string): void {
  if (!DAY.test(day)) throw new Error(`not a day: ${JSON.stringify(day)}`);
}

/**
 * A file's text, up to `maxBytes`, read on Node's thread pool (the server's players go on
 * meanwhile); null when it is missing, or is not a regular file (a link, a FIFO).
 */
async function readSoon(file: string, maxBytes: number): Promise<string | null> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, READ_EXISTING);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ELOOP') return null;
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    const bytes = Buffer.alloc(Math.min(info.size, maxBytes));
    let filled = 0;
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
      if (bytesRead === 0) break; // the file shrank meanwhile
      filled += bytesRead;
    }
    return bytes.subarray(0, filled).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A small JSON object's fields, or null when the file is missing, not a file, or damaged. */
async function readJson(file: string): Promise<Record<string, unknown> | null> {
  const text = await readSoon(file, MAX_NAME_BYTES);
  try {
    const value: unknown = JSON.parse(text ?? '');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A line of a day's results as its entry; none for a damaged line, or one of another day. */
export function entryOf(line: string, day: string): DailyEntry[] {
  if (line.trim() === '') return [];
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return [];
  }
  const rules = value?.rules as Record<string, unknown> | undefined;
  const count = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x >= 0;
  const fine =
    typeof value === 'object' &&
    value !== null &&
    typeof value.player === 'string' &&
    PLAYER_ID.test(value.player) &&
    value.day === day &&
    OUTCOMES.includes(value.outcome as Outcome) &&
    count(value.moves) &&
    count(value.elapsedMs) &&
    count(value.peeks) &&
    typeof value.helped === 'boolean' &&
    typeof value.ended === 'string' &&
    typeof rules === 'object' &&
    rules !== null &&
    [1, 2, 4].includes(rules.suits as number) &&
    [0, 1, 2, 3].includes(rules.relaxed as number) &&
    typeof rules.keepSuits === 'boolean';
  if (!fine) return [];
  return [
    {
      player: value.player as string,
      day,
      rules: {
        suits: rules.suits as 1 | 2 | 4,
        relaxed: rules.relaxed as 0 | 1 | 2 | 3,
        keepSuits: rules.keepSuits as boolean,
      },
      outcome: value.outcome as Outcome,
      moves: value.moves as number,
      elapsedMs: value.elapsedMs as number,
      peeks: value.peeks as number,
      helped: value.helped as boolean,
      ended: value.ended as string,
    },
  ];
}
