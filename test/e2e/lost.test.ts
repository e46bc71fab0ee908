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
