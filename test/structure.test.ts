/**
 * The source's shape (docs/layout.md, "Project layout"): no module imports itself back through
 * others, type imports included, so each folder can be read from the bottom up. The layers,
 * what each folder may import, are ESLint's rules (eslint.config.js).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const SRC = path.join(__dirname, '..', 'src');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The project modules a file imports or re-exports (`import type` too), as files. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/\b(?:from|import|require\()\s*'(\.{1,2}\/[^']+)'/g)) {
    const base = path.resolve(path.dirname(file), match[1]);
    const target = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
    if (target !== undefined) found.push(target);
  }
  return found;
}

/** Every import circle, each as the files around it, from its first file back to it. */
function circles(files: readonly string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const found: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (file: string): void => {
    if (onStack.has(file)) {
      found.push([...stack.slice(stack.indexOf(file)), file]);
      return;
    }
    if (done.has(file)) return;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) visit(next);
    stack.pop();
    onStack.delete(file);
    done.add(file);
  };
  for (const file of files) visit(file);
  return found;
}

const relative = (file: string) => path.relative(SRC, file);

it('has no import circle in src/', () => {
  const found = circles(sourceFiles(SRC)).map((circle) => circle.map(relative).join(' > '));
  expect(found).toEqual([]);
});

it('finds a circle where there is one', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-structure-'));
  try {
    fs.writeFileSync(path.join(folder, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
    fs.writeFileSync(
      path.join(folder, 'b.ts'),
      "import type { c } from './c';\nexport const b = 1;\n",
    );
    fs.writeFileSync(path.join(folder, 'c.ts'), "export { a as c } from './a';\n");
    const found = circles(sourceFiles(folder)).map((c) => c.map((f) => path.basename(f)));
    expect(found).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
