/**
 * The licences of what the bundles hold (scripts/notices.js): every package esbuild put into
 * dist/ has its licence text in dist/THIRD-PARTY-NOTICES.txt, and the program's own is LICENSE.
 */
import * as fs from 'fs';
import * as path from 'path';
import { expectBuilt } from '../helpers/built';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

beforeAll(expectBuilt);

it("names every package in the bundles with its version, licence and the licence's text", () => {
  const notices = read('dist/THIRD-PARTY-NOTICES.txt');
  // The bundle names the files it took in its module comments: each package folder (nested ones
  // too, as string-width's own ansi-regex) is noticed, with the version found there.
  const folders = new Set(
    [...read('dist/spider.js').matchAll(/(?:node_modules\/(?:@[^/\s]+\/)?[^/\s]+\/)+/g)].map(
      (m) => m[0],
    ),
  );
  expect(folders.size).toBeGreaterThan(5);
  for (const folder of folders) {
    const { name, version } = JSON.parse(read(`${folder}package.json`)) as {
      name: string;
      version: string;
    };
    expect(notices).toContain(`\n${name} ${version} (`);
  }
  for (const name of ['blessed', 'commander', 'seedrandom', 'smol-toml', 'string-width'])
    expect(notices).toMatch(new RegExp(`^${name} \\S+ \\((MIT|BSD-3-Clause)\\)$`, 'm'));
  // The texts themselves, not only the names: seedrandom's comes from its README.
  expect(notices).toMatch(
    /seedrandom[^]*Copyright 2019 David Bau\.[^]*Permission is hereby granted/,
  );
  expect(notices).toMatch(/smol-toml[^]*Redistribution and use in source and binary forms/);
});

it('ships the MIT licence of the program and the notices', () => {
  expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 /);
  const pkg = JSON.parse(read('package.json')) as { license: string; files: string[] };
  expect(pkg.license).toBe('MIT');
  // npm packs LICENSE whatever `files` says (test/package/contents.test.ts checks the tarball).
  expect(pkg.files).toEqual(expect.arrayContaining(['dist/THIRD-PARTY-NOTICES.txt']));
});
