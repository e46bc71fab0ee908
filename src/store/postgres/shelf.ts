/**
 * A player's saves as a session's shelf (docs/serve.md, "The database"): the copy loaded at login,
 * read at once, and the writes through the player (`PgPlayer`), in order, each by its lease.
 */
import { type LoadedSave, parseSave } from '../../notation/save';
import type { DiskLimits } from '../disk-limits';
import type { SetAside } from '../news';
import { type Claimed, type Read, type Scan, scanSaves } from '../save-scan';
import { newSlotId, type SaveShelf, type Written } from '../saves';
import type { SaveSink } from '../sink';

/** Where the player's saves are, as messages name them. */
export const WHERE = 'the database';

/** A save as the copy holds it. */
export interface Slot {
  body: string;
  saved: string;
  /** This session holds it (or will, once the database has answered). */
  mine: boolean;
  /**
   * The number of the lease this session holds it by, as the database gave it, or null while it
   * has given none (a new game's slot before its first save, a claim not answered yet).
   */
  epoch: number | null;
  /** Another live session holds it. */
  elsewhere: boolean;
  /** It has a save (a new game's slot has none until its first save). */
  stored: boolean;
  /** The database has its row, as far as this session knows (a new game's: once first written). */
  inDb: boolean;
  /** The lease number its row had when this session last knew it: a claim later expects it still. */
  seen: number | null;
  /** The shelf (one session's) holding it, among the shelves of this connection. */
  holder: object | null;
}

/** What the shelf asks of the player's copy (`PgPlayer`), which holds the leases. */
export interface Writes {
  shelfWrite(id: string, text: string): Promise<Written>;
  shelfClaim(id: string, holder: object): boolean;
  shelfLetGo(id: string, remove: boolean, holder?: object): void;
  takeFailure(): string | null;
  idle(): Promise<void>;
}

/** The player's saves as a session's shelf: the copy, and the writes through the player. */
export class PgShelf implements SaveShelf {
  readonly dir = WHERE;
  readonly problem = null;
  readonly lockProblem = null;

  constructor(
    private readonly player: Writes,
    private readonly slots: Map<string, Slot>,
    readonly limits: DiskLimits | undefined,
  ) {}

  names(): string[] {
    return [...this.slots.entries()].filter(([, row]) => row.stored).map(([id]) => `${id}.txt`);
  }

  claim(id: string): boolean {
    return this.player.shelfClaim(id, this);
  }

  letGo(id: string): void {
    this.player.shelfLetGo(id, false, this);
  }

  release(id: string): void {
    this.player.shelfLetGo(id, false, this);
  }

  remove(id: string): void {
    this.player.shelfLetGo(id, true, this);
  }

  read(id: string): Read {
    const row = this.slots.get(id);
    if (row === undefined || !row.stored)
      return { ok: false, reason: 'it is not there', gone: true };
    return { ok: true, text: row.body };
  }

  noteHeader(): void {}

  giveUp(id: string, reason: string): SetAside {
    // Kept where it is, for the operator to look at; no session takes it again.
    const row = this.slots.get(id);
    this.player.shelfLetGo(id, false, this);
    if (row !== undefined) row.elsewhere = true;
    return {
      kind: 'save-set-aside',
      file: `${id}.txt`,
      reason,
      aside: { failed: 'kept in the database' },
    };
  }

  unreadable(id: string, reason: string) {
    return { kind: 'save-unreadable' as const, file: `${id}.txt`, reason, path: WHERE };
  }

  has(id: string): boolean {
    return this.slots.get(id)?.stored === true;
  }

  newId(now = new Date()): string {
    return newSlotId(now);
  }

  room(id: string): string | null {
    const most = this.limits?.saves;
    if (most === undefined || this.has(id)) return null;
    const saved = [...this.slots.entries()].filter(
      ([slot, row]) => slot !== id && (row.stored || row.epoch !== null),
    ).length;
    return saved < most
      ? null
      : `you have ${saved} saved games on this server, as many as it keeps for you; finish or give up one of them to make room`;
  }

  write(id: string, text: string): Written {
    void this.player.shelfWrite(id, text);
    return { ok: true };
  }

  writeSoon(id: string, text: string): Promise<Written> {
    return this.player.shelfWrite(id, text);
  }

  scan(now = new Date()): Scan {
    return scanSaves(this, now);
  }

  /**
   * Writes through the player's own queue of steps: handed over at once (a frame waits for
   * them: docs/serve.md, "When a part fails"), in order, each settling once the database has it.
   */
  sink(): SaveSink {
    const player = this.player;
    return {
      background: true,
      write: (id, text) => player.shelfWrite(id, text),
      remove: (id) => player.shelfLetGo(id, true, this),
      release: (id) => player.shelfLetGo(id, false, this),
      takeFailure: () => player.takeFailure(),
      flush: () => player.idle(),
    };
  }

  load(
    entry: Claimed,
    now = new Date(),
  ): { ok: true; save: LoadedSave } | { ok: false; news: SetAside } {
    const parsed = parseSave(entry.text, now.toISOString());
    return parsed.ok ? parsed : { ok: false, news: this.giveUp(entry.id, parsed.reason) };
  }
}
