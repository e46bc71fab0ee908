'use strict';
/**
 * The manual page, dist/spider.6 (docs/install.md, "The manual page"): made by src/cli/man-page.ts
 * from the program's commander definitions and the help's end, as tsc wrote them to dist/, so the
 * page and `spider --help` cannot disagree.
 */
const fs = require('fs');
const path = require('path');

/** Writes the page of the program built under `root` to `outfile`. */
function writeManPage(root, outfile) {
  const dist = path.join(root, 'dist', 'cli');
  const { commandTree } = require(path.join(dist, 'program'));
  const { HELP_SECTIONS } = require(path.join(dist, 'help-text'));
  const { manPage } = require(path.join(dist, 'man-page'));
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const info = { version: pkg.version, ...(pkg.homepage ? { homepage: pkg.homepage } : {}) };
  fs.writeFileSync(outfile, manPage(commandTree(pkg.version), HELP_SECTIONS, info));
}

module.exports = { writeManPage };
