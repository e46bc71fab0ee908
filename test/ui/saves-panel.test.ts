import { bySeed, newGame, type Rules } from '../../src/engine';
import type { SavedGame } from '../../src/store/saves-list';
import { initialState } from '../../src/ui/controller';
import { layout } from '../../src/ui/layout';
import { openPanel } from '../../src/ui/new-game';
import { savedGames, type SavedGamesHooks } from '../../src/ui/saved-games';
import { lastPlayed } from '../../src/notation';
import { openSaves, savesClick, savesKey } from '../../src/ui/saves-panel';
import type { UiState } from '../../src/ui/state';
import { key, panelKey, run, THEME } from '../helpers/controller';

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const NOW = new Date(2026, 11, 7, 16, 0);
const back = openPanel({ ...RULES, deal: 'random', name: '' }, 2);

const saved = (seed: string, changes: Partial<SavedGame> = {}): SavedGame => ({
  slot: `slot-${seed}`,
  deal: bySeed(seed),
  rules: RULES,
  moves: 12,
  elapsedMs: 61_000,
  saved: new Date(2026, 11, 7, 10, 30).toISOString(),
  open: null,
  ...changes,
});

const GAMES = [
  saved('7', { open: 'here' }),
  saved('42', { rules: { suits: 2, relaxed: 3, keepSuits: true }, moves: 1 }),
  saved('99', { open: 'elsewhere', saved: new Date(2026, 11, 6, 18, 2).toISOString() }),
];

describe('the list of saved games', () => {
  const list = openSaves(GAMES, back, NOW);

  it('starts on the first game not in play, and shows each in aligned columns', () => {
    expect(list.at).toBe(1);
    const state: UiState = { ...initialState(newGame('7', RULES), THEME, 'woods'), overlay: list };
    const view = layout(state, 80, 24);
    const text = view.frame.text();
    expect(text).toContain('Saved games');
    expect(text).toMatch(/ seed 7 \(in play\) +4 suits +12 moves +1:01 +today 10:30/);
    expect(text).toMatch(/>seed 42 +2 suits r3 keep +1 move +1:01 +today 10:30/);
    expect(text).toMatch(/ seed 99 \(open elsewhere\) +4 suits +12 moves +1:01 +yesterday 18:02/);
    expect(view.panel?.filter((hit) => hit.target.row === 'game')).toHaveLength(3);
  });

  it('moves with the arrows, wrapping round; Esc goes back to the new-game panel', () => {
    expect(savesKey(list, 'down')).toMatchObject({ panel: { at: 2 } });
    expect(savesKey({ ...list, at: 2 }, 'down')).toMatchObject({ panel: { at: 0 } });
    expect(savesKey(list, 'up')).toMatchObject({ panel: { at: 0 } });
    expect(savesKey(list, 'escape')).toEqual({ kind: 'back' });
  });

  it('Enter plays the game at the cursor; the one in play closes, one open elsewhere says so', () => {
    expect(savesKey(list, 'enter')).toEqual({ kind: 'switch', slot: 'slot-42' });
    expect(savesKey({ ...list, at: 0 }, 'enter')).toEqual({ kind: 'close' });
    expect(savesKey({ ...list, at: 2 }, 'enter')).toMatchObject({
      panel: { note: 'That game is open in another spider session: leave it there first.' },
    });
  });

  it('x asks before giving a game up; y gives it up, any other key keeps it', () => {
    const asked = savesKey(list, 'x', 'x');
    expect(asked).toMatchObject({ kind: 'stay', panel: { asking: true } });
    if (asked.kind !== 'stay') throw new Error('not asked');
    expect(savesKey(asked.panel, 'y', 'y')).toEqual({ kind: 'give-up', slot: 'slot-42' });
    expect(savesKey(asked.panel, 'n', 'n')).toMatchObject({
      panel: { asking: false, note: 'Kept.' },
    });
    expect(savesKey({ ...list, at: 0 }, 'x', 'x')).toMatchObject({ panel: { asking: false } });
  });

  it('a click puts the cursor on a game, a second click plays it', () => {
    expect(savesClick(list, 2)).toMatchObject({ panel: { at: 2 } });
    expect(savesClick(list, 1)).toEqual({ kind: 'switch', slot: 'slot-42' });
  });

  it('says when a game was last played in words for today and yesterday', () => {
    expect(lastPlayed(new Date(2026, 11, 7, 0, 5).toISOString(), NOW)).toBe('today 00:05');
    expect(lastPlayed(new Date(2026, 11, 6, 23, 59).toISOString(), NOW)).toBe('yesterday 23:59');
    expect(lastPlayed(new Date(2026, 10, 30, 9, 0).toISOString(), NOW)).toBe('2026-11-30 09:00');
  });
});

describe('the list in the game', () => {
  const other = newGame('42', RULES);
  const calls: string[] = [];
  const hooks: SavedGamesHooks = {
    list: () => ({ games: GAMES, problem: null }),
    switchTo: (slot) => {
      calls.push(`switch ${slot}`);
      return slot === 'slot-42'
        ? { ok: true, game: other, text: 'Resumed your game.' }
        : { ok: false, text: 'No.' };
    },
    giveUp: (slot) => {
      calls.push(`give up ${slot}`);
      return 'Given up.';
    },
  };
  const start = initialState(newGame('7', RULES), THEME, 'woods');

  it('n, then s, lists them; Enter switches to the game chosen', () => {
    const panel = run(start, key('new')).state;
    const asked = run(panel, panelKey('s', 's'));
    expect(asked.effect).toBeNull(); // no saved games counted: s means nothing
    const withSaves = { ...panel, overlay: { ...back } };
    const listing = run(withSaves, panelKey('s', 's'));
    expect(listing.effect).toBe('saves');
    const listed = savedGames(listing.state, 'saves', hooks, NOW);
    expect(listed.overlay).toMatchObject({ kind: 'saves', at: 1 });
    const chosen = run(listed, panelKey('enter'));
    expect(chosen.effect).toBe('switch-save');
    const switched = savedGames(chosen.state, 'switch-save', hooks, NOW);
    expect(calls).toContain('switch slot-42');
    expect(switched.game).toBe(other);
    expect(switched.overlay).toBeNull();
    expect(switched.message?.text).toBe('Resumed your game.');
  });

  it('a refused switch leaves the game in play, and the list says why', () => {
    const listed = savedGames({ ...start, overlay: back }, 'saves', hooks, NOW);
    const onElsewhere = { ...listed, overlay: { ...openSaves(GAMES, back, NOW), at: 0 } };
    const refused = savedGames(onElsewhere, 'switch-save', hooks, NOW);
    expect(refused.game).toBe(start.game);
    expect(refused.overlay).toMatchObject({ kind: 'saves', note: 'No.' });
  });

  it('giving up reads the list again and says what became of the game', () => {
    const listed = savedGames({ ...start, overlay: back }, 'saves', hooks, NOW);
    const after = savedGames(listed, 'give-up', hooks, NOW);
    expect(calls).toContain('give up slot-42');
    expect(after.overlay).toMatchObject({ kind: 'saves', note: 'Given up.' });
  });

  it('without a store, says none are kept', () => {
    expect(savedGames({ ...start, overlay: back }, 'saves', undefined).message?.text).toBe(
      'No saved games are kept here.',
    );
  });
});
