/**
 * Leaving never waits for the lost-game search (docs/rules.md, "Lost"): a game whose status takes
 * seconds to decide is quit at once, from a shell, and stays saved as unfinished; opened again,
 * the search goes on, and finds it lost.
 */
import * as fs from 'fs';
import * as path from 'path';
import { TANGLED_GAME_FILE } from '../helpers/lost-game';
import { freshEnv, scratchFolder, spiderCommand, startShell, startSpider } from './spider';

jest.setTimeout(120_000);

it('quitting a tangled game gives the prompt back with the game saved; opened again, it is found lost', () => {
  const home = scratchFolder();
  const env = freshEnv(home);
  const shell = startShell(env);
  shell.sendKeys(spiderCommand(['play', TANGLED_GAME_FILE]), 'Enter');
  shell.waitFor('q quit');
  shell.sendKeys('q');
  shell.waitFor('Quit this game?');
  shell.sendKeys('y');
  // The exit text and the prompt come back: nothing waits for the search.
  const left = shell.waitFor(/saved for next\s+time[\s\S]*\nshell\$\s*$/);
  expect(left).not.toMatch(/Deciding/);
  const games = path.join(home, 'state', 'spider', 'games');
  const saves = fs.readdirSync(games).filter((name) => name.endsWith('.txt'));
  expect(saves).toHaveLength(1);
  expect(fs.readFileSync(path.join(games, saves[0]), 'utf8')).toContain('status: playing');
  shell.kill();

  // The next start resumes it at once, and the search, under way again, finds it lost.
  const again = startSpider([], { env });
  again.waitFor('q quit');
  again.waitFor('No progress is possible', 90_000);
  again.sendKeys('q');
  expect(again.waitForExit()).toBe(0);
  const history = fs.readFileSync(path.join(home, 'data', 'spider', 'games.jsonl'), 'utf8');
  expect(JSON.parse(history.trim())).toMatchObject({ seed: '115', outcome: 'lost', moves: 1000 });
});
