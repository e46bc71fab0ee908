/**
 * What the statistics hear of a game, on a real folder (docs/saves.md, "Saved games and
 * statistics"): the result as the history keeps it, a game continued from a record kept out of the
 * counts, and the history read again only when it changed.
 */
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { bySeed, DEAL, newGame, play, type Rules } from '../../src/engine';
import { summarize } from '../../src/stats';
import { SERVER_DISK_LIMITS } from '../../src/store/disk-limits';
import { FOLD_CHUNK_BYTES } from '../../src/store/fold';
import * as history from '../../src/store/history';
import { MAX_HISTORY_BYTES, MAX_LINE_BYTES, readResults } from '../../src/store/history';
import { localPlaces, playerPlaces } from '../../src/store/paths';
import { ResultBook } from '../../src/store/results';
import { playedOut } from '../helpers/play-out';
import { historyLine, playedGames } from '../helpers/results';
import { storeNote } from '../../src/words/store';
import type { StoreNews } from '../../src/store/news';

/** What the player reads of the store's news, if any. */
const textOf = (news: StoreNews | null): string | null => news && storeNote(news).text;

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
    expect(textOf(results.winNote(won, 10))).toMatch(/^You won! New records: first win/);
    results.record(won, 'won', played);
    // The same win again: the first is in the history, so only the streak is new.
    expect(textOf(results.winNote(won, 10))).toBe('You won! New records: best streak: 2.');
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

describe('a history kept within a limit (docs/serve.md, "Limits on disk")', () => {
  afterEach(() => jest.restoreAllMocks());

  /** A server's player's book, the folder holding `lines` as the history. */
  function playerBook(lines: string, limits = SERVER_DISK_LIMITS) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-results-player-'));
    roots.push(folder);
    fs.chmodSync(folder, 0o700);
    fs.writeFileSync(history.historyPath(folder), lines, { mode: 0o600 });
    const clock = new Date('2030-01-01T00:00:00.000Z'); // after every game of the history
    return { results: new ResultBook(playerPlaces(folder, limits), () => clock), folder };
  }

  it('costs the same with a 64 MiB history: read by its last MiB, folded in chunks, then read whole', async () => {
    const one = historyLine(playedGames(1, 10, { rules: ONE_SUIT })[0]).length;
    const all = playedGames(Math.floor(MAX_HISTORY_BYTES / one), 10, { rules: ONE_SUIT });
    const { results, folder } = playerBook(all.map(historyLine).join(''));
    const file = history.historyPath(folder);
    expect(fs.statSync(file).size).toBeGreaterThan(MAX_HISTORY_BYTES - 1024 * 1024);
    const reads = jest.spyOn(history, 'readDigest');
    const parsed = () =>
      reads.mock.results.map((call) => (call.value as history.HistoryDigest).parsed);
    const game = dealtOnce('8');
    const played = { elapsedMs: 10, continued: false };
    // The first s reads the last MiB, says so, and starts the fold.
    expect(results.statistics(game, played).note).toBe(
      'Only the last 1 MiB of the history counted.',
    );
    expect(parsed()[0]).toBeLessThanOrEqual(SERVER_DISK_LIMITS.historyBytes + 1);
    const folded = await results.folded();
    expect(folded).toMatchObject({ folded: true, games: expect.any(Number) });
    if (!folded?.folded) return;
    // Never more than a chunk (and a line across its end) parsed in one turn of the event loop.
    expect(folded.largestStep).toBeLessThanOrEqual(FOLD_CHUNK_BYTES + MAX_LINE_BYTES);
    const size = fs.statSync(file).size;
    expect(size).toBeLessThanOrEqual(SERVER_DISK_LIMITS.historyBytes / 2);
    // Then the whole history, every game counted as before it was folded; then nothing; then a
    // game recorded, and only its line.
    const expected = summarize(all).find((l) => !l.daily);
    expect(results.statistics(game, played)).toMatchObject({ line: expected, note: null });
    results.statistics(game, played);
    results.record(game, 'abandoned', played);
    expect(results.statistics(game, played).line).toMatchObject({
      played: all.length + 1,
      abandoned: 1,
    });
    const grown = fs.statSync(file).size - size;
    expect(parsed().slice(1)).toEqual([size, 0, grown]);
    expect(textOf(results.winNote(playedOut('won').after, 10))).not.toMatch(/not checked/);
  }, 120_000);

  it('folds once an append takes the history past its limit, and finds a late result it folded', async () => {
    const limits = { ...SERVER_DISK_LIMITS, historyBytes: 512 * 1024 };
    // The fold keeps 192 KiB of lines: a game recorded with 220 KiB after it is folded, while
    // the search for late results (the last 256 KiB) would still have found it.
    const all = playedGames(Math.ceil((limits.historyBytes - 220 * 1024) / 290), 10, {
      rules: ONE_SUIT,
    });
    const { results, folder } = playerBook(all.map(historyLine).join(''), limits);
    const size = () => fs.statSync(history.historyPath(folder)).size;
    const game = dealtOnce('9');
    const played = { elapsedMs: 10, continued: false };
    expect(results.statistics(game, played).note).toBeNull();
    // Recorded, the result of a game whose save was then not removed; more games after it.
    const late = { ...played, slot: '20261124T090000-1-late' };
    expect(results.record(game, 'abandoned', late)).toEqual({ ok: true });
    while (size() <= limits.historyBytes) {
      expect(await results.folded()).toBeNull();
      results.record(game, 'lost', played);
    }
    expect(await results.folded()).toMatchObject({ folded: true });
    // Its line was folded, its slot kept: found, and not recorded again.
    expect(readResults(folder).results.some((r) => r.slot === late.slot)).toBe(false);
    expect(results.recorded([late.slot])).toEqual(new Set([late.slot]));
    const folded = size();
    expect(folded).toBeLessThanOrEqual(limits.historyBytes / 2);
    expect(results.record(game, 'abandoned', late)).toEqual({ ok: true });
    expect(size()).toBe(folded);
    expect(results.statistics(game, played).line).toMatchObject({
      played:
        readResults(folder).summary!.games.lines[0].played + readResults(folder).results.length,
      abandoned: 1,
    });
  }, 60_000);
});
