/**
 * A lost game in the real terminal (README, "Lost"): the last deal of this record leaves no
 * progress possible, which the game decides in the background and shows as the lost panel; undo
 * takes it away, and leaving a lost game asks nothing.
 */
import * as fs from 'fs';
import * as path from 'path';
import { freshEnv, ROOT, scratchFolder, startSpider } from './spider';

jest.setTimeout(30_000);

const RECORD = fs.readFileSync(
  path.join(ROOT, 'test', 'fixtures', 'lost-after-last-deal.txt'),
  'utf8',
);

it('the deal that loses brings up the lost panel; u takes it back, q leaves without asking', () => {
  const home = scratchFolder();
  const file = path.join(home, 'almost.txt');
  fs.writeFileSync(file, RECORD.replace(/ d\n$/, '\n')); // up to the last deal
  const session = startSpider(['play', file], { env: freshEnv(home) });
  session.waitFor('q quit');
  session.sendKeys('d');
  const lost = session.waitFor('No progress is possible');
  expect(lost).toMatch(/Lost: no move can turn a card/);
  expect(lost).toMatch(/u undo +R restart +n new game/);
  session.sendKeys('u');
  const undone = session.waitFor('Undone.');
  expect(undone).not.toContain('No progress is possible');
  session.sendKeys('d');
  session.waitFor('No progress is possible');
  session.sendKeys('q');
  expect(session.waitForExit()).toBe(0);
  expect(session.output()).toMatch(/lost/);
});

it('a saved game whose last deal lost it is resumed at once, and then found lost', () => {
  // A killed session left it saved as playing: the start does not wait for the search.
  const home = scratchFolder();
  const env = freshEnv(home);
  const games = path.join(home, 'state', 'spider', 'games');
  fs.mkdirSync(games, { recursive: true });
  const actions = RECORD.trim().split('\n').pop() ?? '';
  fs.writeFileSync(
    path.join(games, '20240501T120000-10000-test.txt'),
    'seed: 15\nsuits: 1\nsave-format: 1\nundone: 0\nactions: 17\npeeks: 0\nelapsed-ms: 5000\n' +
      `status: playing\n\n${actions}\n`,
  );
  const session = startSpider([], { env });
  const screen = session.waitFor('No progress is possible');
  expect(screen).toMatch(/Lost: no move can turn a card/);
  session.sendKeys('q');
  expect(session.waitForExit()).toBe(0);
  const history = fs.readFileSync(path.join(home, 'data', 'spider', 'games.jsonl'), 'utf8');
  expect(JSON.parse(history.trim())).toMatchObject({ seed: '15', outcome: 'lost', moves: 17 });
});
