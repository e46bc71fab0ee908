/**
 * A numbered deal in the real game (docs/deals.md, "Numbered deals: the same deal as in PySolFC or
 * KPat"): the board is the deal the other program makes, the status line names it, the exit text
 * deals it again, and asking for it again resumes it.
 */
import { dealPosition, newGame } from '../../src/engine';
import { initialState } from '../../src/ui/controller';
import { layout } from '../../src/ui/layout';
import { boardOf, dealAndQuit, freshEnv, scratchFolder, startSpider } from './spider';

jest.setTimeout(30_000);

const DEAL = { scheme: 'kpat', key: '14934' } as const;
const RULES = { suits: 2, relaxed: 0, keepSuits: false } as const;
const THEME = { ascii: false, color: true, fourColor: false };

it('plays kpat:14934 with 2 suits, names it, and resumes it when asked for again', () => {
  const home = scratchFolder();
  const game = newGame(DEAL, RULES);
  expect(game.start).toEqual(dealPosition(DEAL, RULES));
  // With the clock as wide as the game's, so that the status line takes the same form.
  const opening = { ...initialState(game, THEME, 'woods'), playedMs: 0 };
  const expected = boardOf(layout(opening, 80, 24).frame.text());

  const first = startSpider(['--deal', 'kpat:14934', '--suits', '2'], { env: freshEnv(home) });
  const screen = first.waitFor('q quit');
  expect(screen.split('\n')[0]).toMatch(/^deal kpat:14934 {2}2 suits, relaxed 0 /);
  expect(boardOf(screen)).toBe(expected);
  expect(screen).toContain('Deal kpat:14934. Pick a column');
  expect(dealAndQuit(first)).toBe(0);
  const output = first.output();
  expect(output.replace(/\s+/g, ' ')).toContain('Spider deal kpat:14934 (2 suits');
  expect(output).toMatch(/\n {2}\S*spider --deal kpat:14934 --suits 2\r?\n/);

  const second = startSpider(['--deal', 'kpat:14934', '--suits', '2'], { env: freshEnv(home) });
  const resumed = second.waitFor('q quit');
  expect(resumed.split('\n')[0]).toMatch(/deal kpat:14934 .* moves 1 /);
  expect(resumed.replace(/\s+/g, ' ')).toContain('deal kpat:14934, 1 move');
});
