/**
 * `spider --winnable` in the real game (docs/deals.md, "Winnable deals"): the search shows its
 * progress before the screen opens, the status line says the deal is proven winnable, the exit text
 * deals it again, and asking again resumes it.
 */
import { spawnSync } from 'child_process';
import { bySeed, newGame } from '../../src/engine';
import { dailyStart, findWinnable } from '../../src/search';
import { initialState } from '../../src/ui/controller';
import { layout } from '../../src/ui/layout';
import { boardOf, dealAndQuit, freshEnv, scratchFolder, SPIDER, startSpider } from './spider';

jest.setTimeout(120_000);

const RULES = { suits: 4, relaxed: 0, keepSuits: false } as const;
const THEME = { ascii: false, color: true, fourColor: false };

it('plays the first deal from seed 6 the solver wins, says so, and resumes it when asked again', () => {
  // Which deal that is depends on the solver: the screen names it, and that it is the first the
  // solver wins from seed 6 is the search's own test (test/search/winnable.test.ts).
  const home = scratchFolder();
  const first = startSpider(['--winnable', '--seed', '6'], { env: freshEnv(home) });
  const screen = first.waitFor('q quit', 60_000);
  const [, seed] = /seed (\d+(?:\/\d+)?) {2}(?:proven )?winnable/.exec(screen) ?? [];
  expect(seed).toBeDefined();
  expect(screen.split('\n')[0]).toMatch(
    new RegExp(`^(Spider {2})?seed ${seed} {2}(proven )?winnable {2}4 ?s`),
  );
  const expected = boardOf(
    layout(
      {
        ...initialState(
          newGame({ ...bySeed(seed), origin: { from: bySeed('6') } }, RULES),
          THEME,
          'woods',
        ),
        playedMs: 0, // the clock as wide as the game's: the status line takes the same form
      },
      80,
      24,
    ).frame.text(),
  );
  expect(boardOf(screen)).toBe(expected);
  const from = seed === '6' ? '' : ' \\(from seed 6\\)';
  expect(screen.replace(/\s+/g, ' ')).toMatch(
    new RegExp(`Seed ${seed}, proven winnable${from}\\. Pick a column`),
  );
  expect(dealAndQuit(first)).toBe(0);
  const output = first.output();
  expect(output).toMatch(
    new RegExp(`spider: finding a deal the solver wins, from seed 6 on: 6… (not )?won`),
  );
  expect(output.replace(/\s+/g, ' ')).toMatch(
    new RegExp(
      `Spider seed ${seed} \\(4 suits, relaxed 0, suits removed at once\\), proven winnable${from}: saved for next time`,
    ),
  );
  // Started by its path (no spider on PATH): the command names it (docs/playing.md, "Leaving").
  expect(output).toMatch(new RegExp(`\\n {2}\\S*spider --seed ${seed} --suits 4\\r?\\n`));

  const second = startSpider(['--winnable', '--seed', '6'], { env: freshEnv(home) });
  const resumed = second.waitFor('q quit', 60_000);
  expect(resumed.split('\n')[0]).toMatch(
    new RegExp(`^(Spider {2})?seed ${seed} {2}(proven )?winnable .* moves 1 `),
  );
  expect(resumed.replace(/\s+/g, ' ')).toContain(`seed ${seed}, 1 move`);
});

it("spider --daily plays the day's deal, names it by its date, and counts it apart", () => {
  const rules = { suits: 1, relaxed: 0, keepSuits: false } as const;
  const { from, daily } = dailyStart(new Date());
  const found = findWinnable(from, rules, { daily });
  if (!found.found) throw new Error('no daily deal');
  const home = scratchFolder();
  const env = freshEnv(home);
  const session = startSpider(['--daily', '--suits', '1'], { env });
  const screen = session.waitFor('q quit', 60_000);
  expect(screen.split('\n')[0]).toMatch(new RegExp(`^daily ${daily} {2}1 suit, relaxed 0 `));
  expect(screen.replace(/\s+/g, ' ')).toContain(
    `Seed ${found.deal.key}, daily deal of ${daily}, proven winnable. Pick a column`,
  );
  session.sendKeys('d');
  session.waitFor(/moves 1 /);
  session.sendKeys('n');
  session.waitFor('Enter deals');
  session.sendKeys('Enter');
  session.waitFor(/New game: seed/);
  session.sendKeys('q');
  expect(session.waitForExit()).toBe(0);

  // Left for a new deal, the daily game stays saved, and counts in nothing until given up.
  const saves = spawnSync(process.execPath, [SPIDER, 'saves', '--json'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect((JSON.parse(saves.stdout) as { games: unknown[] }).games).toEqual([
    expect.objectContaining({ seed: found.deal.key, daily, suits: 1, moves: 1 }),
  ]);
  const stats = spawnSync(process.execPath, [SPIDER, 'stats', '--json'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect((JSON.parse(stats.stdout) as { variants: unknown[] }).variants).toEqual([]);
});
