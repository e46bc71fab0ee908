'use strict';
/**
 * The licence notices of the code the build bundles (docs/layout.md, "Project layout"): every package
 * esbuild put into dist/spider.js or dist/solver-worker.js keeps its licence text beside the
 * bundle, in dist/THIRD-PARTY-NOTICES.txt, as the MIT, ISC and BSD licences ask of copies. A
 * bundled package without a licence file stops the build: its terms must be known first.
 */
const fs = require('fs');
const path = require('path');

/** The folder of the package a bundled file belongs to, or null for the program's own. */
function packageRoot(file) {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return null;
  const width = parts[at + 1]?.startsWith('@') ? 2 : 1;
  return parts.slice(0, at + 1 + width).join('/');
}

const LICENCE_FILE = /^(licen[cs]e|copying)(\.(md|txt))?$/i;

/**
 * A package's licence: its licence file, or where it has none (seedrandom), the README's section
 * headed LICENSE, to its end.
 */
function licenceText(folder) {
  const names = fs.readdirSync(folder);
  const file = names.find((name) => LICENCE_FILE.test(name));
  if (file) return fs.readFileSync(path.join(folder, file), 'utf8').trim();
  const readme = names.find((name) => /^readme(\.md)?$/i.test(name));
  if (!readme) return null;
  const lines = fs.readFileSync(path.join(folder, readme), 'utf8').split('\n');
  const at = lines.findIndex((line) => /^#*\s*licen[cs]e\b/i.test(line.trim()));
  return at < 0 ? null : lines.slice(at).join('\n').trim();
}

/** Writes the notices of the packages among `metafiles`' inputs to `outfile`; returns their names. */
function writeNotices(root, metafiles, outfile) {
  const roots = new Set();
  for (const metafile of metafiles)
    for (const input of Object.keys(metafile.inputs)) {
      const found = packageRoot(input);
      if (found !== null) roots.add(found);
    }
  const entries = [...roots].map((dir) => {
    const folder = path.join(root, dir);
    const info = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
    const text = licenceText(folder);
    if (text === null) throw new Error(`${info.name} is bundled but has no licence text in ${dir}`);
    return { name: info.name, version: info.version, license: info.license, text };
  });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const rule = '-'.repeat(72);
  const body = entries
    .map((e) => `${rule}\n${e.name} ${e.version} (${e.license})\n${rule}\n\n${e.text}\n`)
    .join('\n');
  fs.writeFileSync(
    outfile,
    'spider-solitaire bundles the following packages into dist/spider.js and\n' +
      'dist/solver-worker.js. Their licences follow.\n\n' +
      body,
  );
  return entries.map((e) => e.name);
}

module.exports = { writeNotices };
