/**
 * The solver in the real terminal (docs/solver.md, "The solver in the game"): "can I still win?"
 * warns first that it is a peek, thinks in its own thread while the keys keep working, answers, and
 * the peek is saved with the game; the demo plays the solver's line as the game's own moves
 * until a key stops it.
 */
import * as fs from 'fs';
import * as path from 'path';
import { type Action, newGame } from '../../src/engine';
import { formatAction } from '../../src/notation';
import { solve } from '../../src/search';
import { freshEnv, quitGame, scratchFolder, startSpider } from './spider';

jest.setTimeout(60_000);

it('c warns of the peek, c again asks; the answer comes and the peek is saved', () => {
  const home = scratchFolder();
  const session = startSpider(['--seed', '1', '--suits', '1'], { env: freshEnv(home) });
  session.waitFor('q quit');
  session.sendKeys('c');
  session.waitFor('c asks; other keys go on');
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
  // PySolFC's 4-suit game 55: neither of the solver's threads settles it even in 6 million
  // positions each, let alone 3 s.
  const session = startSpider(['--deal', 'pysol:55']);
  session.waitFor('q quit');
  session.sendKeys('c');
  session.waitFor('c asks; other keys go on');
  session.sendKeys('c');
  session.waitFor('The solver is thinking');
  session.sendKeys('d');
  const dealt = session.waitFor('deals 4');
  expect(dealt).not.toContain('The solver is thinking');
  session.sendKeys('c'); // warned already: asks at once, about the new position
  session.waitFor('The solver is thinking');
  session.waitFor('Unknown: in 3 s the solver found no win, nor proved there is none.', 30_000);
  expect(quitGame(session)).toBe(0);
});

describe('the demo (a)', () => {
  // Seed 1 with one suit, played along the solver's own line up to a few actions from the end.
  const game = newGame('1', { suits: 1, relaxed: 0, keepSuits: false });
  const found = solve(game.position, { timeMs: 30_000 });
  const LEFT = 6;
  const record = (actions: readonly Action[]) =>
    `seed: 1\nsuits: 1\n\n${actions.map(formatAction).join(' ')}\n`;

  it('warns of the peek, then plays the solver’s line to the win, one action at a time', () => {
    expect(found.result).toBe('won');
    const home = scratchFolder();
    const file = path.join(home, 'almost.txt');
    fs.writeFileSync(file, record(found.line.slice(0, found.line.length - LEFT)));
    const session = startSpider(['play', file], { env: freshEnv(home) });
    const moves = found.line.length - LEFT;
    session.waitFor(`moves ${moves}`);
    session.sendKeys('a');
    session.waitFor('a starts; other keys go on');
    session.sendKeys('a');
    session.waitFor(/Demo: the solver's line, \d+ of \d+ actions played/, 30_000);
    // The solver played: the win is one with help (docs/rules.md, "Won with help").
    const won = session.waitFor('Won with help in', 30_000);
    expect(won).toContain('the demo played; no record.');
    const total = Number(/Won with help in (\d+) moves/.exec(won)?.[1]);
    expect(total).toBeGreaterThan(moves);
    expect(won).toMatch(/peeks +1/);
    // The score the status line shows is marked, and the panel says what the mark means.
    expect(won).toMatch(/woods +\d+ +<.*\n(.*\n)*.*< shown on the status line/);
    session.sendKeys('u'); // the demo's moves are the game's own
    session.waitFor(`moves ${total - 1}`);
    expect(quitGame(session)).toBe(0);
  });

  it('any key stops it, and does nothing else', () => {
    const home = scratchFolder();
    const file = path.join(home, 'start.txt');
    fs.writeFileSync(file, record(found.line.slice(0, 1)));
    const session = startSpider(['play', file], { env: freshEnv(home) });
    session.waitFor('moves 1');
    session.sendKeys('a');
    session.waitFor('a starts; other keys go on');
    session.sendKeys('a');
    session.waitFor((screen) => Number(/moves (\d+)/.exec(screen)?.[1]) >= 3, 30_000);
    session.sendKeys('?'); // would open the help
    const stopped = session.waitFor('Demo stopped. u undoes its moves one by one.');
    expect(stopped).not.toContain('Spider help');
    const moves = Number(/moves (\d+)/.exec(stopped)?.[1]);
    expect(moves).toBeGreaterThanOrEqual(3);
    session.sendKeys('u');
    session.waitFor(`moves ${moves - 1}`);
    expect(quitGame(session)).toBe(0);
  });
});
