/**
 * The daily board in the game (docs/serve.md, "The daily board"): `b` shows today's board in a
 * panel any key closes, and a player without a name is asked for one first, in a panel of its own,
 * and once at the end of a daily game. The board is the server's: the game asks it through
 * `BoardHooks`, and its answers come later; a local game has none, and `b` says so.
 */
import type { Game } from '../engine';
import type { GameResult } from '../stats/result';
import { graphemes, textWidth } from '../notation';
import { BOARD_IS_A_SERVERS, NAME_ASK, NAME_TITLE } from '../words/board';
import type { Frame } from './frame';
import type { InputEvent } from './keys';
import { panel as boxed } from './panel';
import type { Overlay, UiState } from './state';
import { wrapWords } from './wrap';

/** What the game asks of the server's board. */
export interface BoardHooks {
  /** Whether the player has a name (as known when the game opened, or set since). */
  named(): boolean;
  /**
   * A daily game just ended: its result goes on the board at once, before the history has it
   * (which is when the player leaves the game).
   */
  over(game: Game, outcome: 'won' | 'lost', elapsedMs: number): void;
  /** A result the statistics recorded: the board keeps the daily ones. */
  recorded(result: GameResult): void;
  /** The board of the game's day and rules, as lines under a title; or what to say instead. */
  show(
    game: Game,
    ascii: boolean,
  ): Promise<
    { readonly title: string; readonly lines: readonly string[] } | { readonly message: string }
  >;
  /** Sets the name the player typed: said if it is theirs now, and why not otherwise. */
  setName(typed: string): Promise<{ readonly ok: boolean; readonly message: string }>;
}

export type BoardPanel = Extract<Overlay, { kind: 'board' }>;
export type NamePanel = Extract<Overlay, { kind: 'name' }>;

/** The most characters a name typed holds: far more than 16 columns, so what is said is why. */
const MOST_TYPED = 64;

/** How the loop hands the panels its state: read it, change it (and draw), and whether it ended. */
export interface PanelsLoop {
  state(): UiState;
  set(state: UiState): void;
  /** The time played in the game, now. */
  playedMs(): number;
  finished(): boolean;
}

/** The board's and the name's panels of one game. */
export class BoardPanels {
  /** The player was asked for a name at the end of a daily game: once a game is enough. */
  private asked = false;

  constructor(
    private readonly hooks: BoardHooks | undefined,
    private readonly loop: PanelsLoop,
  ) {}

  /** `b`: the board, or the name first; in a local game, one line saying whose the board is. */
  open(state: UiState): UiState {
    if (this.hooks === undefined) return message(state, BOARD_IS_A_SERVERS, 'info');
    if (!this.hooks.named()) return { ...state, overlay: namePanel('board', state.overlay) };
    this.fetch(state.overlay);
    return state;
  }

  /**
   * A daily game just over: its result on the board, and its player, without a name, asked for
   * one (once a game).
   */
  afterUpdate(before: UiState, after: UiState): UiState {
    const over = (s: UiState) => s.status === 'won' || s.status === 'lost';
    const daily = after.game.deal.origin?.daily !== undefined;
    if (this.hooks === undefined || !daily || over(before) || !over(after)) return after;
    this.hooks.over(after.game, after.status as 'won' | 'lost', this.loop.playedMs());
    if (this.asked || this.hooks.named()) return after;
    this.asked = true;
    return { ...after, overlay: namePanel(null, after.overlay) };
  }

  /** An event with one of the panels open: the state it leaves, or null when neither is open. */
  handle(state: UiState, event: InputEvent): UiState | null {
    const overlay = state.overlay;
    if (overlay?.kind === 'board')
      return event.type === 'key' ? { ...state, overlay: overlay.back } : state;
    if (overlay?.kind !== 'name') return null;
    if (event.type !== 'key' || overlay.waiting) return state;
    const typed = (text: string) => ({ ...state, overlay: { ...overlay, typed: text } });
    switch (event.name) {
      case 'escape':
        return { ...state, overlay: overlay.back };
      case 'enter':
        this.submit(overlay);
        return { ...state, overlay: { ...overlay, waiting: true, note: null } };
      case 'backspace':
        return typed(graphemes(overlay.typed).slice(0, -1).join(''));
      case 'C-u':
        return typed('');
    }
    const ch = event.ch;
    if (ch === undefined || event.name.startsWith('C-') || event.name.startsWith('M-'))
      return state;
    return Array.from(overlay.typed).length < MOST_TYPED ? typed(overlay.typed + ch) : state;
  }

  /** The board asked for, shown over `back` once it comes (if nothing else was opened since). */
  private fetch(back: Overlay | null): void {
    const hooks = this.hooks as BoardHooks;
    const asked = this.loop.state();
    void hooks.show(asked.game, asked.theme.ascii).then((view) => {
      const now = this.loop.state();
      if (this.loop.finished() || now.overlay !== back) return;
      this.loop.set(
        'message' in view
          ? message(now, view.message, 'error')
          : { ...now, overlay: { kind: 'board', title: view.title, lines: view.lines, back } },
      );
    });
  }

  private submit(panel: NamePanel): void {
    const hooks = this.hooks as BoardHooks;
    void hooks.setName(panel.typed).then((answer) => {
      const now = this.loop.state();
      const open = now.overlay;
      if (this.loop.finished() || open?.kind !== 'name') return;
      if (!answer.ok) {
        this.loop.set({ ...now, overlay: { ...open, waiting: false, note: answer.message } });
        return;
      }
      const closed = message({ ...now, overlay: open.back }, answer.message, 'info');
      this.loop.set(closed);
      if (open.then === 'board') this.fetch(open.back);
    });
  }
}

function namePanel(then: NamePanel['then'], back: Overlay | null): NamePanel {
  return { kind: 'name', typed: '', note: null, waiting: false, then, back };
}

function message(state: UiState, text: string, kind: 'info' | 'error'): UiState {
  return { ...state, message: { text, kind } };
}

/**
 * Draws the board's panel: its lines under its title, over the message line (it is read on its
 * own); where they do not all fit, the first of them and the player's own place (its last lines).
 */
export function drawBoard(frame: Frame, panel: BoardPanel, ascii: boolean): void {
  const rows = Math.max(1, frame.height - 4);
  const lines = panel.lines;
  const own = lines.findIndex((line) => line.startsWith('You'));
  const tail = own < 0 || lines.length <= rows ? [] : lines.slice(own);
  const shown = [...lines.slice(0, Math.max(0, rows - tail.length)), ...tail].slice(0, rows);
  const widest = Math.max(...shown.map((line) => textWidth(line)), panel.title.length + 2);
  const inner = boxed(frame, Math.min(widest, frame.width - 4), shown.length, panel.title, ascii);
  shown.forEach((line, i) => frame.put(inner.x, inner.y + i, line, 'panel', false, inner.width));
}

/** Draws the name's panel: the question, what is typed so far, and why the last one was not taken. */
export function drawName(frame: Frame, panel: NamePanel, ascii: boolean): void {
  const width = Math.min(60, frame.width - 4);
  const ask = wrapWords(NAME_ASK, width);
  const note = panel.waiting ? ['…'] : panel.note === null ? [] : wrapWords(panel.note, width);
  const lines = [...ask, '', `> ${panel.typed}_`, ...note];
  const inner = boxed(frame, width, lines.length, NAME_TITLE, ascii);
  lines.forEach((line, i) => {
    const role = i >= ask.length + 2 && panel.note !== null ? 'error' : 'panel';
    frame.put(inner.x, inner.y + i, line, role, false, inner.width);
  });
}
