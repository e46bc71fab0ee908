/**
 * The settings file in the game (docs/settings.md, "Settings"), in a real terminal: its suits
 * deal a new game, a flag overrides them, and they never choose which saved game is resumed.
 */
import * as fs from 'fs';
import * as path from 'path';
import { dealAndQuit, freshEnv, quitGame, scratchFolder, startSpider } from './spider';

jest.setTimeout(30_000);

it('suits = 2 deals 2 suits with --new, --suits 1 overrides it, and bare spider resumes', () => {
  const home = scratchFolder();
  const env = freshEnv(home);
  // A 4-suit game left unfinished before there were settings.
  const first = startSpider(['--seed', '42'], { env });
  first.waitFor('4 suits, relaxed 0');
  expect(dealAndQuit(first)).toBe(0);

  const config = path.join(env.XDG_CONFIG_HOME!, 'spider');
  fs.mkdirSync(config, { recursive: true });
  fs.writeFileSync(path.join(config, 'config.toml'), '# my defaults\nsuits = 2\n');

  // The file's suits do not count as asked for: the latest game is resumed, whatever its suits.
  const resumed = startSpider([], { env });
  resumed.waitFor('Resumed your game');
  expect(resumed.screen()).toMatch(/seed 42 {2}4 suits, relaxed 0/);
  expect(quitGame(resumed)).toBe(0);

  const dealt = startSpider(['--new'], { env });
  dealt.waitFor(/ (2 suits, relaxed 0|2s r0) /);
  dealt.sendKeys('q');
  expect(dealt.waitForExit()).toBe(0);

  const overridden = startSpider(['--new', '--suits', '1'], { env });
  overridden.waitFor(/ (1 suit, relaxed 0|1s r0) /);
  overridden.sendKeys('q');
  expect(overridden.waitForExit()).toBe(0);
});

it('a bad settings file stops the game before it opens, naming the file and the line', () => {
  const env = freshEnv();
  const config = path.join(env.XDG_CONFIG_HOME!, 'spider');
  fs.mkdirSync(config, { recursive: true });
  fs.writeFileSync(path.join(config, 'config.toml'), 'suits = 2\nrelaxed = 5\n');
  const session = startSpider([], { env, width: 200 });
  expect(session.waitForExit()).toBe(2);
  expect(session.screen()).toContain(
    `spider: the settings file ${config}/config.toml, line 2: relaxed must be 0, 1, 2 or 3, not 5`,
  );
});
