#!/usr/bin/env node
'use strict';
/**
 * The build (`npm run build`, also run by `npm install`; `--if-stale` builds only when the sources
 * are newer than the last build, see scripts/freshness.js):
 *
 * 1. tsc writes src/ module by module into dist/, without checking the types (`npm run
 *    typecheck` does, and `npm test` runs it);
 * 2. esbuild bundles the program from src/cli/main.ts, with the parts of its dependencies it
 *    uses, into one file, dist/spider.js, which is what bin/spider runs;
 * 3. a V8 code cache for that file, dist/spider.cache;
 * 4. the solver's thread, bundled on its own from src/host/solver-worker.ts into
 *    dist/solver-worker.js, which the game starts (as a worker thread) the first time it asks
 *    the solver something. A file of its own rather than the game's bundle finding out that it
 *    runs in a worker: the thread then loads only the engine and the search, never blessed or
 *    the command line, and the game's bundle (and its start) stays as it was;
 * 5. the licence notices of the packages the two bundles hold, dist/THIRD-PARTY-NOTICES.txt
 *    (scripts/notices.js);
 * 6. the manual page, dist/spider.6, and the shell completion scripts, dist/completions/, from
 *    the program's definitions (scripts/pages.js).
 *
 * Why: see docs/measurements.md, "Start-up"; docs/solver.md, "The solver in the game".
 */
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const Module = require('module');
const os = require('os');
const path = require('path');
const vm = require('vm');
const esbuild = require('esbuild');
const { markBuilt, staleness } = require('./freshness');
const { writePages } = require('./pages');
const { writeNotices } = require('./notices');

const ROOT = path.join(__dirname, '..');
const BUNDLE = path.join(ROOT, 'dist', 'spider.js');
const CACHE = path.join(ROOT, 'dist', 'spider.cache');
const SPIDER_BIN = path.join(ROOT, 'bin', 'spider');
const WORKER = path.join(ROOT, 'dist', 'solver-worker.js');
const NOTICES = path.join(ROOT, 'dist', 'THIRD-PARTY-NOTICES.txt');

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
 * The V8 code cache bin/spider hands to the bundle's compilation: made here, by this Node, for
 * exactly this file. bin/spider wraps the source the same way (Module.wrap), or V8 rejects it.
 */
function codeCache() {
  const script = new vm.Script(Module.wrap(fs.readFileSync(BUNDLE, 'utf8')), { filename: BUNDLE });
  fs.writeFileSync(CACHE, script.createCachedData());
}

/** How long the training start may take before it is given up (the plain cache stays). */
const TRAINING_TIMEOUT_MS = 20_000;

/**
 * A better code cache, from a training start. V8 compiles most functions only when they are
 * first called, and a cache made right after compiling holds none of them: every start compiled
 * again the code that reads the saves, opens the screen and paints the first frame. Here
 * bin/spider starts as a player would (in a pseudo-terminal made by util-linux `script`, in fresh
 * folders holding one saved game, which it resumes), quits, and on leaving writes its cache,
 * with every function it compiled. Where that cannot be done (no such `script`, as on macOS, or
 * anything else going wrong) the plain cache stays, and the build says why: starts are only
 * slower. See docs/measurements.md, "Start-up".
 */
async function trainedCache() {
  let home = null;
  let problem;
  try {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-build-'));
    const games = path.join(home, 'state', 'spider', 'games');
    fs.mkdirSync(games, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(games, '20240501T120000-1-build.txt'), trainingSave(), {
      mode: 0o600,
    });
    const out = path.join(home, 'trained.cache');
    const failed = await trainingStart(home, {
      XDG_STATE_HOME: path.join(home, 'state'),
      XDG_DATA_HOME: path.join(home, 'data'),
      SPIDER_CODE_CACHE_OUT: out,
    });
    problem = failed ?? (fs.existsSync(out) ? rejected(fs.readFileSync(out)) : 'no cache');
    if (problem === null) {
      // Whole or not at all: a cache cut short would be rejected, and every start slower.
      fs.copyFileSync(out, `${CACHE}.tmp`);
      fs.renameSync(`${CACHE}.tmp`, CACHE);
    }
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  } finally {
    fs.rmSync(`${CACHE}.tmp`, { force: true });
    try {
      if (home !== null) fs.rmSync(home, { recursive: true, force: true, maxRetries: 5 });
    } catch (error) {
      console.warn(`spider build: could not remove ${home}: ${error.message}`);
    }
  }
  if (problem !== null)
    console.warn(`spider build: no trained code cache (${problem}); the plain one is kept`);
}

/** Why V8 would not take `cachedData` for the bundle, or null when it would. */
function rejected(cachedData) {
  const script = new vm.Script(Module.wrap(fs.readFileSync(BUNDLE, 'utf8')), {
    filename: BUNDLE,
    cachedData,
  });
  return script.cachedDataRejected ? 'V8 rejected it' : null;
}

/** A short game in the save format, from the modules tsc wrote to dist/. */
function trainingSave() {
  const engine = require(path.join(ROOT, 'dist', 'engine'));
  const { formatSave } = require(path.join(ROOT, 'dist', 'notation'));
  let game = engine.newGame('build', { suits: 4, relaxed: 0, keepSuits: false });
  for (let i = 0; i < 20; i++) {
    const [action] = engine.legalActions(game.position);
    const outcome = action && engine.play(game, action);
    if (!outcome || !outcome.ok) break;
    game = outcome.game;
  }
  const when = '2024-05-01T12:00:00.000Z';
  return formatSave(game, { elapsedMs: 60_000, started: when, saved: when });
}

/**
 * Runs bin/spider in an 80x24 pseudo-terminal with `env` added, quits it once its first frame is
 * complete (answering yes if it asks), and resolves to null once it has exited, or to why not.
 * A start that does not end in time is sent Ctrl-C, then killed; so is it if the build itself is
 * stopped meanwhile, which then removes `home` before it stops. It resolves only once the start
 * is gone (`script` gives it a session of its own: killing `script` only hangs it up, and it
 * would go on saving into `home`), so `home` can be removed then.
 */
function trainingStart(home, env) {
  return new Promise((resolve) => {
    const quote = (word) => `'${word.replace(/'/g, `'\\''`)}'`;
    const pidFile = path.join(home, 'spider.pid');
    const spider = [process.execPath, SPIDER_BIN].map(quote).join(' ');
    // The shell's process number is the start's once it `exec`s it.
    const command = `echo $$ > ${quote(pidFile)}; stty cols 80 rows 24; exec ${spider}`;
    // `script` runs the command with $SHELL: the user's might be fish, or /bin/false.
    const settings = {
      SHELL: '/bin/sh',
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      ...env,
    };
    const all = { ...process.env, ...settings };
    delete all.TMUX; // the same terminal whether or not the build runs inside tmux
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: ROOT,
      env: all,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    /** The start's process number, once its shell has written it. */
    const startPid = () => {
      try {
        return Number(fs.readFileSync(pidFile, 'utf8')) || null;
      } catch {
        return null;
      }
    };
    /** Whether the start runs, by its command line (Linux, as util-linux `script` is). */
    const running = (pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(SPIDER_BIN);
      } catch {
        return false;
      }
    };
    const kill = () => {
      child.kill('SIGKILL');
      const pid = startPid();
      if (pid !== null && running(pid)) process.kill(pid, 'SIGKILL');
    };
    const stopped = (name) => {
      kill();
      fs.rmSync(home, { recursive: true, force: true });
      process.kill(process.pid, name);
    };
    process.once('exit', kill);
    process.once('SIGINT', stopped);
    process.once('SIGTERM', stopped);
    let seen = '';
    let sent = '';
    let late = null;
    const timer = setTimeout(() => {
      child.stdin.write('\x03');
      late = setTimeout(kill, 2_000);
    }, TRAINING_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      seen += chunk.toString('utf8');
      // The key line ends the first frame; a question about quitting comes after 'q'.
      const key =
        sent === '' && seen.includes('q quit')
          ? 'q'
          : sent === 'q' && seen.includes('y quits')
            ? 'y'
            : '';
      if (key !== '') child.stdin.write((sent = key));
    });
    child.stdin.on('error', () => {});
    const done = async (why) => {
      clearTimeout(timer);
      clearTimeout(late);
      // Hung up, the start may still be saving: it is waited for, then killed.
      const pid = startPid();
      for (let i = 0; pid !== null && running(pid) && i < 40; i++)
        await new Promise((r) => setTimeout(r, 50));
      kill();
      process.off('exit', kill);
      process.off('SIGINT', stopped);
      process.off('SIGTERM', stopped);
      resolve(why);
    };
    let ended = false;
    const end = (why) => {
      if (!ended) void done(why);
      ended = true;
    };
    child.on('error', (error) => end(error.message));
    child.on('close', (code, name) => {
      const what = sent === '' ? 'showed no frame' : 'did not quit';
      end(
        code === 0 && sent !== '' && late === null
          ? null
          : `the training start ended with ${name ?? `status ${code}`}${late === null ? '' : `: it ${what} in time`}`,
      );
    });
  });
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
  const program = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['src/cli/main.ts'],
    metafile: true,
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    plugins: [blessedInBundle, lazyBuiltins],
    // ssh2 (for `spider serve` only) is loaded from node_modules when the server starts: its
    // optional native parts cannot be bundled, and the game never pays for it.
    external: ['blessed/package.json', 'ssh2'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  codeCache();
  const worker = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['src/host/solver-worker.ts'],
    metafile: true,
    outfile: WORKER,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    legalComments: 'none',
    logLevel: 'warning',
  });
  // The licences of what the bundles hold (scripts/notices.js).
  writeNotices(ROOT, [program.metafile, worker.metafile], NOTICES);
  // The manual page and the completions, made from what --help is made from (scripts/pages.js).
  writePages(ROOT);
  await trainedCache();
  // 5. dist/.built, the mark that the build is whole and as new as the sources.
  markBuilt();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
