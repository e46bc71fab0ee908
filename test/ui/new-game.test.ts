import { newGame, type Rules } from '../../src/engine';
import { initialState } from '../../src/ui/controller';
import { commandForPanel } from '../../src/ui/input';
import { layout } from '../../src/ui/layout';
import {
  type NewGamePanel,
  openPanel,
  panelClick,
  panelKey,
  type PanelTarget,
  rowsOf,
} from '../../src/ui/new-game';
import type { UiState } from '../../src/ui/state';
import { THEME } from '../helpers/controller';

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const CHOICE = { ...RULES, deal: 'random', name: '' } as const;

function withPanel(panel: NewGamePanel): UiState {
  return { ...initialState(newGame('42', RULES), THEME, 'woods'), overlay: panel };
}

/** Where on screen a target is drawn, from the layout's hits. */
function whereIs(state: UiState, width: number, height: number, target: PanelTarget) {
  const view = layout(state, width, height);
  const hit = view.panel?.find((h) => JSON.stringify(h.target) === JSON.stringify(target));
  if (!hit) throw new Error(`${JSON.stringify(target)} is not on the panel`);
  return { hit, view };
}

describe('the new-game panel drawn', () => {
  it('shows every row, the choice in brackets, and what the suits and relaxed level mean', () => {
    const text = layout(withPanel(openPanel(CHOICE, 0)), 80, 24).frame.text();
    expect(text).toContain('New game');
    expect(text).toMatch(/>Suits +1 suit +2 suits +\[4 suits\]/);
    expect(text).toContain('the hardest: all four suits');
    expect(text).toMatch(/Relaxed +\[0\] 1 +2 +3/);
    expect(text).toContain('no deal while a column is empty');
    expect(text).toMatch(/Keep suits +\[no\] yes/);
    expect(text).toMatch(/Deal +\[random\] seed +PySolFC +KPat +daily +winnable/);
    expect(text).toContain('Enter deals  Esc closes');
    expect(text).not.toContain('saved');
  });

  it('shows the seed typed, a problem, and the saved games waiting', () => {
    const panel: NewGamePanel = {
      ...openPanel({ ...CHOICE, deal: 'seed', name: 'fox' }, 3),
      row: 'name',
      problem: 'Not a seed: a seed must not be empty.',
    };
    const text = layout(withPanel(panel), 80, 24).frame.text();
    expect(text).toMatch(/>Seed +fox_/);
    expect(text).toContain('Not a seed: a seed must not be empty.');
    expect(text).toContain('3 unfinished games saved: s lists them');
  });

  it('fits the smallest terminal: the explanations give way, every choice stays', () => {
    const panel: NewGamePanel = {
      ...openPanel({ ...CHOICE, deal: 'kpat', name: '12' }, 2),
      problem: 'Type the deal number first.',
    };
    const view = layout(withPanel(panel), 50, 15);
    const text = view.frame.text();
    for (const word of [
      'Suits',
      'Relaxed',
      'Keep suits',
      'Deal',
      'KPat #',
      '2 unfinished',
      'Enter deals',
    ])
      expect(text).toContain(word);
    expect(text).not.toContain('the hardest');
    // Every row's values can be clicked where they are drawn, inside the screen.
    for (const hit of view.panel ?? []) {
      expect(hit.x + hit.width).toBeLessThanOrEqual(50);
      expect(hit.y).toBeLessThan(15);
    }
    expect(view.panel?.map((h) => h.target.row)).toEqual(
      expect.arrayContaining([
        'suits',
        'relaxed',
        'keep',
        'deal',
        'name',
        'saves',
        'start',
        'close',
      ]),
    );
  });

  it('a click on a value chooses it: the hit lies on its text', () => {
    const state = withPanel(openPanel(CHOICE, 0));
    const { hit, view } = whereIs(state, 80, 24, { row: 'deal', value: 'winnable' });
    expect(
      view.frame
        .line(hit.y)
        .slice(hit.x, hit.x + hit.width)
        .trim(),
    ).toBe('winnable');
    const click = {
      type: 'mouse',
      action: 'press',
      button: 'left',
      x: hit.x + 2,
      y: hit.y,
    } as const;
    expect(commandForPanel(click, view.panel ?? [])).toEqual({
      kind: 'panel-click',
      target: { row: 'deal', value: 'winnable' },
    });
    // A release, a right click, or a click on nothing means nothing.
    expect(commandForPanel({ ...click, action: 'release' }, view.panel ?? [])).toBeNull();
    expect(commandForPanel({ ...click, button: 'right' }, view.panel ?? [])).toBeNull();
    expect(commandForPanel({ ...click, x: 0, y: 0 }, view.panel ?? [])).toBeNull();
  });
});

describe('the new-game panel keys', () => {
  const open = openPanel(CHOICE, 0);

  it('go to the panel as typed, but Ctrl-L, Ctrl-Z and Ctrl-C keep their meaning', () => {
    expect(commandForPanel({ type: 'key', name: 'q', ch: 'q' }, [])).toEqual({
      kind: 'panel-key',
      name: 'q',
      ch: 'q',
    });
    expect(commandForPanel({ type: 'key', name: 'C-c' }, [])).toEqual({ kind: 'interrupt' });
    expect(commandForPanel({ type: 'key', name: 'C-l' }, [])).toEqual({ kind: 'redraw' });
    expect(commandForPanel({ type: 'key', name: 'C-z' }, [])).toEqual({ kind: 'suspend' });
  });

  it('rows wrap round, and the name row is there only for a deal that needs one', () => {
    expect(rowsOf(open)).toEqual(['suits', 'relaxed', 'keep', 'deal']);
    const up = panelKey(open, { name: 'up' });
    expect(up).toMatchObject({ kind: 'stay', panel: { row: 'deal' } });
    const seeded = { ...open, choice: { ...CHOICE, deal: 'seed' as const } };
    expect(rowsOf({ ...seeded, saves: 1 })).toEqual([
      'suits',
      'relaxed',
      'keep',
      'deal',
      'name',
      'saves',
    ]);
  });

  it('values turn both ways and wrap round', () => {
    const left = panelKey(open, { name: 'left' });
    expect(left).toMatchObject({ panel: { choice: { suits: 2 } } });
    const right = panelKey(open, { name: 'right' });
    expect(right).toMatchObject({ panel: { choice: { suits: 1 } } });
  });

  it('typing on the deal row of a seed goes to the seed; digits there are no shortcut', () => {
    const onDeal = { ...open, row: 'deal' as const, choice: { ...CHOICE, deal: 'pysol' as const } };
    const typed = panelKey(onDeal, { name: '4', ch: '4' });
    expect(typed).toMatchObject({ panel: { row: 'name', choice: { name: '4', suits: 4 } } });
  });

  it('q and Esc close; s lists saved games only when there are some', () => {
    expect(panelKey(open, { name: 'q', ch: 'q' })).toEqual({ kind: 'close' });
    expect(panelKey(open, { name: 'escape' })).toEqual({ kind: 'close' });
    expect(panelKey(open, { name: 's', ch: 's' })).toMatchObject({ kind: 'stay' });
    expect(panelKey({ ...open, saves: 2 }, { name: 's', ch: 's' })).toEqual({ kind: 'saves' });
  });

  it('a name stops at 100 characters, and takes only printable ASCII', () => {
    let panel: NewGamePanel = { ...open, row: 'name', choice: { ...CHOICE, deal: 'seed' } };
    for (let i = 0; i < 120; i++) {
      const answer = panelKey(panel, { name: 'x', ch: 'x' });
      if (answer.kind === 'stay') panel = answer.panel;
    }
    expect(panel.choice.name).toHaveLength(100);
    expect(panelKey(panel, { name: 'M-x', ch: 'x' })).toMatchObject({
      panel: { choice: { name: panel.choice.name } },
    });
  });
});

describe('the new-game panel with the rules fixed by the server', () => {
  const fixed = openPanel(CHOICE, 0, true);

  it("shows the rules and says they are the server's; only the deal is chosen", () => {
    expect(fixed.row).toBe('deal');
    expect(rowsOf(fixed)).toEqual(['deal']);
    const text = layout(withPanel(fixed), 80, 24).frame.text();
    expect(text).toMatch(/Suits +1 suit +2 suits +\[4 suits\]/);
    expect(text).toContain('fixed by this server: choose the deal below');
    expect(text).toMatch(/>Deal +\[random\]/);
  });

  it('no key reaches a rule: up, down, left and right stay on the deal', () => {
    for (const name of ['up', 'down', 'tab', 'S-tab'])
      expect(panelKey(fixed, { name })).toMatchObject({ panel: { row: 'deal' } });
    expect(panelKey(fixed, { name: 'right' })).toMatchObject({
      panel: { row: 'deal', choice: { ...RULES, deal: 'seed' } },
    });
    expect(panelKey(fixed, { name: '1', ch: '1' })).toMatchObject({ panel: { choice: RULES } });
    const seeded = { ...fixed, choice: { ...CHOICE, deal: 'seed' as const } };
    expect(rowsOf({ ...seeded, saves: 1 })).toEqual(['deal', 'name', 'saves']);
  });

  it('a click on a rule says why it does not change', () => {
    for (const target of [
      { row: 'suits', value: 1 },
      { row: 'relaxed', value: 3 },
      { row: 'keep', value: true },
    ] as const)
      expect(panelClick(fixed, target)).toEqual({
        kind: 'stay',
        panel: { ...fixed, problem: 'This server plays these rules only; the deal can be chosen.' },
      });
  });
});

describe('the key line with the panel open', () => {
  it("names the panel's keys, not the board's, and s only when games are saved", () => {
    const last = (state: UiState) => layout(state, 80, 24).frame.line(23);
    expect(last(withPanel(openPanel(CHOICE, 0)))).toBe(
      'arrows choose  Enter deals  Esc back to the game',
    );
    expect(last(withPanel(openPanel(CHOICE, 2)))).toBe(
      'arrows choose  Enter deals  s saved games  Esc back to the game',
    );
    expect(layout(withPanel(openPanel(CHOICE, 2)), 50, 15).frame.line(14)).toBe(
      'Enter deals  Esc closes',
    );
  });
});
