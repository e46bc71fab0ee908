/**
 * The end of `spider --help` (src/cli/help-text.ts): examples, environment, files and exit
 * statuses, within 80 columns, naming only what the program really reads.
 */
import * as fs from 'fs';
import * as path from 'path';
import { HELP_SECTIONS, helpEpilogue } from '../../src/cli/help-text';
import { run } from '../../src/cli/program';
import { fakeIo } from '../helpers/fake-io';

const SRC = path.join(__dirname, '..', '..', 'src');

/** Every source file's text but the help's own, to look for what it reads. */
function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name === 'help-text.ts' ? [] : [fs.readFileSync(file, 'utf8')];
  });
}

async function help(): Promise<string> {
  const { io, written } = fakeIo({ env: { LANG: 'C.UTF-8' } });
  await run(['--help'], io);
  return written.stdout;
}

it('ends the help with examples, the environment, the files and the exit statuses', async () => {
  const text = await help();
  for (const title of ['Examples:', 'Environment:', 'Files:', 'Exit status:'])
    expect(text).toContain(`\n${title}\n`);
  expect(text).toMatch(/^ {2}spider --daily +the day's deal/m);
  expect(text).toMatch(/^ {2}74 +the output could not be written$/m);
  for (const line of text.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
});

it('names only environment variables the program reads', () => {
  const code = sources().join('\n');
  const environment = HELP_SECTIONS.find((section) => section.title === 'Environment');
  const names = environment!.lines.flatMap(([term]) => term.split(', '));
  expect(names.length).toBeGreaterThan(8);
  for (const name of names)
    expect({ name, read: code.includes(`env.${name}`) || code.includes(`'${name}'`) }).toEqual({
      name,
      read: true,
    });
});

it('wraps a long meaning under itself, beside its term', () => {
  const text = helpEpilogue([{ title: 'T', lines: [['x', 'word '.repeat(30).trim()]] }]);
  const lines = text.split('\n');
  expect(lines[0]).toBe('T:');
  expect(lines[1]).toMatch(/^ {2}x {2}word/);
  expect(lines[2]).toMatch(/^ {5}word/);
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
});
