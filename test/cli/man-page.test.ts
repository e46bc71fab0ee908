/**
 * The manual page (src/cli/man-page.ts, docs/install.md, "The manual page"): dist/spider.6 renders
 * without a warning, and says what `--help` says: every option and command, and the help's end.
 * man (man-db) and groff render it, as they would for a player.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Command } from 'commander';
import { HELP_SECTIONS, HELP_SETTINGS_NOTE } from '../../src/cli/help-text';
import { manPage, roffEscape } from '../../src/cli/man-page';
import { run } from '../../src/cli/program';
import { expectBuilt } from '../helpers/built';
import { fakeIo } from '../helpers/fake-io';

const ROOT = path.join(__dirname, '..', '..');
const PAGE = path.join(ROOT, 'dist', 'spider.6');

/** groff's run on `file` with `args`: its output, and what it warned. */
function groff(file: string, args: readonly string[]): { stdout: string; stderr: string } {
  const done = spawnSync('groff', ['-man', ...args, file], { encoding: 'utf8' });
  if (done.error)
    throw new Error(`groff is needed to check the manual page: ${done.error.message}`);
  return { stdout: done.stdout, stderr: done.stderr };
}

/**
 * The page as text in lines as long as need be, not hyphenated (each paragraph on a line),
 * without its footer.
 */
function rendered(file: string): string {
  const { stdout, stderr } = groff(file, ['-Tutf8', '-rLL=2000n', '-rHY=0', '-P-cbou']);
  expect(stderr).toBe('');
  return stdout
    .trimEnd()
    .replace(/\n.*$/, '')
    .replace(/[\u2010\u2212]/g, '-');
}

/** Text with every run of spaces and line ends made one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A page of `roff` in a temporary file, rendered. */
function renderedRoff(roff: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-man-'));
  try {
    const file = path.join(folder, 'page.1');
    fs.writeFileSync(file, roff);
    return rendered(file);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function help(args: readonly string[]): Promise<string> {
  const { io, written } = fakeIo({ env: { LANG: 'C.UTF-8' } });
  await run([...args, '--help'], io);
  return written.stdout;
}

/**
 * The entries a help lists under `title` (Options:, Commands:): each term as the page shows it
 * (`<n>` in italics, without its brackets), and what it means, its wrapped lines joined.
 */
function entries(text: string, title: string): { term: string; meaning: string }[] {
  const lines = text.split('\n');
  const found: { term: string; meaning: string }[] = [];
  for (const line of lines.slice(lines.indexOf(title) + 1)) {
    if (!line.startsWith('  ')) break;
    const entry = /^ {2}(\S.*?) {2,}(\S.*)$/.exec(line);
    if (entry) found.push({ term: entry[1].replace(/[<>]/g, ''), meaning: entry[2] });
    else found[found.length - 1].meaning += ` ${line.trim()}`;
  }
  return found;
}

/** The rendered page's sections by their headings. */
function sections(page: string): Map<string, string> {
  const parts = page.split(/^([A-Z][A-Z ]*)$/m);
  const found = new Map<string, string>();
  for (let i = 1; i < parts.length; i += 2) found.set(parts[i], parts[i + 1]);
  return found;
}

describe('roff escaping', () => {
  const hostile = '.SH EVIL\n\'br\n \\fBbold\\fR -- "quoted" `tick` \\\\ ♠ \u{1F0A1}\n\n.\\" gone';

  it('escapes what roff would read as its own', () => {
    const lines = roffEscape(hostile).split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^\\&|^[^.' ]/);
    expect(lines[0]).toBe('\\&.SH EVIL');
    expect(lines[2]).toContain('\\efBbold\\efR \\-\\- \\(dqquoted\\(dq \\(gatick\\(ga \\e\\e');
    expect(lines[2]).toContain('\\[u2660] \\[u1F0A1]');
    expect(roffEscape('a\x01b\tc')).toBe('a b c');
  });

  it('renders hostile text as it was written', () => {
    const page = renderedRoff(`.TH T 1\n.SH NAME\nt \\- x\n.SH TEXT\n${roffEscape(hostile)}\n`);
    expect(flat(sections(page).get('TEXT')!)).toBe(flat(hostile));
  });

  it('makes a page of a program whose words are hostile, and renders them as written', () => {
    const program = new Command('evil')
      .description('.TH hostile -- "x" \\fI')
      .option('--dot <v>', ".so /etc/passwd 'quoted'")
      .usage('[options]');
    program.command('sub').description("'br\n.SH NOT").option('--x', '\\\\ back');
    const page = renderedRoff(manPage(program, [], { version: '1.0' }));
    expect(flat(page)).toContain(flat("--dot v .so /etc/passwd 'quoted'"));
    expect(flat(page)).toContain(flat('evil - .TH hostile -- "x" \\fI'));
    expect(flat(page)).toContain(flat("sub [options] 'br .SH NOT --x \\\\ back"));
    expect(sections(page).has('NOT')).toBe(false);
  });
});

describe('dist/spider.6', () => {
  beforeAll(expectBuilt);

  it('is the page package.json names, for a global install to link', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      man: string[];
    };
    expect(pkg.man).toEqual(['./dist/spider.6']);
    expect(fs.readFileSync(PAGE, 'utf8')).toMatch(/^\.TH SPIDER 6 /);
  });

  it('renders without a warning, by groff and by man', () => {
    expect(groff(PAGE, ['-Tutf8', '-ww', '-z']).stderr).toBe('');
    const man = spawnSync('man', ['--warnings', '-l', PAGE], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, MANWIDTH: '80', LANG: 'C.UTF-8', MAN_DISABLE_SECCOMP: '1' },
    });
    if (man.error)
      throw new Error(`man (man-db) is needed to check the page: ${man.error.message}`);
    expect(man.stderr).toBe('');
    expect(man.status).toBe(0);
    expect(man.stdout).toMatch(/^SPIDER\(6\) +Games +SPIDER\(6\)$/m);
    for (const line of man.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('lists every option and command the main help lists, with what it means', async () => {
    const text = await help([]);
    const page = sections(rendered(PAGE));
    const options = flat(page.get('OPTIONS')!);
    const listed = entries(text, 'Options:');
    expect(listed.length).toBeGreaterThan(20);
    for (const { term, meaning } of listed) expect(options).toContain(`${term} ${meaning}`);
    const commands = flat(page.get('COMMANDS')!);
    const named = entries(text, 'Commands:');
    expect(named.map((c) => c.term.split(' ')[0])).toEqual(
      expect.arrayContaining(['deal', 'replay', 'solve', 'serve', 'resume', 'play', 'help']),
    );
    for (const { term, meaning } of named) expect(commands).toContain(`${term} ${meaning}`);
  });

  it("lists each command's arguments and options under it", async () => {
    const page = rendered(PAGE);
    const commands = sections(page).get('COMMANDS')!;
    // Each command's part: from its line (7 spaces in) to the next command's.
    const parts = commands.split(/^ {7}(?=\S)/m).filter((p) => p.trim() !== '');
    for (const name of [
      'deal',
      'replay',
      'solve',
      'autoplay',
      'serve',
      'stats',
      'saves',
      'resume',
      'config',
    ]) {
      const part = flat(parts.find((p) => p.startsWith(`${name} `))!);
      const text = await help([name]);
      const listed = [...entries(text, 'Arguments:'), ...entries(text, 'Options:')].filter(
        (e) => e.term !== '-h, --help',
      );
      expect(listed.length).toBeGreaterThan(1);
      for (const { term, meaning } of listed)
        expect({ name, part }).toEqual({
          name,
          part: expect.stringContaining(`${term} ${meaning}`),
        });
    }
  });

  it("holds the help's end: the settings note, examples, environment, files, exit statuses", () => {
    const page = sections(rendered(PAGE));
    expect(flat(page.get('DESCRIPTION')!)).toContain(flat(HELP_SETTINGS_NOTE));
    const names = { Examples: 'EXAMPLES', Environment: 'ENVIRONMENT', Files: 'FILES' };
    for (const { title, lines } of HELP_SECTIONS) {
      const section = title === 'Exit status' ? 'EXIT STATUS' : names[title as keyof typeof names];
      const body = flat(page.get(section)!);
      for (const [term, meaning] of lines) expect(body).toContain(`${term} ${meaning}`);
    }
  });
});
