/**
 * What the published package holds (docs/install.md, "What the package holds"): what runs, its
 * licences and its manual, nothing else; and the registry would take it.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { expectBuilt } from '../helpers/built';

const ROOT = path.join(__dirname, '..', '..');

interface PackageJson {
  name: string;
  private?: boolean;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  repository?: { url: string };
  homepage?: string;
  bugs?: { url: string };
  keywords?: string[];
}
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageJson;

beforeAll(expectBuilt);

function npm(args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync('npm', [...args, '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
}

it('holds what runs, the licences and the manual, and no module the bundles already hold', () => {
  const packed = npm(['pack', '--dry-run', '--json']);
  expect(packed.status).toBe(0);
  const files = (JSON.parse(packed.stdout) as { files: { path: string }[] }[])[0].files
    .map((f) => f.path)
    .sort();
  expect(files).toEqual(
    [
      'LICENSE',
      'README.md',
      'bin/spider',
      'dist/THIRD-PARTY-NOTICES.txt',
      'dist/completions/_spider',
      'dist/completions/spider',
      'dist/completions/spider.fish',
      'dist/solver-worker.js',
      'dist/spider.6',
      'dist/spider.js',
      'package.json',
    ].sort(),
  );
});

it('is named to be published, with the command spider and only what is loaded at run time', () => {
  expect(pkg.name).toBe('spider-solitaire');
  expect(pkg.private).toBeUndefined();
  expect(pkg.bin).toEqual({ spider: 'bin/spider' });
  // The rest is bundled into dist/ (scripts/build.js): blessed's terminal data and ssh2's
  // optional native parts are read from the installed packages, and pg by a server alone.
  expect(Object.keys(pkg.dependencies).sort()).toEqual(['blessed', 'pg', 'ssh2']);
  for (const url of [pkg.repository?.url, pkg.homepage, pkg.bugs?.url])
    expect(url).toMatch(/^(git\+)?https:\/\//);
  expect(pkg.keywords).toEqual(expect.arrayContaining(['spider', 'solitaire', 'terminal']));
});

it('passes npm publish --dry-run', () => {
  const published = npm(['publish', '--dry-run']);
  expect(published.stderr).not.toMatch(/npm error/i);
  expect(published.status).toBe(0);
  expect(published.stdout).toContain(`+ ${pkg.name}@`);
});
