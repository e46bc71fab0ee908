/**
 * The docs the code cites (README.md, "Where the rest is"): every citation in src/, test/, bench/,
 * scripts/ and bin/ names a file that exists and, after it, headings that file has, as
 * `(docs/rules.md, "Lost")` or `(docs/solver.md, "Solver", "The fair player")`; a heading may be
 * broken over two comment lines. A citation of the README by a heading it no longer has (the
 * manual moved into docs/) fails too, naming the file and line.
 */
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..');
const FOLDERS = ['src', 'test', 'bench', 'scripts', 'bin'];

/** A comment's line break: the end of a line, then the next line's comment leader. */
const BREAK = String.raw`[ \t]*\n[ \t]*(?:\*(?!/)|//+|#)?[ \t]*`;
const WS = `(?:${BREAK}|[ \\t]+)`;
const QUOTED = String.raw`"((?:[^"\n]|\n[ \t]*(?:\*(?!/)|//+|#)?){1,120}?)"`;
const SEP = `(?:,${WS}?(?:and${WS})?|${WS}and${WS})`;
const FILE = String.raw`\b(README(?:\.md)?|docs/[\w-]+\.md)\b`;
/** `docs/x.md, "A", "B"`: a file, then the headings cited in it. */
const CITATION = new RegExp(`${FILE},?(?:${WS}?${QUOTED}(?:${SEP}${QUOTED})*)?`, 'g');
/** `"A" and "B" in the README`, as the code cited it before docs/. */
const CITED_IN = new RegExp(`${QUOTED}(?:${SEP}${QUOTED})*${WS}in(?: the)?${WS}README\\b`, 'g');
const ITEM = new RegExp(QUOTED, 'g');

/** The headings of a Markdown file, code blocks left out. */
function headingsOf(markdown: string): string[] {
  const out: string[] = [];
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    else if (!fence && /^#{1,6} /.test(line)) out.push(line.replace(/^#+ /, '').trim());
  }
  return out;
}

const headings = new Map<string, string[] | null>();
/** The headings of a docs file by its name relative to the root, or null when there is none. */
function headingsOfFile(name: string): string[] | null {
  if (!headings.has(name)) {
    const file = path.join(ROOT, name);
    headings.set(name, fs.existsSync(file) ? headingsOf(fs.readFileSync(file, 'utf8')) : null);
  }
  return headings.get(name)!;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (!entry.name.endsWith('.json')) yield full;
  }
}

/** The names quoted in a citation, each on one line. */
function namesIn(text: string): string[] {
  return [...text.matchAll(ITEM)].map((m) => m[1].replace(new RegExp(BREAK, 'g'), ' '));
}

/** What is wrong with the citations of one file's text, as `path:line: ...`. */
function problemsIn(text: string, where: string): string[] {
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const problems: string[] = [];
  const check = (file: string, names: string[], index: number) => {
    const known = headingsOfFile(file);
    if (known === null) {
      problems.push(`${where}:${lineAt(index)}: no such file ${file}`);
      return;
    }
    for (const name of names) {
      if (!known.includes(name)) {
        problems.push(`${where}:${lineAt(index)}: ${file} has no heading "${name}"`);
      }
    }
  };
  for (const m of text.matchAll(CITATION)) {
    const file = m[1] === 'README' ? 'README.md' : m[1];
    check(file, namesIn(m[0].slice(m[1].length)), m.index!);
  }
  for (const m of text.matchAll(CITED_IN)) check('README.md', namesIn(m[0]), m.index!);
  return problems;
}

describe('citations of the docs', () => {
  it('name files that exist and headings those files have', () => {
    const problems: string[] = [];
    let cited = 0;
    for (const folder of FOLDERS) {
      for (const file of sourceFiles(path.join(ROOT, folder))) {
        if (file === __filename) continue; // its examples of citations that fail, below
        const text = fs.readFileSync(file, 'utf8');
        cited += [...text.matchAll(CITATION)].length;
        problems.push(...problemsIn(text, path.relative(ROOT, file)));
      }
    }
    expect(problems).toEqual([]);
    expect(cited).toBeGreaterThan(300);
  });

  it('are checked as the code writes them, and fail naming the line', () => {
    const text = [
      '/**',
      ' * Good (docs/rules.md, "Lost"), (docs/solver.md, "Solver" and "The fair player"), and',
      ' * broken over lines (docs/records.md, "Move notation',
      ' * and game records"); (docs/serve.md, "Playing over SSH", "Limits").',
      ' * Bad (docs/rules.md, "Hints"), (docs/nowhere.md, "Lost"), (README, "Lost"),',
      ' * see "Start-up" in the README.',
      ' */',
    ].join('\n');
    expect(problemsIn(text, 'x.ts')).toEqual([
      'x.ts:5: docs/rules.md has no heading "Hints"',
      'x.ts:5: no such file docs/nowhere.md',
      'x.ts:5: README.md has no heading "Lost"',
      'x.ts:6: README.md has no heading "Start-up"',
    ]);
  });
});

describe('the docs', () => {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);

  it('have each heading once in each file, so that a citation names one place', () => {
    for (const name of ['README.md', ...docs]) {
      const all = headingsOfFile(name)!;
      expect({ name, twice: all.filter((h, i) => all.indexOf(h) !== i) }).toEqual({
        name,
        twice: [],
      });
    }
  });

  it('start at a README of at most 250 lines that points at every docs file', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    for (const name of docs) expect(readme).toContain(`](${name})`);
  });
});
