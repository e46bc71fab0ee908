/** The server's counts and budgets (docs/serve.md, "Playing over SSH", "Limits"). */
import { Writable } from 'stream';
import {
  Coalesced,
  ConnectionRate,
  InputPump,
  limitUnsent,
  LoginQueue,
  sliceEnd,
  Tally,
  TokenBucket,
} from '../../src/serve/limits';
import { ReadGate, SessionPacer, TURN_MS, WorkMeter } from '../../src/serve/pacing';

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

describe('TokenBucket', () => {
  it('lends a burst, then has what is owed paid back at its rate', () => {
    let now = 0;
    const bucket = new TokenBucket(100, 50, () => now);
    bucket.spend(100);
    expect(bucket.waitMs()).toBe(0);
    bucket.spend(25); // 25 owed: half a second at 50 a second
    expect(bucket.waitMs()).toBe(500);
    now = 400;
    expect(bucket.waitMs()).toBe(100);
    now = 500;
    expect(bucket.waitMs()).toBe(0);
    now = 100_000; // never more than the burst
    bucket.spend(101);
    expect(bucket.waitMs()).toBe(20);
  });
});

describe('InputPump', () => {
  /** A pump whose later turns are run by hand: what it wrote, slice by slice. */
  function pumped(slice: number, wait: () => number = () => 0) {
    const written: string[] = [];
    const turns: (() => void)[] = [];
    const timers: [number, () => void][] = [];
    const backlog: number[] = [];
    const pump = new InputPump((data) => written.push(data.toString('latin1')), {
      slice,
      later: (run) => turns.push(run),
      wait,
      after: (ms, run) => timers.push([ms, run]),
      backlog: (bytes) => backlog.push(bytes),
    });
    const next = () => turns.shift()?.();
    return { pump, written, turns, next, timers, backlog };
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

  it('once stopped (its session ended), drops what waits and takes nothing more', () => {
    const { pump, written, turns, next } = pumped(8);
    pump.push(Buffer.from('z'.repeat(30)));
    expect(written).toEqual(['z'.repeat(8)]);
    pump.stop();
    while (turns.length > 0) next();
    pump.push(Buffer.from('late'));
    expect(written).toEqual(['z'.repeat(8)]);
    expect(turns).toHaveLength(0);
  });

  it('holds input while the session must wait, drops none of it, and says what waits', () => {
    let owed = 30;
    const { pump, written, timers, backlog, turns, next } = pumped(8, () => owed);
    pump.push(Buffer.from('abc'));
    pump.push(Buffer.from('defghijkl'));
    expect(written).toEqual([]);
    // One timer for the wait, however much comes meanwhile.
    expect(timers.map(([ms]) => ms)).toEqual([30]);
    expect(backlog).toEqual([3, 12]);
    owed = 0;
    timers.shift()?.[1]();
    while (turns.length > 0) next();
    expect(written.join('')).toBe('abcdefghijkl');
    expect(backlog.slice(-1)).toEqual([0]);
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

describe('limitUnsent counting down to the socket', () => {
  it('counts what the socket holds too: a client that grants window but does not read', () => {
    const channel = new Writable({ write: (_chunk, _encoding, done) => done() });
    let socket = 0;
    let over = 0;
    limitUnsent(
      channel,
      1000,
      () => over++,
      () => channel.writableLength + socket,
    );
    channel.write(Buffer.alloc(500));
    expect(over).toBe(0);
    socket = 2000; // the channel passed it on, the socket could not
    channel.write(Buffer.alloc(10));
    expect(over).toBe(1);
  });
});

describe('WorkMeter', () => {
  /** A meter on a clock of the test's: turns of the event loop end when the test says. */
  function metered(burst: number, perSecond: number) {
    const clock = { now: 0 };
    const turnEnds: (() => void)[] = [];
    const meter = new WorkMeter(
      new TokenBucket(burst, perSecond, () => clock.now),
      () => clock.now,
      (run) => turnEnds.push(run),
    );
    const nextTurn = () => turnEnds.splice(0).forEach((run) => run());
    return { meter, clock, nextTurn };
  }

  it('spends the time work takes from the budget, counting work within work once', () => {
    const { meter, clock } = metered(10, 5);
    meter.run(() => {
      clock.now += 4;
      meter.run(() => (clock.now += 8)); // a key handled while its bytes are read
    });
    expect(meter.waitMs()).toBe(400); // 12 spent of 10: 2 owed, at 5 a second
  });

  it('counts work under way as it goes, so that a long run of keys can stop part way', () => {
    const { meter, clock } = metered(10, 5);
    const waits: number[] = [];
    meter.run(() => {
      clock.now += 3;
      waits.push(meter.waitMs());
      clock.now += 9;
      waits.push(meter.waitMs());
    });
    expect(waits[0]).toBe(0);
    expect(waits[1]).toBeGreaterThan(0);
  });

  it('sends work that has held a turn of the event loop for 5 ms on to a later turn', () => {
    const { meter, clock, nextTurn } = metered(1000, 1000);
    meter.run(() => (clock.now += TURN_MS - 1));
    expect(meter.waitMs()).toBe(0);
    meter.run(() => (clock.now += 1)); // still the same turn: 5 ms of it
    expect(meter.waitMs()).toBe(1);
    nextTurn();
    expect(meter.waitMs()).toBe(0);
  });
});

describe('ReadGate', () => {
  it('pauses the socket while anything holds it, and resumes it once nothing does', () => {
    const calls: string[] = [];
    const gate = new ReadGate({
      pause: () => calls.push('pause'),
      resume: () => calls.push('resume'),
    });
    gate.hold('a');
    gate.hold('b');
    gate.hold('a');
    gate.release('a');
    expect(gate.held).toBe(true);
    gate.release('c');
    gate.release('b');
    gate.release('b');
    expect(calls).toEqual(['pause', 'resume']);
  });
});

describe('SessionPacer', () => {
  function pacer() {
    let now = 0;
    let unsent = 0;
    let stalled = 0;
    const answered: number[] = [];
    const meter = new WorkMeter(
      new TokenBucket(10, 10, () => now),
      () => now,
      (endOfTurn) => endOfTurn(), // turns are the meter's own test's
    );
    const frames = new SessionPacer({
      meter,
      unsent: () => unsent,
      backlog: 100,
      retryMs: 50,
      stallMs: 1000,
      stalled: () => stalled++,
      now: () => now,
      answered: (ms) => answered.push(ms),
    });
    return {
      frames,
      answered,
      meter,
      set: (values: { now?: number; unsent?: number }) => {
        now = values.now ?? now;
        unsent = values.unsent ?? unsent;
      },
      stalled: () => stalled,
    };
  }

  it('paints at once within the budget, and makes the next frame wait once it is spent', () => {
    const { frames, set } = pacer();
    expect(frames.frameWait()).toBe(0);
    frames.run(() => set({ now: 30 })); // 30 ms of 10: 20 owed, 2 s at 10 a second
    expect(frames.frameWait()).toBe(2000);
    set({ now: 2030 });
    expect(frames.frameWait()).toBe(0);
  });

  it("times a key from its bytes' arrival to the frame painted after it was handled", () => {
    const { frames, set, answered } = pacer();
    // A frame with no key before it (the clock's) times nothing.
    frames.frameWait();
    frames.run(() => undefined);
    frames.keyArrived();
    set({ now: 2 });
    frames.keyArrived(); // a second key before the first is answered: timed from the first
    expect(frames.workWait()).toBe(0);
    frames.run(() => set({ now: 3 })); // the key handled
    expect(answered).toEqual([]);
    expect(frames.frameWait()).toBe(0);
    frames.run(() => set({ now: 5 })); // its frame painted
    expect(answered).toEqual([5]);
    // A frame painted while the key still waits for its turn answers nothing yet.
    frames.keyArrived();
    frames.frameWait();
    frames.run(() => set({ now: 6 }));
    expect(answered).toEqual([5]);
    frames.workWait();
    frames.run(() => undefined);
    frames.frameWait();
    frames.run(() => set({ now: 8 }));
    expect(answered).toEqual([5, 3]);
  });

  it('holds frames while the client has a backlog, and lets a client go that takes none of it', () => {
    const { frames, set, stalled } = pacer();
    set({ unsent: 500 });
    expect(frames.frameWait()).toBe(50);
    set({ now: 600, unsent: 400 }); // it took some: still reading
    expect(frames.frameWait()).toBe(50);
    set({ now: 1500 });
    expect(stalled()).toBe(0);
    frames.frameWait();
    expect(stalled()).toBe(0);
    set({ now: 1600 }); // a second with none of it taken
    frames.frameWait();
    frames.frameWait();
    expect(stalled()).toBe(1);
    set({ unsent: 0 });
    expect(frames.frameWait()).toBe(0);
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

describe('ConnectionRate', () => {
  it("takes a burst of a minute's connections from an address, then one as each comes due", () => {
    let now = 0;
    const rate = new ConnectionRate(3, () => now);
    expect([1, 2, 3, 4].map(() => rate.take('10.0.0.1'))).toEqual([true, true, true, false]);
    // Another address has its own.
    expect(rate.take('10.0.0.2')).toBe(true);
    now += 19_000;
    expect(rate.take('10.0.0.1')).toBe(false);
    now += 1_000;
    expect(rate.take('10.0.0.1')).toBe(true);
    expect(rate.take('10.0.0.1')).toBe(false);
  });
});
