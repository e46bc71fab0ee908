'use strict';
/**
 * The pages made from the program's own definitions, as tsc wrote them to dist/ (docs/install.md,
 * "The manual page", "Shell completion"): the manual page, dist/spider.6 (src/cli/man-page.ts),
 * and the completion scripts `spider completion SHELL` prints, in dist/completions/ for packagers
 * (src/cli/completion.ts). Made from the same commander program as `--help`, they cannot disagree
 * with it.
 */
const fs = require('fs');
const path = require('path');

/** The completion scripts' file names, as each shell looks for them. */
const COMPLETION_FILES = { bash: 'spider', zsh: '_spider', fish: 'spider.fish' };

/** Writes the pages of the program tsc built under `root` (its dist/) into `outDir`. */
function writePages(root, outDir = path.join(root, 'dist')) {
  const dist = path.join(root, 'dist');
  const { commandTree } = require(path.join(dist, 'cli', 'program'));
  const { HELP_SECTIONS } = require(path.join(dist, 'cli', 'help-text'));
  const { manPage } = require(path.join(dist, 'cli', 'man-page'));
  const { completionScript, SHELLS } = require(path.join(dist, 'cli', 'completion'));
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const info = { version: pkg.version, ...(pkg.homepage ? { homepage: pkg.homepage } : {}) };
  const program = commandTree(pkg.version);
  fs.writeFileSync(path.join(outDir, 'spider.6'), manPage(program, HELP_SECTIONS, info));
  const completions = path.join(outDir, 'completions');
  fs.mkdirSync(completions, { recursive: true });
  for (const shell of SHELLS)
    fs.writeFileSync(
      path.join(completions, COMPLETION_FILES[shell]),
      completionScript(shell, program),
    );
}

module.exports = { writePages };
