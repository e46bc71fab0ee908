#!/usr/bin/env node
'use strict';
/**
 * The Node lines the program supports (docs/install.md, "Node versions"): the official binaries
 * of each, as the npm registry publishes them (the `node-linux-<arch>` packages), installed into
 * `.node-lines/<major>/` when missing. The machine's own Node stands for its line.
 *
 *   node scripts/node-lines.js        installs what is missing (the lines at once), prints
 *                                     `<major> <path of node>` for each
 *
 * The package tests (test/package/) run the packed program on each line. Only the registry is
 * needed: no other download, no build.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

/** The lines supported: the oldest still shipped by Debian, and Node's maintained lines. */
const LINES = [20, 22, 24, 26];
const FOLDER = path.join(__dirname, '..', '.node-lines');

/** The path of `node` of a line: its package's own binary. */
function nodeOf(major) {
  return path.join(
    FOLDER,
    String(major),
    'node_modules',
    `node-linux-${process.arch}`,
    'bin',
    'node',
  );
}

/** Installs a line's binary when it is not there yet (or does not run), and returns its path. */
function ensureLine(major) {
  const node = nodeOf(major);
  if (runs(node, major)) return node;
  const prefix = path.join(FOLDER, String(major));
  fs.rmSync(prefix, { recursive: true, force: true });
  fs.mkdirSync(prefix, { recursive: true });
  // `npm install` of a package published for this platform only: its binary is the official one.
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-audit',
      '--no-fund',
      '--no-save',
      '--loglevel=error',
      `node-linux-${process.arch}@${major}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (!runs(node, major)) throw new Error(`node-linux-${process.arch}@${major} does not run here`);
  return node;
}

/** Whether `node` runs and is of the line `major`. */
function runs(node, major) {
  try {
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    return version.startsWith(`v${major}.`);
  } catch {
    return false;
  }
}

/** The node of the line `major`: the machine's own when it is of that line, else the registry's. */
function nodeOfLine(major) {
  return Number(process.versions.node.split('.')[0]) === major
    ? process.execPath
    : ensureLine(major);
}

module.exports = { nodeOfLine, LINES };

/** Every line at once (each its own download), printed in order; fails if any does. */
async function allLines() {
  const { execFile } = require('child_process');
  const one = (major) =>
    new Promise((resolve, reject) =>
      execFile(process.execPath, [__filename, String(major)], (error, stdout, stderr) =>
        error
          ? reject(new Error(`Node ${major}: ${stderr.trim() || error.message}`))
          : resolve(stdout),
      ),
    );
  const printed = await Promise.all(LINES.map(one));
  process.stdout.write(printed.join(''));
}

if (require.main === module) {
  const major = Number(process.argv[2]);
  if (LINES.includes(major)) console.log(`${major} ${nodeOfLine(major)}`);
  else
    allLines().catch((error) => {
      console.error(`node-lines: ${error.message}`);
      process.exit(1);
    });
}
