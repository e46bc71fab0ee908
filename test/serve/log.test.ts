/** The server's log lines in each format (docs/serve.md, "The log"). */
import { error, info, logLine, logText, warning } from '../../src/serve/log';

const TIME = new Date('2026-11-28T19:40:02.118Z');

describe('the log', () => {
  const ended = info('a game ended: the player quit (status 0)', {
    address: '127.0.0.1',
    player: 'SHA256:abc',
    event: 'game-ended',
  });

  it('writes text as it always has: the time, the address, the words', () => {
    expect(logLine('text', ended, TIME)).toBe(
      '2026-11-28T19:40:02.118Z 127.0.0.1: a game ended: the player quit (status 0)',
    );
    expect(logLine('text', info('stopped'), TIME)).toBe('2026-11-28T19:40:02.118Z stopped');
    expect(logText(ended)).toBe('127.0.0.1: a game ended: the player quit (status 0)');
  });

  it('writes one JSON object a line, with the fields the entry has', () => {
    const line = logLine('json', ended, TIME);
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      time: '2026-11-28T19:40:02.118Z',
      level: 'info',
      message: 'a game ended: the player quit (status 0)',
      address: '127.0.0.1',
      player: 'SHA256:abc',
      event: 'game-ended',
    });
    // Words with quotes, backslashes or newlines (a stack) stay one line.
    const crash = logLine('json', error('internal error: "x"\n  at y\\z'), TIME);
    expect(crash.split('\n')).toHaveLength(1);
    expect(JSON.parse(crash)).toEqual({
      time: '2026-11-28T19:40:02.118Z',
      level: 'error',
      message: 'internal error: "x"\n  at y\\z',
    });
  });

  it("prefixes the journal's priorities: error 3, warning 4, info 6", () => {
    expect(logLine('journald', ended, TIME)).toBe(
      '<6>2026-11-28T19:40:02.118Z 127.0.0.1: a game ended: the player quit (status 0)',
    );
    expect(logLine('journald', warning('a login refused', { address: '::1' }), TIME)).toBe(
      '<4>2026-11-28T19:40:02.118Z ::1: a login refused',
    );
    expect(logLine('journald', error('listening: EMFILE'), TIME)).toMatch(/^<3>/);
  });
});
