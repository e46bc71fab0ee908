/**
 * What the statistics hear of a game, on a real folder (README, "Saved games and statistics"):
 * the result as the history keeps it, and a game continued from a record kept out of the counts.
 */
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { bySeed, DEAL, newGame, play, type Rules } from '../../src/engine';
import { readResults } from '../../src/store/history';
import { localPlaces } from '../../src/store/paths';
import { ResultBook } from '../../src/store/results';

const ONE_SUIT: Rules = { suits: 1, relaxed: 0, keepSuits: false };
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function book(clock: Date) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-results-'));
  roots.push(root);
  const places = localPlaces({ XDG_DATA_HOME: root, XDG_STATE_HOME: root });
  return { results: new ResultBook(places, () => clock), data: places.data };
}

function dealtOnce(seed: string) {
  const dealt = play(newGame(seed, ONE_SUIT), DEAL);
  if (!dealt.ok) throw new Error('the deal was refused');
  return dealt.game;
}

describe('a result the history keeps', () => {
  it("has the clock's time, whole milliseconds, and the game's moves (a deal counts) and actions", () => {
    const clock = new Date('2026-11-27T09:30:00.000Z');
    const { results, data } = book(clock);
    const game = dealtOnce('3');
    expect(results.record(game, 'abandoned', { elapsedMs: 1234.6, continued: false })).toEqual({
      ok: true,
    });
    const [kept] = readResults(data).results;
    expect(kept).toMatchObject({
      deal: bySeed('3'),
      outcome: 'abandoned',
      moves: 1,
      actions: 1,
      elapsedMs: 1235,
      ended: '2026-11-27T09:30:00.000Z',
    });
    expect(kept.continued).toBeUndefined();
  });

  it('is marked when the game was continued from a record, and then counts in no statistic', () => {
    const { results, data } = book(new Date('2026-11-27T09:30:00.000Z'));
    const game = dealtOnce('4');
    results.record(game, 'abandoned', { elapsedMs: 10, continued: true });
    expect(readResults(data).results).toEqual([expect.objectContaining({ continued: true })]);
    expect(results.statistics(game, { elapsedMs: 10, continued: false })).toMatchObject({
      read: true,
      line: null,
      others: 0,
    });
  });
});
