import { type Game, gameScores, movesKept, touched, type Rules, type ScoringName } from '../engine';
import { DealName, originName } from '../notation';
import { heuristicHints } from '../search';
import { localPlaces, type Places } from '../store/paths';
import { giveUpSave, listSaves, playedBefore, switchSave } from '../store/saves-list';
import { GameSession, type Left, type Saving } from '../store/session';
import type { SaveTimed } from '../store/sink';
import { type Note, remoteRecordText, storeNote } from '../words/store';
import { dealSearch } from '../host/deal-search';
import { initialState } from './controller';
import { choiceOf, openPanel } from './new-game';
import { type GameHost, runTerminalGame } from './loop';
import type { UiState } from './state';
import { exitSummary, keptOf, outcomeOf } from './summary';
import type { Theme } from './theme';
import type { BoardHooks } from './board-panel';

export interface PlayOptions {
  readonly theme: Theme;
  readonly scoring: ScoringName;
  readonly terminal: { readonly input: NodeJS.ReadStream; readonly output: NodeJS.WriteStream };
  readonly env: NodeJS.ProcessEnv;
  readonly randomSeed: () => string;
  /** The program's version, which the cache of winnable deals is kept by. */
  readonly version?: string;
  /** Rules for a new game, and the ones the player named (a resumed game must match them). */
  readonly rules: Rules;
  readonly explicitRules: Partial<Rules>;
  readonly seed?: string;
  /** --new: deal a new game even if one could be resumed. */
  readonly fresh: boolean;
  /** A game continued from a record file. */
  readonly loaded?: { readonly game: Game; readonly name: string };
  /**
   * The saved game to resume (`spider resume`): that one, or none (docs/saves.md, "Your saved
   * games").
   */
  readonly slot?: string;
  /**
   * Where `w` writes the game's record: the current folder unless a folder is given (with the
   * words that name it to the player, who may not reach its path), or why it cannot write one.
   */
  readonly records?:
    | {
        readonly folder: string;
        readonly shown: string;
        /** The command that copies the newest record to the player's machine, said after `w`. */
        readonly fetch?: string;
      }
    | { readonly refused: string };
  /** Where the player's games and statistics are kept: the local XDG folders unless given. */
  readonly places?: Places;
  /**
   * 'at-once' (a local game: saved before the screen shows an action) unless a host playing many
   * games asks for 'in-background' (docs/saves.md, "Saved games and statistics").
   */
  readonly saving?: Saving;
  /** Told how long each save in the background took to settle (see `OpenOptions`). */
  readonly saveTimed?: SaveTimed;
  /**
   * The player is at another machine, logged in over SSH with `login` (`ssh -t -p 2222 HOST`),
   * not at the one the game runs on.
   */
  readonly remote?: { readonly login: string };
  /**
   * What starts spider in the player's shell, for the command the exit text prints
   * (docs/playing.md, "Leaving"); `spider` when not given.
   */
  readonly program?: () => string;
  /** The server's daily board (docs/serve.md, "The daily board"); none in a local game. */
  readonly board?: BoardHooks;
  /** The rules are the server's: the new-game panel chooses only the deal. */
  readonly fixedRules?: boolean;
  /**
   * Nothing was asked for and no settings file holds defaults: a player who never played here
   * (no saved game, no statistics) meets the new-game panel first.
   */
  readonly welcome?: boolean;
  /** The process around the game: signals, Ctrl-Z, and a last chance to save on exit. */
  readonly host: GameHost & { atExit(action: () => void): () => void };
  /**
   * Whether the status line shows the clock at the start (`t` turns it on and off); undefined
   * means on where it fits (docs/playing.md, "The clock").
   */
  readonly clock?: boolean;
}

/** The saved games the game lists, most recent first: `spider saves --all` lists every one. */
const LISTED = 50;

// One line even at the smallest size (50 columns), where the panel covers all but the last rows.
const WELCOME = 'Welcome! Choose a game: 1 suit is the easiest.';

const CANNOT_SWITCH = 'That saved game cannot be played now.';

const FIRST_STEPS = 'Pick a column with 1-9 and 0, then where to put its run. ? shows help.';

/**
 * The state a game opens in: the board and a first message naming the seed and what to do, or
 * the notes of the start, followed by the deal's name unless they name it (`named`).
 */
export function openingState(
  game: Game,
  theme: Theme,
  scoring: ScoringName,
  notes: readonly Note[] = [],
  named = false,
): UiState {
  const deal = `${DealName(game.deal)}${originName(game.deal) && `, ${originName(game.deal)}`}.`;
  const text =
    notes.length === 0
      ? `${deal} ${FIRST_STEPS}`
      : [...notes.map((n) => n.text), ...(named ? [] : [deal])].join(' ');
  const warning = notes.some((n) => n.warning);
  return initialState(game, theme, scoring, { text, kind: warning ? 'error' : 'info' });
}

/**
 * Plays full screen: opens the game to play (resumed, new or loaded), saves it after every
 * action, and settles it when the player leaves. Returns the exit status and a line to leave
 * on the terminal.
 */
export async function playInTerminal(options: PlayOptions): Promise<{
  status: number;
  summary: string;
  problem?: string;
  unsaved: boolean;
  /** Whether anything was done in the game: an untouched deal is not kept. */
  touched: boolean;
}> {
  const given = options.places ?? localPlaces(options.env);
  // A server's board hears of each result as the statistics do (docs/serve.md, "The daily board").
  const places = options.board ? { ...given, recorded: options.board.recorded } : given;
  // The very first start, with nothing asked for, opens on the new-game panel, 1 suit offered.
  const welcome = options.welcome === true && !playedBefore(places);
  const rules = welcome ? { ...options.rules, suits: 1 as const } : options.rules;
  const openOptions = { ...options, rules, places, saving: options.saving ?? 'at-once' } as const;
  const opened = GameSession.open<Saving>(openOptions);
  // The session of the game in play: another once the player switches to a saved game.
  let session = opened.session;
  const game = opened.game;
  // Every message the store makes reaches the player through this (Places.shown).
  const shown = places.shown ?? ((text: string) => text);
  const messages = opened.messages.map(storeNote).map((n) => ({ ...n, text: shown(n.text) }));
  const resumed = opened.resumed;
  // The game asked for could not be had: nothing is played, and the player is told why.
  if (options.slot !== undefined && !resumed) {
    const why = messages.find((note) => note.warning)?.text ?? "That saved game can't be resumed.";
    return { status: 2, summary: '', problem: why, unsaved: false, touched: false };
  }
  // The message line shows one line: warnings are repeated whole when the game ends, but for
  // those the summary says itself (whether the game was saved).
  const repeated = (note: Note) => note.warning && note.duringPlay !== true;
  const warnings = messages.filter(repeated).map((n) => n.text);
  const named = resumed || options.loaded !== undefined;
  const opening = openingState(game, options.theme, options.scoring, messages, named);
  const state: UiState = {
    ...opening,
    playedMs: session.playedMs(),
    clockShown: options.clock !== false,
    ...(welcome && !resumed
      ? { overlay: openPanel(choiceOf(rules), 0), message: { text: WELCOME, kind: 'info' } }
      : {}),
  };
  let current = game;
  let left: Left | Promise<Left> | null = null;
  const leave = (last: Game): Left | Promise<Left> => (left ??= session.leave(last));
  // A terminal that hangs up can end the process before the game's promise settles (its input
  // closes and nothing keeps Node running): leave from the exit event then.
  const stopAtExit = options.host.atExit(() => void leave(current));
  const exit = await runTerminalGame(
    state,
    {
      randomSeed: options.randomSeed,
      hints: heuristicHints,
      ...(options.fixedRules === true ? { fixedRules: true } : {}),
      savedGames: () => {
        const listed = listSaves(places, { playing: session.slotInPlay, most: LISTED });
        return listed.games.filter((saved) => saved.open !== 'here').length + listed.more;
      },
    },
    { input: options.terminal.input, output: options.terminal.output, term: options.env.TERM },
    {
      gameChanged: (before, after) => {
        current = after;
        const news = session.changed(before, after);
        if (!news) return null;
        const note = storeNote(news);
        const text = shown(note.text);
        if (repeated(note)) warnings.push(text);
        return { text, kind: note.warning ? 'error' : 'win' };
      },
      writeRecord: (game) => {
        const records = options.records;
        if (records !== undefined && !('folder' in records))
          return { text: shown(records.refused) };
        const news =
          records === undefined
            ? session.writeRecord(game)
            : session.writeRecord(game, records.folder, records.shown);
        const text = shown(remoteRecordText(news, records?.fetch));
        return news.kind === 'record-written' ? { text, record: news.text } : { text };
      },
      ...(options.host.solver
        ? {
            findDeal: dealSearch({
              solver: options.host.solver,
              version: options.version ?? 'unknown',
              randomSeed: options.randomSeed,
            }),
          }
        : {}),
      savedGames: {
        list: () => listSaves(places, { playing: session.slotInPlay, most: LISTED }),
        switchTo: (slot) => {
          const switched = switchSave({ session, game: current }, slot, openOptions);
          // The game let go is still this session's while the other is claimed: not "another".
          const told = switched.messages.map((news) =>
            news.kind === 'resumed' ? { ...news, othersInUse: false } : news,
          );
          const text = told.map((news) => shown(storeNote(news).text)).join(' ');
          if (!switched.ok) return { ok: false, text: text || CANNOT_SWITCH };
          // The game let go is saved as on quitting; a server's write may still be under way.
          void Promise.resolve(switched.left).catch(() => undefined);
          session = switched.session;
          current = switched.game;
          return { ok: true, game: switched.game, text };
        },
        giveUp: (slot) => shown(storeNote(giveUpSave(places, slot)).text),
        listAll:
          options.remote === undefined
            ? 'spider saves --all'
            : `${options.remote.login.replace(/^ssh -t /, 'ssh ')} saves --all`,
      },
      ...(options.board === undefined ? {} : { board: options.board }),
      clock: {
        runs: (running) => session.clockRuns(running),
        playedMs: () => session.playedMs(),
      },
      statistics: (game) => {
        const stats = session.statistics(game);
        return stats.note === null ? stats : { ...stats, note: shown(stats.note) };
      },
    },
    options.host,
  );
  stopAtExit();
  const last = exit.state.game;
  const settled = await leave(last);
  if (settled.note !== null) warnings.push(shown(storeNote(settled.note).text));
  const score = gameScores(last)[options.scoring];
  const ending = {
    status: session.statusOnLeaving(last),
    unsaved: settled.unsaved === null ? null : shown(settled.unsaved),
    savedAt: settled.savedAt,
    touched: touched(last),
  };
  // A win the solver played in is said to be one with help (docs/rules.md, "Won with help").
  const outcome = `${outcomeOf(ending)}${ending.status === 'won' && last.helped ? ' with help' : ''}`;
  const summary = exitSummary(
    {
      deal: last.deal,
      rules: last.rules,
      outcome,
      kept: keptOf(ending),
      moves: movesKept(last),
      ...(touched(last) ? { playedMs: session.playedMs() } : {}),
      scoring: options.scoring,
      score,
      warnings,
      ...(options.remote === undefined ? {} : { remote: options.remote }),
      ...(options.program === undefined ? {} : { program: options.program() }),
    },
    options.terminal.output.columns || 80,
    options.theme.ascii,
  ).join('\n');
  const unsaved = settled.unsaved !== null;
  const done = { status: exit.status, summary, unsaved, touched: touched(last) };
  return exit.problem === undefined ? done : { ...done, problem: exit.problem };
}
