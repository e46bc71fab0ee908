#!/usr/bin/env node
'use strict';
/**
 * The build (`npm run build`, also run by `npm install`):
 *
 * 1. tsc compiles src/ module by module into dist/ (and stops the build on a type error);
 * 2. esbuild bundles the program from src/cli/main.ts into one file, dist/spider.js, which is
 *    what bin/spider runs: one file to read and compile instead of dozens of modules and their
 *    lookups (see "Start-up" in the README). blessed stays outside the bundle: it reads its
 *    terminfo fallbacks from files next to its own code.
 */
const { spawnSync } = require('child_process');
const fs = require('fs');
const Module = require('module');
const path = require('path');
const vm = require('vm');
const esbuild = require('esbuild');

const ROOT = path.join(__dirname, '..');

const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', ROOT], {
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

esbuild.buildSync({
  absWorkingDir: ROOT,
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/spider.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['blessed', 'blessed/*'],
  legalComments: 'none',
  logLevel: 'warning',
});

// The V8 code cache bin/spider hands to the bundle's compilation: made here, by this Node, for
// exactly this file. bin/spider wraps the source the same way (Module.wrap), or V8 rejects it.
const bundle = path.join(ROOT, 'dist', 'spider.js');
const source = fs.readFileSync(bundle, 'utf8');
const script = new vm.Script(Module.wrap(source), { filename: bundle });
fs.writeFileSync(path.join(ROOT, 'dist', 'spider.cache'), script.createCachedData());
