/**
 * The help screen's layout (docs/playing.md, "Playing"): keys side by side where both fit, one a
 * line where not, and what a key does continued under its own column.
 */
import { HELP_PAGES, HELP_WIDTH, helpLines } from '../../src/ui/help';

const [keys] = HELP_PAGES;

it('puts two keys on a line where both fit, as on an 80-column terminal', () => {
  const lines = helpLines(keys, HELP_WIDTH);
  expect(lines).toContain('d          deal a row from the stock        u / r   undo / redo');
  expect(lines.every((line) => line.length <= HELP_WIDTH)).toBe(true);
});

it('gives each key its own line where two do not fit, continued under its text', () => {
  const lines = helpLines(keys, 50);
  expect(lines).toContain('d          deal a row from the stock');
  expect(lines).toContain('u / r      undo / redo');
  const left = lines.findIndex((line) => line.startsWith('Left/Right '));
  expect(lines[left + 1]).toMatch(/^ {11}\S/);
  expect(lines.every((line) => line.length <= 50)).toBe(true);
});

it('wraps paragraphs to the width as a whole, not line by line', () => {
  const lines = helpLines(keys, 40);
  const mouse = lines.findIndex((line) => line.startsWith('Mouse:'));
  expect(lines.slice(mouse, mouse + 4).join(' ')).toContain(
    'click a column to put it there; or drag it.',
  );
  expect(lines.slice(mouse, mouse + 3).every((line) => line.length > 30)).toBe(true);
});
