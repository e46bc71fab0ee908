/**
 * The new-game panel in the real game (docs/playing.md, "A new game"): chosen with keys and with
 * the mouse, a seed typed, and the daily deal found on the solver's thread while the game waits.
 */
import { dailyStart, findWinnable } from '../../src/search';
import type { TerminalSession } from './tmux';
import { spawnSync } from 'child_process';
import { freshEnv, SPIDER, startSpider } from './spider';

/** Quits a game nothing was done in yet: at once, without a question. */
function quitFresh(session: TerminalSession): number {
  session.sendKeys('q');
  return session.waitForExit();
}

jest.setTimeout(60_000);

it('n opens the panel; keys choose 1 suit, relaxed 2 and a seed typed, and Enter deals it', () => {
  const session = startSpider(['--seed', '42']);
  session.waitFor('q quit');
  session.sendKeys('n');
  const panel = session.waitFor('Enter deals');
  expect(panel).toMatch(/>Suits +1 suit +2 suits +\[4 suits\]/);
  session.sendKeys('1');
  session.waitFor('[1 suit]');
  session.waitFor('the easiest: spades only');
  session.sendKeys('Down', '2', 'Down', 'Down', 'Right');
  session.waitFor('[seed]');
  session.type('fox');
  session.waitFor(/>Seed +fox_/);
  session.sendKeys('Enter');
  const dealt = session.waitFor('New game: seed fox, 1 suit.');
  expect(dealt.split('\n')[0]).toMatch(/^(Spider {2})?seed fox {2}(1 suit, relaxed 2|1s r2) /);
  expect(dealt).not.toContain('Enter deals');
  // The panel opens again on that choice, and Esc leaves the game as it is.
  session.sendKeys('n');
  session.waitFor(/>Suits +\[1 suit\]/);
  session.sendKeys('Escape');
  session.waitForGone('Enter deals');
  expect(session.screen().split('\n')[0]).toMatch(/seed fox/);
  expect(quitFresh(session)).toBe(0);
});

it('the mouse chooses on the panel: a click on a value, then on Enter', () => {
  const session = startSpider(['--seed', '42']);
  session.waitFor('q quit');
  session.sendKeys('n');
  const panel = session.waitFor('Enter deals');
  const lines = panel.split('\n');
  const at = (text: string) => {
    const y = lines.findIndex((line) => line.includes(text));
    return { x: lines[y].indexOf(text) + 1, y };
  };
  const two = at(' 2 suits ');
  session.click(two.x, two.y);
  session.waitFor('[2 suits]');
  const enter = at('Enter deals');
  session.click(enter.x, enter.y);
  const dealt = session.waitFor(/New game: seed \d+, 2 suits\./);
  expect(dealt.split('\n')[0]).toMatch(/ (2 suits, relaxed 0|2s r0) /);
  expect(quitFresh(session)).toBe(0);
});

it('the daily deal is searched for on the solver thread and dealt, as --daily deals it', () => {
  const session = startSpider(['--seed', '42']);
  session.waitFor('q quit');
  session.sendKeys('n', '1', 'Down', 'Down', 'Down', 'Left', 'Left');
  session.waitFor('[daily]');
  session.sendKeys('Enter');
  const { from, daily } = dailyStart(new Date());
  const found = findWinnable(from, { suits: 1, relaxed: 0, keepSuits: false }, { daily });
  if (!found.found) throw new Error('no daily deal today');
  const screen = session.waitFor(`daily deal of ${daily}, proven winnable, 1 suit.`, 30_000);
  expect(screen.split('\n')[0]).toMatch(new RegExp(`^(Spider {2})?daily ${daily} {2}1 ?s`));
  expect(screen).toContain(`New game: seed ${found.deal.key}, daily deal`);
  expect(quitFresh(session)).toBe(0);
});

it('the saved games are listed from the panel: Enter switches to one, x gives one up', () => {
  const session = startSpider(['--seed', '42']);
  session.waitFor('q quit');
  session.sendKeys('d');
  session.waitFor(/moves 1 /);
  session.sendKeys('n');
  session.waitFor('Enter deals');
  session.sendKeys('Enter');
  session.waitFor(/New game: seed \d+, 4 suits\./);
  session.sendKeys('d');
  session.waitFor(/moves 1 /);
  session.sendKeys('n');
  session.waitFor('1 unfinished game saved: s lists them');
  session.sendKeys('s');
  const list = session.waitFor('Enter plays');
  expect(list).toMatch(/ seed \d+ \(in play\) +4 suits +1 move /);
  expect(list).toMatch(/>seed 42 +4 suits +1 move /);
  session.sendKeys('Enter');
  const back = session.waitFor(/Resumed your game from .*: seed 42, 1 move\./);
  expect(back.split('\n')[0]).toMatch(/^Spider {2}seed 42 .*moves 1 /);
  // The game left is listed now, and given up it counts as abandoned.
  session.sendKeys('n', 's');
  session.waitFor(/>seed \d{3,} +4 suits/);
  session.sendKeys('x');
  session.waitFor('Give it up? It counts as abandoned.');
  session.sendKeys('y');
  session.waitFor(/Your unfinished game \(seed \d+\) counts as abandoned\./);
  session.sendKeys('Escape');
  session.waitFor('Enter deals');
  session.waitForGone('unfinished game saved');
  session.sendKeys('Escape');
  session.waitForGone('Enter deals');
  session.sendKeys('q');
  session.waitFor('Quit this game?');
  session.sendKeys('y');
  expect(session.waitForExit()).toBe(0);
});

it('a first start meets the panel with 1 suit offered; both games then wait in spider saves', () => {
  const env = freshEnv();
  const first = startSpider([], { env });
  const welcome = first.waitFor('Enter deals');
  expect(welcome).toMatch(/>Suits +\[1 suit\] +2 suits +4 suits/);
  expect(welcome).toContain('Welcome! Choose a game: 1 suit is the easiest.');
  first.sendKeys('Enter');
  const dealt = first.waitFor(/New game: seed \d+, 1 suit\./);
  expect(dealt.split('\n')[0]).toMatch(/ (1 suit, relaxed 0|1s r0) /);
  first.sendKeys('d');
  first.waitFor(/moves 1 /);
  first.sendKeys('q');
  first.waitFor('Quit this game?');
  first.sendKeys('y');
  expect(first.waitForExit()).toBe(0);
  // Played before now: no panel, and the daily deal leaves the first game saved.
  const daily = startSpider(['--daily'], { env });
  daily.waitFor('q quit', 30_000);
  expect(daily.screen()).not.toContain('Enter deals');
  daily.sendKeys('d');
  daily.waitFor(/moves 1 /);
  daily.sendKeys('q');
  daily.waitFor('Quit this game?');
  daily.sendKeys('y');
  expect(daily.waitForExit()).toBe(0);
  const listed = spawnSync(process.execPath, [SPIDER, 'saves'], {
    env: { ...process.env, ...env } as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
  expect(listed.status).toBe(0);
  expect(listed.stdout).toMatch(/^1 {2}seed \S+, daily \d{4}-\d\d-\d\d +4 suits +1 /m);
  expect(listed.stdout).toMatch(/^2 {2}seed \d+ +1 suit +1 /m);
});
