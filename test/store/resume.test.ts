import { bySeed, DEFAULT_RULES, type Rules } from '../../src/engine';
import type { SaveHeader } from '../../src/notation/save';
import {
  choose,
  matches,
  newGameAsked,
  rulesWanted,
  sameDealWanted,
  settle,
  type Wanted,
  whyNewGame,
} from '../../src/store/resume';

const TWO: Rules = { ...DEFAULT_RULES, suits: 2 };
const PLAIN: Wanted = { rules: DEFAULT_RULES, explicitRules: {}, fresh: false, loaded: false };

function header(
  seed: string,
  rules: Rules = DEFAULT_RULES,
  more: Partial<SaveHeader> = {},
): SaveHeader {
  return {
    deal: bySeed(seed),
    rules,
    saved: '2026-01-01T00:00:00.000Z',
    abandoned: false,
    moves: null,
    elapsedMs: null,
    ...more,
  };
}

describe('which saves a start may resume', () => {
  it('matches only the rule options the player gave', () => {
    expect(matches(TWO, {})).toBe(true);
    expect(matches(TWO, { suits: 2 })).toBe(true);
    expect(matches(TWO, { suits: 4 })).toBe(false);
    expect(rulesWanted({ ...PLAIN, explicitRules: { suits: 2 } })(header('1'))).toBe(false);
  });

  it('looks for the game of a deal asked for, with the same rules, unless a new game is asked', () => {
    const wanted = { ...PLAIN, deal: bySeed('7') };
    const same = sameDealWanted(wanted);
    expect(same?.(header('7'))).toBe(true);
    expect(same?.(header('8'))).toBe(false);
    expect(same?.(header('7', TWO))).toBe(false);
    expect(sameDealWanted(PLAIN)).toBeNull();
    expect(sameDealWanted({ ...wanted, fresh: true })).toBeNull();
    expect(sameDealWanted({ ...wanted, loaded: true })).toBeNull();
  });
});

describe('what becomes of the game chosen', () => {
  it('records a game its moves say is over', () => {
    expect(choose({ status: 'won' })).toEqual({ kind: 'record', outcome: 'won' });
    expect(choose({ status: 'lost' })).toEqual({ kind: 'record', outcome: 'lost' });
  });

  it('resumes it otherwise, also while its status is being decided', () => {
    expect(choose({ status: 'playing' })).toEqual({ kind: 'resume' });
    expect(choose({ status: null })).toEqual({ kind: 'resume' });
  });

  it('knows a new game asked for: a deal, --new or a file; never a save asked for', () => {
    expect(newGameAsked(PLAIN)).toBe(false);
    expect(newGameAsked({ ...PLAIN, slot: '20260101T000000000-s-abcdefgh' })).toBe(false);
    expect(newGameAsked({ ...PLAIN, deal: bySeed('7') })).toBe(true);
    expect(newGameAsked({ ...PLAIN, fresh: true })).toBe(true);
    expect(newGameAsked({ ...PLAIN, loaded: true })).toBe(true);
  });
});

describe('a game waiting only for the statistics', () => {
  it('is played on when its moves can be, unless it was given up', () => {
    expect(settle('playing', false)).toEqual({ kind: 'play-on' });
    expect(settle('playing', true)).toEqual({ kind: 'record', outcome: 'abandoned' });
    expect(settle('won', false)).toEqual({ kind: 'record', outcome: 'won' });
    expect(settle('lost', true)).toEqual({ kind: 'record', outcome: 'lost' });
  });
});

describe('why a new game is dealt', () => {
  it('names the deal asked for when its game is open elsewhere', () => {
    const wanted = { ...PLAIN, deal: bySeed('7') };
    expect(whyNewGame(wanted, [header('7')], 1)).toBe('deal-elsewhere');
    expect(whyNewGame(wanted, [header('7', DEFAULT_RULES, { status: 'won' })], 1)).toBeNull();
    expect(whyNewGame(wanted, [header('7', DEFAULT_RULES, { abandoned: true })], 1)).toBeNull();
    expect(whyNewGame({ ...wanted, fresh: true }, [header('7')], 1)).toBeNull();
    // A save asked for by its slot says why itself (save-unavailable).
    expect(whyNewGame({ ...PLAIN, slot: 'x' }, [header('7')], 1)).toBeNull();
  });

  it('says the other games are open elsewhere when no deal and no new game was asked', () => {
    expect(whyNewGame(PLAIN, [header('1')], 1)).toBe('others-elsewhere');
    expect(whyNewGame(PLAIN, [], 0)).toBeNull();
    expect(whyNewGame({ ...PLAIN, fresh: true }, [header('1')], 1)).toBeNull();
  });
});
