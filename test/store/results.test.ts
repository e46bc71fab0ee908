/**
 * What the statistics hear of a game, on a real folder (README, "Saved games and statistics"):
 * the result as the history keeps it, a game continued from a record kept out of the counts, and
 * the history read again only when it changed.
 */
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { bySeed, DEAL, newGame, play, type Rules } from '../../src/engine';
import * as history from '../../src/store/history';
import { readResults } from '../../src/store/history';
import { localPlaces } from '../../src/store/paths';
import { ResultBook } from '../../src/store/results';
import { playedOut } from '../helpers/play-out';

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

describe('the statistics s shows', () => {
  afterEach(() => jest.restoreAllMocks());

  it('read the history again only once the file has changed, and then only what was added', () => {
    const { results, data } = book(new Date('2026-11-27T09:30:00.000Z'));
    const game = dealtOnce('5');
    const played = { elapsedMs: 10, continued: false };
    results.record(game, 'abandoned', played);
    const reads = jest.spyOn(history, 'readDigest');
    const parsed = () =>
      reads.mock.results.map((call) => (call.value as history.HistoryDigest).parsed);
    const size = () => fs.statSync(history.historyPath(data)).size;
    expect(results.statistics(game, played).line).toMatchObject({ played: 1, abandoned: 1 });
    expect(results.statistics(game, played).line).toMatchObject({ played: 1 });
    // The second time, nothing is read: the file is as it was.
    expect(parsed()).toEqual([size(), 0]);
    // Another session of the player's adds a game: it counts at once, and only its line is read.
    let before = size();
    history.appendResult(data, { ...readResults(data).results[0], outcome: 'lost' });
    expect(results.statistics(game, played).line).toMatchObject({ played: 2, lost: 1 });
    expect(parsed()[2]).toBe(size() - before);
    before = size();
    results.record(game, 'abandoned', played);
    expect(results.statistics(game, played).line).toMatchObject({ played: 3, abandoned: 2 });
    expect(parsed()[3]).toBe(size() - before);
  });

  it('read anew a history whose new line ended before the last game counted, to count it in its place', () => {
    const { results, data } = book(new Date('2026-11-27T09:30:00.000Z'));
    const { before: playing, after: won } = playedOut('won');
    const played = { elapsedMs: 10, continued: false };
    results.record(won, 'won', played);
    results.record(won, 'won', played);
    expect(results.statistics(playing, played).line).toMatchObject({ currentStreak: 2 });
    // A loss recorded late, from before the two wins: the streak is still two.
    const [first] = readResults(data).results;
    const reads = jest.spyOn(history, 'readDigest');
    history.appendResult(data, { ...first, outcome: 'lost', ended: '2026-11-27T09:00:00.000Z' });
    expect(results.statistics(playing, played).line).toMatchObject({
      played: 3,
      currentStreak: 2,
      bestStreak: 2,
    });
    // The new line was read, then the whole file.
    const [read] = reads.mock.results.map((call) => call.value as history.HistoryDigest);
    expect(read.parsed).toBe(fs.statSync(history.historyPath(data)).size);
  });

  it('checks the records of a win against the history as it is, after a game recorded', () => {
    const { results } = book(new Date('2026-11-27T09:30:00.000Z'));
    const played = { elapsedMs: 10, continued: false };
    const { after: won } = playedOut('won');
    expect(results.winNote(won, 10)?.text).toMatch(/^You won! New records: first win/);
    results.record(won, 'won', played);
    // The same win again: the first is in the history, so only the streak is new.
    expect(results.winNote(won, 10)?.text).toBe('You won! New records: best streak: 2.');
  });

  it('say so when the history is gone, or is no longer a file', () => {
    const { results, data } = book(new Date('2026-11-27T09:30:00.000Z'));
    const game = dealtOnce('7');
    const played = { elapsedMs: 10, continued: false };
    results.record(game, 'abandoned', played);
    expect(results.statistics(game, played).line).toMatchObject({ played: 1 });
    const file = history.historyPath(data);
    fs.rmSync(file);
    expect(results.statistics(game, played)).toMatchObject({ read: true, line: null });
    fs.mkdirSync(file);
    expect(results.statistics(game, played)).toMatchObject({ read: false, line: null });
    expect(results.statistics(game, played).note).toMatch(/^Can't read them: not a regular file/);
  });

  it('are read when the history appears, and again when it is replaced', () => {
    const { results, data } = book(new Date('2026-11-27T09:30:00.000Z'));
    const game = dealtOnce('6');
    const played = { elapsedMs: 10, continued: false };
    expect(results.statistics(game, played)).toMatchObject({ read: true, line: null });
    results.record(game, 'abandoned', played);
    expect(results.statistics(game, played).line).toMatchObject({ played: 1 });
    // A history put in its place, of the same size: another file, read anew.
    const file = history.historyPath(data);
    const text = fs.readFileSync(file, 'utf8').replace('"abandoned"', '"lost"     ');
    fs.writeFileSync(`${file}.new`, text);
    fs.renameSync(`${file}.new`, file);
    expect(results.statistics(game, played).line).toMatchObject({ played: 1, lost: 1 });
  });
});
