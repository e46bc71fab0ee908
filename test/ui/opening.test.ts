/**
 * The first message of a game (docs/deals.md, "Winnable deals"; docs/saves.md, "Saved games and
 * statistics"): it names the deal, after whatever the start has to say, unless that already names
 * it.
 */
import { bySeed, newGame, type Rules } from '../../src/engine';
import { openingState } from '../../src/ui/play';

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const THEME = { ascii: false, color: true, fourColor: false };
const winnable = newGame({ ...bySeed('21'), origin: { from: bySeed('20') } }, RULES);
const abandoned = { text: 'Your unfinished game (seed 9) counts as abandoned.', warning: false };

describe('the first message', () => {
  it('names the deal and what to do when the start has nothing to say', () => {
    expect(openingState(winnable, THEME, 'woods').message?.text).toMatch(
      /^Seed 21, proven winnable \(from seed 20\)\. Pick a column/,
    );
  });

  it('names a new deal after what the start says: a game abandoned for it', () => {
    const state = openingState(winnable, THEME, 'woods', [abandoned]);
    expect(state.message).toEqual({
      text: 'Your unfinished game (seed 9) counts as abandoned. Seed 21, proven winnable (from seed 20).',
      kind: 'info',
    });
  });

  it('does not name the deal twice when the notes name it (a resumed game)', () => {
    const resumed = {
      text: 'Resumed your game from today at 10:10: seed 21, 3 moves.',
      warning: false,
    };
    expect(openingState(winnable, THEME, 'woods', [resumed], true).message?.text).toBe(
      resumed.text,
    );
  });

  it('is a warning when a note is', () => {
    const bad = {
      text: 'Your saved game x.txt could not be used (it is not UTF-8 text).',
      warning: true,
    };
    expect(openingState(winnable, THEME, 'woods', [bad]).message?.kind).toBe('error');
  });
});
