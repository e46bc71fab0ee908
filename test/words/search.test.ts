/**
 * The fair player's choice in words (docs/playing.md, "Hints"): the action as the hints word it,
 * what it does, where its plan leads, and the chance of winning when there is one.
 */
import { type Action, DEAL, move, newGame, type Position, remove } from '../../src/engine';
import { type FairChoice, type FairGoal, fairChoice, gameView } from '../../src/search';
import { chanceWords, describeFair, whereLostProgressWords } from '../../src/words/search';
import { position, type PositionSpec, suitRun } from '../helpers/build';

/** A column that takes no part: its ace lies on an off-suit two, and nothing fits on it. */
const INERT = 'Kd | 2c Ad';

function board(columns: string[], spec: Omit<PositionSpec, 'columns'> = {}): Position {
  const all = Array.from({ length: 10 }, (_, c) => columns[c] ?? INERT);
  return position({ ...spec, columns: all });
}

function choice(plan: Action[], goal: FairGoal | null, chance: number | null = null): FairChoice {
  return {
    action: plan[0] ?? null,
    plan,
    goal,
    chance,
    worlds: 8,
    positions: 100,
    ms: 5,
    cut: false,
  };
}

// Column 3: 9♥ on a face-down card's 3♦; column 5: 10♥; column 6: 4♠; column 7: 7♥ alone;
// column 8: 8♠; column 9: 8♥ on a face-down card.
const P = board([INERT, INERT, 'Kc | 3d 9h', INERT, 'Kc | Th', '4s', '7h', '8s', 'Kd | 8h']);
const NINE_ONTO_TEN = move(2, 4, 1);

describe('what the action does', () => {
  it('builds in suit, with the chance of winning', () => {
    expect(describeFair(P, choice([NINE_ONTO_TEN], 'arrange', 0.4))).toBe(
      'move 9♥ from column 3 onto 10♥ in column 5: builds in suit; about 40% to win',
    );
  });

  it('says nothing of the chance when the player gives none, and writes ASCII when asked', () => {
    expect(describeFair(P, choice([NINE_ONTO_TEN], 'arrange'), true)).toBe(
      'move 9h from column 3 onto 10h in column 5: builds in suit',
    );
  });

  it('turns a card, empties a column, uncovers a card', () => {
    const turning = board(['Kc | 8s', '9h']);
    expect(describeFair(turning, choice([move(0, 1, 1)], 'turn'))).toBe(
      'move 8♠ from column 1 onto 9♥ in column 2: turns a card',
    );
    expect(describeFair(P, choice([move(6, 7, 1)], 'arrange'))).toBe(
      'move 7♥ from column 7 onto 8♠ in column 8: empties column 7',
    );
    expect(describeFair(P, choice([move(6, 8, 1)], 'arrange'))).toBe(
      'move 7♥ from column 7 onto 8♥ in column 9: builds in suit and empties column 7',
    );
    const uncovering = board(['Kc | 3d 7c', '8h']);
    expect(describeFair(uncovering, choice([move(0, 1, 1)], 'arrange'))).toBe(
      'move 7♣ from column 1 onto 8♥ in column 2: uncovers 3♦',
    );
  });

  it('removes a complete suit (keep-suits games)', () => {
    const keeping = board(['', '', '', `Kc | ${suitRun('s')}`], { rules: { keepSuits: true } });
    expect(describeFair(keeping, choice([remove(3)], 'turn'))).toBe(
      'remove the complete ♠ suit from column 4',
    );
  });
});

describe('where the plan leads', () => {
  it('on the way to turning a card, in the column where the plan turns it', () => {
    // After the 9♥ leaves, the 3♦ goes onto the 4♠ and turns column 3's face-down card.
    const plan = [NINE_ONTO_TEN, move(2, 5, 1)];
    expect(describeFair(P, choice(plan, 'turn', 0.123))).toBe(
      'move 9♥ from column 3 onto 10♥ in column 5: builds in suit, on the way to turning a card in column 3; about 12% to win',
    );
  });

  it('deals when nothing is better, or gets ready to', () => {
    expect(describeFair(P, choice([DEAL], 'deal'))).toBe('deal: nothing better to do');
    expect(describeFair(P, choice([DEAL], 'deal', 0.004))).toBe(
      'deal: nothing better to do; under 1% to win',
    );
    expect(describeFair(P, choice([NINE_ONTO_TEN, DEAL], 'deal'))).toBe(
      'move 9♥ from column 3 onto 10♥ in column 5: builds in suit, on the way to a deal',
    );
  });

  it('wins, at once or on the way', () => {
    expect(describeFair(P, choice([NINE_ONTO_TEN], 'win', 0.999))).toBe(
      'move 9♥ from column 3 onto 10♥ in column 5: builds in suit, wins the game; over 99% to win',
    );
    expect(describeFair(P, choice([DEAL, NINE_ONTO_TEN, DEAL], 'win'))).toBe(
      'deal a new row from the stock: on the way to a win in 3 actions',
    );
  });

  it('tidies the face-up cards over several moves', () => {
    expect(describeFair(P, choice([NINE_ONTO_TEN, move(6, 7, 1)], 'arrange'))).toBe(
      'move 9♥ from column 3 onto 10♥ in column 5: builds in suit, the first of 2 moves that tidy the face-up cards',
    );
  });

  it('nothing worth doing, when the player has no action', () => {
    expect(describeFair(P, choice([], null))).toBe('nothing worth doing');
  });
});

it('the chance of winning is a whole percent, under 1% and over 99% at the ends', () => {
  const cases: [number, string][] = [
    [0, 'under 1%'],
    [0.004, 'under 1%'],
    [0.005, 'about 1%'],
    [0.5, 'about 50%'],
    [0.994, 'about 99%'],
    [0.995, 'over 99%'],
    [1, 'over 99%'],
  ];
  for (const [chance, words] of cases) expect(chanceWords(chance)).toBe(words);
});

it('words the real player’s choice from a deal', () => {
  const game = newGame({ scheme: 'pysol', key: '5' }, { suits: 2, relaxed: 0, keepSuits: false });
  const real = fairChoice(gameView(game), { seed: 'words', now: () => 0, tuning: { worlds: 4 } });
  expect(real.action?.kind).toBe('move');
  expect(describeFair(game.position, real)).toMatch(
    /^move \S+ from column \d+ (onto \S+ in column \d+|into empty column \d+): \w/,
  );
});

describe('how far the search for where it went wrong has gone', () => {
  const far = { actions: 120, at: 34, looked: 5, positions: 1_234_567, ms: 6_900 };
  it('names the position it looks at, the moves looked at, the positions and the seconds', () => {
    expect(whereLostProgressWords(far)).toBe(
      'Now after move 34 of 120: 5 moves looked at, 1.2M positions, 6 s.',
    );
    expect(whereLostProgressWords({ ...far, at: 0, looked: 1, positions: 950, ms: 300 })).toBe(
      'Now at the deal: 1 move looked at, 950 positions, 0 s.',
    );
    expect(whereLostProgressWords({ ...far, positions: 12_400 })).toContain('12,400 positions');
    expect(whereLostProgressWords({ ...far, positions: 380_200 })).toContain('380k positions');
  });
});
