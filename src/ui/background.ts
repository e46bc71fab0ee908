/**
 * The game's background work: what the state on screen asks for (`wanted`, in questions.ts),
 * run off the input path, its answers handed back as commands for the controller.
 *
 * - Whether a position is lost (docs/rules.md, "Lost"): a search on this thread, in slices of at
 *   most `SEARCH_SLICE_MS` between keystrokes.
 * - Questions for the solver (docs/solver.md, "The solver in the game"): jobs for the solver's
 *   thread.
 * - The demo's pace: a timer for its next action.
 *
 * `follow` is called after every update: work for a state no longer on screen is dropped (a
 * search's memory goes with it, a solver job is cancelled and never answers), and the work the
 * new state asks for is started, unless it is already under way.
 */
import { type Position, type Status, StatusSearch } from '../engine';
import type { SearchTurns } from '../host/search-turns';
import {
  gameData,
  type GameJob,
  type JobProgress,
  type JobResult,
  type JobRunner,
} from '../search';
import type { Command } from './controller';
import { type Wanted, wanted } from './questions';
import type { UiState } from './state';

/**
 * The background search that decides whether a position is lost runs in slices this long
 * (milliseconds), so that a key pressed meanwhile waits no longer than one slice.
 */
export const SEARCH_SLICE_MS = 4;
/** Positions looked at between two looks at the clock: well under a millisecond's worth. */
const SLICE_STEP = 20;

const NO_SOLVER = 'the solver does not run here';

export class Background {
  // The status search under way, if any, and its next slice.
  private search: StatusSearch | null = null;
  private slice: NodeJS.Immediate | undefined;
  // Gives back the search's turn, when turns are shared.
  private giveBack: () => void = () => undefined;
  // The solver job under way: the position it is about, and its cancel.
  private job: {
    readonly kind: GameJob['kind'];
    readonly position: Position;
    readonly cancel: () => void;
  } | null = null;
  // The demo's next action: the position it is due from, and its timer.
  private pace: { readonly position: Position; readonly timer: NodeJS.Timeout } | null = null;
  private stopped = false;

  constructor(
    /** Hands an answer to the game; called on a later turn of the event loop, never inside `follow`. */
    private readonly report: (command: Command) => void,
    private readonly solver: JobRunner | null,
    /** Turns shared with other games for the lost-game search, if any. */
    private readonly turns: SearchTurns | null = null,
  ) {}

  follow(state: UiState): void {
    if (this.stopped) return;
    const want = wanted(state);
    this.followStatus(want.status);
    this.followSolver(want.solve);
    this.followPace(want.pace);
  }

  /**
   * The game is over: no more work starts and nothing more is reported. A status search under
   * way is given up, memory and all: leaving does not wait for it, and the next start searches
   * again (docs/rules.md, "Lost").
   */
  stop(): void {
    this.stopped = true;
    clearImmediate(this.slice);
    this.search?.cancel();
    this.search = null;
    this.giveBack();
    this.job?.cancel();
    this.job = null;
    this.solver?.close();
    clearTimeout(this.pace?.timer);
    this.pace = null;
  }

  private followPace(pace: Wanted['pace']): void {
    if (pace !== null && this.pace?.position === pace.position) return;
    clearTimeout(this.pace?.timer);
    this.pace = null;
    if (pace === null) return;
    const position = pace.position;
    const timer = setTimeout(() => {
      if (this.pace?.timer === timer) this.pace = null;
      if (!this.stopped) this.report({ kind: 'step', position });
    }, pace.ms);
    this.pace = { position, timer };
  }

  private followStatus(position: Position | null): void {
    if (position !== null && this.search?.position === position) return;
    this.search?.cancel(); // its memory goes with it, even while the position is kept for undo
    this.search = null;
    clearImmediate(this.slice);
    this.giveBack();
    if (position === null) return;
    const search = new StatusSearch(position);
    this.search = search;
    const start = () => {
      if (this.search === search) this.slice = setImmediate(() => this.step());
    };
    this.giveBack = this.turns ? this.turns.take(start) : () => undefined;
    if (!this.turns) start();
  }

  private step(): void {
    const current = this.search;
    if (this.stopped || current === null) return;
    const began = performance.now();
    let result: Status | null = null;
    while (result === null && performance.now() - began < SEARCH_SLICE_MS)
      result = current.step(SLICE_STEP);
    if (result === null) {
      this.slice = setImmediate(() => this.step());
      return;
    }
    this.search = null;
    this.giveBack();
    this.report({ kind: 'settled', position: current.position, status: result });
  }

  private followSolver(solve: Wanted['solve']): void {
    const job = this.job;
    if (solve !== null && job?.position === solve.game.position && job.kind === solve.kind) return;
    this.job?.cancel();
    this.job = null;
    if (solve === null) return;
    const position = solve.game.position;
    const answer = (result: JobResult) => {
      if (this.job?.position === position) this.job = null;
      if (!this.stopped) this.report({ kind: 'solved', position, result });
    };
    if (!this.solver) {
      const later = setImmediate(() => answer({ kind: 'failed', reason: NO_SOLVER }));
      this.job = { kind: solve.kind, position, cancel: () => clearImmediate(later) };
      return;
    }
    // How far it has gone is told as it goes (docs/solver.md, "Where it went wrong").
    const told = (progress: JobProgress) => {
      if (this.job?.position === position && !this.stopped)
        this.report({ kind: 'progress', position, progress });
    };
    const cancel = this.solver.run(
      { kind: solve.kind, game: gameData(solve.game), timeMs: solve.timeMs },
      answer,
      undefined,
      told,
    );
    this.job = { kind: solve.kind, position, cancel };
  }
}
