/**
 * The solver's jobs as they cross to the thread that runs them (docs/solver.md, "The
 * solver in the game"): what is asked, what comes back, and the handler that answers. Pure: data
 * in, data out.
 *
 * A game crosses as what a game record holds (docs/records.md, "Move notation and game records"):
 * its deal, rules and line of play; the other side replays the line through the rules, so both
 * sides work on the very same position.
 */
import type { Action } from '../engine/actions';
import type { DealId } from '../engine/deals';
import { actionsKept, type Game, restoreGame } from '../engine/game';
import type { Rules } from '../engine/rules';
import { explain } from '../engine/refusal';
import { type FairChoice, fairChoice } from './fair';
import { gameView } from './view';
import { solve, type SolveResult, type Variant } from './solver';
import { type WhereLost, whereLost, type WhereLostProgress } from './where-lost';
import {
  chooseWinnable,
  type WinnableCache,
  type WinnableChoice,
  type WinnableRequest,
} from './winnable';

/** A cache that keeps nothing: the search runs every time. */
const NO_CACHE: WinnableCache = { get: () => null, put: () => undefined };

/** A game in the form that crosses to another thread: the deal, the rules, the line kept. */
export interface GameData {
  readonly deal: DealId;
  readonly rules: Rules;
  readonly actions: readonly Action[];
}

export function gameData(game: Game): GameData {
  return { deal: game.deal, rules: game.rules, actions: actionsKept(game) };
}

/** The game a `GameData` describes, replayed through the rules; a reason when it cannot be. */
export function gameFromData(data: GameData): Game | string {
  const restored = restoreGame(data.deal, data.rules, {
    actions: data.actions,
    undone: 0,
    actionCount: 0,
    peeks: 0,
  });
  if (restored.failure)
    return `action ${restored.failure.index + 1} is illegal: ${explain(restored.failure.refusal)}`;
  return restored.game;
}

/**
 * Work for the solver's thread: `solve` the game's current position, find `where-lost` its
 * line of play stopped being winnable (docs/solver.md, "Where it went wrong"), or ask the `fair`
 * player for a hint from what the player sees of the position (docs/playing.md, "Hints").
 */
export type GameJob = {
  readonly kind: 'solve' | 'where-lost' | 'fair';
  readonly game: GameData;
  /** Milliseconds the job may take. */
  readonly timeMs: number;
  /** Which way the solver searches (docs/solver.md, "Solver"); default 0. */
  readonly variant?: Variant;
  /**
   * What `timeMs` is counted on: the wall clock (the default), or `thread`, the time the job's
   * thread has spent on a core, where the system tells it: a server's players' jobs, whose
   * threads share the cores with the server and one another (docs/serve.md, "Playing over SSH").
   */
  readonly clock?: 'thread';
};

/**
 * A winnable deal to find for a new game chosen in the game (docs/deals.md, "Winnable deals"):
 * answered from the cache where the thread has one, else searched for; given up after `timeMs`.
 */
export type DealJob = {
  readonly kind: 'winnable-deal';
  readonly request: WinnableRequest;
  readonly timeMs: number;
  readonly clock?: 'thread';
};

export type Job = GameJob | DealJob;

/** What a job answers. */
export type JobResult =
  | {
      readonly kind: 'solved';
      readonly result: SolveResult;
      /** The winning line from the position (empty unless won). */
      readonly line: readonly Action[];
      readonly positions: number;
      readonly ms: number;
    }
  | { readonly kind: 'where-lost'; readonly found: WhereLost }
  | { readonly kind: 'fair'; readonly choice: FairChoice }
  | { readonly kind: 'winnable-deal'; readonly choice: WinnableChoice }
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * How far a job under way has gone, told now and then before its answer: a `where-lost` job's
 * (docs/solver.md, "Where it went wrong"); the other jobs tell nothing.
 */
export type JobProgress = { readonly kind: 'where-lost'; readonly progress: WhereLostProgress };

/** What a solve job answered; an error when it failed (the solver's thread broke). */
export function solutionOf(result: JobResult): Extract<JobResult, { kind: 'solved' }> {
  if (result.kind === 'solved') return result;
  throw new Error(result.kind === 'failed' ? result.reason : `a solve job answered ${result.kind}`);
}

/**
 * The seed of the worlds the fair player samples for a hint: always the same, so the same
 * position gets the same hint (given the time to rate the same worlds).
 */
export const HINT_SEED = 'hint';

/**
 * Runs a job to its end, or until `cancelled` says stop (the answer is then of no use). Its time
 * is counted on `now` (default `Date.now`): the thread's own clock for a job that asks for it.
 * `progress` hears how far a job that tells it has gone.
 */
export function runJob(
  job: Job,
  cancelled: () => boolean = () => false,
  now: () => number = Date.now,
  progress: (progress: JobProgress) => void = () => undefined,
  cache: WinnableCache = NO_CACHE,
): JobResult {
  if (job.kind === 'winnable-deal') {
    const began = now();
    const stop = () => cancelled() || now() - began > job.timeMs;
    return { kind: 'winnable-deal', choice: chooseWinnable(job.request, cache, { stop }) };
  }
  const game = gameFromData(job.game);
  if (typeof game === 'string') return { kind: 'failed', reason: game };
  if (job.kind === 'where-lost') {
    const budget = {
      timeMs: job.timeMs,
      cancelled,
      now,
      progress: (found: WhereLostProgress) => progress({ kind: 'where-lost', progress: found }),
    };
    return { kind: 'where-lost', found: whereLost(game.start, job.game.actions, budget) };
  }
  if (job.kind === 'fair') {
    const budget = { timeMs: job.timeMs, seed: HINT_SEED, cancelled, now };
    return { kind: 'fair', choice: fairChoice(gameView(game), budget) };
  }
  const found = solve(game.position, {
    timeMs: job.timeMs,
    cancelled,
    now,
    ...(job.variant === undefined ? {} : { variant: job.variant }),
  });
  return {
    kind: 'solved',
    result: found.result,
    line: found.line,
    positions: found.positions,
    ms: found.ms,
  };
}

/** Runs solver jobs somewhere other than the caller's thread. */
export interface JobRunner {
  /**
   * Starts a job (after those before it, or in its turn among those of other `asker`s, where the
   * runner keeps turns); `done` gets its answer, and `progress`, if given, hears how far it has
   * gone meanwhile (never after its answer, nor once cancelled). Returns the job's cancel.
   */
  run(
    job: Job,
    done: (result: JobResult) => void,
    asker?: object,
    progress?: (progress: JobProgress) => void,
  ): () => void;
  /** Ends the thread: no job answers after this. */
  close(): void;
  /**
   * Questions asked and not answered yet: waiting for their turn, and under way (docs/serve.md,
   * "Metrics and health"); a runner that keeps no queue need not say.
   */
  load?(): { readonly waiting: number; readonly running: number };
}

/** A job sent to the solver's thread. */
export interface JobMessage {
  readonly id: number;
  readonly job: Job;
}

/** A job's answer, from the solver's thread; or, before it, how far the job has gone. */
export type ResultMessage =
  | { readonly id: number; readonly result: JobResult }
  | { readonly id: number; readonly progress: JobProgress };

/**
 * What the thread is given when it starts: shared memory whose first 32-bit slot holds the id of
 * the job to give up. The thread looks at it while it searches, so a job stops within
 * milliseconds of being cancelled, without a message having to wait for the search to end.
 */
export interface ThreadData {
  readonly cancel: SharedArrayBuffer;
}
