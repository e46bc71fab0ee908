import { SecondTimer } from '../../src/ui/second-timer';

describe('the timer that redraws as the clock turns a second', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('draws within a second keep one timer, which wakes just past the second', () => {
    let woken = 0;
    const timer = new SecondTimer(() => woken++);
    timer.follow(1200, true);
    jest.advanceTimersByTime(300);
    timer.follow(1500, true); // a frame in the same second
    timer.follow(1700, true);
    jest.advanceTimersByTime(499);
    expect(woken).toBe(0);
    jest.advanceTimersByTime(10); // 2000 and its 5 ms margin, counted from the first follow
    expect(woken).toBe(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  test('a clock that stops, or a new second, sets the timer anew', () => {
    let woken = 0;
    const timer = new SecondTimer(() => woken++);
    timer.follow(1200, true);
    timer.follow(1300, false);
    expect(jest.getTimerCount()).toBe(0);
    timer.follow(1300, true);
    timer.follow(2100, true); // the next second: due at 3000
    jest.advanceTimersByTime(904);
    expect(woken).toBe(0);
    jest.advanceTimersByTime(2);
    expect(woken).toBe(1);
    timer.follow(3000, true);
    timer.stop();
    jest.advanceTimersByTime(5000);
    expect(woken).toBe(1);
  });
});
