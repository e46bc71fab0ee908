/** The server's counts and budgets (README, "Playing over SSH", Limits). */
import { Writable } from 'stream';
import {
  Coalesced,
  InputBudget,
  InputPump,
  limitUnsent,
  LoginQueue,
  sliceEnd,
  Tally,
} from '../../src/serve/limits';

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

describe('InputPump', () => {
  /** A pump whose later turns are run by hand: what it wrote, slice by slice. */
  function pumped(slice: number) {
    const written: string[] = [];
    const turns: (() => void)[] = [];
    const pump = new InputPump(
      (data) => written.push(data.toString('latin1')),
      slice,
      (run) => turns.push(run),
    );
    const next = () => turns.shift()?.();
    return { pump, written, turns, next };
  }

  it('hands typing over at once, and a burst a slice per turn, in order and whole', () => {
    const { pump, written, turns, next } = pumped(8);
    pump.push(Buffer.from('ab'));
    expect(written).toEqual(['ab']);
    expect(turns).toHaveLength(0);
    pump.push(Buffer.from('z'.repeat(20)));
    expect(written).toEqual(['ab', 'z'.repeat(8)]);
    // What comes while a slice waits queues behind it.
    pump.push(Buffer.from('xy'));
    expect(turns).toHaveLength(1);
    while (turns.length > 0) next();
    expect(written).toEqual(['ab', 'z'.repeat(8), 'z'.repeat(8), 'zzzzxy']);
  });

  it('never cuts an escape sequence or a UTF-8 character in two', () => {
    const { pump, written, turns, next } = pumped(8);
    // The up arrow would end the first slice in the middle: it goes whole with the next.
    pump.push(Buffer.from('abcdef\x1b[A', 'latin1'));
    while (turns.length > 0) next();
    expect(written).toEqual(['abcdef', '\x1b[A']);
    expect(sliceEnd(Buffer.from('\x1b[Azzzzzzzzzz', 'latin1'), 8)).toBe(8);
    const accents = Buffer.from('abcdeéé'); // é is two bytes: the eighth is the middle of one
    expect(sliceEnd(accents, 8)).toBe(7);
    expect(accents.subarray(0, 7).toString()).toBe('abcdeé');
  });
});

describe('limitUnsent', () => {
  it('says once when more than the limit is written and not taken', () => {
    // A client that reads nothing: no write ever completes.
    const stuck = new Writable({ write: () => undefined, highWaterMark: 16 });
    let over = 0;
    limitUnsent(stuck, 1000, () => over++);
    stuck.write(Buffer.alloc(600));
    stuck.write(Buffer.alloc(400));
    expect(over).toBe(0); // 1,000 unsent: not over
    stuck.write('x');
    expect(over).toBe(1);
    stuck.write(Buffer.alloc(5000));
    expect(over).toBe(1);
  });

  it('never says so of a client that takes what is sent', () => {
    const reading = new Writable({ write: (_chunk, _encoding, done) => done() });
    let over = 0;
    limitUnsent(reading, 1000, () => over++);
    for (let i = 0; i < 100; i++) reading.write(Buffer.alloc(500));
    expect(over).toBe(0);
  });
});

describe('Coalesced', () => {
  it('applies a burst of calls once, after the wait; a later call again; a cancel not at all', async () => {
    let applied = 0;
    const wait = () => new Promise((resolve) => setTimeout(resolve, 30));
    const resize = new Coalesced(10, () => applied++);
    for (let i = 0; i < 200; i++) resize.call();
    expect(applied).toBe(0);
    await wait();
    expect(applied).toBe(1);
    resize.call();
    await wait();
    expect(applied).toBe(2);
    resize.call();
    resize.cancel();
    await wait();
    expect(applied).toBe(2);
  });
});
