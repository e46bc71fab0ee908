/**
 * The choices benchmark (docs/measurements.md, "What was measured"): where in a record it stops,
 * which games it is given, and the worlds every action there is tried in.
 */
import { gamesFromEnv, pointAfter, replayed, worldAt } from '../../bench/choices';
import { SettingError } from '../../bench/settings';
import { deckOf } from '../../src/engine';
import { gameView, viewOf } from '../../src/search';

describe('the point after a deal', () => {
  const record = ['1-2', 'd', '3-4', '4-5', 'd', '5-6'];

  it('is the first choice of the game at deal 0', () => {
    expect(pointAfter(record, 0)).toEqual({ played: [], choice: '1-2' });
  });

  it('is the action right after that deal, with the record up to it', () => {
    expect(pointAfter(record, 1)).toEqual({ played: ['1-2', 'd'], choice: '3-4' });
    expect(pointAfter(record, 2)).toEqual({ played: record.slice(0, 5), choice: '5-6' });
  });

  it('is none when the game never made the deal, or ended right after it', () => {
    expect(pointAfter(record, 3)).toBeNull();
    expect(pointAfter(['1-2', 'd'], 1)).toBeNull();
    expect(pointAfter([], 0)).toBeNull();
  });
});

describe('the games given', () => {
  const read = (given: string) => gamesFromEnv('G', [1], { G: given });

  it('are the fallback when not given', () => {
    expect(gamesFromEnv('G', [5001, 5002], {})).toEqual([5001, 5002]);
    expect(read(' ')).toEqual([1]);
  });

  it('are numbers and ranges, in the order given', () => {
    expect(read('9294, 9311')).toEqual([9294, 9311]);
    expect(read('5001..5003,7')).toEqual([5001, 5002, 5003, 7]);
  });

  it.each(['x', '0', '5003..5001', '1..', '1,,2', '-4'])('%j is refused, by name', (given) => {
    expect(() => read(given)).toThrow(
      new SettingError(`G='${given}': game numbers as in '9294,9311' or '5001..5100'`),
    );
  });
});

describe('the worlds of a point', () => {
  const now = replayed(5001, 2, ['9-1', 'd']);
  const view = gameView(now);

  it('fit what the player sees there', () => {
    for (const k of [0, 3])
      expect(viewOf(worldAt(now, k), deckOf(now.deal, now.rules))).toEqual(view);
  });

  it('are the same for every action tried, and differ from one another', () => {
    expect(worldAt(now, 2)).toEqual(worldAt(now, 2));
    expect(worldAt(now, 2)).not.toEqual(worldAt(now, 1));
  });

  it('come from a record that plays', () => {
    expect(now.position.dealt).toBe(1);
    expect(() => replayed(5001, 2, ['9-1', '1-1'])).toThrow("game 5001: '1-1' cannot be played");
  });
});
