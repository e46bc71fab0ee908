/**
 * A start's look at the player's saves (docs/measurements.md, "Start-up"): it records the games a
 * killed session left finished, sets bad saves aside, and finds the unfinished game to resume, if
 * any. What to do with each save is decided by `resume.ts`; this acts on it.
 */
import { type DealId, type Game, gameStatus, statusWithin, OPENING_STATUS_LIMIT } from '../engine';
import type { LoadedSave } from '../notation';
import type { Outcome } from '../stats/result';
import type { Appended } from './history';
import type { Places } from './paths';
import { choose, newGameAsked, rulesWanted, sameDealWanted, settle, type Wanted } from './resume';
import type { StoreNews } from './news';
import { ResultBook } from './results';
import { isSaveName } from './save-names';
import { SaveQueue } from './save-queue';
import type { Claimed, Scan } from './save-scan';
import type { SaveShelf, StoreEngine } from './engine';
import { shelfOf } from './file-engine';
import { atOnce, type SaveSink, type SaveTimed, timedSink } from './sink';

/**
 * How a session saves (docs/saves.md, "Saved games and statistics"). 'at-once': after every action,
 * before the screen shows it, the process waiting for the disk; for a game on its own terminal.
 * 'in-background': within moments, one write at a time and only the latest state of those
 * waiting, while the process goes on; for a process playing many games at once, where no one
 * must wait for another's disk.
 */
export type Saving = 'at-once' | 'in-background';

/** How to open a game. */
export interface OpenOptions<S extends Saving = 'at-once'> {
  /** Where the player's games and statistics are kept (`localPlaces(env)` for local play). */
  readonly places: Places;
  /** The rules for a new game. */
  readonly rules: Wanted['rules'];
  /** Only the rule options the player gave: a game is resumed only if it matches them. */
  readonly explicitRules: Wanted['explicitRules'];
  /** A deal asked for (`--seed` or `--deal`): a new game, unless that deal waits unfinished. */
  readonly deal?: DealId;
  /** --new: a new game even if one could be resumed. */
  readonly fresh: boolean;
  /** A game continued from a record file (spider play FILE). */
  readonly loaded?: { readonly game: Game; readonly name: string };
  /**
   * The save to resume, by its slot (`spider resume`, see saves-list.ts): that game, or a new one
   * with a 'save-unavailable' message saying why not.
   */
  readonly slot?: string;
  readonly randomSeed: () => string;
  readonly now?: () => Date;
  /** 'at-once' unless said. */
  readonly saving?: S;
  /**
   * Told, for each save handed over in the background, the milliseconds until it settled and
   * whether it is on disk: a server's metrics (docs/serve.md, "Metrics and health").
   */
  readonly saveTimed?: SaveTimed;
}

/** What a start found among the saves. */
export interface Opening {
  readonly store: SaveShelf;
  /** The engine the player's places name, if not their folders' files (docs/serve.md, "The database"). */
  readonly engine: StoreEngine | undefined;
  readonly saves: SaveSink;
  readonly results: ResultBook;
  readonly scan: Scan;
  /** What to tell the player so far. */
  readonly messages: StoreNews[];
  /** The game to resume, claimed, or null: a new game is dealt. */
  readonly resumed: {
    readonly slot: string;
    readonly save: LoadedSave;
    readonly sameDeal: boolean;
  } | null;
}

/** Looks through the player's saves and settles them; finds the game to resume, if any. */
export function openSaves(options: OpenOptions<Saving>): Opening {
  const start = new Start(options);
  start.settle();
  const resumed = start.choose();
  start.settle();
  start.scan.unfinished.release();
  if (resumed === null) start.tell();
  if (resumed === null && options.slot !== undefined) start.unavailable(options.slot);
  const { store, saves, results, scan, messages } = start;
  return { store, engine: options.places.engine, saves, results, scan, messages, resumed };
}

/** One start's look at the saves, as it goes on. */
class Start {
  readonly now: () => Date;
  readonly store: SaveShelf;
  readonly saves: SaveSink;
  readonly scan: Scan;
  readonly messages: StoreNews[] = [];
  readonly results: ResultBook;
  private readonly wanted: Wanted;
  /** What of the scan's findings has been told: it reads more saves as the choice needs them. */
  private readonly told = { aside: 0, unreadable: 0 };
  /** The slots of the saves read at once, and those of them whose result the history holds. */
  private readonly looked: Set<string>;
  private readonly recorded: Set<string>;
  /** Games waiting only for the statistics, from this one of `scan.finished` on. */
  private settled = 0;

  constructor(options: OpenOptions<Saving>) {
    this.now = options.now ?? (() => new Date());
    this.wanted = { ...options, loaded: options.loaded !== undefined };
    this.store = shelfOf(options.places);
    const sink =
      options.saving !== 'in-background'
        ? atOnce(this.store)
        : (this.store.sink?.() ?? new SaveQueue(this.store));
    this.saves = options.saveTimed === undefined ? sink : timedSink(sink, options.saveTimed);
    this.scan = this.store.scan(this.now());
    this.tell();
    if (this.scan.unlisted !== null)
      this.messages.push({
        kind: 'saves-unlisted',
        dir: this.store.dir,
        reason: this.scan.unlisted,
      });
    this.results = new ResultBook(options.places, this.now);
    // Games whose result the history holds already: their saves could not be removed then. The
    // saves read later are looked up when one of them is chosen.
    const found = [...this.scan.finished, ...this.scan.unfinished.readSoFar()];
    this.looked = new Set(found.map((save) => save.id));
    this.recorded = this.results.recorded([...this.looked]);
    for (const entry of this.scan.finished.filter(this.isRecorded)) this.store.remove(entry.id);
    for (const entry of this.scan.unfinished.readSoFar().filter(this.isRecorded))
      this.scan.unfinished.remove(entry);
  }

  /** Tells the player what the scan has found wrong since last told. */
  tell(): void {
    const { setAside, unreadable } = this.scan;
    this.messages.push(
      ...setAside.slice(this.told.aside),
      ...unreadable.slice(this.told.unreadable),
    );
    this.told.aside = setAside.length;
    this.told.unreadable = unreadable.length;
  }

  private readonly isRecorded = (save: { id: string }): boolean =>
    this.looked.has(save.id)
      ? this.recorded.has(save.id)
      : this.results.recorded([save.id]).has(save.id);

  /** Says why the save in `slot`, asked for, is not resumed. */
  unavailable(slot: string): void {
    // There, not finished, not damaged, and still not claimed: another session holds it.
    const elsewhere =
      isSaveName(`${slot}.txt`) && // a save's name in the folder, never a path elsewhere
      this.store.has(slot) &&
      !this.store.claim(slot) &&
      !this.store.lockProblem;
    if (!elsewhere) this.store.letGo(slot);
    this.messages.push({ kind: 'save-unavailable', elsewhere });
  }

  /** Records a saved game; `late`: it ended when it was last saved, not now. */
  private record(save: LoadedSave, outcome: Outcome, slot: string, late = true): Appended {
    return this.results.record(save.game, outcome, {
      elapsedMs: save.elapsedMs,
      continued: save.continued === true,
      slot,
      ...(late ? { ended: save.saved } : {}),
    });
  }

  /** Records a finished game and removes its save; kept for the next start if it cannot be. */
  private recordAndRemove(save: LoadedSave, outcome: Outcome, slot: string): void {
    if (this.record(save, outcome, slot).ok) this.store.remove(slot);
    else this.store.release(slot, true);
  }

  /** Replays a claimed save; one that fails is set aside, and the player told. */
  private load(entry: Claimed): LoadedSave | null {
    const loaded = this.store.load(entry, this.now());
    if (loaded.ok) return loaded.save;
    this.messages.push(loaded.news);
    return null;
  }

  /** Settles the games found waiting only for the statistics since last settled. */
  settle(): void {
    const { finished, unfinished } = this.scan;
    for (const entry of finished.slice(this.settled).filter((save) => !this.isRecorded(save))) {
      const save = this.load(entry);
      if (save === null) continue;
      const settled = settle(gameStatus(save.game), entry.header.abandoned);
      // The moves decide, not a header edited by hand: the game can be played on.
      if (settled.kind === 'play-on') unfinished.add(entry, true);
      else this.recordAndRemove(save, settled.outcome, entry.id);
    }
    this.settled = finished.length;
  }

  /**
   * The unfinished game to resume, or null. The choice is made on the headers; only the game
   * chosen is replayed (a header that lies, or a save that fails, is found out then, and the next
   * one is tried). The saves are read most recent first, only as far as the choice needs
   * (docs/measurements.md, "Start-up").
   */
  choose(): Opening['resumed'] {
    const unfinished = this.scan.unfinished;
    const slot = this.wanted.slot;
    const same = sameDealWanted(this.wanted);
    const other = rulesWanted(this.wanted);
    // A new game leaves every other unfinished game as it is (docs/saves.md, "Saved games and
    // statistics"): only the game of the deal asked for is looked for; a save asked for, alone.
    const alone = newGameAsked(this.wanted) || slot !== undefined;
    const others = alone ? () => false : other;
    for (;;) {
      // A deal asked for whose game, with the same rules, waits unfinished: that game goes on.
      const sameDeal =
        slot !== undefined
          ? unfinished.find((save) => save.id === slot)
          : same === null
            ? undefined
            : unfinished.find((save) => same(save.header));
      const candidate = sameDeal ?? unfinished.find((save) => others(save.header));
      this.tell();
      if (candidate === undefined) return null;
      unfinished.drop(candidate);
      if (this.isRecorded(candidate)) {
        this.store.remove(candidate.id);
        continue;
      }
      const save = this.load(candidate);
      if (save === null) continue;
      // Not waited for: a status that takes a search is decided by the game once it is on
      // screen (docs/rules.md, "Lost"), so a start never waits for one.
      const choice = choose({ status: statusWithin(save.game.position, OPENING_STATUS_LIMIT) });
      if (choice.kind === 'record') {
        // Its header said otherwise: it is finished, and recorded as such.
        this.recordAndRemove(save, choice.outcome, candidate.id);
        continue;
      }
      this.settle();
      unfinished.release();
      return {
        slot: candidate.id,
        save,
        sameDeal: candidate === sameDeal && slot === undefined,
      };
    }
  }
}
