/**
 * One player's games and results on PostgreSQL, for one connection (docs/serve.md, "The
 * database"). What the player has is read once, when they log in, and the games no live session
 * holds are claimed then, each by a lease with a new number; the session reads from that copy
 * and its writes go to the database one after the other, each carrying the number of the lease it
 * holds, so that a server that lost a game (frozen past its lease, or its game taken over) can
 * never write over the new owner's (docs/serve.md, "When a part fails").
 */
import type { Pool } from 'pg';
import { readSaveHeader } from '../../notation/save';
import type { GameResult } from '../../stats/result';
import { digest, type Digest, NO_GAMES } from '../../stats/stats';
import type { DiskLimits } from '../disk-limits';
import type { History, StoreEngine } from '../engine';
import type { Appended, HistoryDigest } from '../history';
import { lineObject, toResult } from '../history-lines';
import { isFinished } from '../save-names';
import type { SaveShelf, Written } from '../saves';
import { PgShelf, type Slot, WHERE } from './shelf';
import type { SavedGame, SavesList } from '../saves-list';

/** Who writes: the server (`node`) and its session (`owner`), and how long a lease lasts. */
export interface Writer {
  readonly pool: Pool;
  readonly node: string;
  readonly owner: string;
  readonly leaseSeconds: number;
  /** A line for the server's log. */
  readonly log: (line: string) => void;
}

/** What the database holds of a player, as loaded at login. */
export interface Loaded {
  readonly slots: ReadonlyArray<{
    slot: string;
    body: string;
    saved: string;
    epoch: number | null;
    /** The row's lease number when loaded. */
    seen: number;
    elsewhere: boolean;
  }>;
  readonly results: readonly unknown[];
  readonly records: ReadonlyArray<{ name: string; written: Date; text: string }>;
}

/** Why a write of a game this session no longer holds failed. */
export const TAKEN = 'another session has taken this game over';

/** A save waiting its turn: a newer state of the same game may take its place. */
interface QueuedWrite {
  readonly id: string;
  text: string;
  done: Promise<Written>;
}

export class PgPlayer implements StoreEngine {
  private readonly slots = new Map<string, Slot>();
  private readonly results: GameResult[] = [];
  /** The player's records, newest first. */
  private kept: Array<{ name: string; written: Date; text: string }>;
  private games: Digest = NO_GAMES;
  /** The writes not done yet, in order. */
  private chain: Promise<void> = Promise.resolve();
  private waiting = 0;
  private readonly idlers: (() => void)[] = [];
  /** Why the last write in the background failed, until a write says so. */
  private failure: string | null = null;
  /** The write handed over last, while it waits its turn. */
  private lastWrite: QueuedWrite | null = null;
  /** Slots whose result could not be recorded: their saves are kept, for a later start. */
  private readonly unrecorded = new Set<string>();
  /** Games this session held and lost to another (taken over, or its lease passed). */
  readonly lost = new Set<string>();
  /** Called once a game this session holds is found to be another's. */
  onLost: (slot: string) => void = () => undefined;

  constructor(
    /** The player's id. */
    readonly id: string,
    private readonly writer: Writer,
    loaded: Loaded,
    private readonly limits: DiskLimits | undefined,
  ) {
    for (const row of loaded.slots)
      this.slots.set(row.slot, {
        body: row.body,
        saved: row.saved,
        mine: row.epoch !== null,
        epoch: row.epoch,
        elsewhere: row.elsewhere,
        stored: true,
        inDb: true,
        seen: row.seen,
        holder: null,
      });
    for (const value of loaded.results) {
      const result = toResult(value);
      if (result !== null) this.results.push(result);
    }
    this.games = digest(this.results);
    this.kept = [...loaded.records];
  }

  /** Writes are waiting for the database. */
  get pending(): boolean {
    return this.waiting > 0;
  }

  /** Resolves once every write handed over so far is done (or has failed). */
  idle(): Promise<void> {
    if (this.waiting === 0) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  /** Resolves once every step handed over so far has settled (later ones not waited for). */
  tail(): Promise<void> {
    return this.chain;
  }

  /** The slots this session holds, with the numbers of their leases. */
  held(): Array<{ slot: string; epoch: number }> {
    const held: Array<{ slot: string; epoch: number }> = [];
    for (const [slot, row] of this.slots)
      if (row.mine && row.epoch !== null) held.push({ slot, epoch: row.epoch });
    return held;
  }

  /** This session, as the leases name it. */
  get owner(): string {
    return this.writer.owner;
  }

  /** The session is over: it holds nothing from now on (the server lets its leases go). */
  abandon(): void {
    for (const row of this.slots.values()) {
      row.mine = false;
      row.holder = null;
    }
  }

  /** A game this session held is another's now: it writes no more to it. */
  loseSlot(slot: string, epoch?: number): void {
    const row = this.slots.get(slot);
    if (row === undefined || !row.mine) return;
    if (epoch !== undefined && row.epoch !== epoch) return; // claimed again since
    row.mine = false;
    row.epoch = null;
    row.elsewhere = true;
    this.lost.add(slot);
    this.onLost(slot);
  }

  /** Runs `step` after every step handed over before it. */
  private step<T>(step: () => Promise<T>, failed: T | ((why: string) => T)): Promise<T> {
    this.waiting++;
    // Only a write waiting last may take a newer state: never across another step.
    this.lastWrite = null;
    const run = this.chain.then(step).catch((error: unknown) => {
      // Told at the next action, as a write in the background is (see SaveSink).
      // The player hears what became of their game; the server's log, why (it may name hosts).
      this.writer.log(`a write failed: ${error instanceof Error ? error.message : String(error)}`);
      const why = `${WHERE} did not take it (the server's log says why)`;
      this.failure = why;
      return typeof failed === 'function' ? (failed as (why: string) => T)(why) : failed;
    });
    this.chain = run.then(() => {
      this.waiting--;
      if (this.waiting === 0) for (const idle of this.idlers.splice(0)) idle();
    });
    return run;
  }

  private query(text: string, values: unknown[]) {
    return this.writer.pool.query(text, values);
  }

  /**
   * Writes a save, by the lease the session holds it by (a new game's: its first). A save handed
   * over while the one before it for the same game still waits its turn takes its place: a burst
   * of actions costs two writes, not one each, and the last state is the one kept.
   */
  private writeSave(id: string, text: string): Promise<Written> {
    const row = this.slots.get(id);
    if (row === undefined || !row.mine) return Promise.resolve({ ok: false, reason: TAKEN });
    row.body = text;
    row.saved = new Date().toISOString();
    row.stored = true;
    const last = this.lastWrite;
    if (last !== null && last.id === id) {
      last.text = text;
      return last.done;
    }
    const entry: QueuedWrite = { id, text, done: Promise.resolve({ ok: true }) };
    entry.done = this.queueWrite(row, entry);
    this.lastWrite = entry;
    return entry.done;
  }

  private queueWrite(row: Slot, entry: QueuedWrite): Promise<Written> {
    const id = entry.id;
    const { node, owner, leaseSeconds } = this.writer;
    const refused = (reason: string): Written => ({ ok: false, reason });
    return this.step(async (): Promise<Written> => {
      if (this.lastWrite === entry) this.lastWrite = null;
      const text = entry.text;
      if (this.lost.has(id)) return { ok: false, reason: TAKEN };
      // A new game's first save makes its row; any other replaces the row this session holds by
      // its lease's number, and only that: a row gone or claimed since is another's game.
      const written = row.inDb
        ? await this.query(
            `UPDATE saves SET body = $3, saved = now()
             WHERE player = $1 AND slot = $2 AND epoch = $4 AND owner = $5`,
            [this.id, id, text, row.epoch, owner],
          )
        : await this.query(
            `INSERT INTO saves (player, slot, body, saved, node, owner, epoch, lease_until)
             VALUES ($1, $2, $3, now(), $4, $5, 1, now() + make_interval(secs => $6))
             ON CONFLICT (player, slot) DO NOTHING`,
            [this.id, id, text, node, owner, leaseSeconds],
          );
      if (written.rowCount !== 1 || (row.inDb && row.epoch === null)) {
        this.loseSlot(id);
        return { ok: false, reason: TAKEN };
      }
      if (!row.inDb) row.epoch = 1;
      row.inDb = true;
      return { ok: true };
    }, refused);
  }

  /**
   * Deletes a save, or gives its lease up, by the lease the session holds it by. A game whose
   * result could not be recorded keeps its save, let go, for a later start to record.
   */
  private letGoSlot(id: string, remove: boolean, holder?: object): void {
    const row = this.slots.get(id);
    if (row === undefined) return;
    if (holder !== undefined && row.holder !== null && row.holder !== holder) return;
    const wasMine = row.mine;
    row.mine = false;
    row.holder = null;
    if (remove || !row.stored) this.slots.delete(id);
    if (!wasMine || !row.stored) return;
    void this.step(async () => {
      const epoch = row.epoch;
      row.epoch = null;
      if (epoch === null || !row.inDb) return;
      row.seen = epoch;
      const keep = !remove || this.unrecorded.has(id);
      await this.query(
        keep
          ? `UPDATE saves SET node = NULL, owner = NULL, lease_until = NULL
             WHERE player = $1 AND slot = $2 AND epoch = $3`
          : 'DELETE FROM saves WHERE player = $1 AND slot = $2 AND epoch = $3',
        [this.id, id, epoch],
      );
    }, undefined);
  }

  /**
   * Claims a game no session held when the player logged in and this session let go since: a new
   * lease, known once the database answers (a game another session took meanwhile is lost).
   */
  private reclaim(id: string, row: Slot): void {
    row.mine = true;
    const { node, owner, leaseSeconds } = this.writer;
    void this.step(async () => {
      const taken = await this.query(
        `UPDATE saves SET node = $3, owner = $4, epoch = epoch + 1,
           lease_until = now() + make_interval(secs => $5)
         WHERE player = $1 AND slot = $2 AND (owner IS NULL OR lease_until < now())
           AND epoch = $6
         RETURNING epoch`,
        [this.id, id, node, owner, leaseSeconds, row.seen],
      ).catch((error: unknown) => {
        this.loseSlot(id);
        throw error;
      });
      // Claimed or played by another session since this one let it go: its copy here is old.
      const epoch = (taken.rows[0] as { epoch?: string } | undefined)?.epoch;
      if (epoch === undefined) this.loseSlot(id);
      else row.epoch = Number(epoch);
    }, undefined);
  }

  shelf(): SaveShelf {
    return new PgShelf(this, this.slots, this.limits);
  }

  /** Shelf's ways in: kept here, where the lease numbers are. */
  shelfWrite(id: string, text: string): Promise<Written> {
    return this.writeSave(id, text);
  }

  shelfClaim(id: string, holder: object): boolean {
    const row = this.slots.get(id);
    if (row === undefined) {
      this.slots.set(id, {
        body: '',
        saved: '',
        mine: true,
        epoch: null,
        elsewhere: false,
        stored: false,
        inDb: false,
        seen: null,
        holder,
      });
      return true;
    }
    // Another session of this connection (a game switched from) holds it: not this one's.
    if (row.mine) {
      if (row.holder !== null && row.holder !== holder) return false;
      row.holder = holder;
      return true;
    }
    if (row.elsewhere || this.lost.has(id)) return false;
    row.holder = holder;
    this.reclaim(id, row);
    return true;
  }

  shelfLetGo(id: string, remove: boolean, holder?: object): void {
    this.letGoSlot(id, remove, holder);
  }

  history(): History {
    return {
      problem: () => null,
      recorded: (slots) =>
        new Set(slots.filter((slot) => this.results.some((result) => result.slot === slot))),
      append: (result) => this.append(result),
      digest: (known) => this.digest(known),
      foldWhenOver: () => null,
    };
  }

  private append(result: GameResult): Appended {
    this.results.push(result);
    this.games = digest([result], this.games);
    const slot = result.slot ?? null;
    const row = slot === null ? undefined : this.slots.get(slot);
    void this.step(async () => {
      const epoch = row?.epoch ?? null;
      // A game another session holds now is not recorded from here.
      try {
        await this.query(
          `INSERT INTO results (player, slot, ended, body)
           SELECT $1, $2, $3, $4
           WHERE $2::text IS NULL
              OR NOT EXISTS (SELECT 1 FROM saves WHERE player = $1 AND slot = $2)
              OR EXISTS (SELECT 1 FROM saves WHERE player = $1 AND slot = $2 AND epoch = $5)
           ON CONFLICT DO NOTHING`,
          [this.id, slot, result.ended, JSON.stringify(lineObject(result)), epoch],
        );
      } catch (error) {
        if (slot !== null) this.unrecorded.add(slot);
        throw error;
      }
    }, undefined);
    return { ok: true };
  }

  private digest(known: HistoryDigest | null): HistoryDigest {
    const version = String(this.results.length);
    if (known?.version === version) return { ...known, parsed: 0 };
    return { games: this.games, skipped: 0, version, parsed: this.results.length };
  }

  listSaves(options: { readonly playing?: string; readonly most?: number }): SavesList {
    const now = new Date().toISOString();
    const games: SavedGame[] = [];
    let skipped = 0;
    for (const [slot, row] of this.slots) {
      if (!row.stored) continue;
      const read = readSaveHeader(row.body, now);
      if (!read.ok) {
        skipped++;
        continue;
      }
      const header = read.header;
      if (isFinished(header)) continue;
      const open = slot === options.playing ? 'here' : row.elsewhere ? 'elsewhere' : null;
      const { deal, rules, saved } = header;
      const moves = header.moves ?? 0;
      games.push({ slot, deal, rules, moves, elapsedMs: header.elapsedMs ?? 0, saved, open });
    }
    games.sort((a, b) => Date.parse(b.saved) - Date.parse(a.saved) || (a.slot < b.slot ? 1 : -1));
    const most = options.most ?? Infinity;
    const shown = games.slice(0, most);
    return { games: shown, more: games.length - shown.length, skipped, problem: null };
  }

  saveText(slot: string): { ok: true; text: string } | { ok: false; why: string } {
    const row = this.slots.get(slot);
    return row?.stored === true ? { ok: true, text: row.body } : { ok: false, why: 'no such game' };
  }

  recordWritten(name: string, text: string, removed: readonly string[]): void {
    const gone = new Set(removed);
    this.kept = [
      { name, written: new Date(), text },
      ...this.kept.filter((r) => !gone.has(r.name)),
    ];
    const most = this.limits?.records;
    if (most !== undefined) this.kept = this.kept.slice(0, most);
    void this.step(async () => {
      await this.query(
        'INSERT INTO records (player, name, body) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [this.id, name, text],
      );
      // Within the limit across every server: the oldest go, as on one (docs/serve.md, "Limits on disk").
      await this.query(
        `DELETE FROM records WHERE player = $1 AND (name = ANY($2) OR name IN (
           SELECT name FROM records WHERE player = $1 ORDER BY written DESC, name DESC OFFSET $3))`,
        [this.id, [...removed], most ?? 1_000_000],
      );
    }, undefined);
  }

  records(): ReadonlyArray<{ name: string; written: Date; text: string }> {
    return this.kept;
  }

  playedBefore(): boolean {
    return this.results.length > 0 || [...this.slots.values()].some((row) => row.stored);
  }

  /** Why the last write in the background failed, once. */
  takeFailure(): string | null {
    const failure = this.failure;
    this.failure = null;
    return failure;
  }
}
