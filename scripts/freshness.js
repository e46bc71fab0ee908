'use strict';
/**
 * Whether the built program (dist/) is as new as its sources: the build marks its end with
 * dist/.built, and the sources are everything it reads from this repository (src/, the build
 * script, the TypeScript settings, package.json, whose version the bundle holds, the lockfile).
 * `npm test` builds only when this says so, and the tests that run the built program fail with
 * one clear message when it does not hold.
 */
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const STAMP = path.join(ROOT, 'dist', '.built');
const SOURCES = ['src', 'scripts', 'tsconfig.json', 'package.json', 'package-lock.json'];

/** The newest modification time among the files under `entry`, in milliseconds. */
function newest(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry))
    latest = Math.max(latest, newest(path.join(entry, name)));
  return latest;
}

/** Why the built program cannot be used as it is, or null when it is up to date. */
function staleness() {
  if (!fs.existsSync(STAMP)) return 'the program is not built';
  const built = fs.statSync(STAMP).mtimeMs;
  const changed = SOURCES.find((source) => newest(path.join(ROOT, source)) > built);
  return changed === undefined ? null : `${changed} changed since the program was built`;
}

/** Marks a build finished now. */
function markBuilt() {
  fs.writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}

module.exports = { staleness, markBuilt };
