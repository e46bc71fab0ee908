/**
 * The life of a game on disk: which game a start resumes, saving after every action, and when
 * a game's result goes to the statistics (what they hear is `results.ts`'s).
 */
import {
  type DealId,
  type Game,
  gameStatus,
  isWon,
  type Status,
  statusWithin,
  movesKept,
  touched,
  newGame,
  OPENING_STATUS_LIMIT,
  type Rules,
  sameDeal as sameDealAs,
} from '../engine';
import { dealName, formatSave, type LoadedSave } from '../notation';
import type { Outcome } from '../stats/result';
import type { GameStats } from '../stats/stats';
import type { Appended } from './history';
import type { Places } from './paths';
import { RecordWriter } from './records';
import {
  info,
  lostResult,
  type Note,
  plural,
  type Played,
  ResultBook,
  unrecorded,
} from './results';
import { SaveQueue } from './save-queue';
import { SaveStore, type Written } from './saves';

/** Idle time beyond this between two actions is not counted as playing time. */
const MAX_GAP_MS = 5 * 60 * 1000;

export type { Note };

/** What leaving a game came to. */
export interface Left {
  /** Why an unfinished game could not be kept, or null. */
  readonly unsaved: string | null;
  /**
   * When it could not: how many moves in the game was at its last save that worked, which is
   * kept for next time (saves replace each other whole), or null when none did.
   */
  readonly savedAt: number | null;
  /** What the player should read about a finished game's result, or null. */
  readonly note: string | null;
}

const NOTHING_TO_SAY: Left = { unsaved: null, savedAt: null, note: null };

/**
 * How a session saves (docs/saves.md, "Saved games and statistics"). 'at-once': after every action,
 * before the screen shows it, the process waiting for the disk; for a game on its own terminal.
 * 'in-background': within moments, one write at a time and only the latest state of those
 * waiting, while the process goes on; for a process playing many games at once, where no one
 * must wait for another's disk.
 */
export type Saving = 'at-once' | 'in-background';

/** What leaving returns: what became of the game, once its last save is on disk. */
export type Leaving<S extends Saving> = S extends 'in-background' ? Promise<Left> : Left;

/** Where a session's writes go: straight to disk (the store), or through a SaveQueue. */
type Saves = Pick<SaveStore, 'remove' | 'release'> & {
  write(id: string, text: string): Written | Promise<Written>;
};

const KEPT: Written = { ok: true };

/** How to open a game. */
export interface OpenOptions<S extends Saving = 'at-once'> {
  /** Where the player's games and statistics are kept (`localPlaces(env)` for local play). */
  readonly places: Places;
  /** The rules for a new game. */
  readonly rules: Rules;
  /** Only the rule options the player gave: a game is resumed only if it matches them. */
  readonly explicitRules: Partial<Rules>;
  /** A deal asked for (`--seed` or `--deal`): a new game, unless that deal waits unfinished. */
  readonly deal?: DealId;
  /** --new: a new game even if one could be resumed. */
  readonly fresh: boolean;
  /** A game continued from a record file (spider play FILE). */
  readonly loaded?: { readonly game: Game; readonly name: string };
  readonly randomSeed: () => string;
  readonly now?: () => Date;
  /** 'at-once' unless said. */
  readonly saving?: S;
}

function matches(rules: Rules, wanted: Partial<Rules>): boolean {
  return (Object.keys(wanted) as (keyof Rules)[]).every((key) => wanted[key] === rules[key]);
}

/** A save's time as the player's clock shows it: `2026-11-22 14:05`. */
function describeDate(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

export class GameSession<S extends Saving = 'at-once'> {
  /**
   * Whether the player has been told that saving fails: once until a save works again, or a new
   * game starts (docs/saves.md, "Saved games and statistics").
   */
  private warned = false;
  /** A save worked after the player was told that saving fails: said at the next chance. */
  private recovered = false;
  /**
   * The game in play was continued from a record file (docs/saves.md, "Saved games and
   * statistics").
   */
  private continued = false;
  private elapsedMs: number;
  private lastActivity: number;
  private started: string;
  private readonly records: RecordWriter;
  /** How many moves in the game was at the slot's last save that worked (Left.savedAt). */
  private savedAt: number | null = null;

  private constructor(
    private readonly store: SaveStore,
    /** The store itself, or a queue in front of it. */
    private readonly saves: Saves,
    private readonly results: ResultBook,
    private slot: string,
    elapsedMs: number,
    started: string,
    private readonly now: () => Date,
    /** Whether this session holds the slot's lock; a new game takes it with its first action. */
    private claimed: boolean,
  ) {
    this.elapsedMs = elapsedMs;
    this.started = started;
    this.lastActivity = now().getTime();
    this.records = new RecordWriter(now, store.limits);
  }

  /**
   * Opens the game to play: resumes the most recent unfinished game (unless a deal, --new or a
   * file says otherwise), records games a killed session left finished, and sets bad saves aside.
   * Returns the game and the messages to show.
   */
  static open<S extends Saving = 'at-once'>(
    options: OpenOptions<S>,
  ): {
    session: GameSession<S>;
    game: Game;
    messages: Note[];
    /** Whether the game is one resumed from its save (the messages then name its deal). */
    resumed: boolean;
  } {
    const now = options.now ?? (() => new Date());
    const store = new SaveStore(options.places);
    const saves = options.saving === 'in-background' ? new SaveQueue(store) : store;
    const scan = store.scan(now());
    const messages: Note[] = [];
    // What the scan has found wrong so far: it reads more saves as the choice needs them.
    const told = { aside: 0, unreadable: 0 };
    const tell = () => {
      for (const text of [
        ...scan.setAside.slice(told.aside),
        ...scan.unreadable.slice(told.unreadable),
      ])
        messages.push({ text, warning: true });
      told.aside = scan.setAside.length;
      told.unreadable = scan.unreadable.length;
    };
    tell();
    if (scan.unlisted !== null)
      messages.push({
        text: `Can't look through your saved games in ${store.dir} (${scan.unlisted}): they are left as they are until it can be read.`,
        warning: true,
      });
    const results = new ResultBook(options.places, now);
    /** Records a saved game; `late`: it ended when it was last saved, not now. */
    const record = (save: LoadedSave, outcome: Outcome, slot: string, late = true): Appended =>
      results.record(save.game, outcome, {
        elapsedMs: save.elapsedMs,
        continued: save.continued === true,
        slot,
        ...(late ? { ended: save.saved } : {}),
      });
    // Games whose result the history holds already: their saves could not be removed then. The
    // saves read later are looked up when one of them is chosen.
    const found = [...scan.finished, ...scan.unfinished.readSoFar()];
    const looked = new Set(found.map((save) => save.id));
    const recorded = results.recorded([...looked]);
    const isRecorded = (save: { id: string }): boolean =>
      looked.has(save.id) ? recorded.has(save.id) : results.recorded([save.id]).has(save.id);
    for (const entry of scan.finished.filter(isRecorded)) store.remove(entry.id);
    for (const entry of scan.unfinished.readSoFar().filter(isRecorded))
      scan.unfinished.remove(entry);

    /** Games waiting only for the statistics, from this one of `scan.finished` on. */
    let settled = 0;
    const settle = () => {
      for (const finished of scan.finished.slice(settled).filter((save) => !isRecorded(save))) {
        const loaded = store.load(finished, now());
        if (!loaded.ok) {
          messages.push({ text: loaded.message, warning: true });
          continue;
        }
        const status = gameStatus(loaded.save.game);
        if (status === 'playing' && !finished.header.abandoned) {
          // The moves decide, not a header edited by hand: the game can be played on.
          scan.unfinished.add(finished, true);
          continue;
        }
        const outcome = status !== 'playing' ? status : 'abandoned';
        // Kept until the statistics have it: the next start tries again.
        if (record(loaded.save, outcome, finished.id).ok) store.remove(finished.id);
        else store.release(finished.id, true);
      }
      settled = scan.finished.length;
    };
    settle();

    // The choice is made on the headers; only the game chosen is replayed (a header that lies,
    // or a save that fails, is found out then, and the next one is tried). The saves are read
    // most recent first, only as far as the choice needs (docs/measurements.md, "Start-up").
    const unfinished = scan.unfinished;
    const given = options.deal !== undefined || options.fresh || options.loaded !== undefined;
    for (;;) {
      // A deal asked for whose game, with the same rules, waits unfinished: that game goes on.
      const sameDeal =
        options.deal === undefined || options.fresh || options.loaded
          ? undefined
          : unfinished.find(
              (save) =>
                options.deal !== undefined &&
                sameDealAs(save.header.deal, options.deal) &&
                matches(save.header.rules, options.rules),
            );
      const candidate =
        sameDeal ?? unfinished.find((save) => matches(save.header.rules, options.explicitRules));
      tell();
      const resume = candidate !== undefined && (!given || candidate === sameDeal);
      if (!candidate) break;
      unfinished.drop(candidate);
      if (isRecorded(candidate)) {
        store.remove(candidate.id);
        continue;
      }
      const loaded = store.load(candidate, now());
      if (!loaded.ok) {
        messages.push({ text: loaded.message, warning: true });
        continue;
      }
      const save = loaded.save;
      // Not waited for: a status that takes a search is decided by the game once it is on
      // screen (docs/rules.md, "Lost"), so a start never waits for one.
      const known = statusWithin(save.game.position, OPENING_STATUS_LIMIT);
      if (known !== null && known !== 'playing') {
        // Its header said otherwise: it is finished, and recorded as such.
        if (record(save, known, candidate.id).ok) store.remove(candidate.id);
        else store.release(candidate.id, true);
        continue;
      }
      settle();
      unfinished.release();
      if (resume) {
        const session = new GameSession<S>(
          store,
          saves,
          results,
          candidate.id,
          save.elapsedMs,
          save.started,
          now,
          true,
        );
        session.continued = save.continued === true;
        session.savedAt = movesKept(save.game);
        messages.push(
          info(
            `Resumed your game from ${describeDate(save.saved)}: ${dealName(save.game.deal)}, ` +
              `${plural(movesKept(save.game), 'move')}. ` +
              (candidate === sameDeal ? 'R restarts this deal.' : 'n starts a new one.') +
              // Else the player may wonder why not the game last played.
              (scan.inUse > 0 ? ' Another of your games is open in another spider session.' : ''),
          ),
        );
        return { session, game: save.game, messages, resumed: true };
      }
      if (options.deal !== undefined || options.fresh) {
        // Starting a new game over this one: it counts as abandoned once anything was done in it.
        if (touched(save.game)) {
          const abandoned = record(save, 'abandoned', candidate.id, false);
          // A game continued from a record counts in nothing (docs/saves.md, "Saved games and
          // statistics").
          const counts = save.continued
            ? 'is given up; continued from a record, it counts in no statistic'
            : 'counts as abandoned';
          messages.push(info(`Your unfinished game (${dealName(save.game.deal)}) ${counts}.`));
          if (!abandoned.ok) {
            // Kept, marked, until the statistics can have it.
            const marked = { ...save, abandoned: true, saved: now().toISOString() };
            saves.write(candidate.id, formatSave(save.game, marked));
            saves.release(candidate.id);
            messages.push(unrecorded(abandoned.reason));
            break;
          }
        }
        store.remove(candidate.id);
      } else store.release(candidate.id);
      break;
    }
    settle();
    unfinished.release();
    tell();

    const slot = store.newId(now());
    const session = new GameSession<S>(
      store,
      saves,
      results,
      slot,
      0,
      now().toISOString(),
      now,
      false,
    );
    // Said at once: the player should know before playing that nothing will be kept.
    const full = store.room(slot);
    if (store.problem) session.warnOnce(store.problem, messages);
    else if (scan.unlockable !== null)
      session.warnOnce(`can't lock a save slot in ${store.dir} (${scan.unlockable})`, messages);
    else if (full !== null) session.warnOnce(full, messages);
    session.continued = options.loaded !== undefined;
    const game =
      options.loaded?.game ?? newGame(options.deal ?? options.randomSeed(), options.rules);
    if (options.loaded)
      messages.push(info(`Continuing the game of ${options.loaded.name}: ${dealName(game.deal)}.`));
    else if (
      options.deal !== undefined &&
      !options.fresh &&
      scan.elsewhere.some(
        (header) =>
          options.deal !== undefined &&
          sameDealAs(header.deal, options.deal) &&
          matches(header.rules, options.rules) &&
          header.status !== 'won' &&
          header.status !== 'lost' &&
          !header.abandoned,
      )
    )
      // Else the player may wonder why the game of this deal was not resumed.
      messages.push(
        info('Your game of this deal is open in another spider session; this is a new one.'),
      );
    else if (scan.inUse > 0 && !options.fresh && options.deal === undefined) {
      const others =
        scan.inUse === 1
          ? 'Your other game is open in another spider session'
          : 'Your other games are open in other spider sessions';
      messages.push(info(`${others}; this is a new one.`));
    }
    const saved = session.save(game);
    if (saved) messages.push(saved);
    return { session, game, messages, resumed: false };
  }

  private warnOnce(reason: string, messages?: Note[]): Note | null {
    if (this.warned) return null;
    this.warned = true;
    const note = {
      text: `Can't save this game: ${reason}. Play goes on, but it will not be kept.`,
      warning: true,
      duringPlay: true,
    };
    messages?.push(note);
    return note;
  }

  /** Adds the time since the last action, unless the player was looking at the win panel. */
  private tick(onWinPanel = false): number {
    const now = this.now().getTime();
    if (!onWinPanel) this.elapsedMs += Math.min(Math.max(0, now - this.lastActivity), MAX_GAP_MS);
    this.lastActivity = now;
    return this.elapsedMs;
  }

  /**
   * Writes the game to its slot, or removes the slot's save when there is nothing to keep;
   * returns a warning the first time saving fails (in the background: the first time a write
   * is found to have failed).
   */
  private save(game: Game, onWinPanel = false): Note | null {
    this.tick(onWinPanel);
    const failure = this.keep(game) ?? this.lateFailure();
    return failure === null ? null : this.warnOnce(failure);
  }

  /** Saves the game, or removes its save, as `save` says; returns why it could not. */
  private keep(game: Game): string | null {
    if (!touched(game)) {
      // The slot goes with its save; a game touched again takes a new one.
      if (this.claimed) this.retire();
      return null;
    }
    if (!this.claimed) {
      // A new game: kept only if the player may keep one more (docs/serve.md, "Limits on disk").
      const full = this.store.room(this.slot);
      if (full !== null) return full;
      this.claimed = this.store.claim(this.slot);
      if (!this.claimed) {
        const why = this.store.lockProblem ? ` (${this.store.lockProblem})` : '';
        return `can't lock a save slot in ${this.store.dir}${why}`;
      }
    }
    const written = this.soFar(this.write(game, this.format(game)));
    return written.ok ? null : written.reason;
  }

  /**
   * A write as far as known now: one still on its way counts as kept unless it cannot be (its
   * failure is told at the next action).
   */
  private soFar(written: Written | Promise<Written>): Written {
    if (!(written instanceof Promise)) return written;
    return this.store.problem ? { ok: false, reason: this.store.problem } : KEPT;
  }

  /** Why a write in the background failed since the last action, or null. */
  private lateFailure(): string | null {
    return this.saves instanceof SaveQueue ? this.saves.takeFailure() : null;
  }

  private format(game: Game, abandoned = false): string {
    return formatSave(game, {
      elapsedMs: this.elapsedMs,
      started: this.started,
      saved: this.now().toISOString(),
      abandoned,
      continued: this.continued,
    });
  }

  private record(game: Game, outcome: Outcome): Appended {
    return this.results.record(game, outcome, this.played());
  }

  private played(): Played {
    return { elapsedMs: this.elapsedMs, continued: this.continued, slot: this.slot };
  }

  /** Leaves a game in its slot for the next start to settle; the next game gets a slot of its own. */
  private setAside(game: Game, abandoned: boolean): Written {
    const kept = this.soFar(this.saves.write(this.slot, this.format(game, abandoned)));
    this.moveOn();
    return kept;
  }

  /** Writes the game's save to its slot, and notes how far in it was once the save is kept. */
  private write(game: Game, text: string): Written | Promise<Written> {
    const slot = this.slot;
    const moves = movesKept(game);
    const kept = (written: Written): Written => {
      if (written.ok && slot === this.slot) {
        this.savedAt = moves;
        // Saving works again: the player is told so, and a failure after this is told anew.
        this.recovered ||= this.warned;
        this.warned = false;
      }
      return written;
    };
    const written = this.saves.write(slot, text);
    return written instanceof Promise ? written.then(kept) : kept(written);
  }

  /** Removes the slot's save, if it holds one, and takes a new slot. */
  private retire(): void {
    if (this.claimed) this.saves.remove(this.slot);
    this.nextSlot();
  }

  /** The game in the slot stays there; the next one gets a slot of its own. */
  private moveOn(): void {
    this.saves.release(this.slot);
    this.nextSlot();
  }

  private nextSlot(): void {
    this.slot = this.store.newId(this.now());
    this.claimed = false;
    this.savedAt = null;
  }

  /**
   * After every action, before the screen shows it: saves the game. A new game ('n') first
   * settles the one it replaces. Returns a message to show, or null.
   */
  changed(before: Game, after: Game): Note | null {
    let problem: Note | null = null;
    if (after.start !== before.start) {
      // Not waited for when still being decided (docs/rules.md, "Lost"): the old game keeps its
      // slot, marked abandoned, and the next start records it, lost or abandoned, once decided. If
      // even that cannot be written, the answer is waited for.
      const known = statusWithin(before.position);
      const deferred =
        known === null &&
        touched(before) &&
        this.soFar(this.saves.write(this.slot, this.format(before, true))).ok;
      if (deferred) this.moveOn();
      else {
        const status = known ?? gameStatus(before);
        const outcome = status !== 'playing' ? status : touched(before) ? 'abandoned' : null;
        const recorded = outcome ? this.record(before, outcome) : { ok: true as const };
        if (!recorded.ok) {
          // The old game stays in its slot, marked, until the statistics can have it.
          const kept = this.setAside(before, outcome === 'abandoned');
          problem = kept.ok
            ? unrecorded(recorded.reason)
            : lostResult(recorded.reason, kept.reason);
        } else if (outcome) {
          // Its slot names its result in the history: the new game must not share it, locked or
          // not, or its own result would be taken for this one's (docs/saves.md, "Saved
          // games and statistics").
          this.retire();
        }
      }
      // Said again for the new game, if its saves fail too; nothing said of the old one's.
      this.warned = false;
      this.recovered = false;
      // The new game's clock starts now: the time before (on a win panel, say) was the old one's.
      this.elapsedMs = 0;
      this.lastActivity = this.now().getTime();
      this.started = this.now().toISOString();
      this.continued = false; // a new deal is the player's own
    }
    // An undo from the win panel: the time spent reading it was not playing time (docs/saves.md,
    // "Saved games and statistics"), nor is it when the game is won again.
    const warning = this.save(after, after.start === before.start && isWon(before.position));
    if (warning) return warning;
    if (problem) return problem;
    if (isWon(after.position) && !isWon(before.position) && !this.continued)
      return this.results.winNote(after, this.elapsedMs);
    if (this.recovered) {
      this.recovered = false;
      return info('Saving works again: this game is kept from here on.');
    }
    return null;
  }

  /**
   * The player leaves: a finished game goes to the statistics, an unfinished one waits. Says why
   * an unfinished game could not be kept, and what became of a finished one the statistics could
   * not take: at once when saving at once, and once the last save is on disk when saving in the
   * background.
   */
  leave(game: Game): Leaving<S> {
    // The time since a win, on its panel, is not playing time.
    if (!isWon(game.position)) this.tick();
    const { text, left } = this.lastSave(game);
    let kept: Written | Promise<Written> = KEPT;
    if (text === null) this.saves.remove(this.slot);
    else {
      kept = this.write(game, text);
      this.saves.release(this.slot);
    }
    const queue = this.saves instanceof SaveQueue ? this.saves : null;
    const leaving = queue
      ? queue.flush().then(async () => left(await kept))
      : left(this.soFar(kept));
    return leaving as Leaving<S>;
  }

  /** Whether leaving `game` waits for its lost-game search (see `statusOnLeaving`). */
  leavingWaits(game: Game): boolean {
    return !(this.saves instanceof SaveQueue) && statusWithin(game.position) === null;
  }

  /**
   * The game's status as leaving counts it, and as the player is told it. A process playing many
   * games holds none of them up for one game's lost-game search: a status not decided at a glance
   * is taken as playing (so saved), and the next start decides it (docs/rules.md, "Lost"). A game
   * on its own terminal waits for it.
   */
  statusOnLeaving(game: Game): Status {
    return this.saves instanceof SaveQueue
      ? (statusWithin(game.position) ?? 'playing')
      : gameStatus(game);
  }

  /**
   * What leaving does with the slot: the text to keep in it (null: its save goes), and what to
   * tell the player once that is done. A finished game goes to the statistics here.
   */
  private lastSave(game: Game): { text: string | null; left: (kept: Written) => Left } {
    const status = this.statusOnLeaving(game);
    if (status !== 'playing') {
      const recorded = this.record(game, status);
      if (recorded.ok) return { text: null, left: () => NOTHING_TO_SAY };
      // Kept until the statistics have it: the next start records it.
      const reason = recorded.reason;
      return {
        text: this.format(game),
        left: (kept) => ({
          unsaved: null,
          savedAt: null,
          note: (kept.ok ? unrecorded(reason) : lostResult(reason, kept.reason)).text,
        }),
      };
    }
    if (!touched(game)) return { text: null, left: () => NOTHING_TO_SAY };
    return {
      text: this.format(game),
      left: (kept) => ({
        unsaved: kept.ok ? null : kept.reason,
        // The save it names must still be there: a folder replaced or emptied has none.
        savedAt: kept.ok || !this.store.has(this.slot) ? null : this.savedAt,
        note: null,
      }),
    };
  }

  /**
   * Resolves once every save handed over so far is on disk (or has failed): at once when saving
   * at once. A server waits for this before it exits.
   */
  flush(): Promise<void> {
    return this.saves instanceof SaveQueue ? this.saves.flush() : Promise.resolve();
  }

  /**
   * The statistics of the game's rules ('s'), from the history as it is now (read again only if
   * it changed), with this game counted once it is over (it goes to the history when the player
   * leaves it).
   */
  statistics(game: Game): GameStats {
    return this.results.statistics(game, this.played());
  }

  /** Writes the game record to a new file in `folder` ('w'); returns what to tell the player. */
  writeRecord(
    game: Game,
    folder?: string | null,
    /** How to name the folder to a player who cannot reach it (over SSH); else its path. */
    shown?: string,
  ): string {
    return this.records.write(game, folder, shown);
  }
}
