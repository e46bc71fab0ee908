/**
 * The solver in the real terminal (README, "The solver in the game"): "can I still win?" warns
 * first that it is a peek, thinks in its own thread while the keys keep working, answers, and
 * the peek is saved with the game.
 */
import * as fs from 'fs';
import * as path from 'path';
import { freshEnv, scratchFolder, startSpider } from './spider';

jest.setTimeout(60_000);

it('c warns of the peek, c again asks; the answer comes and the peek is saved', () => {
  const home = scratchFolder();
  const session = startSpider(['--seed', '1', '--suits', '1'], { env: freshEnv(home) });
  session.waitFor('q quit');
  session.sendKeys('c');
  session.waitFor('c asks; any other key goes on');
  session.sendKeys('c');
  const answer = session.waitFor(/Winnable: the solver wins from here in \d+ actions\./, 30_000);
  expect(answer).not.toContain('c asks');
  session.sendKeys('q');
  expect(session.waitForExit()).toBe(0);
  const games = path.join(home, 'state', 'spider', 'games');
  const saves = fs.readdirSync(games).filter((name) => name.endsWith('.txt'));
  expect(saves).toHaveLength(1);
  expect(fs.readFileSync(path.join(games, saves[0]), 'utf8')).toMatch(/^peeks: 1$/m);
});

it('while the solver thinks, keys work; a new position leaves the old question behind', () => {
  // PySolFC's 4-suit game 1008: the solver settles nothing about it in 3 s.
  const session = startSpider(['--deal', 'pysol:1008']);
  session.waitFor('q quit');
  session.sendKeys('c');
  session.waitFor('c asks; any other key goes on');
  session.sendKeys('c');
  session.waitFor('The solver is thinking');
  session.sendKeys('d');
  const dealt = session.waitFor('deals 4');
  expect(dealt).not.toContain('The solver is thinking');
  session.sendKeys('c'); // warned already: asks at once, about the new position
  session.waitFor('The solver is thinking');
  session.waitFor('Unknown: in 3 s the solver found no win, nor proved there is none.', 30_000);
  session.sendKeys('q');
  session.waitFor('Quit this game?');
  session.sendKeys('y');
  expect(session.waitForExit()).toBe(0);
});
