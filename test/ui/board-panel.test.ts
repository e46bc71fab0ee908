/**
 * The daily board in the game (docs/serve.md, "The daily board"): `b` asks for a name first when
 * the player has none, shows the board once it comes, any key closes it; a daily game that ends
 * puts its result on the board and asks for a name once; a local game says whose the board is.
 */
import { type Game, newGame } from '../../src/engine';
import { type Placed, rankDay } from '../../src/stats/board';
import { BoardPanels, type BoardHooks } from '../../src/ui/board-panel';
import { initialState } from '../../src/ui/controller';
import type { InputEvent } from '../../src/ui/keys';
import { layout } from '../../src/ui/layout';
import type { UiState } from '../../src/ui/state';
import { boardLines, boardTitle } from '../../src/words/board';
import { THEME } from '../helpers/controller';
import { terminalGame } from '../helpers/terminal-game';

const ONE = { suits: 1, relaxed: 0, keepSuits: false } as const;
const key = (ch: string): InputEvent => ({ type: 'key', name: ch, ch });
const named = (name: string): InputEvent => ({ type: 'key', name });
/** Blessed writes a run of blank cells as a cursor move (`ESC [ n C`): the spaces it stands for. */
const spaced = (text: string) =>
  text.replace(new RegExp(`${String.fromCharCode(27)}\\[(\\d*)C`, 'g'), (_, n: string) =>
    ' '.repeat(Number(n || 1)),
  );
const settle = () => new Promise((resolve) => setImmediate(resolve));

function dailyGame(): Game {
  const game = newGame('2026-12-07', ONE);
  return {
    ...game,
    deal: {
      ...game.deal,
      origin: { from: { scheme: 'seed', key: '2026-12-07' }, daily: '2026-12-07' },
    },
  };
}

/** Panels over a game, with a board whose names are those in `taken`, and what it was told. */
function panels(hasName: boolean, taken: string[] = []) {
  let state: UiState = initialState(dailyGame(), THEME, 'woods');
  let name = hasName ? 'Ada' : null;
  const told: string[] = [];
  const hooks: BoardHooks = {
    named: () => name !== null,
    over: (_game, outcome, elapsedMs) => told.push(`${outcome} ${elapsedMs}`),
    recorded: (result) => told.push(`recorded ${result.outcome}`),
    show: async () => ({
      title: 'Daily board 2026-12-07, 1 suit, relaxed 0',
      lines: [`1 ${name}`],
    }),
    setName: async (typed) => {
      if (taken.includes(typed)) return { ok: false, message: `'${typed}' is taken` };
      name = typed;
      return { ok: true, message: `You are '${typed}'` };
    },
  };
  const board = new BoardPanels(hooks, {
    state: () => state,
    set: (next) => (state = next),
    finished: () => false,
    playedMs: () => 61_000,
  });
  const press = (...events: InputEvent[]) => {
    for (const event of events) state = board.handle(state, event) ?? state;
  };
  return {
    board,
    told,
    state: () => state,
    set: (next: UiState) => (state = next),
    open: () => (state = board.open(state)),
    press,
  };
}

describe('b', () => {
  it('shows the board once it comes, and any key closes it', async () => {
    const game = panels(true);
    game.open();
    expect(game.state().overlay).toBeNull();
    await settle();
    expect(game.state().overlay).toMatchObject({ kind: 'board', lines: ['1 Ada'], back: null });
    game.press(key('q'));
    expect(game.state().overlay).toBeNull();
  });

  it('asks for a name first; one taken is said and asked again; then the board', async () => {
    const game = panels(false, ['Bob']);
    game.open();
    expect(game.state().overlay).toMatchObject({ kind: 'name', typed: '', then: 'board' });
    game.press(key('B'), key('o'), key('x'), named('backspace'), key('b'), named('enter'));
    expect(game.state().overlay).toMatchObject({ kind: 'name', typed: 'Bob', waiting: true });
    // Keys wait while the server answers.
    game.press(key('z'));
    await settle();
    expect(game.state().overlay).toMatchObject({
      kind: 'name',
      typed: 'Bob',
      waiting: false,
      note: "'Bob' is taken",
    });
    game.press(named('C-u'), ...'Eve'.split('').map(key), named('enter'));
    await settle();
    await settle();
    expect(game.state().message?.text).toBe("You are 'Eve'");
    expect(game.state().overlay).toMatchObject({ kind: 'board', lines: ['1 Eve'] });
  });

  it('Esc leaves the name unset, and the game as it was', () => {
    const game = panels(false);
    game.open();
    game.press(key('A'), named('escape'));
    expect(game.state().overlay).toBeNull();
  });

  it('in a local game, says in one line that the board is a server’s', () => {
    const local = new BoardPanels(undefined, {
      state: () => initialState(dailyGame(), THEME, 'woods'),
      set: () => undefined,
      finished: () => false,
      playedMs: () => 0,
    });
    const state = local.open(initialState(dailyGame(), THEME, 'woods'));
    expect(state.message?.text).toBe(
      "The daily board is a server's: its players' daily deals are ranked there (spider serve, b).",
    );
    expect(state.overlay).toBeNull();
  });

  it('in a local game on a terminal, b shows that line', async () => {
    const game = terminalGame();
    game.clear();
    game.press('b');
    expect(spaced(game.written())).toContain("The daily board is a server's");
    game.press('q');
    await game.exit;
  });
});

describe('a daily game that ends', () => {
  it('puts its result on the board, and asks a player without a name for one, once', () => {
    const game = panels(false);
    const playing = game.state();
    const won: UiState = { ...playing, status: 'won', overlay: { kind: 'won' } };
    const after = game.board.afterUpdate(playing, won);
    expect(game.told).toEqual(['won 61000']);
    expect(after.overlay).toMatchObject({ kind: 'name', then: null, back: { kind: 'won' } });
    // Over again (an undo, then the end again): on the board again, not asked again.
    expect(game.board.afterUpdate(playing, won)).toBe(won);
    expect(game.told).toEqual(['won 61000', 'won 61000']);
  });

  it('asks nothing of a player with a name, nor for a game not the daily deal', () => {
    const game = panels(true);
    const playing = game.state();
    const lost: UiState = { ...playing, status: 'lost', overlay: { kind: 'lost' } };
    expect(game.board.afterUpdate(playing, lost)).toBe(lost);
    const other = { ...playing, game: newGame('42', ONE) };
    const unnamed = panels(false);
    expect(unnamed.board.afterUpdate(other, { ...other, status: 'won' })).toMatchObject({
      overlay: null,
    });
    expect(unnamed.told).toEqual([]);
  });
});

describe('the board panel at 80x24', () => {
  it('holds the first ten, three with help, and the player’s own place', () => {
    const entries = Array.from({ length: 20 }, (_, i) => ({
      player: `p${i}`,
      name: `player ${i + 1}`,
      day: '2026-12-07',
      rules: ONE,
      outcome: 'won' as const,
      moves: 100 + i,
      elapsedMs: 60_000,
      peeks: i % 4 === 3 ? 1 : 0,
      helped: false,
      ended: '2026-12-07T10:00:00.000Z',
    }));
    const ranked = rankDay(entries, '2026-12-07', ONE);
    const lines = boardLines(ranked, { top: 10, helpedTop: 3, you: 'p18', named: true });
    const state: UiState = {
      ...initialState(dailyGame(), THEME, 'woods'),
      overlay: { kind: 'board', title: boardTitle('2026-12-07', ONE), lines, back: null },
    };
    const text = layout(state, 80, 24).frame.text();
    expect(text).toContain('Daily board 2026-12-07, 1 suit, relaxed 0');
    const shown = (p: Placed) => text.includes(`${p.name} `);
    expect(ranked.clean.slice(0, 10).every(shown)).toBe(true);
    expect(ranked.helped.slice(0, 3).every(shown)).toBe(true);
    expect(text).toContain('You: 15th of 15.');
    expect(text).toMatch(/> +15 {2}player 19 +won/);
    expect(text).toContain('any key closes the board');
  });
});
