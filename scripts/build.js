#!/usr/bin/env node
'use strict';
/**
 * The build (`npm run build`, also run by `npm install`; `--if-stale` builds only when the sources
 * are newer than the last build, see scripts/freshness.js):
 *
 * 1. tsc writes src/ module by module into dist/, without checking the types (`npm run
 *    typecheck` does, and `npm test` runs it);
 * 2. esbuild bundles the program from src/cli/main.ts, with the parts of its dependencies it
 *    uses, into one file, dist/spider.js, which is what bin/spider runs, with a content hash of the bundle on its first line (`// spider build <hash>`), by which
 *    bin/spider names the V8 code cache each Node makes for it on the player's machine;
 * 3. the solver's thread, bundled on its own from src/host/solver-worker.ts into
 *    dist/solver-worker.js, which the game starts (as a worker thread) the first time it asks
 *    the solver something. A file of its own rather than the game's bundle finding out that it
 *    runs in a worker: the thread then loads only the engine and the search, never blessed or
 *    the command line, and the game's bundle (and its start) stays as it was;
 * 4. the licence notices of the packages the two bundles hold, dist/THIRD-PARTY-NOTICES.txt
 *    (scripts/notices.js);
 * 5. the manual page, dist/spider.6, and the shell completion scripts, dist/completions/, from
 *    the program's definitions (scripts/pages.js).
 *
 * Why: see docs/measurements.md, "Start-up"; docs/solver.md, "The solver in the game".
 */
const { Buffer } = require('buffer');
const { createHash } = require('crypto');
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const esbuild = require('esbuild');
const { markBuilt, staleness } = require('./freshness');
const { writeNotices } = require('./notices');
const { writePages } = require('./pages');

const ROOT = path.join(__dirname, '..');

/** A file of a package, by its path inside node_modules (`blessed/lib/tput.js`). */
const inPackage = (file) =>
  new RegExp(`[\\\\/]node_modules[\\\\/]${file.replace(/\//g, '[\\\\/]')}$`);

/** Replaces `from` in a dependency's source, failing the build if it is not found `count` times. */
function rewrite(file, source, from, to, count = 1) {
  const found = source.split(from).length - 1;
  if (found !== count) {
    throw new Error(
      `${file} is not the version this build knows (${found} × ${JSON.stringify(from)})`,
    );
  }
  return source.split(from).join(to);
}

/**
 * blessed in the bundle (only its screen and what that requires: src/ui/blessed.ts), with what
 * it finds through its own folder put right, and one start-up cost put off until needed:
 * - tput.js reads its fallback terminfo entries from blessed's usr/ folder through `__dirname`:
 *   the folder is looked up where blessed is installed, when a fallback is needed;
 * - tput.js and element.js check what they read with Node's assert module (a millisecond to load
 *   at start): they get the three checks they use, in a few lines;
 * - unicode.js requires the whole of blessed to measure a tab: that stays a require of the
 *   installed package, made only if a tab is ever measured;
 * - program.js runs `tmux -V` at start inside tmux, for a version it reads only to ask for
 *   all-motion mouse reports, which the game never does: it is run when first read.
 */
const blessedInBundle = {
  name: 'blessed-in-bundle',
  setup(build) {
    build.onLoad({ filter: inPackage('blessed/lib/tput.js') }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const usr =
        "function blessedUsr() { return path.join(require.resolve('blessed/package.json'), '..', 'usr') + '/'; }\n";
      return {
        contents: usr + rewrite(args.path, source, "__dirname + '/../usr/", "blessedUsr() + '", 4),
      };
    });
    build.onResolve({ filter: /^assert$/ }, (args) =>
      /[\\/]node_modules[\\/]blessed[\\/]/.test(args.importer)
        ? { path: 'assert', namespace: 'blessed-assert' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'blessed-assert' }, () => ({
      contents:
        'function assert(ok) { if (!ok) throw new Error("blessed: a check failed"); }\n' +
        'assert.ok = assert;\n' +
        'assert.equal = function (a, b) { assert(a == b); };\n' +
        'module.exports = assert;\n',
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\.\/$/ }, (args) =>
      inPackage('blessed/lib/unicode.js').test(args.importer)
        ? { path: 'blessed', external: true }
        : undefined,
    );
    build.onLoad({ filter: inPackage('blessed/lib/program.js') }, (args) => {
      let source = fs.readFileSync(args.path, 'utf8');
      source = rewrite(
        args.path,
        source,
        '  this.tmuxVersion = (function() {\n    if (!self.tmux) return 2;',
        "  Object.defineProperty(this, 'tmuxVersion', { configurable: true, enumerable: true, get: function() {\n" +
          '    var value = (function() {\n    if (!self.tmux) return 2;',
      );
      source = rewrite(
        args.path,
        source,
        '      return 2;\n    }\n  })();\n\n  this._buf',
        "      return 2;\n    }\n  })();\n    Object.defineProperty(self, 'tmuxVersion', { value: value, writable: true, enumerable: true });\n    return value;\n  }, set: function(value) {\n    Object.defineProperty(self, 'tmuxVersion', { value: value, writable: true, enumerable: true });\n  } });\n\n  this._buf",
      );
      return { contents: source };
    });
  },
};

/**
 * Node's crypto and child_process modules take milliseconds to load, and the dependencies that
 * require them at start (seedrandom for unseeded use, commander for external subcommands,
 * blessed for tmux and Windows) never use them in this game: they get them on first use.
 */
const LAZY_BUILTINS = /^(node:)?(crypto|child_process)$/;
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    build.onResolve({ filter: LAZY_BUILTINS }, (args) =>
      args.namespace === 'file' && /[\\/]node_modules[\\/]/.test(args.importer)
        ? { path: args.path.replace(/^node:/, ''), namespace: 'lazy-builtin' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents:
        `let loaded;\n` +
        `module.exports = new Proxy({}, {\n` +
        `  get: (_, key) => (loaded ??= require(${JSON.stringify(args.path)}))[key],\n` +
        `});\n`,
      loader: 'js',
    }));
  },
};

/**
 * Writes the bundle, ASCII alone, with its build id on the first line: the start of a SHA-256 of its content.
 * V8 checks a code cache against the source's length alone, so bin/spider names the cache it makes
 * by this id: a cache of another build, even of the same length, is never handed to V8.
 */
function writeStamped(file, contents) {
  // bin/spider reads it as Latin-1, which is fastest for Node, and right for ASCII alone.
  const wide = contents.findIndex((byte) => byte > 0x7f);
  if (wide >= 0) {
    const around = Buffer.from(contents.subarray(Math.max(0, wide - 60), wide + 20)).toString();
    throw new Error(`${file}: not ASCII, at byte ${wide}: ${around}`);
  }
  const id = createHash('sha256').update(contents).digest('hex').slice(0, 16);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`// spider build ${id}\n`), contents]));
}

/** The files of the package the build writes into `outDir`, by their names there. */
const SHIPPED = [
  'spider.js',
  'solver-worker.js',
  'THIRD-PARTY-NOTICES.txt',
  'spider.6',
  'completions/spider',
  'completions/_spider',
  'completions/spider.fish',
];

/**
 * Steps 2 to 5 into `outDir`: the two bundles, their notices and the pages, the same bytes for
 * the same sources and dependencies wherever they are written (test/cli/build.test.ts checks it).
 */
async function bundles(outDir) {
  // Both bundles in ASCII, without comments or spaces, in fewer bytes for Node to read and decode
  // at every start, but with their names: SPIDER_DEBUG's stack traces still name the functions
  // (docs/measurements.md, "Start-up").
  const compact = { charset: 'ascii', minifyWhitespace: true, minifySyntax: true };
  const program = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['src/cli/main.ts'],
    metafile: true,
    outfile: path.join(outDir, 'spider.js'),
    write: false,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    plugins: [blessedInBundle, lazyBuiltins],
    // ssh2 (for `spider serve` only) is loaded from node_modules when the server starts: its
    // optional native parts cannot be bundled, and the game never pays for it; pg likewise, by a
    // server that keeps its players in PostgreSQL (pg's optional native binding is not bundled).
    external: ['blessed/package.json', 'ssh2', 'pg'],
    legalComments: 'none',
    ...compact,
    logLevel: 'warning',
  });
  writeStamped(path.join(outDir, 'spider.js'), program.outputFiles[0].contents);
  const worker = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['src/host/solver-worker.ts'],
    metafile: true,
    outfile: path.join(outDir, 'solver-worker.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    legalComments: 'none',
    ...compact,
    logLevel: 'warning',
  });
  // The licences of what the bundles hold (scripts/notices.js).
  writeNotices(
    ROOT,
    [program.metafile, worker.metafile],
    path.join(outDir, 'THIRD-PARTY-NOTICES.txt'),
  );
  // The manual page and the completions, made from what --help is made from (scripts/pages.js).
  writePages(ROOT, outDir);
}

async function main() {
  if (process.argv.includes('--if-stale')) {
    const why = staleness();
    if (why === null) return;
    console.log(`build: ${why}`);
  }
  // Emit only: checking the types is `npm run typecheck`'s work (src, tests and benchmarks at
  // once), which `npm test` runs; checking here too cost every test run a second full check.
  const tsc = spawnSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', ROOT, '--noCheck'],
    { stdio: 'inherit' },
  );
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
  await bundles(path.join(ROOT, 'dist'));
  // Earlier builds shipped a code cache here, which only the Node that made it could use.
  fs.rmSync(path.join(ROOT, 'dist', 'spider.cache'), { force: true });
  // 5. dist/.built, the mark that the build is whole and as new as the sources.
  markBuilt();
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { bundles, SHIPPED };
