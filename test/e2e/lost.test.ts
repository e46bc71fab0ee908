/**
 * A lost game in the real terminal (docs/rules.md, "Lost"): the last deal of this record leaves no
 * progress possible, which the game decides in the background and shows as the lost panel; undo
 * takes it away, and leaving a lost game asks nothing. g asks the solver where it went wrong.
 */
import * as fs from 'fs';
import * as path from 'path';
import { freshEnv, ROOT, scratchFolder, startSpider } from './spider';

jest.setTimeout(30_000);

const RECORD = fs.readFileSync(
  path.join(ROOT, 'test', 'fixtures', 'lost-after-last-deal.txt'),
  'utf8',
);

/** The game of the record up to its last deal, in the terminal, and the deal that loses it. */
function dealTheLastDeal() {
  const home = scratchFolder();
  const file = path.join(home, 'almost.txt');
  fs.writeFileSync(file, RECORD.replace(/ d\n$/, '\n'));
  const session = startSpider(['play', file], { env: freshEnv(home) });
  session.waitFor('q quit');
  session.sendKeys('d');
  return session;
}

it('the deal that loses brings up the lost panel; u takes it back, q leaves without asking', () => {
  const session = dealTheLastDeal();
  const lost = session.waitFor('No progress is possible');
  expect(lost).toMatch(/Lost: no move can turn a card/);
  expect(lost).toMatch(/u undo +R restart +n new game/);
  session.sendKeys('u');
  const undone = session.waitFor('Undone; a peek');
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

it('g on the lost panel warns of the peek, then shows where the game went wrong', () => {
  const session = dealTheLastDeal();
  session.waitFor('g where it went wrong');
  session.sendKeys('g');
  session.waitFor('g asks; other keys go on');
  session.sendKeys('g');
  // While it looks, the message line says how far it has gone, a few times a second.
  const progress =
    /Now (after move \d+ of 17|at the deal): \d+ moves? looked at, [\d.,kM]+ positions, \d+ s\./;
  const looking = session.waitFor((screen) => progress.test(screen.replace(/\s+/g, ' ')), 30_000);
  expect(looking).toContain('The solver looks back over the game.');
  const shown = session.waitFor(/lost it\.[\s\S]*lost it\./, 30_000); // on the panel and below
  expect(shown).toContain('You could still have won');
  expect(shown).toContain('No progress is possible');
  session.sendKeys('q');
  expect(session.waitForExit()).toBe(0);
});

it('v closes the lost panel to study the board; moves stay refused; v brings it back', () => {
  const session = dealTheLastDeal();
  const panel = session.waitFor('v hides this panel (v shows it)');
  expect(panel).toContain('No progress is possible');
  session.sendKeys('v');
  const board = session.waitForGone('No progress is possible');
  expect(board).toMatch(/the board is there to look at, not to play\. v shows the panel\./);
  expect(board.trimEnd().split('\n').pop()).toMatch(/^v shows the panel +u undo/);
  const moves = board.split('\n')[0].match(/moves \d+/)?.[0];
  // A move tried on the board studied is refused, and the line says how to get the panel back.
  session.sendKeys('Escape');
  session.waitFor('No progress is possible');
  session.sendKeys('v');
  session.waitForGone('No progress is possible');
  session.sendKeys('1', '2');
  const refused = session.waitFor(/not to play\. v shows the panel\./);
  expect(refused).not.toContain('picked up');
  expect(refused.split('\n')[0]).toContain(moves);
  session.sendKeys('v');
  const back = session.waitFor('No progress is possible');
  expect(back).toMatch(/Lost: no move can turn a card/);
  // Closed, u still undoes the deal that lost.
  session.sendKeys('v');
  session.waitForGone('No progress is possible');
  session.sendKeys('u');
  session.waitFor('Undone; a peek');
  session.sendKeys('q');
  session.waitFor('Quit this game?');
  session.sendKeys('y');
  expect(session.waitForExit()).toBe(0);
});
