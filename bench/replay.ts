/**
 * Memory and time of huge game records.
 *
 *   npm run bench:replay        (SPIDER_BENCH_MIB=N for another size than the 16 MiB maximum)
 *
 * 1. `spider replay FILE` and `spider replay FILE --json` on a record of the largest size read:
 *    peak resident memory (the kernel's high-water mark) and wall time.
 * 2. Restoring a saved game with that many actions, as `spider` does when it resumes one: peak
 *    memory and time, with a short and with a huge redo stack; then the time of an undo and a
 *    redo anywhere in the line (each one rebuilt from the history, not remembered).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { canRedo, canUndo, movesKept, redo, undo } from '../src/engine';
import { parseSave } from '../src/notation';
import { bigRecord, PEAK_RSS_PRELOAD } from '../test/helpers/big-record';
import { settingsFromEnv, wholeFromEnv } from './settings';

const MIB = settingsFromEnv(() => wholeFromEnv('SPIDER_BENCH_MIB', 16));
const ROOT = path.join(__dirname, '..', '..');
const SPIDER = path.join(ROOT, 'bin', 'spider');

interface Run {
  readonly peakMiB: number;
  readonly seconds: number;
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs node on `args` with the peak-memory preload. */
function measure(dir: string, args: string[]): Run {
  const preload = path.join(dir, 'peak-rss.js');
  const peakFile = path.join(dir, 'peak');
  fs.writeFileSync(preload, PEAK_RSS_PRELOAD);
  const begin = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['-r', preload, ...args], {
    env: { ...process.env, SPIDER_PEAK_RSS_FILE: peakFile },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - begin) / 1e9;
  const peakMiB = Number(fs.readFileSync(peakFile, 'utf8')) / 1024;
  return { peakMiB, seconds, status: child.status, stdout: child.stdout, stderr: child.stderr };
}

const mib = (n: number) => `${n.toFixed(0).padStart(6)} MiB`;
const secs = (n: number) => `${n.toFixed(2).padStart(6)} s`;
const micros = (ns: number) => `${(ns / 1000).toFixed(1)} µs`;

/** In the child: restores a save, then times undo and redo. Prints one JSON line. */
function restoreChild(file: string): void {
  const text = fs.readFileSync(file, 'utf8');
  const begin = process.hrtime.bigint();
  const parsed = parseSave(text, new Date().toISOString());
  const restoreNs = Number(process.hrtime.bigint() - begin);
  if (!parsed.ok) throw new Error(parsed.reason);
  let game = parsed.save.game;
  const kept = movesKept(game);
  const undos: number[] = [];
  for (let i = 0; i < 2000 && canUndo(game); i++) {
    const t = process.hrtime.bigint();
    const outcome = undo(game);
    undos.push(Number(process.hrtime.bigint() - t));
    if (outcome.ok) game = outcome.game;
  }
  const redos: number[] = [];
  for (let i = 0; i < 2000 && canRedo(game); i++) {
    const t = process.hrtime.bigint();
    const outcome = redo(game);
    redos.push(Number(process.hrtime.bigint() - t));
    if (outcome.ok) game = outcome.game;
  }
  const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
  const u = sorted(undos);
  const r = sorted(redos);
  console.log(
    JSON.stringify({
      restoreNs,
      kept,
      undoMedian: u[u.length >> 1],
      undoMax: u[u.length - 1],
      redoMedian: r[r.length >> 1],
      redoMax: r[r.length - 1],
    }),
  );
}

function main(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-replay-'));
  try {
    const bytes = Math.floor(MIB * 1024 * 1024);
    const record = bigRecord(bytes);
    const file = path.join(dir, 'huge.spider');
    fs.writeFileSync(file, record.text);
    console.log(`spider replay benchmark (node ${process.version})`);
    console.log(
      `\nrecord: ${record.text.length.toLocaleString('en-US')} bytes, ` +
        `${record.actions.toLocaleString('en-US')} actions`,
    );
    for (const extra of [[], ['--json']]) {
      const run = measure(dir, [SPIDER, 'replay', file, ...extra]);
      if (run.status !== 0) throw new Error(`spider replay failed: ${run.stderr}`);
      const name = `spider replay FILE ${extra.join(' ')}`.padEnd(26);
      console.log(`  ${name} peak ${mib(run.peakMiB)}  ${secs(run.seconds)}`);
    }

    for (const undone of [1000, record.actions >> 1]) {
      const save = bigRecord(bytes, {
        header: [
          'save-format: 1',
          `undone: ${undone}`,
          `actions: ${record.actions + undone}`,
          'peeks: 0',
          'elapsed-ms: 0',
          'started: 2025-01-01T00:00:00.000Z',
          'saved: 2025-01-01T00:00:00.000Z',
        ],
      });
      const saveFile = path.join(dir, `save-${undone}.spider`);
      fs.writeFileSync(saveFile, save.text);
      const run = measure(dir, [__filename, 'restore', saveFile]);
      if (run.status !== 0) throw new Error(`restoring failed: ${run.stderr}`);
      const r = JSON.parse(run.stdout);
      console.log(
        `\nsaved game: ${save.actions.toLocaleString('en-US')} actions, ` +
          `${undone.toLocaleString('en-US')} of them undone`,
      );
      console.log(
        `  restore (read, parse, replay)  peak ${mib(run.peakMiB)}  ` +
          `${secs(r.restoreNs / 1e9)} in parseSave, ${secs(run.seconds)} with start-up`,
      );
      console.log(
        `  undo  median ${micros(r.undoMedian)}, slowest ${micros(r.undoMax)}  ` +
          `(2000 in a row)`,
      );
      console.log(
        `  redo  median ${micros(r.redoMedian)}, slowest ${micros(r.redoMax)}  ` +
          `(2000 in a row)`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'restore') restoreChild(process.argv[3]);
else main();
