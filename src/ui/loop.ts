/**
 * The game loop: holds the screen's state, turns terminal input into commands, runs them through
 * the pure controller, saves a changed game before it is shown, and draws. Everything that
 * belongs to the process (signals, a crash, stopping for the shell) comes from the host that runs
 * the game, so the loop itself could serve any terminal, local or remote.
 */
import type { Game } from '../engine';
import type { DealWanted, FoundDeal } from '../host/deal-search';
import { rulesOf } from './new-game';
import { savedGames, type SavedGamesHooks } from './saved-games';
import { clipboardSequence, COPIED, openRecord, recordRows, recordText } from './record-panel';
import type { JobRunner } from '../search';
import type { GameStats } from '../stats';
import type { SearchTurns } from '../host/search-turns';
import { Background } from './background';
import { BoardPanels, type BoardHooks } from './board-panel';
import { type Command, type ControllerDeps, update, updateUnseen } from './controller';
import { commandForKey, commandForMouse, commandForPanel } from './input';
import { ESCAPE_WAIT_MS, type InputEvent, KeyDecoder } from './keys';
import { type Layout, layout, showsBoard } from './layout';
import { SecondTimer } from './second-timer';
import { openScreen, type Screen, type TerminalIo } from './screen';
import type { Message, UiState } from './state';
import type { Effect } from './update';

/** The keys that turn the help back a screen. */
const HELP_BACK_KEYS = new Set(['b', 'backspace']);

export type { TerminalIo } from './screen';

/** What the loop tells the rest of the program; all optional. */
export interface GameHooks {
  /** After an update that changed the game, before it is painted (autosave); a message to show, or null. */
  gameChanged?(before: Game, after: Game): Message | null;
  /** The player asked for the game record in a file ('w'); what to tell them. */
  /** Writes the game's record: what to tell the player, and the record's text once written. */
  writeRecord?(game: Game): { readonly text: string; readonly record?: string };
  /** The player asked for the statistics of the game's rules ('s'). */
  statistics?(game: Game): GameStats;
  /**
   * The new-game panel asks for a deal searched for (docs/playing.md, "A new game"): `done` gets
   * it, or why none came. Returns a function that gives the search up.
   */
  findDeal?(wanted: DealWanted, done: (found: FoundDeal) => void): () => void;
  /** The server's daily board (docs/serve.md, "The daily board"); a local game has none. */
  readonly board?: BoardHooks;
  /** The player's saved games, where they are kept (docs/playing.md, "A new game"). */
  readonly savedGames?: SavedGamesHooks;
  /**
   * The time played (docs/playing.md, "The clock"): told whether it runs (the game on screen and
   * not over), and read for the screen.
   */
  clock?: {
    runs(running: boolean): void;
    playedMs(): number;
  };
}

/**
 * The game's share of a thread it shares with other games (a server's players): asked before each
 * key is handled and each frame painted. Keys wait their turn, in order; frames asked for while
 * one waits are one paint, of the latest state.
 */
export interface Pacer {
  /** Milliseconds before the next key may be handled (0: now; 1: on a later turn). */
  workWait(): number;
  /** Milliseconds before the next frame may be painted (0: now). */
  frameWait(): number;
  /** Runs the game's work (a key handled, a frame painted), counting what it cost. */
  run(work: () => void): void;
}

/** What the process running the game provides. */
export interface GameHost {
  /**
   * Starts watching for the game being told to end (signals, a crash, a server shutting down);
   * `end` gets the exit status and, for a crash, what to tell the player. `tell` shows the
   * player a message (a warning before an idle game is ended). Returns a function that stops
   * watching.
   */
  watch(end: (status: number, problem?: string) => void, tell: (text: string) => void): () => void;
  /**
   * Stops the game for the shell (Ctrl-Z): `screen.leave()` first, `screen.enter()` once it is
   * back. 'unavailable' when the process cannot be stopped (no job control), the screen untouched.
   */
  suspend(screen: Pick<Screen, 'leave' | 'enter'>): Promise<'resumed' | 'unavailable'>;
  /** What to tell the player when the game cannot be suspended; a default says why locally. */
  readonly cannotSuspend?: string;
  /**
   * Where the solver runs, off this thread (docs/solver.md, "The solver in the game"); closed at
   * the end.
   */
  readonly solver?: JobRunner;
  /** Turns for the lost-game search shared with the process's other games, if it has any. */
  readonly searchTurns?: SearchTurns;
  /** When keys are handled and frames go out; at once, every one, unless given. */
  readonly pacer?: Pacer;
}

/** A host for a game with no process of its own to manage (tests, benchmarks). */
export const QUIET_HOST: GameHost = {
  watch: () => () => undefined,
  suspend: async () => 'unavailable',
};

/** How the game ended, for the shell. */
export interface GameExit {
  readonly status: number;
  readonly state: UiState;
  /** What went wrong, when the game ended because of a bug. */
  readonly problem?: string;
}

const NO_SEARCH = 'No deal can be searched for here: choose random, or a seed.';

const NO_JOB_CONTROL =
  "Ctrl-Z can't suspend here: this shell has no job control. The game goes on; q quits.";

/**
 * Runs the game on a terminal until the player quits or the host ends it. Resolves with the exit
 * status once the terminal is restored (normal screen, cursor, no mouse reporting).
 */
export function runTerminalGame(
  initial: UiState,
  deps: ControllerDeps,
  io: TerminalIo,
  hooks: GameHooks = {},
  host: GameHost = QUIET_HOST,
): Promise<GameExit> {
  return new Promise<GameExit>((resolve) => {
    let state = initial;
    // The screen laid out for the state, made when it is needed (a paint, a click to map, the
    // help's next screen) rather than after every key: keys read together cost one layout.
    let laidOut: Layout | null = null;
    // The frame painted last (the screen compares the next with it), and the one before it, of no
    // further use: the next layout is made in it.
    let painted: Layout['frame'] | null = null;
    let spare: Layout['frame'] | undefined;
    const view = (): Layout => {
      if (laidOut === null) {
        laidOut = layout(state, screen.width, screen.height, spare);
        if (laidOut.frame === spare) spare = undefined;
      }
      return laidOut;
    };
    const show = (shown: Layout): void => {
      if (painted !== null && painted !== shown.frame) spare = painted;
      painted = shown.frame;
      screen.show(shown);
    };
    let finished = false;
    // Between Ctrl-Z and the return to the game: nothing is handled and nothing is painted.
    let suspended = false;
    const decoder = new KeyDecoder();
    let escapeTimer: NodeJS.Timeout | undefined;
    // Answers that came while the game was stopped for the shell, handled once it is back.
    let deferred: Command[] = [];
    /**
     * Runs what input or an answer sets off. A bug there ends this game, with what to tell the
     * player, rather than the process (which may be serving other players).
     */
    const guarded = (work: () => void): void => {
      try {
        work();
      } catch (error) {
        finish(70, `internal error: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    const boards = new BoardPanels(hooks.board, {
      state: () => state,
      set: (next) =>
        guarded(() => {
          state = next;
          draw();
        }),
      finished: () => finished,
      playedMs: () => hooks.clock?.playedMs() ?? state.playedMs ?? 0,
    });
    const background = new Background(
      (command) => {
        if (finished) return;
        if (suspended) deferred.push(command);
        else guarded(() => run(command));
      },
      host.solver ?? null,
      host.searchTurns ?? null,
    );

    // Keys read together are painted once, after the last (a click maps to what the key before it
    // showed): a burst of Ctrl-L, each a whole new frame, costs one.
    let batching = false;
    // A frame the host's pacer holds back: when it goes, it shows the state of then.
    let paintTimer: NodeJS.Timeout | undefined;
    const pacer = host.pacer;
    const paint = (): void => {
      if (!pacer) return show(view());
      if (paintTimer !== undefined) return;
      const wait = pacer.frameWait();
      if (wait <= 0) return pacer.run(() => show(view()));
      paintTimer = setTimeout(() => {
        paintTimer = undefined;
        if (!finished && !suspended) guarded(paint);
      }, wait);
    };
    const draw = (): void => {
      laidOut = null;
      if (finished || suspended) return;
      readClock();
      if (!batching) paint();
    };

    // The clock runs while the game is on screen and not over, and is read at every draw; while
    // it runs on the status line, a draw comes as its second turns (the frame sends only the cells
    // that change).
    const seconds = new SecondTimer(() => guarded(draw));
    const readClock = (): void => {
      const clock = hooks.clock;
      if (!clock) return;
      const over = state.status === 'won' || state.status === 'lost';
      const running = !finished && !suspended && !over && showsBoard(screen.width, screen.height);
      clock.runs(running);
      const playedMs = clock.playedMs();
      // What the clock shows changes once a second: the state, only then (not a copy a frame).
      const shown = playedMs - (playedMs % 1000);
      if (shown !== state.playedMs) state = { ...state, playedMs: shown };
      seconds.follow(playedMs, running && state.clockShown);
    };

    const finish = (status: number, problem?: string): void => {
      if (finished) return;
      finished = true;
      clearTimeout(escapeTimer);
      clearTimeout(paintTimer);
      clearTimeout(heldTimer);
      dealSearch?.();
      seconds.stop();
      background.stop();
      unwatch();
      screen.destroy();
      resolve(problem === undefined ? { status, state } : { status, state, problem });
    };

    const suspend = (): void => {
      suspended = true;
      // Stopped for the shell: the clock stops with the game.
      seconds.stop();
      hooks.clock?.runs(false);
      void host.suspend(screen).then((outcome) => {
        suspended = false;
        if (outcome === 'unavailable')
          state = {
            ...state,
            message: { text: host.cannotSuspend ?? NO_JOB_CONTROL, kind: 'error' },
          };
        draw();
        // Answers that came while the game was stopped are handled now.
        const waiting = deferred;
        deferred = [];
        for (const command of waiting) if (!finished && !suspended) run(command);
        if (!finished) background.follow(state);
      });
    };

    const apply = (effect: Effect): void => {
      switch (effect) {
        case 'quit':
          finish(0);
          return;
        case 'redraw':
          screen.forget(); // the next paint rewrites every cell
          break;
        case 'suspend':
          suspend();
          return;
        case 'write':
          if (hooks.writeRecord) {
            const written = hooks.writeRecord(state.game);
            state = { ...state, message: { text: written.text, kind: 'info' } };
            // The record to read and copy (docs/playing.md, "The record panel").
            if (written.record !== undefined)
              state = { ...state, overlay: openRecord(written.record, state.overlay) };
          }
          break;
        case 'copy':
          if (state.overlay?.kind === 'record') {
            io.output.write(clipboardSequence(recordText(state.overlay)));
            state = { ...state, message: { text: COPIED, kind: 'info' } };
          }
          break;
        case 'board':
          state = boards.open(state);
          break;
        case 'find-deal':
          findDeal();
          break;
        case 'saves':
        case 'switch-save':
        case 'give-up':
          state = savedGames(state, effect, hooks.savedGames);
          break;
        case 'stats':
          state = hooks.statistics
            ? {
                ...state,
                overlay: {
                  kind: 'stats',
                  stats: hooks.statistics(state.game),
                  back: state.overlay,
                },
              }
            : { ...state, message: { text: 'No statistics are kept here.', kind: 'info' } };
          break;
        case null:
          break;
      }
      draw();
    };

    // The search for a deal the new-game panel asked for, while it runs.
    let dealSearch: (() => void) | null = null;
    const findDeal = (): void => {
      const panel = state.overlay;
      if (panel?.kind !== 'new-game' || !panel.searching) return;
      const wanted: DealWanted = {
        choose: panel.choice.deal === 'daily' ? 'daily' : 'winnable',
        rules: rulesOf(panel.choice),
      };
      if (!hooks.findDeal) {
        run({ kind: 'deal-found', found: { ok: false, message: NO_SEARCH } });
        return;
      }
      let answered = false;
      const cancel = hooks.findDeal(wanted, (found) => {
        answered = true;
        dealSearch = null;
        if (!finished) guarded(() => run({ kind: 'deal-found', found }));
      });
      if (!answered) dealSearch = cancel;
    };
    /** A search no longer wanted (the panel closed, or Esc) is given up. */
    const dropDealSearch = (): void => {
      const panel = state.overlay;
      if (dealSearch && !(panel?.kind === 'new-game' && panel.searching)) {
        dealSearch();
        dealSearch = null;
      }
    };

    const run = (command: Command): void => {
      const seen = showsBoard(screen.width, screen.height);
      const result = seen ? update(state, command, deps) : updateUnseen(state, command);
      const before = state.game;
      state = boards.afterUpdate(state, result.state);
      if (state.game !== before && hooks.gameChanged) {
        const message = hooks.gameChanged(before, state.game);
        if (message) state = { ...state, message };
      }
      apply(result.effect);
      dropDealSearch();
      // Once the game is left, a search under way is for `status` to finish: left alone.
      if (!finished) background.follow(state);
    };

    const handleOne = (event: InputEvent): void => {
      const onBoard = boards.handle(state, event);
      if (onBoard !== null) {
        state = onBoard;
        return;
      }
      if (state.overlay?.kind === 'record' && event.type === 'key') {
        const command = commandForPanel(event, []);
        if (command?.kind === 'panel-key') run({ ...command, rows: recordRows(screen.height) });
        else if (command) run(command);
        return;
      }
      if (state.overlay?.kind === 'new-game' || state.overlay?.kind === 'saves') {
        const command = commandForPanel(event, view().panel ?? []);
        if (command) run(command);
        return;
      }
      const command =
        event.type === 'key' ? commandForKey(event) : commandForMouse(event, view().board);
      // The help's screens depend on the terminal's size: the layout says where ? turns to,
      // and where b or Backspace turn back to (elsewhere those keys mean nothing).
      const helpNext = command?.kind === 'help' ? view().helpNext : undefined;
      const helpPrev =
        event.type === 'key' && HELP_BACK_KEYS.has(event.name) ? view().helpPrev : undefined;
      if (command?.kind === 'help' && helpNext) run({ ...command, next: helpNext });
      else if (helpPrev) run({ kind: 'help', next: helpPrev });
      else if (command) run(command);
    };
    // Keys the host's pacer holds back, in order, and the timer that hands them on.
    let held: InputEvent[] = [];
    let heldTimer: NodeJS.Timeout | undefined;
    const handle = (events: readonly InputEvent[]): void => {
      if (heldTimer !== undefined) {
        held.push(...events); // behind those already waiting
        return;
      }
      if (events.length === 0) return;
      batching = true;
      try {
        for (let i = 0; i < events.length; i++) {
          // Keys read together with Ctrl-Z wait for nobody: the game is going away.
          if (finished || suspended) return;
          const wait = pacer ? pacer.workWait() : 0;
          if (wait > 0) {
            held = events.slice(i);
            heldTimer = setTimeout(() => {
              heldTimer = undefined;
              const waiting = held;
              held = [];
              if (!finished) guarded(() => handle(waiting));
            }, wait);
            break;
          }
          const event = events[i];
          if (pacer) pacer.run(() => handleOne(event));
          else handleOne(event);
        }
      } finally {
        batching = false;
      }
      draw();
    };

    const screen = openScreen(io, initial.theme, {
      input: (text) => {
        if (finished) return;
        clearTimeout(escapeTimer);
        guarded(() => handle(decoder.feed(text)));
        // A lone ESC may be the Escape key or the start of a sequence still on its way.
        if (decoder.waiting && !finished)
          escapeTimer = setTimeout(() => guarded(() => handle(decoder.flush())), ESCAPE_WAIT_MS);
      },
      resize: () => guarded(draw),
      hangup: () => finish(129),
    });
    const unwatch = host.watch(finish, (text) => {
      if (finished) return;
      // In place of a question waiting (which would hide it): the player goes on playing.
      state = { ...state, confirm: null, message: { text, kind: 'error' } };
      draw();
    });
    draw();
    background.follow(state);
  });
}
