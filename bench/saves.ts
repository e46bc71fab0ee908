/**
 * Start-up with many saved games.
 *
 *   npm run bench:saves     (SPIDER_BENCH_SAVES_RUNS: runs of each, default 15;
 *                            SPIDER_BENCH_SAVES_MANY: saves in the large folder, default 5000;
 *                            SPIDER_BENCH_SAVES_OTHER: the bin/spider of another build, timed
 *                            beside this one on saves named as earlier versions named them)
 *
 * Times `bin/spider` from spawning it in a real pseudo-terminal to its first complete frame, as
 * `npm run bench:startup` does (docs/measurements.md, "Start-up"), with a state folder holding ten
 * unfinished games and with one holding thousands, interleaved (ten, thousands, thousands under the
 * names of an earlier version, then thousands, ..., each round starting at the next) so that a
 * machine that gets busier or quieter weighs on all alike. Then `spider saves`, from spawning it
 * to its exit, with the ten and with the thousands, and `spider saves --all` with the thousands.
 * Every run starts from a fresh copy of its folder (hard links, all on disk before the clock
 * starts): a start resumes the most recent game, and leaving gives it a new name.
 *
 * The saves are games of 1,000 random legal actions (ten of them, each saved many times over at
 * other times), named as the game leaves them: by the time of their last save. The same
 * thousands are also timed under names of when they were dealt, as an earlier version left them,
 * which a start reads by their headers (the newest 200 names).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import seedrandom from 'seedrandom';
import { type Game, isWon, legalActions, newGame, play, statusWithin } from '../src/engine';
import { formatSave } from '../src/notation/save';
import { idBySaveTime } from '../src/store/save-names';
import { runBench, SettingError, wholeFromEnv } from './settings';
import { cacheHome, timeInTerminal } from './startup';

/** Distinct games among the saves: each is saved at many times. */
const GAMES = 10;
const ACTIONS = 1000;
const SPIDER = path.join(__dirname, '..', '..', 'bin', 'spider');
/** The end of the key line, the bottom row: blessed writes a frame top to bottom. */
const FRAME_END = 'q quit';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/**
 * A game of `length` random legal actions that a glance does not find over: its save says
 * `playing`, and a start resumes it (whether it is lost is decided after the first frame).
 */
function playedGame(seed: string, length: number): Game {
  const random = seedrandom(`bench saves ${seed}`);
  for (let attempt = 0; ; attempt++) {
    let game = newGame(`${seed}-${attempt}`, { suits: 4, relaxed: 0, keepSuits: false });
    while (game.actions < length && !isWon(game.position)) {
      const actions = legalActions(game.position);
      if (actions.length === 0) break;
      const outcome = play(game, actions[Math.floor(random() * actions.length)]);
      if (!outcome.ok) throw new Error('a legal action was refused');
      game = outcome.game;
    }
    const glance = statusWithin(game.position);
    if (game.actions === length && glance !== 'won' && glance !== 'lost') return game;
  }
}

/**
 * A new folder of `count` saves, one a minute, the last the most recent; named by the time of
 * their save, or (`dealt`) by the time a game was dealt, as earlier versions named them.
 */
function writeSaves(count: number, texts: readonly string[], dealt = false): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-saves-'));
  const from = Date.parse('2024-05-01T12:00:00Z');
  for (let i = 0; i < count; i++) {
    const saved = new Date(from + i * 60_000).toISOString();
    const id = dealt
      ? `${saved.replace(/[-:]/g, '').replace(/\..*/, '')}-${10_000 + i}-bnch`
      : idBySaveTime(saved);
    const text = texts[i % texts.length].replace(/^(started|saved): .*$/gm, `$1: ${saved}`);
    fs.writeFileSync(path.join(folder, `${id}.txt`), text, { mode: 0o600 });
  }
  return folder;
}

/**
 * Milliseconds from spawning `spider` (a bin/spider) to its first frame, in fresh XDG folders (but
 * the code cache's, see bench/startup.ts) whose save folder holds the saves of `saves` (hard links: a start replaces the save it resumes
 * by a new file, and leaves the one linked alone), with everything on disk before the clock starts.
 */
async function firstFrame(spider: string, saves: string): Promise<number> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-'));
  const env = {
    XDG_STATE_HOME: path.join(home, 'state'),
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CACHE_HOME: cacheHome(spider),
  };
  const games = path.join(env.XDG_STATE_HOME, 'spider', 'games');
  fs.mkdirSync(games, { recursive: true, mode: 0o700 });
  for (const name of fs.readdirSync(saves))
    fs.linkSync(path.join(saves, name), path.join(games, name));
  spawnSync('sync');
  try {
    return await timeInTerminal([process.execPath, spider], { until: FRAME_END, env });
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** A home whose save folder holds the saves of `saves` (hard links), for `spider saves`. */
function listHome(saves: string): { home: string; env: NodeJS.ProcessEnv } {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-'));
  const env = { XDG_STATE_HOME: path.join(home, 'state'), XDG_DATA_HOME: path.join(home, 'data') };
  const games = path.join(env.XDG_STATE_HOME, 'spider', 'games');
  fs.mkdirSync(games, { recursive: true, mode: 0o700 });
  for (const name of fs.readdirSync(saves))
    fs.linkSync(path.join(saves, name), path.join(games, name));
  return { home, env };
}

/** Milliseconds from spawning `spider ARGS` to its exit; the list reads, and changes nothing. */
function listTime(env: NodeJS.ProcessEnv, args: readonly string[]): number {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [SPIDER, ...args], { env: { ...process.env, ...env } });
  if (run.status !== 0) throw new Error(`spider ${args.join(' ')} exited ${run.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function main(): Promise<void> {
  if (process.argv.length > 2)
    throw new SettingError(
      `'${process.argv.slice(2).join(' ')}': the runs are given as SPIDER_BENCH_SAVES_RUNS=N`,
    );
  const runs = wholeFromEnv('SPIDER_BENCH_SAVES_RUNS', 15);
  const many = wholeFromEnv('SPIDER_BENCH_SAVES_MANY', 5000, GAMES + 1);
  // Another build to time beside this one, on the saves an earlier version leaves.
  const other = process.env.SPIDER_BENCH_SAVES_OTHER?.trim() || undefined;
  if (other !== undefined && !fs.existsSync(other))
    throw new SettingError(`SPIDER_BENCH_SAVES_OTHER='${other}': no such file (a bin/spider)`);
  const start = '2024-05-01T12:00:00.000Z';
  const texts = Array.from({ length: GAMES }, (_, i) =>
    formatSave(playedGame(String(i), ACTIONS), {
      elapsedMs: 600_000,
      started: start,
      saved: start,
    }),
  );
  const folders = [
    writeSaves(GAMES, texts),
    writeSaves(many, texts),
    writeSaves(GAMES, texts, true),
    writeSaves(many, texts, true),
  ];
  const [few, lots, fewEarlier, lotsEarlier] = folders;
  const cases: { label: string; spider: string; saves: string; times: number[] }[] = [
    { label: `${GAMES} saves`, spider: SPIDER, saves: few, times: [] },
    { label: `${many} saves`, spider: SPIDER, saves: lots, times: [] },
    {
      label: `${many} saves named as an earlier version did`,
      spider: SPIDER,
      saves: lotsEarlier,
      times: [],
    },
    ...(other === undefined
      ? []
      : [
          { label: `the other build, ${GAMES} saves of its own`, spider: other, saves: fewEarlier },
          { label: `the other build, ${many} saves of its own`, spider: other, saves: lotsEarlier },
        ].map((c) => ({ ...c, times: [] as number[] }))),
  ];
  const lists: { label: string; env: NodeJS.ProcessEnv; args: string[]; times: number[] }[] = [];
  try {
    // One unmeasured round first: the disk cache and the kernel's caches start warm for all.
    for (const c of cases) await firstFrame(c.spider, c.saves);
    // Each round starts at the next case: the run after another's clean-up (5,000 files
    // removed) is slower, whichever it is, and so weighs on every case alike.
    for (let i = 0; i < runs; i++)
      for (let k = 0; k < cases.length; k++) {
        const c = cases[(i + k) % cases.length];
        c.times.push(await firstFrame(c.spider, c.saves));
      }
    // `spider saves` (docs/saves.md, "Your saved games"): it reads only the saves it shows.
    const homes = [few, lots].map(listHome);
    lists.push(
      { label: `spider saves, ${GAMES} saves`, env: homes[0].env, args: ['saves'], times: [] },
      { label: `spider saves, ${many} saves`, env: homes[1].env, args: ['saves'], times: [] },
      {
        label: `spider saves --all, ${many} saves`,
        env: homes[1].env,
        args: ['saves', '--all'],
        times: [],
      },
    );
    for (let i = 0; i < runs; i++) for (const c of lists) c.times.push(listTime(c.env, c.args));
    for (const { home } of homes) fs.rmSync(home, { recursive: true, force: true });
  } finally {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
  const base = median(cases[0].times);
  console.log(
    `Start-up to the first full frame with saved games (node ${process.version}, medians of ${runs} interleaved runs):`,
  );
  for (const c of cases) {
    const m = median(c.times);
    const ratio = `${(m / base).toFixed(2)}x`;
    console.log(`  ${c.label.padEnd(52)} ${m.toFixed(1).padStart(7)} ms  ${ratio.padStart(6)}`);
  }
  console.log(`The list of saves, from spawning spider to its exit (medians of ${runs} runs):`);
  for (const c of lists)
    console.log(`  ${c.label.padEnd(52)} ${median(c.times).toFixed(1).padStart(7)} ms`);
}

if (require.main === module) runBench(main);
