/**
 * Questions for the solver's thread from the game (docs/solver.md, "The solver in the game",
 * "Where it went wrong"; docs/playing.md, "Hints"): whether the game can still be won (`c`), the
 * demo that plays a winning line (`a`), where the game went wrong (`g`), and the fair player's hint
 * (`h`). The state on screen says what to ask (`wanted`); the game loop asks it in the background,
 * and the answers come back to the controller, which hands them here.
 */
import {
  type Action,
  countPeek,
  explain,
  type Game,
  markHelped,
  play,
  type Position,
} from '../engine';
import { formatAction } from '../notation';
import {
  type FairChoice,
  type Hint,
  type HintEngine,
  type GameJob,
  type JobProgress,
  type JobResult,
} from '../search';
import { describeFair, describeHint, whereLostSentence } from '../words/search';
import type { Hints, Message, Overlay, SolverAsk, UiState } from './state';
import { afterChange, askFirst, error, info, lineOf, same, type Update, withState } from './update';

/** How long the solver may think about whether the game can still be won (milliseconds). */
export const WINNABLE_THINK_MS = 3_000;
/** How long the solver may think before the demo (milliseconds). */
export const DEMO_THINK_MS = 10_000;
/** The demo's pace: one action this often (milliseconds), slow enough for the eye to follow. */
export const DEMO_PACE_MS = 300;
/** How long the search for where the game went wrong may take (milliseconds). */
export const WHERE_THINK_MS = 30_000;
/**
 * How long the fair player may think about a hint (milliseconds): as long as it takes for each
 * action when it plays a whole game (`spider autoplay`), and short enough to wait for.
 */
export const HINT_THINK_MS = 1_000;

/** The job each question runs in the solver's thread, and how long it may take. */
const JOBS: Record<SolverAsk['kind'], { readonly kind: GameJob['kind']; readonly timeMs: number }> =
  {
    winnable: { kind: 'solve', timeMs: WINNABLE_THINK_MS },
    demo: { kind: 'solve', timeMs: DEMO_THINK_MS },
    where: { kind: 'where-lost', timeMs: WHERE_THINK_MS },
    hint: { kind: 'fair', timeMs: HINT_THINK_MS },
  };

/**
 * Work the state on screen asks for, which the game loop runs in the background (docs/rules.md,
 * "Lost"; docs/solver.md, "The solver in the game"); each answer comes back as a command.
 */
export interface Wanted {
  /** The position whose status is still to be decided (`settled`). */
  readonly status: Position | null;
  /** A question for the solver about the game's current position (`solved`). */
  readonly solve: {
    readonly kind: GameJob['kind'];
    readonly game: Game;
    readonly timeMs: number;
  } | null;
  /** The demo's next action, due after `ms` milliseconds (`step`). */
  readonly pace: { readonly position: Position; readonly ms: number } | null;
}

export function wanted(state: UiState): Wanted {
  const position = state.game.position;
  const ask = state.solver?.position === position ? state.solver : null;
  const thinking = ask !== null && (ask.kind !== 'demo' || ask.line === null);
  return {
    status: state.status === null ? position : null,
    solve: thinking ? { ...JOBS[ask.kind], game: state.game } : null,
    pace: ask?.kind === 'demo' && ask.line !== null ? { position, ms: DEMO_PACE_MS } : null,
  };
}

/**
 * The solver answered. Only an answer about the position on screen, to the question still
 * waiting, counts: the player may have moved on, or asked something else since.
 */
export function answered(state: UiState, position: Position, result: JobResult): Update {
  const ask = state.solver;
  if (!ask || ask.position !== position || state.game.position !== position) return same(state);
  if (ask.kind === 'hint') return hintAnswered(state, result);
  const asked = { ...state, solver: null };
  if (result.kind === 'failed')
    return withState(asked, { message: error(`The solver could not answer: ${result.reason}`) });
  // The answer depends on the face-down cards: seeing it is a peek.
  const game = countPeek(state.game);
  if (result.kind === 'where-lost') {
    const sentence = whereLostSentence(result.found);
    // Shown on the lost panel, also when the statistics are over it.
    const onPanel = (overlay: Overlay | null): Overlay | null =>
      overlay?.kind === 'lost'
        ? { ...overlay, wrong: sentence }
        : overlay?.kind === 'stats'
          ? { ...overlay, back: onPanel(overlay.back) }
          : overlay;
    const overlay = onPanel(state.overlay);
    const whereAnswer = { kept: state.game.kept, line: lineOf(state.game), text: sentence };
    return withState(asked, { game, overlay, whereAnswer, message: info(sentence) });
  }
  // Cannot happen: each job answers in kind.
  if (ask.kind === 'where' || result.kind === 'fair' || result.kind === 'winnable-deal')
    return same(asked);
  if (ask.kind === 'winnable')
    return withState(asked, { game, message: winnableAnswer(result.result, result.line.length) });
  if (result.result !== 'won' || result.line.length === 0)
    return withState(asked, { game, message: demoRefused(result.result) });
  return withState(asked, {
    game,
    solver: { kind: 'demo', position, line: result.line, played: 0 },
    message: demoProgress(0, result.line.length),
  });
}

/**
 * The solver told how far a question has gone: kept for the message line to show (docs/solver.md,
 * "Where it went wrong"), if it is about the question still waiting, for the position on screen.
 */
export function progressed(state: UiState, position: Position, progress: JobProgress): Update {
  const ask = state.solver;
  if (ask?.kind !== 'where' || ask.position !== position || state.game.position !== position)
    return same(state);
  return withState(state, { solver: { ...ask, progress: progress.progress } });
}

const demoProgress = (played: number, total: number): Message =>
  info(`Demo: the solver's line, ${played} of ${total} actions played; any key stops it.`);

function demoRefused(result: 'won' | 'lost' | 'unknown'): Message {
  switch (result) {
    case 'won':
      return info('Demo: the game is won already.');
    case 'lost':
      return error('Demo: no line of play wins from here, so there is nothing to show. u undoes.');
    case 'unknown':
      return info(`Demo: the solver found no win in ${DEMO_THINK_MS / 1000} s.`);
  }
}

/**
 * The demo's next action is due: it is played as the player's own would be (undoable, saved),
 * and the demo goes on from the position it leads to, until the line is done. From its first
 * action the game is played with help (docs/rules.md, "Won with help").
 */
export function demoStep(state: UiState, position: Position): Update {
  const ask = state.solver;
  if (ask?.kind !== 'demo' || ask.line === null) return same(state);
  if (ask.position !== position || state.game.position !== position) return same(state);
  const [action, ...rest] = ask.line;
  const outcome = play(state.game, action);
  if (!outcome.ok) {
    const reason = explain(outcome.refusal, state.theme.ascii);
    return withState(state, { solver: null, message: error(`Demo stopped: ${reason}.`) });
  }
  const after = afterChange(state, markHelped(outcome.game), null).state;
  const played = ask.played + 1;
  const next: UiState =
    rest.length > 0
      ? {
          ...after,
          solver: { kind: 'demo', position: after.game.position, line: rest, played },
        }
      : after;
  if (next.message || rest.length === 0) return same(next);
  return withState(next, { message: demoProgress(played, played + rest.length) });
}

/** Any key stops the demo, and does nothing else. */
export function stopDemo(state: UiState): Update {
  return withState(state, {
    solver: null,
    message: info(`Demo stopped. u undoes its moves one by one.`),
  });
}

/** The answer to "can I still win?", in words. */
function winnableAnswer(result: 'won' | 'lost' | 'unknown', length: number): Message {
  switch (result) {
    case 'won':
      return info(
        length === 0
          ? 'Winnable: the game is won.'
          : `Winnable: the solver wins from here in ${length} action${length > 1 ? 's' : ''}.`,
      );
    case 'lost':
      return error('No longer winnable: no line of play wins from here. u undoes.');
    case 'unknown':
      return info(
        `Unknown: in ${WINNABLE_THINK_MS / 1000} s the solver found no win, nor proved there is none.`,
      );
  }
}

/**
 * Whether asking the solver warns first that it is a peek: only in a game that counts none yet.
 * One that does (an undo that showed cards, a resumed game the solver answered) can no longer be
 * won without a peek, and the warning would protect nothing (docs/playing.md, "Peeks").
 */
function warnsFirst(state: UiState): boolean {
  return !state.peekWarned && state.game.peeks === 0;
}

/**
 * "Can I still win?" (`c`) or "where did it go wrong?" (`g`): the solver is asked about the game
 * on screen and the game goes on while it thinks. It sees the face-down cards, so the first time
 * in a game the player is told that this counts as a peek, and asks again to go on.
 */
export function askSolver(state: UiState, kind: 'winnable' | 'where'): Update {
  if (warnsFirst(state)) return askFirst(state, kind);
  const position = state.game.position;
  const ask = state.solver;
  if (ask?.kind === kind && ask.position === position) return same(state); // already thinking
  return withState(state, { solver: { kind, position }, message: null });
}

/**
 * The demo: the solver finds a winning line from the position on screen, then plays it at a
 * pace the eye can follow. A peek too, with the same warning.
 */
export function startDemo(state: UiState): Update {
  if (warnsFirst(state)) return askFirst(state, 'demo');
  const position = state.game.position;
  return withState(state, {
    solver: { kind: 'demo', position, line: null, played: 0 },
    message: null,
    selection: null,
    press: null,
  });
}

/** One of the hints `h` goes through: the fair player's choice, or one of the heuristic's. */
type HintEntry = { readonly fair: FairChoice } | { readonly hint: Hint };

/** The hints in the order `h` shows them: the fair player's choice, then the heuristic's others. */
function entries(hints: Hints): HintEntry[] {
  const list = hints.list.map((hint) => ({ hint }));
  const fair = hints.fair;
  if (fair === null || fair === 'failed') return list;
  const chosen = fair.action && formatAction(fair.action);
  return [{ fair }, ...list.filter(({ hint }) => formatAction(hint.action) !== chosen)];
}

const NO_USEFUL_MOVE = 'No useful move. u undoes; n starts a new game.';

function entryText(state: UiState, entry: HintEntry): string {
  const { position } = state.game;
  const ascii = state.theme.ascii;
  if ('hint' in entry) return describeHint(position, entry.hint, ascii);
  const text = describeFair(position, entry.fair, ascii);
  return entry.fair.action ? text : `${text}; u undoes, n starts a new game`;
}

/** The message for the hint `hints.shown`, with how many there are when more than one. */
function hintMessage(state: UiState, hints: Hints): Message {
  const list = entries(hints);
  const entry = list[hints.shown];
  if (!entry) return { text: NO_USEFUL_MOVE, kind: 'hint' };
  const counter = list.length > 1 ? ` (${hints.shown + 1}/${list.length}, h for the next)` : '';
  return { text: `Hint: ${entryText(state, entry)}${counter}`, kind: 'hint' };
}

/** The message while the fair player thinks: the heuristic's best meanwhile. */
function thinkingMessage(state: UiState, hints: Hints): Message {
  const entry = entries(hints)[hints.shown];
  const thinking = state.theme.ascii ? 'thinking...' : 'thinking…';
  const text = entry ? `${entryText(state, entry)} (${thinking})` : thinking;
  return { text: `Hint: ${text}`, kind: 'hint' };
}

/**
 * A hint (`h`, docs/playing.md, "Hints"). The first time for a position, the heuristic's best shows
 * at once, and the fair player, who sees only what the player sees, thinks in the solver's thread
 * for up to `HINT_THINK_MS`; its choice then takes the message line. Once it has answered, `h`
 * goes on through the others, its choice first, round and round (shown again, not the next,
 * when another message has taken its place). While another question for
 * the solver waits, or when the fair player could not answer, `h` goes through the heuristic's
 * hints alone. Never a peek: nothing hidden is used.
 */
export function askHint(state: UiState, engine: HintEngine): Update {
  const position = state.game.position;
  const ask = state.solver;
  if (ask?.kind === 'hint' && ask.position === position) return same(state); // already thinking
  // Following the plan hinted last, the player goes on with it (docs/playing.md, "Hints").
  const hints: Hints = state.hints ?? {
    list: engine.hints(position),
    fair: state.planAhead?.position === position ? state.planAhead.choice : null,
    shown: -1,
  };
  if (hints.fair === null && ask === null) {
    const asking = { ...hints, shown: 0 };
    return withState(state, {
      hints: asking,
      solver: { kind: 'hint', position },
      message: thinkingMessage(state, asking),
    });
  }
  // Another message took the hint's place (an answer to c, a refusal): h shows it again.
  const count = entries(hints).length;
  const again = state.message?.kind !== 'hint' && hints.shown >= 0 && hints.shown < count;
  const next = {
    ...hints,
    shown: count === 0 ? -1 : again ? hints.shown : (hints.shown + 1) % count,
  };
  return withState(state, { hints: next, message: hintMessage(state, next) });
}

/**
 * Any key while the fair player thinks stops it (the key then does what it always does); the
 * heuristic's hint stays on the message line. `h` asks it again.
 */
export function stopHint(state: UiState): UiState {
  const hints = state.hints;
  const shown = hints && state.message?.kind === 'hint';
  return { ...state, solver: null, message: shown ? hintMessage(state, hints) : state.message };
}

/** The fair player answered for the position on screen: its choice is the hint now. */
function hintAnswered(state: UiState, result: JobResult): Update {
  const asked = { ...state, solver: null };
  const hints = state.hints;
  // The lost panel came up meanwhile (decided in the background): it says what there is to say.
  if (!hints || state.overlay) return same(asked);
  if (result.kind === 'fair') {
    const next = { ...hints, fair: result.choice, shown: 0 };
    return withState(asked, { hints: next, message: hintMessage(state, next) });
  }
  const next = { ...hints, fair: 'failed' as const };
  const reason = result.kind === 'failed' ? result.reason : `it answered ${result.kind}`;
  const shown = hintMessage(state, next);
  const text = `${shown.text} The fair player could not answer: ${reason}.`;
  return withState(asked, { hints: next, message: { text, kind: 'hint' } });
}

/** The action of the hint on the message line, for the board to point at; null when none is. */
export function hintOnScreen(state: UiState): Action | null {
  const hints = state.hints;
  if (!hints || state.message?.kind !== 'hint') return null;
  const entry = entries(hints)[hints.shown];
  if (!entry) return null;
  return 'hint' in entry ? entry.hint.action : entry.fair.action;
}
