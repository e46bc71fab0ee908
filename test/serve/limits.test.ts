/** The server's counts and budgets (README, "Playing over SSH", Limits). */
import { InputBudget, LoginQueue, Tally } from '../../src/serve/limits';

describe('LoginQueue', () => {
  it('makes room by closing the oldest from the same address', () => {
    const queue = new LoginQueue<string>(2, 10);
    expect(queue.add('a1', 'A')).toEqual([]);
    expect(queue.add('b1', 'B')).toEqual([]);
    expect(queue.add('a2', 'A')).toEqual([]);
    expect(queue.add('a3', 'A')).toEqual(['a1']);
    expect(queue.add('a4', 'A')).toEqual(['a2']);
    expect(queue.size).toBe(3); // b1, a3, a4
  });

  it('makes room by closing the oldest of all when everyone has too many', () => {
    const queue = new LoginQueue<string>(5, 3);
    queue.add('a', 'A');
    queue.add('b', 'B');
    queue.add('c', 'C');
    expect(queue.add('d', 'D')).toEqual(['a']);
    queue.remove('b'); // logged in
    expect(queue.add('e', 'E')).toEqual([]);
    expect(queue.add('f', 'F')).toEqual(['c']);
  });
});

describe('Tally', () => {
  it('counts per address and in all, and counts each off once', () => {
    const tally = new Tally();
    const one = tally.add('A');
    tally.add('A');
    tally.add('B');
    expect([tally.of('A'), tally.of('B'), tally.total]).toEqual([2, 1, 3]);
    one();
    one();
    expect([tally.of('A'), tally.total]).toEqual([1, 2]);
  });
});

describe('InputBudget', () => {
  it('takes a burst, then refills at its rate', () => {
    let now = 0;
    const budget = new InputBudget(100, 50, () => now);
    expect(budget.take(100)).toBe(true);
    expect(budget.take(1)).toBe(false);
    now = 1000; // 50 bytes back
    expect(budget.take(60)).toBe(false);
    expect(budget.take(50)).toBe(true);
    now = 100_000; // never more than the burst
    expect(budget.take(101)).toBe(false);
    expect(budget.take(100)).toBe(true);
  });
});
