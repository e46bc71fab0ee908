/**
 * The life of a game on disk: which game a start resumes, saving after every action, and when
 * a game's result goes to the statistics (what they hear is `results.ts`'s).
 */
import {
  type Game,
  gameStatus,
  isWon,
  movesKept,
  newGame,
  type Status,
  statusWithin,
  touched,
} from '../engine';
import { formatSave } from '../notation';
import type { Outcome } from '../stats/result';
import type { GameStats } from '../stats/stats';
import type { Appended } from './history';
import { RecordWriter } from './records';
import { whyNewGame } from './resume';
import type { RecordNews, StoreNews } from './news';
import type { Played, ResultBook } from './results';
import type { Written } from './saves';
import { type Opening, type OpenOptions, openSaves, type Saving } from './session-open';
import { PlayTime } from './play-time';
import type { SaveSink } from './sink';

export type { OpenOptions, Saving, StoreNews };

/** What leaving a game came to. */
export interface Left {
  /** Why an unfinished game could not be kept, or null. */
  readonly unsaved: string | null;
  /**
   * When it could not: how many moves in the game was at its last save that worked, which is
   * kept for next time (saves replace each other whole), or null when none did.
   */
  readonly savedAt: number | null;
  /** What the player should hear about a finished game's result, or null. */
  readonly note: StoreNews | null;
}

const NOTHING_TO_SAY: Left = { unsaved: null, savedAt: null, note: null };

/** What leaving returns: what became of the game, once its last save is on disk. */
export type Leaving<S extends Saving> = S extends 'in-background' ? Promise<Left> : Left;

const KEPT: Written = { ok: true };

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
  /** The time played (docs/playing.md, "The clock"). */
  private readonly time: PlayTime;
  private started: string;
  private readonly records: RecordWriter;
  /** How many moves in the game was at the slot's last save that worked (Left.savedAt). */
  private savedAt: number | null = null;

  private readonly store: Opening['store'];
  private readonly engine: Opening['engine'];
  /** Where writes go: the store itself, or a queue in front of it. */
  private readonly saves: SaveSink;
  private readonly results: ResultBook;

  private constructor(
    opening: Opening,
    private readonly now: () => Date,
    private slot: string,
    elapsedMs: number,
    started: string,
    /** Whether this session holds the slot's lock; a new game takes it with its first action. */
    private claimed: boolean,
  ) {
    this.store = opening.store;
    this.engine = opening.engine;
    this.saves = opening.saves;
    this.results = opening.results;
    this.time = new PlayTime(now, elapsedMs);
    this.started = started;
    this.records = new RecordWriter(now, opening.store.limits);
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
    messages: StoreNews[];
    /** Whether the game is one resumed from its save (the messages then name its deal). */
    resumed: boolean;
  } {
    const now = options.now ?? (() => new Date());
    const opening = openSaves({ ...options, now });
    const resumed = opening.resumed;
    if (resumed === null) return GameSession.deal(options, opening, now);
    const { save, slot } = resumed;
    const session = new GameSession<S>(opening, now, slot, save.elapsedMs, save.started, true);
    session.continued = save.continued === true;
    session.savedAt = movesKept(save.game);
    opening.messages.push({
      kind: 'resumed',
      saved: save.saved,
      deal: save.game.deal,
      moves: movesKept(save.game),
      sameDeal: resumed.sameDeal,
      // Else the player may wonder why not the game last played.
      othersInUse: opening.scan.inUse > 0,
    });
    return { session, game: save.game, messages: opening.messages, resumed: true };
  }

  /** Deals the new game a start plays when it resumes none (or continues a file). */
  private static deal<S extends Saving>(
    options: OpenOptions<S>,
    opening: Opening,
    now: () => Date,
  ): ReturnType<typeof GameSession.open<S>> {
    const { store, scan, messages } = opening;
    const slot = store.newId(now());
    const session = new GameSession<S>(opening, now, slot, 0, now().toISOString(), false);
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
      messages.push({ kind: 'continuing', name: options.loaded.name, deal: game.deal });
    else {
      // Else the player may wonder why the game of this deal (or their last) was not resumed.
      const why = whyNewGame({ ...options, loaded: false }, scan.elsewhere, scan.inUse);
      if (why === 'deal-elsewhere') messages.push({ kind: why });
      else if (why === 'others-elsewhere') messages.push({ kind: why, inUse: scan.inUse });
    }
    const saved = session.save(game);
    if (saved) messages.push(saved);
    return { session, game, messages, resumed: false };
  }

  private warnOnce(reason: string, messages?: StoreNews[]): StoreNews | null {
    if (this.warned) return null;
    this.warned = true;
    const note: StoreNews = { kind: 'cannot-save', reason };
    messages?.push(note);
    return note;
  }

  /**
   * Starts or stops the clock (docs/playing.md, "The clock"): it runs while the game is on screen
   * and not over.
   */
  clockRuns(running: boolean): void {
    this.time.runs(running);
  }

  /** The time played so far, as the clock shows it and the next save will count it. */
  playedMs(): number {
    return this.time.shown();
  }

  /**
   * Writes the game to its slot, or removes the slot's save when there is nothing to keep;
   * returns a warning the first time saving fails (in the background: the first time a write
   * is found to have failed).
   */
  private save(game: Game, onWinPanel = false): StoreNews | null {
    this.time.tick(!onWinPanel); // the time on the win panel is not playing time
    const failure = this.keep(game) ?? this.saves.takeFailure(); // failed in the background
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

  private format(game: Game, abandoned = false): string {
    return formatSave(game, {
      elapsedMs: this.time.ms,
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
    return { elapsedMs: this.time.ms, continued: this.continued, slot: this.slot };
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
  changed(before: Game, after: Game): StoreNews | null {
    const problem = after.start !== before.start ? this.replaced(before) : null;
    // An undo from the win panel: the time spent reading it was not playing time (docs/saves.md,
    // "Saved games and statistics"), nor is it when the game is won again.
    const warning = this.save(after, after.start === before.start && isWon(before.position));
    if (warning) return warning;
    if (problem) return problem;
    if (isWon(after.position) && !isWon(before.position) && !this.continued)
      return this.results.winNote(after, this.time.ms);
    if (this.recovered) {
      this.recovered = false;
      return { kind: 'saving-works' };
    }
    return null;
  }

  /**
   * A new game replaces `before`: the old one is settled (recorded, or left in its slot for the
   * next start) and the session starts afresh. Returns what the player must hear of the old
   * game's result, or null.
   */
  private replaced(before: Game): StoreNews | null {
    const problem = this.settleReplaced(before);
    // Said again for the new game, if its saves fail too; nothing said of the old one's.
    this.warned = false;
    this.recovered = false;
    // The new game's clock starts now: the time before (on a win panel, say) was the old one's.
    this.time.reset();
    this.started = this.now().toISOString();
    this.continued = false; // a new deal is the player's own
    return problem;
  }

  /** Settles a game a new one replaces; returns what the player must hear of it, or null. */
  private settleReplaced(before: Game): StoreNews | null {
    // Unfinished, or not decided yet (docs/rules.md, "Lost"): kept and listed (docs/saves.md, "Your
    // saved games"). One that cannot be kept is recorded, waiting for its status if need be.
    const known = statusWithin(before.position);
    const kept =
      (known === null || known === 'playing') &&
      touched(before) &&
      this.soFar(this.saves.write(this.slot, this.format(before))).ok;
    if (kept) {
      this.moveOn();
      return null;
    }
    const status = known ?? gameStatus(before);
    const outcome = status !== 'playing' ? status : touched(before) ? 'abandoned' : null;
    const recorded = outcome ? this.record(before, outcome) : { ok: true as const };
    if (!recorded.ok) {
      // The old game stays in its slot, marked, until the statistics can have it.
      const kept = this.setAside(before, outcome === 'abandoned');
      return kept.ok
        ? { kind: 'unrecorded', reason: recorded.reason }
        : { kind: 'result-lost', reason: recorded.reason, saveReason: kept.reason };
    }
    // Its slot names its result in the history: the new game must not share it, locked or
    // not, or its own result would be taken for this one's (docs/saves.md, "Saved
    // games and statistics").
    if (outcome) this.retire();
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
    if (!isWon(game.position)) this.time.tick();
    const { text, left } = this.lastSave(game);
    let kept: Written | Promise<Written> = KEPT;
    if (text === null) this.saves.remove(this.slot);
    else {
      kept = this.write(game, text);
      this.saves.release(this.slot);
    }
    const leaving = this.saves.background
      ? this.saves.flush().then(async () => left(await kept))
      : left(this.soFar(kept));
    return leaving as Leaving<S>;
  }

  /**
   * The game's status as leaving counts it, and as the player is told it: leaving never waits for
   * the lost-game search. A status not decided at a glance (or by the search the game ran while it
   * was on screen) is taken as playing, so the game is saved, and the next start decides it
   * (docs/rules.md, "Lost").
   */
  statusOnLeaving(game: Game): Status {
    return statusWithin(game.position) ?? 'playing';
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
          note: kept.ok
            ? { kind: 'unrecorded', reason }
            : { kind: 'result-lost', reason, saveReason: kept.reason },
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

  /** The slot of the game in play (`listSaves` marks its game). */
  get slotInPlay(): string {
    return this.slot;
  }

  /**
   * Resolves once every save handed over so far is on disk (or has failed): at once when saving
   * at once. A server waits for this before it exits.
   */
  flush(): Promise<void> {
    return this.saves.flush();
  }

  /**
   * The statistics of the game's rules ('s'), from the history as it is now (read again only if
   * it changed), with this game counted once it is over (it goes to the history when the player
   * leaves it).
   */
  statistics(game: Game): GameStats {
    return this.results.statistics(game, this.played());
  }

  /** Writes the game record to a new file in `folder` ('w'); returns what became of it. */
  writeRecord(
    game: Game,
    folder?: string | null,
    /** How to name the folder to a player who cannot reach it (over SSH); else its path. */
    shown?: string,
  ): RecordNews {
    const news = this.records.write(game, folder, shown);
    // Kept where the player's games are too, for them to fetch from any server.
    if (news.kind === 'record-written')
      this.engine?.recordWritten?.(news.name, news.text, news.removed?.names ?? []);
    return news;
  }
}
