/**
 * The hint in the real terminal (docs/playing.md, "Hints"): `h` shows the heuristic's best at once
 * and says that the fair player is thinking, in the solver's thread; then the fair player's choice
 * takes the message line. Any other key stops the thinking and does its own work.
 */
import * as fs from 'fs';
import * as path from 'path';
import { type Game, newGame, play } from '../../src/engine';
import { formatAction } from '../../src/notation';
import { fairChoice, gameView, heuristicHints, HINT_SEED, solve } from '../../src/search';
import { describeFair, describeHint } from '../../src/words/search';
import { freshEnv, quitGame, scratchFolder, startSpider } from './spider';

jest.setTimeout(60_000);

// Seed 1 with one suit, played along the solver's winning line up to a few actions from its end:
// the fair player's choice there is a plan of two moves, which the heuristic never words.
const start = newGame('1', { suits: 1, relaxed: 0, keepSuits: false });
const line = solve(start.position, { timeMs: 30_000 }).line;
const LEFT = 6;
const game = line.slice(0, line.length - LEFT).reduce<Game>((g, action) => {
  const outcome = play(g, action);
  if (!outcome.ok) throw new Error(`the solver's line is refused: ${outcome.refusal.why}`);
  return outcome.game;
}, start);

function startAt(): ReturnType<typeof startSpider> {
  const home = scratchFolder();
  const file = path.join(home, 'near-the-end.txt');
  const actions = line
    .slice(0, line.length - LEFT)
    .map(formatAction)
    .join(' ');
  fs.writeFileSync(file, `seed: 1\nsuits: 1\n\n${actions}\n`);
  const session = startSpider(['play', file], { env: freshEnv(home) });
  session.waitFor(`moves ${line.length - LEFT}`);
  return session;
}

const oneLine = (screen: string) => screen.replace(/\s+/g, ' ');

it('h shows the heuristic’s hint while the fair player thinks, then the fair player’s', () => {
  // With all its worlds rated (it needs a fraction of its second here), as the game's thread does.
  const fair = fairChoice(gameView(game), { seed: HINT_SEED, now: () => 0 });
  const fairText = describeFair(game.position, fair);
  expect(fairText).toMatch(
    /on the way to turning a card in column \d+; (about \d+%|over 99%|under 1%) to win$/,
  );
  const heuristic = describeHint(game.position, heuristicHints.hints(game.position)[0]);
  const session = startAt();
  session.sendKeys('h');
  const thinking = oneLine(session.waitFor((s) => oneLine(s).includes('(thinking…)')));
  expect(thinking).toContain(`Hint: ${heuristic} (thinking…)`);
  const answered = oneLine(
    session.waitFor(
      (s) => !oneLine(s).includes('thinking') && oneLine(s).includes('Hint:'),
      30_000,
    ),
  );
  expect(answered).toMatch(new RegExp(`Hint: ${escape(fairText)} \\(1/\\d+, h for the next\\)`));
  expect(quitGame(session)).toBe(0);
});

it('another key while it thinks does its own work; the hint is dropped with the position', () => {
  const session = startAt();
  session.sendKeys('h');
  session.sendKeys('u');
  const undone = oneLine(session.waitFor(`moves ${line.length - LEFT - 1}`));
  expect(undone).toMatch(/Undone[.;]/);
  expect(undone).not.toContain('Hint:');
  expect(quitGame(session)).toBe(0);
});

/** A text as a regular expression that matches it exactly. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
