/**
 * The clock in the real terminal (docs/playing.md, "The clock"): the time played shows on the
 * status line at 80x24 and moves, a second at a time, at a few bytes a second; t hides it and
 * shows it again; the text left on leaving says the time.
 */
import { freshEnv, scratchFolder, startSpider } from './spider';
import type { TerminalSession } from './tmux';

jest.setTimeout(40_000);

/** The seconds the clock on the status line shows, or null when it shows none. */
function shown(screen: string): number | null {
  const clock = /time (\d+):(\d\d)$/.exec(screen.split('\n')[0]);
  return clock ? Number(clock[1]) * 60 + Number(clock[2]) : null;
}

/** Waits until the clock shows at least `seconds`; the screen then. */
function until(session: TerminalSession, seconds: number): string {
  return session.waitFor((screen) => (shown(screen) ?? -1) >= seconds, 15_000);
}

it('shows the time played on the status line at 80x24 and moves; t hides it and shows it again', () => {
  const session = startSpider(['--seed', '42'], {
    width: 80,
    height: 24,
    env: freshEnv(scratchFolder()),
  });
  const first = session.waitFor(/^Spider {2}seed 42 .* deals 5 {2}time 0:0\d$/m);
  expect(first.split('\n')[0]).toMatch(/ {2}Woods score 0 {2}moves 0 {2}deals 5 {2}time 0:0\d$/);
  // It moves, one second after another.
  const start = shown(until(session, 1))!;
  const next = shown(until(session, start + 1))!;
  expect(next).toBe(start + 1);
  // Once a second, only the cells that change: a few bytes a second.
  const before = session.output().length;
  until(session, next + 4);
  const perSecond = (session.output().length - before) / 4;
  if (process.env.SPIDER_SHOW_FIGURES) console.log(`clock: ${perSecond} bytes a second`);
  expect(perSecond).toBeLessThan(100);
  session.sendKeys('t');
  const hidden = session.waitFor('Clock hidden; it still counts. t shows it again.');
  expect(hidden.split('\n')[0]).toMatch(/ deals 5$/);
  expect(hidden.split('\n')[0]).not.toMatch(/time/);
  session.sendKeys('t');
  const again = session.waitFor(/deals 5 {2}time 0:\d\d$/m);
  // It counted while hidden.
  expect(shown(again)).toBeGreaterThanOrEqual(next + 4);
  session.sendKeys('d');
  session.waitFor(/moves 1 /);
  session.sendKeys('q');
  session.waitFor('Quit this game?');
  session.sendKeys('y');
  expect(session.waitForExit()).toBe(0);
  expect(session.screen()).toMatch(/saved for next time,\s+1 move, time 0:\d\d, woods score/);
});
