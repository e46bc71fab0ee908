/** The time played (docs/playing.md, "The clock"): what the clock shows is what the save holds. */
import { MAX_GAP_MS, PlayTime } from '../../src/store/play-time';

function clock(start = 0) {
  let ms = start;
  return { now: () => new Date(ms), pass: (by: number) => (ms += by) };
}

describe('PlayTime', () => {
  it('counts the time between actions, from what was counted before', () => {
    const c = clock();
    const time = new PlayTime(c.now, 10_000);
    c.pass(3_000);
    expect(time.shown()).toBe(13_000);
    expect(time.ms).toBe(10_000);
    expect(time.tick()).toBe(13_000);
    expect(time.ms).toBe(13_000);
  });

  it('counts at most MAX_GAP_MS of any pause, and shows what the next action will count', () => {
    const c = clock();
    const time = new PlayTime(c.now, 0);
    c.pass(MAX_GAP_MS + 60_000);
    expect(time.shown()).toBe(MAX_GAP_MS);
    c.pass(60_000);
    expect(time.shown()).toBe(MAX_GAP_MS);
    expect(time.tick()).toBe(MAX_GAP_MS);
    c.pass(1_000);
    expect(time.shown()).toBe(MAX_GAP_MS + 1_000);
  });

  it('stops: the time before the stop counts, the time until it runs again does not', () => {
    const c = clock();
    const time = new PlayTime(c.now, 0);
    c.pass(2_000);
    time.runs(false);
    expect(time.ms).toBe(2_000);
    c.pass(50_000);
    expect(time.shown()).toBe(2_000);
    expect(time.tick()).toBe(2_000); // an action while stopped (an undo from the win panel)
    time.runs(false); // stopping again changes nothing
    c.pass(5_000);
    time.runs(true);
    c.pass(1_500);
    expect(time.shown()).toBe(3_500);
    time.runs(true); // running again restarts nothing
    expect(time.shown()).toBe(3_500);
  });

  it('does not count the time on the win panel, and starts afresh for a new game', () => {
    const c = clock();
    const time = new PlayTime(c.now, 0);
    c.pass(4_000);
    expect(time.tick(false)).toBe(0);
    c.pass(1_000);
    time.reset();
    expect(time.shown()).toBe(0);
    c.pass(1_000);
    expect(time.shown()).toBe(1_000);
  });
});
