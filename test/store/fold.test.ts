/**
 * A history kept within a limit (docs/serve.md, "Limits on disk"): its oldest games folded into the
 * summary at its head, every figure as it was, on a real folder.
 */
import { spawnSync } from 'child_process';
import * as fc from 'fast-check';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { digest, type GameResult, summarize } from '../../src/stats';
import {
  FOLD_FILE,
  FOLD_RETRY_MS,
  foldHistory,
  foldWhenOver,
  STALE_FOLD_MS,
} from '../../src/store/fold';
import {
  appendResult,
  historyPath,
  readDigest,
  readResults,
  RECENT_BYTES,
  slotsRecorded,
  toResult,
} from '../../src/store/history';
import { bundle } from '../helpers/bundle';
import { arbitraryResult, historyLine as line, playedGames as games } from '../helpers/results';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-fold-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let dirs = 0;
/** A fresh data folder holding `text` as its history (none if not given). */
function folder(text?: string | Buffer): string {
  const dir = path.join(root, `data-${++dirs}`, 'spider');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (text !== undefined) fs.writeFileSync(historyPath(dir), text, { mode: 0o600 });
  return dir;
}

/** What `spider stats` and `s` count of the history in `dir`: the summary's games, then the rest. */
function figures(dir: string) {
  const read = readResults(dir);
  const games = digest(read.results, read.summary?.games);
  return { lines: games.lines, continued: games.continued, skipped: read.skipped };
}

/** The figures of every game of `results` counted at once, as from a history never folded. */
function unfolded(results: readonly GameResult[], skipped: number) {
  return {
    lines: summarize(results),
    continued: results.filter((r) => r.continued).length,
    skipped,
  };
}

const damaged = ['not json', '{"v":1,"seed":"1"}', '{"v":2}', 'x'.repeat(20_000)];

describe('folding a history', () => {
  it('keeps every figure equal to the whole history, whatever the games, the limit and the chunks', async () => {
    const round = fc.record({
      results: fc.array(arbitraryResult(), { maxLength: 40 }),
      damage: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...damaged)), { maxLength: 3 }),
      keep: fc.nat({ max: 8000 }),
      chunk: fc.integer({ min: 1, max: 3000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 4 }), async (rounds) => {
        const dir = folder('');
        const all: GameResult[] = [];
        let skipped = 0;
        for (const [r, { results, damage, keep, chunk }] of rounds.entries()) {
          // Each round's games end after the last round's (in any order among themselves): a
          // fold counts later games after the summary's.
          const later = results.map((result) => ({
            ...result,
            ended: result.ended.replace('T10:', `T${10 + r}:`),
          }));
          const text = later.map(line);
          for (const [at, bad] of damage) text.splice(at % (text.length + 1), 0, `${bad}\n`);
          fs.appendFileSync(historyPath(dir), text.join(''));
          all.push(...later);
          skipped += damage.length;
          const folded = await foldHistory(dir, {
            limitBytes: 0,
            keepBytes: keep,
            chunkBytes: chunk,
          });
          // Any history is over a limit of 0 bytes, and folded; an empty one is left as it is.
          expect(folded.folded).toBe(all.length + skipped > 0);
          if (!folded.folded) continue;
          // The games kept as lines fit in what was asked, with the summary before them.
          const [summary, ...rest] = fs.readFileSync(historyPath(dir), 'utf8').split('\n');
          expect(Buffer.byteLength(rest.join('\n'))).toBeLessThanOrEqual(keep);
          expect(summary).toMatch(/^\{"v":1,"summary":\{/);
          expect(figures(dir)).toEqual(unfolded(all, skipped));
        }
        // A reader that keeps only figures gets the same.
        const read = readDigest(dir);
        expect(read.games.lines).toEqual(summarize(all));
        expect(read.skipped).toBe(skipped);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('leaves a history within its limit as it is, and one over it at half the limit', async () => {
    const text = games(40).map(line).join('');
    const dir = folder(text);
    expect(await foldHistory(dir, { limitBytes: text.length })).toEqual({ folded: false });
    expect(fs.readFileSync(historyPath(dir), 'utf8')).toBe(text);
    // 2,000 games of about 300 bytes over a 512 KiB limit: half of it (summary included).
    const big = games(2000).map(line).join('');
    const over = folder(big);
    const folded = await foldHistory(over, { limitBytes: 512 * 1024 });
    expect(folded).toMatchObject({ folded: true, before: big.length });
    const size = fs.statSync(historyPath(over)).size;
    expect(size).toBeLessThanOrEqual(256 * 1024);
    expect(size).toBeGreaterThan(128 * 1024);
    expect(figures(over)).toEqual(unfolded(games(2000), 0));
  });

  it('writes a summary an older program skips as a line it cannot read', async () => {
    const dir = folder(games(30).map(line).join(''));
    await foldHistory(dir, { limitBytes: 0, keepBytes: 0 });
    const [summary] = fs.readFileSync(historyPath(dir), 'utf8').split('\n');
    // toResult is what reads a line, in this program and in those before summaries.
    expect(toResult(JSON.parse(summary))).toBeNull();
    expect(figures(dir)).toEqual(unfolded(games(30), 0));
  });

  it('counts damaged lines in the summary, and keeps a last line cut short as it is', async () => {
    const cut = line(games(1, 12)[0]).slice(0, 50);
    const dir = folder(
      [
        'not json\n',
        ...games(20).map(line),
        '{"v":1}\n',
        '\n',
        ...games(5, 11).map(line),
        cut,
      ].join(''),
    );
    const folded = await foldHistory(dir, { limitBytes: 0, keepBytes: 0 });
    expect(folded).toMatchObject({ folded: true, games: 25, skipped: 2 });
    // The line cut short is still the history's last, and still skipped: two folded, and it.
    expect(fs.readFileSync(historyPath(dir), 'utf8').endsWith(`\n${cut}`)).toBe(true);
    expect(figures(dir)).toEqual(unfolded([...games(20), ...games(5, 11)], 3));
    // The next game recorded starts a line of its own.
    const next = games(1, 13)[0];
    expect(appendResult(dir, next)).toEqual({ ok: true });
    expect(figures(dir)).toEqual(unfolded([...games(20), ...games(5, 11), next], 3));
  });

  it('folds first the games that ended first, so a result recorded late counts in its place', async () => {
    // Recorded last, the loss ended before the last two wins: the streak after it is two.
    const results = [...games(6, 10, { outcome: 'won' }), games(1, 9, { outcome: 'lost' })[0]];
    results[6] = { ...results[6], ended: '2026-11-23T10:03:30.000Z' };
    const dir = folder(results.map(line).join(''));
    const keep = line(results[4]).length * 2;
    expect(await foldHistory(dir, { limitBytes: 0, keepBytes: keep })).toMatchObject({ games: 5 });
    // The late loss was folded (it ended fifth), the two wins after it kept.
    expect(readResults(dir).results.map((r) => r.ended)).toEqual([
      results[4].ended,
      results[5].ended,
    ]);
    expect(figures(dir).lines[0]).toMatchObject({ currentStreak: 2, bestStreak: 4 });
    expect(figures(dir)).toEqual(unfolded(results, 0));
  });
});

describe('a fold and the search for results recorded late', () => {
  it('keeps the slots of the games it folds from the last 256 KiB, and no older ones', async () => {
    const many = games(1500);
    const text = many.map(line).join('');
    const dir = folder(text);
    // Kept as lines: 64 KiB. Folded within the last 256 KiB: about 190 games.
    await foldHistory(dir, { limitBytes: 0, keepBytes: 64 * 1024 });
    const kept = readResults(dir).results;
    const firstKept = many.findIndex((r) => r.slot === kept[0].slot);
    // A game folded just before the first kept, one folded well within the last 256 KiB, and
    // one further back than that.
    let back = 0;
    let outside = many.length;
    while (back + line(many[outside - 1]).length <= RECENT_BYTES)
      back += line(many[--outside]).length;
    const slots = [many[firstKept - 1], many[firstKept - 100], many[outside - 2]].map(
      (r) => r.slot!,
    );
    expect(slotsRecorded(dir, slots, RECENT_BYTES)).toEqual(new Set(slots.slice(0, 2)));
    // As they were found before the fold.
    expect(slotsRecorded(folder(text), slots, RECENT_BYTES)).toEqual(new Set(slots.slice(0, 2)));
  });

  it('keeps the newest 24 KiB of those slots, and a summary with more is a damaged line', async () => {
    const many = games(3000);
    const dir = folder(many.map(line).join(''));
    await foldHistory(dir, { limitBytes: 0, keepBytes: 0 });
    const text = fs.readFileSync(historyPath(dir), 'utf8');
    const kept: string[] = (JSON.parse(text) as { summary: { slots: string[] } }).summary.slots;
    // As many as 24 KiB holds, the newest, in the order they were recorded.
    const bytes = (slots: string[]) => slots.reduce((sum, slot) => sum + slot.length + 3, 0);
    expect(bytes(kept)).toBeLessThanOrEqual(24 * 1024);
    expect(bytes(kept) + many[many.length - kept.length - 1].slot!.length + 3).toBeGreaterThan(
      24 * 1024,
    );
    expect(kept).toEqual(many.slice(-kept.length).map((r) => r.slot));
    const more = text.replace('"slots":[', `"slots":[${JSON.stringify(many[0].slot)},`);
    const damaged = folder(more);
    expect(readResults(damaged)).toMatchObject({ results: [], skipped: 1 });
    expect(readResults(damaged).summary).toBeUndefined();
  });

  it('finds a slot it keeps when the search does not reach the summary', async () => {
    const dir = folder(games(1500).map(line).join(''));
    await foldHistory(dir, { limitBytes: 0, keepBytes: 200 * 1024 });
    const kept = new Set(readResults(dir).results.map((r) => r.slot));
    const folded = games(1500).filter((r) => !kept.has(r.slot));
    const last = folded[folded.length - 1].slot!;
    // The last 64 KiB of a history of 200 KiB: the summary at its head is read apart.
    expect(fs.statSync(historyPath(dir)).size).toBeGreaterThan(128 * 1024);
    expect(slotsRecorded(dir, [last, folded[0].slot!], 64 * 1024)).toEqual(new Set([last]));
  });
});

describe('a fold that does not finish, or meets another writer', () => {
  it('loses nothing when killed with its new history written and not yet renamed', async () => {
    const text = games(400).map(line).join('');
    const dir = folder(text);
    const fold = bundle('src/store/fold.ts');
    const script =
      `const { foldHistory } = require(${JSON.stringify(fold)});` +
      `foldHistory(${JSON.stringify(dir)}, { limitBytes: 1000, beforeRename: () => process.kill(process.pid, 'SIGKILL') });`;
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(child.signal).toBe('SIGKILL');
    // The history is as it was; the new one, whole, is left beside it.
    expect(fs.readFileSync(historyPath(dir), 'utf8')).toBe(text);
    const left = path.join(dir, FOLD_FILE);
    expect(fs.readFileSync(left, 'utf8')).toMatch(/^\{"v":1,"summary":/);
    // A fold meanwhile takes it for one under way, and leaves everything as it is.
    expect(await foldHistory(dir, { limitBytes: 1000 })).toEqual({
      folded: false,
      reason: 'another fold of the history is under way',
    });
    expect(fs.readFileSync(historyPath(dir), 'utf8')).toBe(text);
    // Once it is old, it is known left behind: the next fold removes it and folds.
    const old = new Date(Date.now() - STALE_FOLD_MS - 1000);
    fs.utimesSync(left, old, old);
    expect(await foldHistory(dir, { limitBytes: 1000 })).toMatchObject({ folded: true });
    expect(fs.existsSync(left)).toBe(false);
    expect(figures(dir)).toEqual(unfolded(games(400), 0));
  });

  it('keeps the games appended while it runs, whenever they come', async () => {
    const dir = folder(games(300).map(line).join(''));
    const more = games(40, 20); // ended after the 300 (a minute apart from 10:00 on)
    const appended: GameResult[] = [];
    const append = () => {
      const next = more[appended.length];
      expect(appendResult(dir, next)).toEqual({ ok: true });
      appended.push(next);
    };
    // Between the chunks the fold reads (one game a turn of the event loop) ...
    let running = true;
    const between = () => {
      if (!running || appended.length >= 30) return;
      append();
      setImmediate(between);
    };
    setImmediate(between);
    // ... just before the rename, and through a file opened before it, just after (as another
    // process would, that opened the history before the rename and writes after it).
    let opened = -1;
    const folded = await foldHistory(dir, {
      limitBytes: 1000,
      chunkBytes: 4096,
      beforeRename: () => {
        running = false;
        append();
        opened = fs.openSync(historyPath(dir), 'a');
      },
      afterRename: () => {
        const next = more[appended.length];
        fs.writeSync(opened, line(next));
        fs.closeSync(opened);
        appended.push(next);
      },
    });
    expect(appended.length).toBeGreaterThan(5);
    expect(folded).toMatchObject({ folded: true });
    if (!folded.folded) return;
    expect(folded.caughtUp).toBeGreaterThan(0);
    expect(figures(dir)).toEqual(unfolded([...games(300), ...appended], 0));
  });

  it('runs one at a time in a process, and is not tried again for a minute once it failed', async () => {
    const dir = folder(games(50).map(line).join(''));
    expect(foldWhenOver(dir, 1_000_000)).toBeNull(); // within its limit
    const left = path.join(dir, FOLD_FILE);
    fs.writeFileSync(left, 'a fold under way');
    const first = foldWhenOver(dir, 1000);
    expect(first).not.toBeNull();
    expect(foldWhenOver(dir, 1000)).toBe(first);
    expect(await first).toMatchObject({ folded: false, reason: expect.any(String) });
    expect(foldWhenOver(dir, 1000)).toBeNull();
    fs.rmSync(left);
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + FOLD_RETRY_MS + 1);
    try {
      expect(await foldWhenOver(dir, 1000)).toMatchObject({ folded: true });
    } finally {
      later.mockRestore();
    }
    expect(figures(dir)).toEqual(unfolded(games(50), 0));
  });

  it('never writes through a link at its temporary name, nor folds a history that is a link', async () => {
    const dir = folder(games(50).map(line).join(''));
    const victim = path.join(root, `victim-${dirs}`);
    fs.writeFileSync(victim, 'untouched');
    const link = path.join(dir, FOLD_FILE);
    fs.symlinkSync(victim, link);
    expect(await foldHistory(dir, { limitBytes: 1000 })).toMatchObject({ folded: false });
    const old = new Date(Date.now() - STALE_FOLD_MS - 1000);
    fs.lutimesSync(link, old, old);
    expect(await foldHistory(dir, { limitBytes: 1000 })).toMatchObject({ folded: true });
    expect(fs.readFileSync(victim, 'utf8')).toBe('untouched');
    // A history that is a link is not followed.
    const other = folder();
    fs.symlinkSync(historyPath(dir), historyPath(other));
    const refused = await foldHistory(other, { limitBytes: 10 });
    expect(refused).toMatchObject({
      folded: false,
      reason: expect.stringMatching(/symbolic links/),
    });
    expect(figures(dir)).toEqual(unfolded(games(50), 0));
  });
});
