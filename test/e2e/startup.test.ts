/**
 * The bundled program (dist/spider.js, with blessed inside it) in a real terminal: the files
 * blessed finds through its own folder are still found from the bundle.
 */
import { freshEnv, ROOT, SPIDER } from './spider';
import { TerminalSession } from './tmux';
import { COLUMN_NUMBERS } from '../helpers/build';

jest.setTimeout(30_000);

describe('start-up in a real terminal', () => {
  it("plays on a terminal no terminfo entry describes, with blessed's own xterm entry", () => {
    // The name exists nowhere, so blessed falls back to the copy of xterm in its usr/ folder.
    const session = TerminalSession.start([process.execPath, SPIDER, '--seed', '1'], {
      cwd: ROOT,
      env: freshEnv(),
      term: 'spider-no-such-terminal',
    });
    const screen = session.waitFor('q quit');
    expect(screen.split('\n')[1].trim().split(/\s+/)).toEqual(COLUMN_NUMBERS);
  });
});
