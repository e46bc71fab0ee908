/**
 * The screen adapter in a real terminal: what it paints is what the frame holds, column for
 * column, also when only some cells change between frames.
 */
import { buildSync } from 'esbuild';
import * as path from 'path';
import stringWidth from 'string-width';
import { scratchFolder } from './spider';
import { TerminalSession } from './tmux';

let program: string;

beforeAll(() => {
  // Folder and file names hold "spider", as the game's do.
  program = path.join(scratchFolder(), 'spider-two-frames.js');
  buildSync({
    entryPoints: [path.join(__dirname, 'programs', 'two-frames.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: program,
    // Optional parts of blessed the screen never loads.
    external: ['term.js', 'pty.js'],
    logLevel: 'silent',
  });
});

/** The first line of each frame the program paints, one per key. */
function paint(lines: string[]): string[] {
  const session = TerminalSession.start([process.execPath, program, ...lines], {
    env: { LANG: 'C.UTF-8', LC_ALL: undefined },
  });
  const seen: string[] = [];
  for (let i = 1; i <= lines.length; i++) {
    if (i > 1) session.sendKeys('x');
    seen.push(session.waitFor(`frame ${i}`).split('\n')[0]);
  }
  return seen;
}

it('repaints double-width characters that change in place without shifting the line', () => {
  const first = 'ab 宝くじ 宝くじ end';
  const second = 'ab くじ宝 じ宝く end';
  expect(paint([first, second])).toEqual([first, second]);
});

it('repaints a line where double-width characters move by one column', () => {
  const first = 'a宝くじ| 1';
  const second = 'ab宝くじ| 2';
  const seen = paint([first, second, first]);
  expect(seen).toEqual([first, second, first]);
  expect(seen.map((line) => stringWidth(line))).toEqual([10, 11, 10]);
});
