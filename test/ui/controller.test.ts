import {
  type Action,
  actionsKept,
  DEAL,
  markHelped,
  newGame,
  play,
  type Rules,
  status,
  statusWithin,
} from '../../src/engine';
import { type FairChoice, heuristicHints, type JobResult, type WhereLost } from '../../src/search';
import { describeFair, describeHint } from '../../src/words/search';
import {
  type Command,
  type ControllerDeps,
  initialState,
  update,
  updateUnseen,
} from '../../src/ui/controller';
import {
  DEMO_PACE_MS,
  DEMO_THINK_MS,
  HINT_THINK_MS,
  hintOnScreen,
  wanted,
  WHERE_THINK_MS,
  WINNABLE_THINK_MS,
} from '../../src/ui/questions';
import type { UiState } from '../../src/ui/state';
import { layout } from '../../src/ui/layout';
import { afterChange, info, LOST_TEXT } from '../../src/ui/update';
import { gameAt, position, showColumns } from '../helpers/build';
import { col, deps, key, newDeal, other, panelKey, run, THEME, typed } from '../helpers/controller';
import { LOST_GAME_ACTIONS, lostGame, nearlyGlancedLost } from '../helpers/lost-game';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };

describe('game keys', () => {
  const start = initialState(newGame('42', RULES), THEME, 'woods');

  it('d deals, u undoes, r redoes', () => {
    const dealt = run(start, key('deal')).state;
    expect(dealt.game.position.dealt).toBe(1);
    const undone = run(dealt, key('undo')).state;
    expect(undone.game.position).toBe(start.game.position);
    // Taking back a deal shows what it dealt: a peek, and the message says so.
    expect(undone.message?.text).toBe('Undone; a peek, since the cards it showed have been seen.');
    expect(undone.game.peeks).toBe(1);
    expect(run(undone, key('redo')).state.game.position).toBe(dealt.game.position);
    // A move that turned no card is taken back with no peek: 8♥, alone in column 2, onto 9♥.
    const p = position({
      columns: ['Kc | 9h', '8h', 'Kd', 'Qs', 'Jd', 'Tc', '9c', '8d', '7d', '6c'],
      stock: Array(10).fill('As'),
    });
    const played = run(initialState(gameAt(p), THEME, 'woods'), col(1), col(0)).state;
    expect(showColumns(played.game.position).slice(0, 2)).toEqual(['Kc | 9h 8h', '']);
    const back = run(played, key('undo')).state;
    expect(back.message?.text).toBe('Undone.');
    expect(back.game.peeks).toBe(0);
    expect(run(start, key('undo')).state.message?.text).toBe('Nothing to undo.');
  });

  it('q quits at once when nothing would be lost, and asks first during a game', () => {
    expect(run(start, key('quit')).effect).toBe('quit');
    const playing = run(start, key('deal')).state;
    const asked = run(playing, key('quit'));
    expect(asked.effect).toBeNull();
    expect(asked.state.confirm).toBe('quit');
    expect(run(asked.state, key('yes')).effect).toBe('quit');
    const declined = run(asked.state, other);
    expect(declined.effect).toBeNull();
    expect(declined.state.confirm).toBeNull();
    expect(declined.state.game).toBe(playing.game);
  });

  it('Ctrl-C quits without asking', () => {
    expect(run(run(start, key('deal')).state, key('interrupt')).effect).toBe('quit');
  });

  it("n opens the new-game panel on the game's rules, asking nothing; Enter deals at random", () => {
    const playing = run(start, key('deal')).state;
    const panel = run(playing, key('new')).state;
    expect(panel.confirm).toBeNull();
    expect(panel.overlay).toMatchObject({
      kind: 'new-game',
      choice: { suits: 4, relaxed: 0, keepSuits: false, deal: 'random' },
    });
    // The board's keys mean nothing on the panel: d deals no cards.
    expect(run(panel, key('deal')).state.game).toBe(playing.game);
    const fresh = run(panel, panelKey('enter')).state;
    expect(fresh.overlay).toBeNull();
    expect(fresh.game.deal.key).toBe('777');
    expect(fresh.game.rules).toEqual(RULES);
    expect(fresh.message?.text).toBe('New game: seed 777, 4 suits.');
  });

  it('Esc closes the panel and the game goes on; n opens it again on the last choice', () => {
    const playing = run(start, key('deal')).state;
    const chose = run(playing, key('new'), panelKey('1', '1'), panelKey('escape')).state;
    expect(chose.overlay).toBeNull();
    expect(chose.game).toBe(playing.game);
    expect(run(chose, key('new')).state.overlay).toMatchObject({ choice: { suits: 1 } });
  });

  it('the panel deals the rules and the seed chosen, and says what was dealt', () => {
    const keys = [
      key('new'),
      panelKey('2', '2'), // suits
      panelKey('down'),
      panelKey('3', '3'), // relaxed
      panelKey('down'),
      panelKey(' ', ' '), // keep suits
      panelKey('down'),
      panelKey('right'), // seed
      ...typed('fox'),
      panelKey('enter'),
    ];
    const fresh = run(start, ...keys).state;
    expect(fresh.game.deal).toEqual({ scheme: 'seed', key: 'fox' });
    expect(fresh.game.rules).toEqual({ suits: 2, relaxed: 3, keepSuits: true });
    expect(fresh.message?.text).toBe('New game: seed fox, 2 suits.');
  });

  it('a bad seed or number deals nothing: the panel says why and stays open', () => {
    const onSeed = run(start, key('new'), panelKey('down'), panelKey('down'), panelKey('down'));
    const empty = run(onSeed.state, panelKey('right'), panelKey('enter')).state;
    expect(empty.game).toBe(start.game);
    expect(empty.overlay).toMatchObject({
      kind: 'new-game',
      row: 'name',
      problem: 'Type the seed first.',
    });
    const spaced = run(empty, ...typed(' x'), panelKey('enter')).state;
    expect(spaced.overlay).toMatchObject({
      problem: 'Not a seed: a seed must not start or end with white space.',
    });
    const pysol = run(
      onSeed.state,
      panelKey('right'),
      panelKey('right'),
      ...typed('0123'),
      panelKey('enter'),
    );
    expect(pysol.state.game).toBe(start.game);
    expect((pysol.state.overlay as { problem: string }).problem).toMatch(
      /^Not a PySolFC deal '0123': /,
    );
    const good = run(pysol.state, panelKey('C-u'), ...typed('123'), panelKey('enter')).state;
    expect(good.game.deal).toEqual({ scheme: 'pysol', key: '123' });
  });

  it('daily and winnable deals are searched for by the game loop; Esc gives the search up', () => {
    const onDeal = run(start, key('new'), panelKey('down'), panelKey('down'), panelKey('down'));
    const asked = run(onDeal.state, panelKey('left'), panelKey('enter'));
    expect(asked.effect).toBe('find-deal');
    expect(asked.state.overlay).toMatchObject({ searching: true, choice: { deal: 'winnable' } });
    // Keys wait while it searches; the answer deals.
    expect(run(asked.state, panelKey('down')).state.overlay).toEqual(asked.state.overlay);
    const deal = {
      scheme: 'seed',
      key: '9',
      origin: { from: { scheme: 'seed', key: '8' } },
    } as const;
    const found = run(asked.state, { kind: 'deal-found', found: { ok: true, deal } }).state;
    expect(found.game.deal).toEqual(deal);
    expect(found.message?.text).toBe('New game: seed 9, proven winnable (from seed 8), 4 suits.');
    // Given up, a late answer is dropped; a failed search says why on the panel.
    const stopped = run(asked.state, panelKey('escape')).state;
    expect(stopped.overlay).toMatchObject({ searching: false });
    expect(run(stopped, { kind: 'deal-found', found: { ok: true, deal } }).state.game).toBe(
      start.game,
    );
    const failed = run(asked.state, { kind: 'deal-found', found: { ok: false, message: 'None.' } });
    expect(failed.state.overlay).toMatchObject({ searching: false, problem: 'None.' });
  });

  it('clicks choose on the panel, and Ctrl-C still quits', () => {
    const panel = run(start, key('new')).state;
    const clicked = run(
      panel,
      { kind: 'panel-click', target: { row: 'suits', value: 1 } },
      { kind: 'panel-click', target: { row: 'deal', value: 'kpat' } },
      ...typed('7'),
      { kind: 'panel-click', target: { row: 'start' } },
    ).state;
    expect(clicked.game.deal).toEqual({ scheme: 'kpat', key: '7' });
    expect(clicked.game.rules.suits).toBe(1);
    expect(run(panel, key('interrupt')).effect).toBe('quit');
    expect(run(panel, { kind: 'panel-click', target: { row: 'close' } }).state.overlay).toBeNull();
  });

  it('R asks only when it would lose moves or undone ones', () => {
    const undone = run(start, key('deal'), key('undo')).state;
    expect(run(undone, key('restart')).state.confirm).toBe('restart');
    const restarted = run(start, key('deal'), key('restart'), key('yes')).state;
    expect(run(restarted, key('restart')).state.confirm).toBeNull();
  });

  it('R restarts the deal after asking', () => {
    const playing = run(start, key('deal')).state;
    const restarted = run(playing, key('restart'), key('yes')).state;
    expect(restarted.game.position).toBe(start.game.position);
    expect(restarted.game.deal.key).toBe('42');
  });

  it('Ctrl-L and Ctrl-Z leave a question unanswered', () => {
    const asked = run(initialState(gameAt(position({ columns: ['Kh Qs'] })), THEME, 'woods'));
    const question = { ...asked.state, confirm: 'quit' as const };
    for (const kind of ['redraw', 'suspend'] as const) {
      const { state, effect } = run(question, key(kind));
      expect(effect).toBe(kind);
      expect(state.confirm).toBe('quit');
    }
  });

  it('while the board is not shown, only quitting, repainting and suspending do anything', () => {
    const state = initialState(newGame('42', RULES), THEME, 'woods');
    for (const command of [col(7), key('deal'), key('new'), key('undo'), key('enter')]) {
      expect(updateUnseen(state, command)).toEqual({ state, effect: null });
    }
    expect(updateUnseen(state, key('quit')).effect).toBe('quit');
    expect(updateUnseen(state, key('redraw')).effect).toBe('redraw');
    expect(updateUnseen(state, key('suspend')).effect).toBe('suspend');
  });

  it('Ctrl-L redraws and Ctrl-Z suspends, changing nothing', () => {
    expect(run(start, key('redraw'))).toEqual({ state: start, effect: 'redraw' });
    expect(run(start, key('suspend'))).toEqual({ state: start, effect: 'suspend' });
  });

  it('? opens the help, ? again turns the page, another key closes it', () => {
    const help = run(start, key('help')).state;
    expect(help.overlay).toEqual({ kind: 'help', page: 0, screen: 0 });
    // ? turns to where the layout says, at the terminal's size; without it, to the next page.
    const next = { page: 0, screen: 1 };
    expect(run(help, { kind: 'help', next }).state.overlay).toEqual({ kind: 'help', ...next });
    expect(run(help, key('help')).state.overlay).toEqual({ kind: 'help', page: 1, screen: 0 });
    const closed = run(help, key('deal')).state;
    expect(closed.overlay).toBeNull();
    expect(closed.game).toBe(start.game); // the key only closed the panel
  });

  it('e asks which column, then shows it; Esc closes it', () => {
    const asking = run(start, key('expand')).state;
    expect(asking.overlay).toEqual({ kind: 'choose-expand' });
    const shown = run(asking, col(3)).state;
    expect(shown.overlay).toEqual({ kind: 'expand', column: 3 });
    expect(run(shown, key('cancel')).state.overlay).toBeNull();
    expect(run(start, col(5), key('expand')).state.overlay).toEqual({ kind: 'expand', column: 5 });
  });

  it('e then a click on a column shows it, and the release of that click leaves it shown', () => {
    const asking = run(start, key('expand')).state;
    const shown = run(
      asking,
      { kind: 'press', column: 4, index: null },
      { kind: 'release', column: 4 },
    ).state;
    expect(shown.overlay).toEqual({ kind: 'expand', column: 4 });
    expect(run(shown, key('cancel')).state.overlay).toBeNull();
  });

  it('at the e prompt another key says what it wants and keeps asking; e or q backs out', () => {
    const asking = run(start, key('expand')).state;
    const reminded = run(asking, other).state;
    expect(reminded.overlay).toEqual({ kind: 'choose-expand' });
    expect(reminded.message).toEqual(
      info('Expand which column? Press 1-9 or 0 (column 10), or Esc.'),
    );
    expect(run(reminded, key('deal')).state.game).toBe(start.game);
    const shown = run(reminded, col(2)).state;
    expect(shown.overlay).toEqual({ kind: 'expand', column: 2 });
    expect(shown.message).toBeNull();
    for (const back of ['expand', 'quit', 'cancel'] as const) {
      const closed = run(reminded, key(back));
      expect(closed.state.overlay).toBeNull();
      expect(closed.state.message).toBeNull();
      expect(closed.effect).toBeNull();
    }
    const clicked = run(asking, { kind: 'press', column: 7, index: null }).state;
    expect(clicked.overlay).toEqual({ kind: 'expand', column: 7 });
  });

  it('a refused deal explains itself', () => {
    // Ten cards for ten columns: the deal waits only for the empty column to be filled.
    const p = position({
      columns: ['Ks', '', 'Kh', 'Qs', 'Jd', 'Tc', '9h', '8s', '7d', '6c 5h'],
      stock: Array(10).fill('As'),
    });
    const state = initialState(gameAt(p), THEME, 'woods');
    expect(run(state, key('deal')).state.message).toEqual({
      text: "Can't deal: column 2 is empty; fill it first (relaxed 0).",
      kind: 'error',
    });
  });
});

describe('hints (h)', () => {
  const game = newGame('42', RULES);
  const start = initialState(game, THEME, 'woods');
  const withHints: ControllerDeps = { randomSeed: () => '1', hints: heuristicHints };
  const list = heuristicHints.hints(game.position);
  const hintRun = (state: UiState, ...commands: Command[]) =>
    commands.reduce((s, command) => update(s, command, withHints).state, state);
  const choice = (plan: Action[]): FairChoice => ({
    action: plan[0] ?? null,
    plan,
    goal: plan.length > 0 ? 'turn' : null,
    chance: null,
    worlds: 32,
    positions: 1000,
    ms: 40,
    cut: false,
  });
  const fair = (plan: Action[], position = game.position): Command => ({
    kind: 'solved',
    position,
    result: { kind: 'fair', choice: choice(plan) },
  });
  const thinking = hintRun(start, key('hint'));

  it('h shows the heuristic’s best at once, and asks the fair player in the background', () => {
    expect(list.length).toBeGreaterThan(2);
    expect(thinking.message).toEqual({
      text: `Hint: ${describeHint(game.position, list[0])} (thinking…)`,
      kind: 'hint',
    });
    expect(thinking.solver).toEqual({ kind: 'hint', position: game.position });
    expect(wanted(thinking).solve).toEqual({ kind: 'fair', game, timeMs: HINT_THINK_MS });
    const ascii = hintRun({ ...start, theme: { ...THEME, ascii: true } }, key('hint'));
    expect(ascii.message?.text).toBe(
      `Hint: ${describeHint(game.position, list[0], true)} (thinking...)`,
    );
    // h again while it thinks: it goes on thinking.
    expect(hintRun(thinking, key('hint'))).toBe(thinking);
  });

  it('its answer takes the message line, first of the hints h goes through; no peek', () => {
    const chosen = list[2].action;
    const answered = hintRun(thinking, fair([chosen]));
    const others = list.length; // the heuristic's others, and the fair player's choice
    expect(answered.message).toEqual({
      text: `Hint: ${describeFair(game.position, choice([chosen]))} (1/${others}, h for the next)`,
      kind: 'hint',
    });
    expect(answered.solver).toBeNull();
    expect(wanted(answered).solve).toBeNull();
    expect(answered.game).toBe(game);
    expect(answered.game.peeks).toBe(0);
    // Then the heuristic's, without the one the fair player chose; then round again.
    const texts = [1, 2, 3].map(
      (n) => hintRun(answered, ...Array.from({ length: n }, () => key('hint'))).message?.text,
    );
    expect(texts[0]).toBe(
      `Hint: ${describeHint(game.position, list[0])} (2/${others}, h for the next)`,
    );
    expect(texts[1]).toBe(
      `Hint: ${describeHint(game.position, list[1])} (3/${others}, h for the next)`,
    );
    expect(texts[2]).toBe(
      `Hint: ${describeHint(game.position, list[3])} (4/${others}, h for the next)`,
    );
    const round = hintRun(answered, ...list.map(() => key('hint')));
    expect(round.message).toEqual(answered.message);
    expect(round.solver).toBeNull(); // asked once for the position
  });

  it('played, the first action of its plan leads h on to the rest of it, without thinking again', () => {
    const first = list.find((hint) => hint.action.kind === 'move')!.action;
    if (first.kind !== 'move') throw new Error('a move is needed');
    const answered = hintRun(thinking, fair([first, DEAL]));
    const moved = hintRun(answered, col(first.from), col(first.to));
    expect(moved.game.position).not.toBe(game.position);
    const next = hintRun(moved, key('hint'));
    // Straight to the plan's next action: no "(thinking…)", nothing asked of the solver.
    expect(next.solver).toBeNull();
    const rest = { ...choice([DEAL]), positions: 0, ms: 0 };
    expect(next.message?.text).toMatch(
      new RegExp(
        `^Hint: ${escapeRegExp(describeFair(moved.game.position, rest))} \\(1/\\d+, h for the next\\)$`,
      ),
    );
    expect(hintOnScreen(next)).toEqual(DEAL);
    // Undone, or another move played, the plan is left: h thinks again.
    expect(hintRun(moved, key('undo'), key('hint')).solver?.kind).toBe('hint');
    const other = list.find(
      (hint) => hint.action.kind === 'move' && hint.action.from !== first.from,
    )!.action;
    if (other.kind !== 'move') throw new Error('a move is needed');
    const elsewhere = hintRun(answered, col(other.from), col(other.to));
    expect(elsewhere.game.position).not.toBe(game.position);
    expect(elsewhere.planAhead).toBeNull();
    expect(hintRun(elsewhere, key('hint')).solver?.kind).toBe('hint');
  });

  it('with no action, says there is nothing worth doing', () => {
    const none = hintRun(thinking, fair([]));
    expect(none.message?.text).toMatch(
      /^Hint: nothing worth doing; u undoes, n starts a new game \(1\/\d+, h for the next\)$/,
    );
    const bare = update(update(start, key('hint'), deps).state, fair([]), deps).state;
    expect(bare.message?.text).toBe('Hint: nothing worth doing; u undoes, n starts a new game');
  });

  it('any other key stops the thinking, and then does what it always does', () => {
    const right = hintRun(thinking, key('right'));
    expect(right.solver).toBeNull();
    expect(wanted(right).solve).toBeNull();
    expect(right.focus).toBe(1);
    expect(right.message?.text).toBe(
      `Hint: ${describeHint(game.position, list[0])} (1/${list.length}, h for the next)`,
    );
    const dealt = hintRun(thinking, key('deal'));
    expect(dealt.game.position.dealt).toBe(1);
    expect(dealt.solver).toBeNull();
    const picked = hintRun(thinking, col(7));
    expect(picked.selection?.column).toBe(7);
    expect(picked.solver).toBeNull();
    // An answer that comes after changes nothing; h asks again.
    expect(hintRun(right, fair([list[2].action]))).toBe(right);
    expect(hintRun(right, key('hint')).solver).toEqual(thinking.solver);
    // Repainting is not a key the player means: it goes on thinking.
    expect(hintRun(thinking, key('redraw')).solver).toEqual(thinking.solver);
  });

  it('an answer for a position left behind changes nothing', () => {
    const moved = hintRun(thinking, key('deal'));
    expect(hintRun(moved, fair([list[0].action]))).toBe(moved);
  });

  it('h shows the hint again, not the next, when another message took its place', () => {
    const answered = hintRun({ ...thinking, peekWarned: true }, fair([list[2].action]));
    const asked = hintRun(answered, key('winnable'));
    expect(asked.solver?.kind).toBe('winnable');
    const shown = hintRun(asked, key('hint'));
    expect(shown.message).toEqual(answered.message);
    const told = hintRun(shown, {
      kind: 'solved',
      position: game.position,
      result: { kind: 'solved', result: 'unknown', line: [], positions: 10, ms: 5 },
    });
    expect(told.message?.text).toMatch(/^Unknown: /);
    expect(hintRun(told, key('hint')).message).toEqual(answered.message);
    expect(hintRun(told, key('hint'), key('hint')).message?.text).toMatch(/^Hint: .* \(2\//);
  });

  it('while another question waits, h goes through the heuristic’s hints alone', () => {
    const asking = run({ ...start, peekWarned: true }, key('winnable')).state;
    const hinted = hintRun(asking, key('hint'), key('hint'));
    expect(hinted.solver).toEqual(asking.solver);
    expect(hinted.message?.text).toBe(
      `Hint: ${describeHint(game.position, list[1])} (2/${list.length}, h for the next)`,
    );
  });

  it('when the fair player cannot answer, says why, and h goes through the heuristic’s', () => {
    const failed = hintRun(thinking, {
      kind: 'solved',
      position: game.position,
      result: { kind: 'failed', reason: 'no thread' },
    });
    expect(failed.message?.text).toBe(
      `Hint: ${describeHint(game.position, list[0])} (1/${list.length}, h for the next) The fair player could not answer: no thread.`,
    );
    const next = hintRun(failed, key('hint'));
    expect(next.solver).toBeNull();
    expect(next.message?.text).toMatch(/^Hint: .* \(2\//);
  });

  it('says when there is no useful move', () => {
    const none = run(initialState(game, THEME, 'woods'), key('hint')).state;
    expect(none.message?.text).toBe('Hint: thinking…');
    expect(run(none, key('cancel')).state.message).toBeNull();
    const stopped = run(none, key('right')).state;
    expect(stopped.message?.text).toBe('No useful move. u undoes; n starts a new game.');
  });
});

describe('the clock (t)', () => {
  const state = { ...initialState(newGame('42', RULES), THEME, 'woods'), playedMs: 5_000 };

  it('t hides the clock and shows it again, and changes nothing else', () => {
    expect(state.clockShown).toBe(true);
    const hidden = run(state, key('clock')).state;
    expect(hidden.clockShown).toBe(false);
    expect(hidden.message?.text).toBe('Clock hidden; it still counts. t shows it again.');
    expect(hidden.game).toBe(state.game);
    const shown = run(hidden, key('clock')).state;
    expect(shown.clockShown).toBe(true);
    expect(shown.message?.text).toMatch(/^Clock shown/);
  });

  it('stays as it was set for a new game and a restart, and a restart keeps the time', () => {
    const hidden = run(state, key('clock')).state;
    expect(run(hidden, key('new')).state.clockShown).toBe(false);
    const moved = run(hidden, col(0), col(1)).state;
    const restarted = run(moved, key('restart'), key('yes')).state;
    expect(restarted.clockShown).toBe(false);
    expect(restarted.playedMs).toBe(5_000);
  });
});

describe('winning and losing', () => {
  it('a move that completes the last suit shows the win panel', () => {
    const suits = ['s', 'h', 'd', 'c', 's', 'h', 'd'];
    const p = {
      ...position({ columns: ['KcQcJcTc9c8c7c6c5c4c3c2c'.replace(/(..)/g, '$1 ').trim(), 'Ac'] }),
      foundations: suits.map((s) => 'shdc'.indexOf(s)) as never,
    };
    const state = initialState(gameAt(p), THEME, 'woods');
    const { state: after } = run(state, col(1), col(0));
    expect(after.overlay).toEqual({ kind: 'won' });
    expect(after.message?.kind).toBe('win');
    expect(run(after, ...newDeal).state.game.deal.key).toBe('777');
    // Won with the demo's help, the message says so: no record.
    const helped = run({ ...state, game: markHelped(state.game) }, col(1), col(0)).state;
    expect(helped.overlay).toEqual({ kind: 'won' });
    expect(helped.message?.text).toBe(
      'Won with help: the solver played, so no record is set. n for a new game.',
    );
  });

  it('s asks for the statistics in play and on the panel; any key closes them, back to it', () => {
    const playing = initialState(gameAt(position({ columns: ['Kc', 'Qc'] })), THEME, 'woods');
    expect(run(playing, key('stats')).effect).toBe('stats');
    const won = initialState(
      gameAt(position({ columns: [], foundations: 'shdcshdc' })),
      THEME,
      'woods',
    );
    expect(run(won, key('stats')).effect).toBe('stats');
    const stats = {
      rules: RULES,
      daily: false,
      read: true,
      line: null,
      others: 0,
      note: null,
    };
    const shown: UiState = { ...won, overlay: { kind: 'stats', stats, back: { kind: 'won' } } };
    // Closing is all any key does: n starts no new game under the statistics.
    const closed = run(shown, key('new'));
    expect(closed.state.overlay).toEqual({ kind: 'won' });
    expect(closed.state.game).toBe(won.game);
    // Over the board, with cards picked up: the column key only closes, and puts nothing down.
    const held = run(initialState(newGame('7', RULES), THEME, 'woods'), col(1)).state;
    expect(held.selection).not.toBeNull();
    const over: UiState = { ...held, overlay: { kind: 'stats', stats, back: null } };
    const after = run(over, col(0)).state;
    expect(after.overlay).toBeNull();
    expect(after.selection).toEqual(held.selection);
    expect(after.game).toBe(held.game);
  });

  it('a game opened already won or lost (a record continued) shows its panel at once', () => {
    const won = position({ columns: [], foundations: 'shdcshdc' });
    const opened = initialState(gameAt(won), THEME, 'woods', info('Continuing.'));
    expect(opened.status).toBe('won');
    expect(opened.overlay).toEqual({ kind: 'won' });
    expect(opened.message?.text).toBe('Continuing.');
    // No key but the panel's does anything: the game is not taken for a live one.
    expect(run(opened, col(0)).state.selection).toBeNull();
    const lost = position({
      columns: ['4c | 9h 3s', '4h', 'Kd', 'Kc', 'Kc', 'Kc', 'Kc', 'Kc', 'Kc', 'Kc'],
    });
    expect(statusWithin(lost)).toBe('lost');
    expect(initialState(gameAt(lost), THEME, 'woods').overlay).toEqual({ kind: 'lost' });
  });

  it('no legal action left is said, with the ways out', () => {
    const p = position({
      columns: ['Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', 'Kh', '2s As'],
    });
    const state = initialState(gameAt(p), THEME, 'woods');
    expect(state.overlay).toEqual({ kind: 'lost' });
    // A move tried on the panel does nothing, and says which keys do.
    const after = run(state, col(9), col(0)).state;
    expect(after.game).toBe(state.game);
    expect(after.message?.text).toBe(
      'The game is over: only the keys on the panel do anything now; v shows the board under it.',
    );
  });
});

describe('lost: no progress possible any more (docs/rules.md, "Lost")', () => {
  // Moving the 4♥ into the empty column loses: the 3♠ can then go onto it, but the 9♥ under
  // it never finds an empty column, and no king can ever leave its column.
  const p = position({
    columns: ['4c | 9h 3s', '', 'Kd 4h', 'Kc', 'Kc', 'Kc', 'Kc', 'Kc', 'Kc', 'Kc'],
  });
  const start = initialState(gameAt(p), THEME, 'woods');

  it('the move that loses shows the lost panel at once, with the ways out', () => {
    expect(start.status).toBe('playing');
    const { state } = run(start, col(2), col(1));
    expect(state.status).toBe('lost');
    expect(state.overlay).toEqual({ kind: 'lost' });
    expect(state.message).toEqual({
      text: expect.stringMatching(/^Lost: no move can turn a card, deal or complete a suit/),
      kind: 'error',
    });
  });

  it('on the lost panel u undoes, R restarts and q quits, none of them asking first', () => {
    const lost = run(start, col(2), col(1)).state;
    const undone = run(lost, key('undo')).state;
    expect(undone.overlay).toBeNull();
    expect(undone.status).toBe('playing');
    expect(undone.game.position).toBe(p);
    const restarted = run(lost, key('restart')).state;
    expect(restarted.confirm).toBeNull();
    expect(restarted.game.position).toBe(p);
    expect(run(lost, key('quit')).effect).toBe('quit');
    expect(run(lost, ...newDeal).state.game.deal.key).toBe('777');
  });

  it('other keys leave the panel up and the game as it is, and say so; the mouse says nothing', () => {
    const lost = run(start, col(2), col(1)).state;
    const after = run(lost, col(0), key('deal'), key('hint')).state;
    expect(after.overlay).toEqual({ kind: 'lost' });
    expect(after.game).toBe(lost.game);
    expect(after.message?.text).toBe(
      'The game is over: only the keys on the panel do anything now; v shows the board under it.',
    );
    const clicked = run(lost, { kind: 'press', column: 0, index: null }).state;
    expect(clicked).toBe(lost);
  });
});

describe('the end panel closed to study the board (docs/playing.md, "The end of a game")', () => {
  const p = position({
    columns: ['4c | 9h 3s', '', 'Kd 4h', 'Kc', 'Kc', 'Kc', 'Kc', 'Kc', 'Kc', 'Kc'],
  });
  const lost = run(initialState(gameAt(p), THEME, 'woods'), col(2), col(1)).state;
  const LOOKING =
    'The game is over: the board is there to look at, not to play. v shows the panel.';

  it('v closes the lost panel; moves, deals and clicks stay refused and say how to get it back', () => {
    const closed = run(lost, key('view')).state;
    expect(closed.overlay).toEqual({ kind: 'lost', closed: true });
    expect(closed.message?.text).toBe(LOOKING);
    for (const command of [col(3), key('deal'), key('hint'), key('demo'), key('help')]) {
      const after = run({ ...closed, message: null }, command).state;
      expect(after.game).toBe(lost.game);
      expect(after.overlay).toEqual({ kind: 'lost', closed: true });
      expect(after.selection).toBeNull();
      expect(after.message?.text).toBe(LOOKING);
    }
    const clicked = run({ ...closed, message: null }, { kind: 'press', column: 3, index: 0 });
    expect(clicked.state.selection).toBeNull();
    expect(clicked.state.message?.text).toBe(LOOKING);
  });

  it('v or Esc opens it again, saying again that the game is lost', () => {
    for (const again of ['view', 'cancel'] as const) {
      const closed = run(lost, key(again === 'view' ? 'cancel' : 'view')).state;
      expect(closed.overlay).toEqual({ kind: 'lost', closed: true });
      const opened = run(closed, key(again)).state;
      expect(opened.overlay).toEqual({ kind: 'lost', closed: false });
      expect(opened.message?.text).toMatch(/^Lost: no move can turn a card/);
    }
  });

  it('with the panel closed u still undoes, R restarts, q quits, g asks where it went wrong', () => {
    const closed = run(lost, key('view')).state;
    const undone = run(closed, key('undo')).state;
    expect(undone.overlay).toBeNull();
    expect(undone.status).toBe('playing');
    expect(undone.game.position).toBe(p);
    expect(run(closed, key('restart')).state.game.position).toBe(p);
    expect(run(closed, key('quit')).effect).toBe('quit');
    const asking = run({ ...closed, peekWarned: true }, key('where')).state;
    expect(asking.solver?.kind).toBe('where');
    expect(asking.overlay).toEqual({ kind: 'lost', closed: true });
  });

  it('the won panel closes and opens the same way', () => {
    const won = initialState(
      gameAt(position({ columns: [], foundations: 'shdcshdc' })),
      THEME,
      'woods',
    );
    const closed = run(won, key('view')).state;
    expect(closed.overlay).toEqual({ kind: 'won', closed: true });
    expect(run(closed, col(0)).state.message?.text).toBe(LOOKING);
    expect(run(closed, key('view')).state.overlay).toEqual({ kind: 'won', closed: false });
    expect(run(closed, ...newDeal).state.status).toBe('playing');
  });

  it('in play, v means nothing and says so', () => {
    const playing = initialState(gameAt(p), THEME, 'woods');
    expect(run(playing, key('view')).state.message?.text).toBe(
      'v does nothing here; ? shows the keys.',
    );
  });
});

describe('lost, decided in the background', () => {
  // A 1-suit game whose last deal leaves nothing to do: deciding it takes 550 positions, more
  // than the controller looks at before it answers, so the game loop reports it later.
  const game = lostGame(LOST_GAME_ACTIONS - 1); // the deal that loses is played below
  const before = initialState(game, THEME, 'woods');

  it('after the last deal the status is not known yet, and the game goes on meanwhile', () => {
    const { state } = run(before, key('deal'));
    expect(statusWithin(state.game.position)).toBeNull();
    expect(state.status).toBeNull();
    expect(state.overlay).toBeNull();
    expect(state.message).toBeNull();
    // Until it is known, leaving asks first: the game may still be going.
    expect(run(state, key('quit')).state.confirm).toBe('quit');
  });

  it('a game opened lost is left to the game loop unless a glance settles it', () => {
    // 108 positions: a move's quick look settles it, the first frame does not wait for them.
    const opened = initialState(nearlyGlancedLost(), THEME, 'woods');
    expect(opened.status).toBeNull();
    expect(opened.overlay).toBeNull();
    expect(
      run(opened, { kind: 'settled', position: opened.game.position, status: 'lost' }).state
        .overlay,
    ).toEqual({ kind: 'lost' });
  });

  it('the verdict for the position on screen opens the lost panel', () => {
    const dealt = run(before, key('deal')).state;
    const verdict = status(dealt.game.position);
    expect(verdict).toBe('lost');
    const { state } = run(dealt, {
      kind: 'settled',
      position: dealt.game.position,
      status: verdict,
    });
    expect(state.status).toBe('lost');
    expect(state.overlay).toEqual({ kind: 'lost' });
    expect(run(state, key('quit')).effect).toBe('quit'); // nothing to lose any more
  });

  it('a verdict for a position the player has left changes nothing', () => {
    const dealt = run(before, key('deal')).state;
    const moved = run(dealt, col(2), col(0)).state; // 7♠ onto 8♠
    expect(moved.game).not.toBe(dealt.game);
    const { state } = run(moved, {
      kind: 'settled',
      position: dealt.game.position,
      status: 'lost',
    });
    expect(state).toBe(moved);
  });

  it('a verdict that arrives while a question waits keeps the question', () => {
    const dealt = run(before, key('deal')).state;
    const asking = run(dealt, key('restart')).state;
    expect(asking.confirm).toBe('restart');
    const { state } = run(asking, {
      kind: 'settled',
      position: dealt.game.position,
      status: 'lost',
    });
    expect(state.confirm).toBe('restart');
    expect(state.status).toBe('lost');
    expect(state.overlay).toBeNull();
    // Answered no: the game is over all the same, and now it says so.
    const answered = run(state, other).state;
    expect(answered.confirm).toBeNull();
    expect(answered.overlay).toEqual({ kind: 'lost' });
    expect(answered.game).toBe(dealt.game);
  });

  it("a verdict that arrives while the solver's peek question waits opens the panel all the same", () => {
    const dealt = run(before, key('deal')).state;
    for (const ask of ['winnable', 'demo'] as const) {
      const asking = run(dealt, key(ask)).state;
      expect(asking.confirm).toBe(ask);
      const verdict = run(asking, {
        kind: 'settled',
        position: dealt.game.position,
        status: 'lost',
      });
      // Answered yes: nothing is left to ask the solver; the panel says the game is lost.
      const accepted = run(verdict.state, key(ask)).state;
      expect(accepted.overlay).toEqual({ kind: 'lost' });
      expect(accepted.solver).toBeNull();
      expect(accepted.message?.text).toBe(LOST_TEXT);
      expect(accepted.game.peeks).toBe(0);
    }
  });

  it('a verdict arrives while the board is hidden (terminal too small) all the same', () => {
    const dealt = run(before, key('deal')).state;
    const { state } = updateUnseen(dealt, {
      kind: 'settled',
      position: dealt.game.position,
      status: 'lost',
    });
    expect(state.overlay).toEqual({ kind: 'lost' });
  });
});

describe('keep-suits games', () => {
  it('say when a suit is complete, and x removes it without picking the column first', () => {
    const run13 = 'Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s';
    // A face-down card stays under the suit, so that the game goes on once it is removed.
    const p = position({ columns: ['Kh', `5d 7c | ${run13}`, 'As'], rules: { keepSuits: true } });
    let state = initialState(gameAt(p), THEME, 'woods');
    state = run(state, col(2), col(1)).state;
    expect(state.message?.text).toBe('Column 2 holds a complete suit: x removes it.');
    state = run(state, key('remove')).state;
    expect(state.game.position.foundations).toEqual([0]);
    expect(showColumns(state.game.position)[1]).toBe('5d | 7c');
    expect(state.message?.text).toBe('Complete suit ♠ removed.');
  });

  it('x where suits leave at once says that it is for keep-suits games, and changes nothing', () => {
    const p = position({ columns: ['Kh', '5d 7c | 6c', 'As'] });
    const start = initialState(gameAt(p), THEME, 'woods');
    const state = run(start, key('remove')).state;
    expect(state.game).toBe(start.game);
    expect(state.message?.text).toBe(
      'This game removes complete suits by itself (by hand only with --keep-suits).',
    );
  });
});

describe('keys that mean nothing keep the cards picked up', () => {
  const p = position({ columns: ['Kh', '5d 7c | 6c', 'As', '7d'] });
  const start = initialState(gameAt(p), THEME, 'woods');

  it('x where suits leave at once: the next column key still puts the 6 on the 7', () => {
    const picked = run(start, col(1)).state;
    expect(picked.selection).toMatchObject({ column: 1, count: 1 });
    const told = run(picked, key('remove')).state;
    expect(told.selection).toEqual(picked.selection);
    expect(told.message?.text).toMatch(/^This game removes complete suits by itself/);
    const moved = run(told, col(3)).state;
    expect(showColumns(moved.game.position)[3]).toBe('7d 6c');
    expect(moved.selection).toBeNull();
  });

  it("the solver's peek warning answered no: the cards stay picked up", () => {
    const picked = run(start, col(1)).state;
    const answered = run(picked, key('winnable'), col(3)).state;
    expect(answered.message?.text).toBe('Carrying on.');
    expect(answered.selection).toEqual(picked.selection);
    const moved = run(answered, col(3)).state;
    expect(showColumns(moved.game.position)[3]).toBe('7d 6c');
  });
});

describe('answers from the solver', () => {
  const game = newGame('1', { suits: 1, relaxed: 0, keepSuits: false });
  const start = initialState(game, THEME, 'woods');
  const asked = { ...start, solver: { kind: 'winnable' as const, position: game.position } };
  const solved = (result: JobResult, position = game.position): Command => ({
    kind: 'solved',
    position,
    result,
  });
  const answer = (result: 'won' | 'lost' | 'unknown', length = 0): JobResult => ({
    kind: 'solved',
    result,
    line: Array.from({ length }, () => ({ kind: 'deal' as const })),
    positions: 100,
    ms: 5,
  });

  it('a question for the position on screen is work for the solver', () => {
    expect(wanted(asked).solve).toEqual({ kind: 'solve', game, timeMs: WINNABLE_THINK_MS });
    expect(wanted(start).solve).toBeNull();
  });

  it('says whether the game can still be won, and the question is answered', () => {
    const won = update(asked, solved(answer('won', 94)), deps).state;
    expect(won.message).toEqual({
      text: 'Winnable: the solver wins from here in 94 actions.',
      kind: 'info',
    });
    expect(won.solver).toBeNull();
    expect(wanted(won).solve).toBeNull();
    const lost = update(asked, solved(answer('lost')), deps).state;
    expect(lost.message?.text).toBe(
      'No longer winnable: no line of play wins from here. u undoes.',
    );
    expect(lost.message?.kind).toBe('error');
    const unknown = update(asked, solved(answer('unknown')), deps).state;
    expect(unknown.message?.text).toBe(
      'Unknown: in 3 s the solver found no win, nor proved there is none.',
    );
    const failed = update(asked, solved({ kind: 'failed', reason: 'no thread' }), deps).state;
    expect(failed.message).toEqual({
      text: 'The solver could not answer: no thread',
      kind: 'error',
    });
  });

  it('an answer about another position, or one nobody waits for, changes nothing', () => {
    const dealt = run(asked, key('deal')).state;
    expect(dealt.solver).toBeNull();
    expect(wanted(dealt).solve).toBeNull();
    expect(update(dealt, solved(answer('won')), deps).state).toBe(dealt);
    expect(update(start, solved(answer('won')), deps).state).toBe(start);
    const elsewhere = {
      ...asked,
      solver: { kind: 'winnable' as const, position: dealt.game.position },
    };
    expect(update(elsewhere, solved(answer('won')), deps).state).toBe(elsewhere);
  });

  it('is taken also while the terminal is too small', () => {
    const won = updateUnseen(asked, solved(answer('won', 1))).state;
    expect(won.message?.text).toBe('Winnable: the solver wins from here in 1 action.');
  });
});

describe('can I still win? (c)', () => {
  const game = newGame('1', { suits: 1, relaxed: 0, keepSuits: false });
  const start = initialState(game, THEME, 'woods');
  const won: JobResult = { kind: 'solved', result: 'won', line: [], positions: 1, ms: 1 };

  it('the first time in a game, says that it counts as a peek and waits for c again', () => {
    const warned = run(start, key('winnable')).state;
    expect(warned.confirm).toBe('winnable');
    expect(warned.solver).toBeNull();
    expect(wanted(warned).solve).toBeNull();
    const asked = run(warned, key('winnable')).state;
    expect(asked.confirm).toBeNull();
    expect(asked.peekWarned).toBe(true);
    expect(asked.solver).toEqual({ kind: 'winnable', position: game.position });
    expect(wanted(asked).solve).toEqual({ kind: 'solve', game, timeMs: WINNABLE_THINK_MS });
  });

  it('asks at once in a game that counts a peek already: it cannot be won without one', () => {
    const peeked = { ...game, peeks: 1 };
    // Opened so (resumed after an answer), or so since (an undo that showed cards).
    for (const state of [initialState(peeked, THEME, 'woods'), { ...start, game: peeked }]) {
      const asked = run(state, key('winnable')).state;
      expect(asked.confirm).toBeNull();
      expect(asked.solver).toEqual({ kind: 'winnable', position: game.position });
      expect(run(state, key('demo')).state.confirm).toBeNull();
    }
  });

  it('any other key after the warning asks nothing and does nothing else', () => {
    const other = run(start, key('winnable'), key('deal')).state;
    expect(other.solver).toBeNull();
    expect(other.peekWarned).toBe(false);
    expect(other.game).toBe(game);
    expect(other.message?.text).toBe('Carrying on.');
  });

  it('once warned, c asks at once; the answer shown counts one peek, and is saved with the game', () => {
    const warned = { ...start, peekWarned: true };
    const asked = run(warned, key('winnable')).state;
    expect(asked.solver).toEqual({ kind: 'winnable', position: game.position });
    expect(run(asked, key('winnable')).state).toBe(asked); // already thinking
    const answered = update(asked, { kind: 'solved', position: game.position, result: won }, deps);
    expect(answered.state.game.peeks).toBe(1);
    expect(answered.state.game.position).toBe(game.position);
  });

  it('an answer that arrives while a yes/no question waits is shown once the player goes on', () => {
    // A deal first, so that leaving asks.
    const dealt = run({ ...start, peekWarned: true }, key('deal')).state;
    const quitting = run(dealt, key('winnable'), key('quit')).state;
    expect(quitting.confirm).toBe('quit');
    const answer = { kind: 'solved', position: dealt.game.position, result: won } as const;
    const answered = update(quitting, answer, deps).state;
    expect(answered.confirm).toBe('quit');
    expect(answered.game.peeks).toBe(1);
    const goingOn = run(answered, key('cancel')).state;
    expect(goingOn.confirm).toBeNull();
    expect(goingOn.message?.text).toMatch(/^Winnable: /);
  });

  it('keys keep working while it thinks; a move leaves the question behind', () => {
    const asked = run({ ...start, peekWarned: true }, key('winnable')).state;
    const moved = run(asked, key('right'), key('help'), key('cancel')).state;
    expect(moved.solver).toEqual(asked.solver);
    const dealt = run(moved, key('deal')).state;
    expect(dealt.solver).toBeNull();
    expect(dealt.game.peeks).toBe(0);
  });

  it('a new game warns again; a restart of the same deal does not', () => {
    const asked = run(start, key('winnable'), key('winnable'), key('deal')).state;
    expect(run(asked, key('restart'), key('yes'), key('winnable')).state.confirm).toBeNull();
    expect(run(asked, ...newDeal, key('winnable')).state.confirm).toBe('winnable');
  });
});

describe('the demo (a)', () => {
  const game = newGame('1', { suits: 1, relaxed: 0, keepSuits: false });
  const start = initialState(game, THEME, 'woods');
  const dealt = play(game, { kind: 'deal' });
  if (!dealt.ok) throw new Error('deal refused');
  const line = [{ kind: 'deal' as const }, { kind: 'deal' as const }];
  const won = (actions: typeof line): JobResult => ({
    kind: 'solved',
    result: 'won',
    line: actions,
    positions: 1,
    ms: 1,
  });
  const asked = run({ ...start, peekWarned: true }, key('demo')).state;
  /** The demo with its line from the solver, before its first action. */
  const playing = () =>
    update(asked, { kind: 'solved', position: game.position, result: won(line) }, deps).state;

  it('warns of the peek first, then asks the solver for its line', () => {
    const warned = run(start, key('demo')).state;
    expect(warned.confirm).toBe('demo');
    const thinking = run(warned, key('demo')).state;
    expect(thinking.solver).toEqual({
      kind: 'demo',
      position: game.position,
      line: null,
      played: 0,
    });
    expect(wanted(thinking).solve).toEqual({ kind: 'solve', game, timeMs: DEMO_THINK_MS });
    expect(wanted(thinking).pace).toBeNull();
  });

  it('plays the line one action at a time, as real actions that undo', () => {
    let state = playing();
    expect(state.game.peeks).toBe(1);
    expect(state.message?.text).toBe(
      "Demo: the solver's line, 0 of 2 actions played; any key stops it.",
    );
    expect(wanted(state).solve).toBeNull();
    expect(wanted(state).pace).toEqual({ position: game.position, ms: DEMO_PACE_MS });
    state = update(state, { kind: 'step', position: game.position }, deps).state;
    expect(state.game.position.dealt).toBe(1);
    expect(state.message?.text).toBe(
      "Demo: the solver's line, 1 of 2 actions played; any key stops it.",
    );
    expect(wanted(state).pace?.position).toBe(state.game.position);
    // A step due from a position already left does nothing.
    expect(update(state, { kind: 'step', position: game.position }, deps).state).toBe(state);
    state = update(state, { kind: 'step', position: state.game.position }, deps).state;
    expect(state.game.position.dealt).toBe(2);
    expect(state.solver).toBeNull();
    expect(wanted(state).pace).toBeNull();
    expect(run(state, key('undo'), key('undo')).state.game.position).toEqual(game.position);
  });

  it('marks the game as played with help from its first action, for good (docs/rules.md, "Won with help")', () => {
    const demo = playing();
    expect(demo.game.helped).toBe(false); // the answer alone is a peek, not help
    const stepped = update(demo, { kind: 'step', position: game.position }, deps).state;
    expect(stepped.game.helped).toBe(true);
    const undone = run(stepped, key('undo'), key('undo'), key('restart'), key('yes')).state;
    expect(undone.game.helped).toBe(true);
    // A new deal is the player's own.
    expect(run(undone, ...newDeal).state.game.helped).toBe(false);
  });

  it('any key stops it and does nothing else', () => {
    const demo = playing();
    for (const command of [key('deal'), key('quit'), col(3), key('demo'), key('undo')]) {
      const result = update(demo, command, deps);
      expect(result.effect).toBeNull();
      expect(result.state.solver).toBeNull();
      expect(result.state.game).toBe(demo.game);
      expect(result.state.selection).toBeNull();
      expect(result.state.message?.text).toBe('Demo stopped. u undoes its moves one by one.');
      expect(wanted(result.state).pace).toBeNull();
    }
    // While it is still thinking, too.
    expect(run(asked, key('deal')).state.game).toBe(asked.game);
  });

  it('stops when its step comes while the terminal is too small to show the board', () => {
    const demo = playing();
    const hidden = updateUnseen(demo, { kind: 'step', position: game.position }).state;
    expect(hidden.game).toBe(demo.game);
    expect(hidden.solver).toBeNull();
    expect(hidden.message?.text).toBe('Demo stopped: the board was hidden.');
  });

  it('with no win to show, says why and plays nothing', () => {
    const answer = (result: 'lost' | 'unknown'): Command => ({
      kind: 'solved',
      position: game.position,
      result: { kind: 'solved', result, line: [], positions: 1, ms: 1 },
    });
    const lost = update(asked, answer('lost'), deps).state;
    expect(lost.message?.text).toBe(
      'Demo: no line of play wins from here, so there is nothing to show. u undoes.',
    );
    expect(lost.solver).toBeNull();
    const unknown = update(asked, answer('unknown'), deps).state;
    expect(unknown.message?.text).toBe('Demo: the solver found no win in 10 s.');
  });
});

describe('where it went wrong (g)', () => {
  const opening = initialState(lostGame(), THEME, 'woods');
  const position = opening.game.position;
  const lost = update(opening, { kind: 'settled', position, status: 'lost' }, deps).state;
  const found: WhereLost = {
    actions: 17,
    start: 'winnable',
    end: 'lost',
    lastWinnable: 16,
    firstLost: 17,
    losing: { number: 17, action: { kind: 'deal' } },
    winningLine: [],
    searched: [],
    stopped: null,
    positions: 1000,
    ms: 10,
  };
  const sentence = 'You could still have won after move 16; move 17, d, lost it.';
  /** The state once the solver has answered the question `asked` waits on. */
  const solvedOnPanel = (asked: UiState) =>
    update(asked, { kind: 'solved', position, result: { kind: 'where-lost', found } }, deps).state;

  it('asked on the lost panel, after the warning, it looks back over the game in the background', () => {
    expect(lost.overlay).toEqual({ kind: 'lost' });
    const warned = run(lost, key('where')).state;
    expect(warned.confirm).toBe('where');
    const asked = run(warned, key('where')).state;
    expect(asked.overlay).toEqual({ kind: 'lost' });
    expect(asked.solver).toEqual({ kind: 'where', position });
    expect(wanted(asked).solve).toEqual({
      kind: 'where-lost',
      game: lost.game,
      timeMs: WHERE_THINK_MS,
    });
  });

  it('the answer shows on the lost panel and the message line, and counts a peek', () => {
    const asked = run({ ...lost, peekWarned: true }, key('where')).state;
    const answered = solvedOnPanel(asked);
    expect(answered.overlay).toEqual({ kind: 'lost', wrong: sentence });
    expect(answered.message).toEqual({ text: sentence, kind: 'info' });
    expect(answered.game.peeks).toBe(lost.game.peeks + 1);
    expect(answered.solver).toBeNull();
    // With the statistics over the panel, the answer waits on the panel under them.
    const stats = {
      rules: lost.game.rules,
      daily: false,
      read: true,
      line: null,
      others: 0,
      note: null,
    };
    const covered = { ...asked, overlay: { kind: 'stats' as const, stats, back: asked.overlay } };
    const under = update(
      covered,
      { kind: 'solved', position, result: { kind: 'where-lost', found } },
      deps,
    ).state;
    expect(under.overlay).toEqual({
      kind: 'stats',
      stats,
      back: { kind: 'lost', wrong: sentence },
    });
    expect(run(under, other).state.overlay).toEqual({ kind: 'lost', wrong: sentence });
    // Once answered, g is not offered again: it asks nothing, and says which keys work.
    const again = run(answered, key('where'));
    expect(again.state.solver).toBeNull();
    expect(again.state.confirm).toBeNull();
    expect(wanted(again.state).solve).toBeNull();
    expect(again.state.overlay).toEqual({ kind: 'lost', wrong: sentence });
    expect(again.state.message?.text).toMatch(/panel/);
  });

  it('an undo and a redo back to the same line show the answer again without a search', () => {
    const answered = solvedOnPanel(run({ ...lost, peekWarned: true }, key('where')).state);
    const undone = run(answered, key('undo')).state;
    expect(undone.overlay).toBeNull();
    const back = run(undone, key('redo')).state;
    // The redo lands on the lost position at once, or once its status is settled.
    const panel =
      back.overlay ??
      update(back, { kind: 'settled', position: back.game.position, status: 'lost' }, deps).state
        .overlay;
    expect(panel).toEqual({ kind: 'lost', wrong: sentence });
    // Another line to a lost end is another question: the panel offers g again.
    const said = answered.whereAnswer;
    expect(said?.kept).toBe(answered.game.kept);
    const other = { ...answered, whereAnswer: { kept: said?.kept ?? 0, line: 'other', text: '' } };
    const elsewhere = run(run(other, key('undo')).state, key('redo')).state;
    const otherPanel =
      elsewhere.overlay ??
      update(
        elsewhere,
        { kind: 'settled', position: elsewhere.game.position, status: 'lost' },
        deps,
      ).state.overlay;
    expect(otherPanel).toEqual({ kind: 'lost' });
    // Undoing the deal that lost it is a peek of its own; the answer shown again counts none.
    expect(back.game.peeks).toBe(answered.game.peeks + 1);
    // Restarted and played again to the same end, the panel says it at once too; a new game
    // is another line.
    let replayed = run(answered, key('restart')).state;
    expect(replayed.game.kept).toBe(0);
    for (const action of actionsKept(answered.game)) {
      const outcome = play(replayed.game, action);
      if (!outcome.ok) throw new Error('the line replayed was refused');
      replayed = afterChange(replayed, outcome.game, null).state;
    }
    const again =
      replayed.overlay ??
      update(replayed, { kind: 'settled', position: replayed.game.position, status: 'lost' }, deps)
        .state.overlay;
    expect(again).toEqual({ kind: 'lost', wrong: sentence });
    expect(run(answered, ...newDeal).state.whereAnswer).toBeUndefined();
  });

  it('shows how far it has gone as the solver tells, for the question still waiting only', () => {
    const asked = run({ ...lost, peekWarned: true }, key('where')).state;
    const far = { actions: 17, at: 9, looked: 2, positions: 1_234_567, ms: 6400 };
    const told = update(
      asked,
      { kind: 'progress', position, progress: { kind: 'where-lost', progress: far } },
      deps,
    );
    expect(told.effect).toBeNull();
    expect(told.state.solver).toEqual({ kind: 'where', position, progress: far });
    // The search goes on: the same question, not asked again.
    expect(wanted(told.state).solve).toEqual(wanted(asked).solve);
    const screen = layout(told.state, 80, 24).frame.text().replace(/\s+/g, ' ');
    expect(screen).toContain(
      'Where did it go wrong? The solver looks back over the game. Now after move 9 of 17: 2 moves looked at, 1.2M positions, 6 s.',
    );
    // Once answered, or about another position, nothing changes.
    const answered = solvedOnPanel(told.state);
    const late = { kind: 'progress', position, progress: { kind: 'where-lost', progress: far } };
    expect(update(answered, late as Command, deps).state).toBe(answered);
    const other = { ...late, position: lostGame(3).position };
    expect(update(asked, other as Command, deps).state).toBe(asked);
  });

  it('can be asked during the game too; an undo drops the question', () => {
    const playing = initialState(lostGame(LOST_GAME_ACTIONS - 1), THEME, 'woods');
    const asked = run({ ...playing, peekWarned: true }, key('where')).state;
    expect(asked.overlay).toBeNull();
    expect(wanted(asked).solve?.kind).toBe('where-lost');
    const undone = run(asked, key('undo')).state;
    expect(wanted(undone).solve).toBeNull();
  });
});

describe('the new-game panel over a finished game', () => {
  it('Esc goes back to the end panel, not to a board that looks playable', () => {
    const won = { ...initialState(newGame('42', RULES), THEME, 'woods'), status: 'won' as const };
    const onPanel = run({ ...won, overlay: { kind: 'won' } }, key('new')).state;
    expect(onPanel.overlay?.kind).toBe('new-game');
    expect(run(onPanel, panelKey('escape')).state.overlay).toEqual({ kind: 'won' });
  });
});

describe('the clock hidden with t', () => {
  it('stays hidden in a game dealt from the panel', () => {
    const hidden = { ...initialState(newGame('42', RULES), THEME, 'woods'), clockShown: false };
    expect(run(hidden, ...newDeal).state.clockShown).toBe(false);
  });
});
