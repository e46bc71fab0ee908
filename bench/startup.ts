/**
 * Start-up benchmark.
 *
 *   npm run bench:startup     (SPIDER_BENCH_STARTUP_RUNS: runs of each, default 15)
 *
 * Times `bin/spider` from spawning it in a real pseudo-terminal (util-linux `script`, 80x24,
 * TERM=xterm-256color, a UTF-8 locale, fresh folders, an empty history of games) to its first
 * complete frame, against `node -e 0` spawned the same way and timed to its end, and prints the
 * plain ratio of the medians (the target: 2 at most). As a player's second start: the code cache
 * bin/spider makes for this Node (docs/measurements.md, "Start-up") is made by an unmeasured start
 * first, in a cache folder of the benchmark's own. Neither side gets NODE_EXTRA_CA_CERTS, which
 * some machines set and which adds tens of milliseconds to every start of Node 20. The runs are
 * interleaved (node, spider, spider with saves, node, ...) so a machine that gets busier or
 * quieter during the run weighs on all of them alike.
 *
 * "With saves": the state folder holds ten unfinished games of 1,000 actions each, as a player
 * who keeps games going would have, or only the one of them a start resumes (the latest). The
 * target: the nine others add under 5%: ten saves against one, the same game resumed. The saves
 * are written in the save format, with random legal actions played through the engine.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import seedrandom from 'seedrandom';
import { type Game, gameStatus, isWon, legalActions, newGame, play } from '../src/engine';
import { formatSave } from '../src/notation/save';
import { idBySaveTime } from '../src/store/save-names';
import { runBench, SettingError, wholeFromEnv } from './settings';

const WIDTH = 80;
const HEIGHT = 24;
const ROOT = path.join(__dirname, '..', '..');
const SPIDER = path.join(ROOT, 'bin', 'spider');
/** The end of the key line, the bottom row: blessed writes a frame top to bottom. */
const FRAME_END = 'q quit';
/** The baseline of the target (docs/measurements.md, "Start-up"): a bare node, timed to its end. */
const BARE = [process.execPath, '-e', '0'];
const SAVES = 10;
const SAVE_ACTIONS = 1000;
/** The start-up targets (docs/measurements.md, "Start-up"): times a bare node, and with saves. */
const TARGET = 2;
const SAVES_TARGET = 0.05;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

const cacheHomes = new Map<string, string>();
process.on('exit', () => cacheHomes.forEach((folder) => fs.rmSync(folder, { recursive: true })));

/**
 * The cache folder (XDG_CACHE_HOME) the benchmarks give `spider` (a bin/spider), the same for all
 * its starts and removed at the end: its code cache, made by its first start, is not the
 * player's, and each build has a folder of its own (writing a cache removes other builds').
 */
export function cacheHome(spider: string): string {
  let folder = cacheHomes.get(spider);
  if (folder === undefined) {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-cache-'));
    cacheHomes.set(spider, folder);
  }
  return folder;
}

/**
 * Fresh XDG folders (but the code cache's) in a new temporary folder, with a history of games;
 * with `saves`, a copy of those saves.
 */
function freshHome(saves?: string): { home: string; env: Record<string, string> } {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-'));
  const env = {
    XDG_STATE_HOME: path.join(home, 'state'),
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CACHE_HOME: cacheHome(SPIDER),
  };
  // A player who has played before: a first start would open on the new-game panel instead.
  fs.mkdirSync(path.join(env.XDG_DATA_HOME, 'spider'), { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(env.XDG_DATA_HOME, 'spider', 'games.jsonl'), '', { mode: 0o600 });
  if (saves !== undefined) {
    const games = path.join(env.XDG_STATE_HOME, 'spider', 'games');
    fs.mkdirSync(games, { recursive: true, mode: 0o700 });
    for (const name of fs.readdirSync(saves)) {
      fs.copyFileSync(path.join(saves, name), path.join(games, name));
      fs.chmodSync(path.join(games, name), 0o600);
    }
  }
  return { home, env };
}

/**
 * Milliseconds from spawning `argv` in a pseudo-terminal to the moment its output contains
 * `until` (then it is sent Ctrl-C), or, without `until`, to its exit. Resolves once the process
 * is gone, so runs never overlap.
 */
export function timeInTerminal(
  argv: string[],
  options: { until?: string; env?: Record<string, string> } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const quoted = argv.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
    const command = `stty cols ${WIDTH} rows ${HEIGHT}; exec ${quoted}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      ...options.env,
    };
    // The same terminal whether or not the bench itself runs inside tmux; and Node as it starts
    // on most machines: NODE_EXTRA_CA_CERTS makes it read and parse certificates first.
    delete env.TMUX;
    delete env.NODE_EXTRA_CA_CERTS;
    const begin = process.hrtime.bigint();
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: ROOT,
      env,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    // A process that ends by itself may be gone before its Ctrl-C is written.
    child.stdin.on('error', () => undefined);
    let seen = '';
    let elapsed: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      if (elapsed !== undefined || options.until === undefined) return;
      seen += chunk.toString('utf8');
      if (seen.includes(options.until)) {
        elapsed = Number(process.hrtime.bigint() - begin) / 1e6;
        child.stdin.write('\x03'); // Ctrl-C: quit at once
      }
    });
    child.on('error', reject);
    child.on('close', () => {
      if (options.until === undefined) elapsed = Number(process.hrtime.bigint() - begin) / 1e6;
      clearTimeout(timer);
      if (elapsed !== undefined) resolve(elapsed);
      else reject(new Error(`no frame; output: ${JSON.stringify(seen.slice(-300))}`));
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  });
}

/** Time to bin/spider's first complete frame, in fresh XDG folders (holding a copy of `saves`). */
export async function spiderFirstFrame(args: string[] = [], saves?: string): Promise<number> {
  const { home, env } = freshHome(saves);
  try {
    return await timeInTerminal([process.execPath, SPIDER, ...args], { until: FRAME_END, env });
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** A game of `length` random legal actions still in play (deals and moves alike). */
function longGame(seed: string, length: number): Game {
  const random = seedrandom(`bench ${seed}`);
  for (let attempt = 0; ; attempt++) {
    let game = newGame(`${seed}-${attempt}`, { suits: 4, relaxed: 0, keepSuits: false });
    for (;;) {
      const actions = legalActions(game.position);
      if (isWon(game.position) || actions.length === 0) break;
      const outcome = play(game, actions[Math.floor(random() * actions.length)]);
      if (!outcome.ok) throw new Error('a legal action was refused');
      game = outcome.game;
      // Asked once, at the end: deciding whether a position is lost can take a search.
      if (game.actions === length) {
        if (gameStatus(game) === 'playing') return game;
        break;
      }
    }
  }
}

/** Writes ten long unfinished games as save files into a new folder, and returns it. */
function writeLongSaves(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-saves-'));
  const day = Date.parse('2024-05-01T12:00:00Z');
  for (let i = 0; i < SAVES; i++) {
    const game = longGame(String(i), SAVE_ACTIONS);
    const when = new Date(day + i * 60_000);
    const iso = when.toISOString();
    // Named as the game names a save it leaves (by its save time), as after a player's games.
    const id = idBySaveTime(iso);
    const text = formatSave(game, { elapsedMs: 600_000, started: iso, saved: iso });
    fs.writeFileSync(path.join(folder, `${id}.txt`), text, { mode: 0o600 });
  }
  return folder;
}

async function main(): Promise<void> {
  if (process.argv.length > 2)
    throw new SettingError(
      `'${process.argv.slice(2).join(' ')}': the runs are given as SPIDER_BENCH_STARTUP_RUNS=N`,
    );
  const runs = wholeFromEnv('SPIDER_BENCH_STARTUP_RUNS', 15);
  const saves = writeLongSaves();
  // The latest alone: the game a start with the ten resumes.
  const latest = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-save-'));
  const newest = fs.readdirSync(saves).sort().at(-1) as string;
  fs.copyFileSync(path.join(saves, newest), path.join(latest, newest));
  const bare: number[] = [];
  const empty: number[] = [];
  const one: number[] = [];
  const full: number[] = [];
  try {
    // One unmeasured round first: the disk cache and the kernel's caches start warm for all, and
    // spider's first start makes its code cache, as a player's first start does.
    await timeInTerminal(BARE);
    await spiderFirstFrame();
    await spiderFirstFrame([], saves);
    for (let i = 0; i < runs; i++) {
      bare.push(await timeInTerminal(BARE));
      empty.push(await spiderFirstFrame());
      one.push(await spiderFirstFrame([], latest));
      full.push(await spiderFirstFrame([], saves));
    }
  } finally {
    fs.rmSync(saves, { recursive: true, force: true });
    fs.rmSync(latest, { recursive: true, force: true });
  }
  const base = median(bare);
  const line = (label: string, times: number[]) =>
    console.log(
      `  ${label.padEnd(40)} ${median(times).toFixed(1).padStart(6)} ms  ${`${(median(times) / base).toFixed(2)}x`.padStart(6)}`,
    );
  console.log(
    `Start-up to the first full frame (node ${process.version}, pty ${WIDTH}x${HEIGHT}, medians of ${runs} interleaved runs, load ${os.loadavg()[0].toFixed(2)} at the end):`,
  );
  line('node -e 0, to its end (the baseline)', bare);
  line('spider, no saves', empty);
  line(`spider, 1 save of ${SAVE_ACTIONS} actions (resumed)`, one);
  line(`spider, ${SAVES} saves of ${SAVE_ACTIONS} actions`, full);
  const ratio = median(empty) / base;
  const more = median(full) / median(one) - 1;
  console.log(
    `Target: at most ${TARGET} times the baseline: ${ratio.toFixed(2)}x, ${ratio <= TARGET ? 'met' : 'NOT met'}; ` +
      `${SAVES} saves add under ${SAVES_TARGET * 100}% to the one resumed: ${(more * 100).toFixed(1)}%, ${more < SAVES_TARGET ? 'met' : 'NOT met'}.`,
  );
}

if (require.main === module) runBench(main);
