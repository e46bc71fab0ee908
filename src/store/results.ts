/**
 * What the statistics hear of the player's games (docs/saves.md, "Saved games and statistics"): a
 * finished or abandoned game's result added to the history, the records a win sets, and the
 * statistics `s` shows. Saving the game itself is the session's (`session.ts`); the two share only
 * the player's places and the clock.
 */
import { type Game, gameScores, movesKept, statusWithin } from '../engine';
import type { GameResult, Outcome } from '../stats/result';
import { type GameStats, newRecords, statsOfRules } from '../stats/stats';
import { sizeText } from './disk-limits';
import type { History } from './engine';
import { historyOf } from './file-engine';
import type { Folded } from './fold';
import { type Appended, type HistoryDigest, MAX_HISTORY_BYTES } from './history';
import type { StoreNews } from './news';
import type { Places } from './paths';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * How long a game has been played, whether it was continued from a record file, and the save
 * slot it was kept in.
 */
export interface Played {
  readonly elapsedMs: number;
  readonly continued: boolean;
  readonly slot?: string;
  /** When the game ended, if not now: a result recorded late, from its save. */
  readonly ended?: string;
}

/**
 * The player's history of results: what goes in, and what is read back out. What is kept of the
 * history is its figures (a digest), not its games: a few hundred bytes a statistics line, however
 * long the history. It is read again only once the file has changed (a game recorded by this
 * session or another, or the file edited), and then, when lines were only added to it, only those
 * are read: `s` opened again and again costs a look at the file, and a game recorded costs the
 * read of its line. A history kept within a limit (docs/serve.md, "Limits on disk") is folded once
 * an append takes it past the limit, or once it is found over it (a history from before the limit),
 * in the background.
 */
export class ResultBook {
  /** The last history read, if there was a file to read. */
  private kept: HistoryDigest | null = null;
  /** The last fold of the history this book started, while it runs and once it is done. */
  private fold: Promise<Folded> | null = null;

  /** Where the results are kept. */
  private readonly where: History;

  constructor(
    private readonly places: Places,
    private readonly now: () => Date,
  ) {
    this.where = historyOf(places);
  }

  /** Adds the game's result to the history, unless the player's folder must not be used. */
  record(game: Game, outcome: Outcome, played: Played): Appended {
    const problem = this.where.problem();
    if (problem) return { ok: false, reason: problem };
    // Already there: recorded once, but its save could not be removed then.
    const slot = played.slot;
    if (slot !== undefined && this.where.recorded([slot]).size > 0) return { ok: true };
    const result = this.resultOf(game, outcome, played);
    const appended = this.where.append(result);
    if (appended.ok) {
      this.foldWhenOver();
      this.places.recorded?.(result);
    }
    return appended;
  }

  /** Of `slots`, those whose result is at the end of the history (`RECENT_BYTES`). */
  recorded(slots: readonly string[]): Set<string> {
    if (this.where.problem()) return new Set();
    return this.where.recorded(slots);
  }

  /**
   * The outcome of the last fold of the history this book started, once it is done; null when it
   * started none (for tests, and to measure).
   */
  async folded(): Promise<Folded | null> {
    return this.fold === null ? null : await this.fold;
  }

  /**
   * What the player who has just won `game` hears: the records it sets, or why none could be
   * checked; null when there is nothing to say (or a problem the recording will say).
   */
  winNote(game: Game, elapsedMs: number): StoreNews | null {
    // A win with help sets no record (docs/rules.md, "Won with help"): the game says so itself.
    if (game.helped) return null;
    const history = this.history();
    // Without the whole history any "record" could be made up: none is claimed. A line
    // skipped, or left unread, may have held the record, and the player is told why.
    if (history.skipped > 0) return { kind: 'won-unchecked', damaged: history.skipped };
    if (history.unreadBytes !== undefined)
      return { kind: 'won-unchecked', overBytes: this.maxBytes() };
    // A history or data folder that cannot be read is said when the game is recorded.
    if (history.problem !== undefined || this.where.problem()) return null;
    const records = newRecords(
      [],
      this.resultOf(game, 'won', { elapsedMs, continued: false }),
      history.games,
    );
    return records.length > 0 ? { kind: 'won', records } : null;
  }

  /**
   * The statistics of the game's rules ('s'), from the history as it is now (read again only if
   * it changed), with this game counted once it is over (it goes to the history when the player
   * leaves it).
   */
  statistics(game: Game, played: Played): GameStats {
    const rules = game.rules;
    const daily = game.deal.origin?.daily !== undefined;
    const problem = this.where.problem();
    if (problem)
      return { rules, daily, read: false, line: null, others: 0, note: `Not kept: ${problem}.` };
    const history = this.history();
    if (history.problem !== undefined)
      return {
        rules,
        daily,
        read: false,
        line: null,
        others: 0,
        note: `Can't read them: ${history.problem}.`,
      };
    const note =
      history.skipped > 0
        ? `${plural(history.skipped, 'damaged line')} of the history skipped.`
        : history.unreadBytes !== undefined
          ? `Only the last ${sizeText(this.maxBytes())} of the history counted.`
          : null;
    // A status still being decided is not waited for (docs/rules.md, "Lost"): the game counts once
    // known.
    const status = statusWithin(game.position);
    const over =
      status === null || status === 'playing' ? [] : [this.resultOf(game, status, played)];
    return { rules, daily, read: true, ...statsOfRules(over, rules, daily, history.games), note };
  }

  /**
   * The history's figures, read again only when the file changed since it was last read, and
   * then only what was added to it where that is all that changed.
   */
  private history(): HistoryDigest {
    const read = this.where.digest(this.kept, this.maxBytes());
    this.kept = read.version !== undefined ? read : null;
    this.foldWhenOver();
    return read;
  }

  /**
   * The most of the history read: all of a history kept within a limit (docs/serve.md,
   * "Limits on disk"), whose summary and lines are never longer than the limit once it is folded.
   */
  private maxBytes(): number {
    return this.places.limits?.historyBytes ?? MAX_HISTORY_BYTES;
  }

  /** Folds the history in the background if it is kept within a limit and is over it. */
  private foldWhenOver(): void {
    const limit = this.places.limits?.historyBytes;
    const fold = limit === undefined ? null : this.where.foldWhenOver(limit);
    if (fold) this.fold = fold;
  }

  private resultOf(game: Game, outcome: Outcome, played: Played): GameResult {
    return resultOf(game, outcome, { ...played, ended: played.ended ?? this.now().toISOString() });
  }
}

/**
 * A game's result as the history and the daily board keep it (docs/saves.md, "Saved games and
 * statistics"): `played` says how long, when it ended, and where it was kept.
 */
export function resultOf(
  game: Game,
  outcome: Outcome,
  played: Played & { readonly ended: string },
): GameResult {
  const result: GameResult = {
    deal: game.deal,
    rules: game.rules,
    outcome,
    moves: movesKept(game),
    actions: game.actions,
    peeks: game.peeks,
    elapsedMs: Math.round(played.elapsedMs),
    scores: gameScores(game),
    ended: played.ended,
  };
  const daily = game.deal.origin?.daily;
  return {
    ...result,
    ...(played.continued ? { continued: true } : {}),
    ...(game.helped ? { helped: true } : {}),
    ...(daily !== undefined ? { daily } : {}),
    ...(played.slot !== undefined ? { slot: played.slot } : {}),
  };
}
