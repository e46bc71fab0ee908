/** What the SSH server says to its players, as words apart from the server. */
import { duration } from '../../src/words/serve';

describe("the server's words", () => {
  it('says an idle timeout in minutes when it is whole ones, else in seconds', () => {
    expect(duration(60_000)).toBe('a minute');
    expect(duration(30 * 60_000)).toBe('30 minutes');
    expect(duration(90_000)).toBe('90 seconds');
    expect(duration(30_000)).toBe('30 seconds');
    expect(duration(1_000)).toBe('1 second');
  });
});
