import type { Claimed, ScanSoFar } from './save-scan';
import { isSaveName, savedAtOf } from './save-names';
import type { SaveStore } from './saves';

/**
 * The unfinished games a scan found, most recently saved first (README, "Start-up"): those read
 * by the scan, and those named by the time of their last save, each read only once every game
 * saved later has been looked at. A start that resumes the most recent game reads one save,
 * however many there are.
 */
export class Unfinished {
  /** The scan this belongs to: what reading more finds is added to it. */
  scan: ScanSoFar | null = null;
  /** Read, most recently saved first. */
  private readonly read: Claimed[] = [];
  /** Of those, the slots this session holds. */
  private readonly claimed = new Set<string>();
  /**
   * Not read yet: slots named by the time of their last save. The most recent is picked out
   * one at a time (a start mostly wants one), and the rest sorted once many have been.
   */
  private unread: string[] = [];
  /** How many have been picked out; past `PICKED_ONE_BY_ONE`, `unread` is sorted, latest last. */
  private picked = 0;
  private sorted = false;
  /** Where in `unread` the slot `peek` gave is, or -1. */
  private at = -1;

  constructor(
    private readonly store: SaveStore,
    private readonly now: Date,
  ) {}

  /** Adds a save read, in its place by the time its header says. */
  add(entry: Claimed, claimed: boolean): void {
    const at = Date.parse(entry.header.saved);
    const i = this.read.findIndex((other) => Date.parse(other.header.saved) < at);
    this.read.splice(i < 0 ? this.read.length : i, 0, entry);
    if (claimed) this.claimed.add(entry.id);
  }

  /**
   * Slots named by the time of their last save, to be read as they are needed; `latest`: where
   * the most recent of them is, if known.
   */
  later(ids: string[], latest = -1): void {
    this.unread = ids;
    this.picked = 0;
    this.sorted = false;
    this.at = latest;
  }

  /**
   * The most recent of the unread slots, by their names (a name by save time sorts as its
   * time), or undefined when none is left. It stays unread until `pop`.
   */
  private peek(): string | undefined {
    const unread = this.unread;
    if (this.picked >= PICKED_ONE_BY_ONE) {
      if (!this.sorted) unread.sort();
      this.sorted = true;
      this.at = unread.length - 1;
    } else if (this.at < 0) {
      for (let i = 0; i < unread.length; i++)
        if (this.at < 0 || unread[i] > unread[this.at]) this.at = i;
    }
    return this.at < 0 ? undefined : unread[this.at];
  }

  /** Takes the slot `peek` gave out of the unread ones. */
  private pop(): void {
    const unread = this.unread;
    unread[this.at] = unread[unread.length - 1];
    unread.pop();
    this.picked++;
    this.at = -1;
  }

  /** The saves read so far, most recently saved first. */
  readSoFar(): readonly Claimed[] {
    return [...this.read];
  }

  /**
   * The most recently saved game that `wanted` accepts, claimed for this session, or undefined
   * when there is none. A save is read only when every one saved later has been, and found not
   * wanted: a save's name says when it was saved no later than the save itself.
   */
  find(wanted: (save: Claimed) => boolean): Claimed | undefined {
    for (let i = 0; ; i++) {
      this.readFor(i);
      const entry = this.read[i];
      if (entry === undefined) return undefined;
      if (!wanted(entry)) continue;
      const taken = this.take(entry);
      if (taken !== null) return taken;
      i = -1; // taken by another session since it was read, or changed: looked at afresh
    }
  }

  /** No longer one to choose from: the caller has dealt with it (its claim is the caller's). */
  drop(entry: Claimed): void {
    const i = this.read.indexOf(entry);
    if (i >= 0) this.read.splice(i, 1);
    this.claimed.delete(entry.id);
  }

  /** Removes a save found to be recorded already (README, "Saved games and statistics"). */
  remove(entry: Claimed): void {
    const taken = this.take(entry);
    if (taken !== null) {
      this.store.remove(taken.id);
      this.drop(taken);
    }
  }

  /** Releases the slots of the games read and claimed but not chosen. */
  release(): void {
    for (const id of this.claimed) this.store.release(id);
    this.claimed.clear();
  }

  /** Reads the unread saves that may have been saved later than the `i`-th read one. */
  private readFor(i: number): void {
    const scan = this.scan;
    if (scan === null) return;
    for (let id = this.peek(); id !== undefined; id = this.peek()) {
      const known = this.read[i];
      // A name by save time says when its save was saved: one of later is read first.
      if (known !== undefined && Date.parse(known.header.saved) > (savedAtOf(id) ?? Infinity))
        return;
      this.pop();
      if (!isSaveName(`${id}.txt`)) continue; // the shape of a name by save time, and no more
      const found = this.store.sort(scan, id, this.now, false);
      if (found !== null) this.add(found.entry, found.claimed);
    }
  }

  /**
   * Claims a save read, and reads it again (another session may have played it since): the save
   * as it is now, or null when it is not the same (taken, gone, finished, set aside, or played:
   * then in its place by its new time, claimed).
   */
  private take(entry: Claimed): Claimed | null {
    if (this.claimed.has(entry.id)) return entry;
    this.drop(entry);
    const scan = this.scan;
    if (scan === null || !this.store.claimOrSay(scan, entry.id, this.now)) return null;
    const found = this.store.sort(scan, entry.id, this.now, true);
    if (found === null) return null;
    this.add(found.entry, true);
    return found.entry.text === entry.text ? found.entry : null;
  }
}

/** Unread saves picked out one by one before the rest are sorted (a search by deal reads all). */
const PICKED_ONE_BY_ONE = 16;
