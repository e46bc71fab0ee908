/**
 * Start-up benchmark.
 *
 *   npm run bench:startup     (SPIDER_BENCH_STARTUP_RUNS: runs of each, default 15)
 *
 * Times `bin/spider` from spawning it in a real pseudo-terminal (util-linux `script`, 80x24,
 * TERM=xterm-256color, a UTF-8 locale, fresh XDG folders) to its first complete frame on the
 * terminal, against `node -e 0` spawned the same way and timed to its end, and prints the ratio
 * of the medians, also net of the pseudo-terminal alone (timed each way). A bare node that writes
 * a line, timed to the line, shows how much of the baseline is node's own exit. The runs are
 * interleaved (terminal, node, spider, spider with saves, terminal, ...) so a machine that gets
 * busier or quieter during the run weighs on all of them alike.
 *
 * "With saves": the state folder holds ten unfinished games of 1,000 actions each, as a player
 * who keeps games going would have. They are written in the save format, with random legal
 * actions played through the engine.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import seedrandom from 'seedrandom';
import { type Game, gameStatus, isWon, legalActions, newGame, play } from '../src/engine';
import { formatSave } from '../src/notation/save';
import { runBench, SettingError, wholeFromEnv } from './settings';

const WIDTH = 80;
const HEIGHT = 24;
const ROOT = path.join(__dirname, '..', '..');
const SPIDER = path.join(ROOT, 'bin', 'spider');
/** The end of the key line, the bottom row: blessed writes a frame top to bottom. */
const FRAME_END = 'q quit';
/** The baseline of the target (docs/measurements.md, "Start-up"): a bare node, timed to its end. */
const BARE = [process.execPath, '-e', '0'];
/**
 * For comparison: a bare node that writes the text spider's frame ends with, timed to the moment
 * the terminal shows it, as spider is (the difference from the baseline is node's own exit).
 */
const WRITING = [process.execPath, '-e', `process.stdout.write(${JSON.stringify(FRAME_END)})`];
const SAVES = 10;
const SAVE_ACTIONS = 1000;
/**
 * The start-up target (docs/measurements.md, "Start-up"), net of what the pseudo-terminal itself
 * takes: the time both sides spend in `script`, `sh` and `stty` would pull any ratio towards 1.
 */
const TARGET = 1.6;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/** Fresh XDG folders in a new temporary folder; with `saves`, a copy of those saves. */
function freshHome(saves?: string): { home: string; env: Record<string, string> } {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-'));
  const env = { XDG_STATE_HOME: path.join(home, 'state'), XDG_DATA_HOME: path.join(home, 'data') };
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
    // The same terminal whether or not the bench itself runs inside tmux.
    delete env.TMUX;
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
    const id = `${iso.replace(/[-:]/g, '').replace(/\..*/, '')}-${10_000 + i}-bench`;
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
  // The pseudo-terminal alone (`script`, `sh`, `stty`, then a command that does nothing more),
  // timed both ways: to the command's output, as spider is, and to the end, as the baseline is.
  const toOutput: number[] = [];
  const toEnd: number[] = [];
  const bare: number[] = [];
  const writing: number[] = [];
  const empty: number[] = [];
  const full: number[] = [];
  try {
    // One unmeasured round first: the disk cache and the kernel's caches start warm for all.
    await timeInTerminal(BARE);
    await spiderFirstFrame();
    for (let i = 0; i < runs; i++) {
      toOutput.push(await timeInTerminal(['printf', FRAME_END], { until: FRAME_END }));
      toEnd.push(await timeInTerminal(['true']));
      bare.push(await timeInTerminal(BARE));
      writing.push(await timeInTerminal(WRITING, { until: FRAME_END }));
      empty.push(await spiderFirstFrame());
      full.push(await spiderFirstFrame([], saves));
    }
  } finally {
    fs.rmSync(saves, { recursive: true, force: true });
  }
  const base = median(bare);
  const [outputSetup, endSetup] = [median(toOutput), median(toEnd)];
  let met = true;
  /**
   * A row: the median, its ratio to the baseline, and that ratio net of the pseudo-terminal
   * (each side less the harness timed as it is).
   */
  const line = (label: string, times: number[], setup: number) => {
    const m = median(times);
    const ratio = `${(m / base).toFixed(2)}x`;
    const net = (m - setup) / (base - endSetup);
    if (times === empty || times === full) met &&= net <= TARGET;
    console.log(
      `  ${label.padEnd(40)} ${m.toFixed(1).padStart(6)} ms  ${ratio.padStart(6)}  ${`${net.toFixed(2)}x`.padStart(6)}`,
    );
  };
  console.log(
    `Start-up to the first full frame (node ${process.version}, pty ${WIDTH}x${HEIGHT}, medians of ${runs} interleaved runs):`,
  );
  console.log(
    `  ${'the pseudo-terminal alone, to output'.padEnd(40)} ${outputSetup.toFixed(1).padStart(6)} ms`,
  );
  console.log(
    `  ${'the pseudo-terminal alone, to the end'.padEnd(40)} ${endSetup.toFixed(1).padStart(6)} ms`,
  );
  console.log(
    `  ${''.padEnd(40)} ${'median'.padStart(9)}  ${'ratio'.padStart(6)}  ${'net'.padStart(6)}`,
  );
  line('node -e 0, to its end (the baseline)', bare, endSetup);
  line('node writing a line, to the line', writing, outputSetup);
  line('spider, no saves', empty, outputSetup);
  line(`spider, ${SAVES} saves of ${SAVE_ACTIONS} actions`, full, outputSetup);
  console.log(
    `Target: at most ${TARGET} times the baseline, net of the pseudo-terminal: ${met ? 'met' : 'NOT met'}.`,
  );
}

if (require.main === module) runBench(main);
