/**
 * Load test of `spider serve` (README, "Playing over SSH"): many players at once, each with a key
 * of their own, playing moves at a typist's pace, against one server started as `bin/spider
 * serve` in its own process.
 *
 *   npm run bench:serve     (SPIDER_BENCH_SERVE_CLIENTS=N players, default 30;
 *                            SPIDER_BENCH_SERVE_KEYS=N keys each, default 200;
 *                            SPIDER_BENCH_SERVE_GAP=MS between a player's keys, default 100)
 *
 * Every key a player types changes the screen (the cursor moves, a deal, an undo, a redo), so
 * each one is answered by a frame. Prints the time from a key being sent to the first byte of its
 * frame arriving (median, 90th and 99th percentile, worst), and the server's memory (resident set
 * size from /proc) before anyone logs in and with every player in a game: the difference over the
 * players is the memory per player. While they play, half-open and garbage connections are made
 * to the port, and one more player must still get in.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { Client, type ClientChannel } from 'ssh2';
import { newEd25519Key } from '../src/serve/host-key';
import { percentile } from './figures';
import { settingsFromEnv, wholeFromEnv } from './settings';

const { CLIENTS, KEYS, GAP_MS } = settingsFromEnv(() => ({
  CLIENTS: wholeFromEnv('SPIDER_BENCH_SERVE_CLIENTS', 30),
  KEYS: wholeFromEnv('SPIDER_BENCH_SERVE_KEYS', 200),
  GAP_MS: wholeFromEnv('SPIDER_BENCH_SERVE_GAP', 100, 0),
}));
const ROOT = path.join(__dirname, '..', '..');
/** Keys that always change the screen: cursor right, deal, cursor left, undo, redo... */
const PATTERN = ['l', 'd', 'H', 'u', 'l', 'r', 'H', 'u'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The process's resident memory now (`VmRSS`), or at most so far (`VmHWM`), in kB. */
function rssKb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

interface Player {
  readonly client: Client;
  readonly channel: ClientChannel;
  /** Resolves on the next data from the server. */
  nextFrame(): Promise<number>;
  /** Resolves once the screen has shown `text`. */
  saw(text: string, ms: number): Promise<void>;
}

function login(port: number, key: string): Promise<Player> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    client.on('error', reject);
    client.on('ready', () => {
      client.shell({ term: 'xterm-256color', cols: 80, rows: 24 }, (error, channel) => {
        if (error) return reject(error);
        let text = '';
        let waiting: ((at: number) => void) | null = null;
        channel.on('data', (data: Buffer) => {
          const at = performance.now();
          text += data.toString('utf8');
          if (text.length > 100_000) text = text.slice(-10_000);
          const wake = waiting;
          waiting = null;
          wake?.(at);
        });
        resolve({
          client,
          channel,
          nextFrame: () => new Promise((r) => (waiting = r)),
          async saw(wanted, ms) {
            const deadline = Date.now() + ms;
            while (!text.includes(wanted)) {
              if (Date.now() > deadline) throw new Error(`no '${wanted}' in time`);
              await sleep(10);
            }
          },
        });
      });
    });
    client.connect({ host: '127.0.0.1', port, username: 'bench', privateKey: key });
  });
}

async function play(player: Player, latencies: number[], missed: { n: number }): Promise<void> {
  for (let i = 0; i < KEYS; i++) {
    await sleep(GAP_MS * (0.5 + Math.random()));
    const frame = player.nextFrame();
    const sent = performance.now();
    player.channel.write(PATTERN[i % PATTERN.length]);
    const at = await Promise.race([frame, sleep(2000).then(() => null)]);
    if (at === null) missed.n++;
    else latencies.push(at - sent);
  }
}

async function main(): Promise<void> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-serve-'));
  const server = spawn(
    process.execPath,
    [
      path.join(ROOT, 'bin', 'spider'),
      'serve',
      '--port',
      '0',
      '--max-sessions',
      String(CLIENTS + 10),
      '--max-per-address',
      String(CLIENTS + 10),
    ],
    {
      env: { ...process.env, XDG_STATE_HOME: home, LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // However the run ends, the server goes with it.
  process.on('exit', () => server.kill('SIGKILL'));
  let log = '';
  server.stdout?.on('data', (data: Buffer) => (log += data.toString()));
  while (!/listening on [^:]+:(\d+)/.test(log)) {
    if (server.exitCode !== null) throw new Error(`the server did not start: ${log}`);
    await sleep(20);
  }
  const port = Number(/listening on [^:]+:(\d+)/.exec(log)?.[1]);
  const pid = server.pid as number;
  await sleep(500);
  const before = rssKb(pid);

  const keys = Array.from({ length: CLIENTS + 1 }, () => newEd25519Key());
  const players: Player[] = [];
  for (const key of keys.slice(0, CLIENTS)) players.push(await login(port, key));
  await Promise.all(players.map((p) => p.saw('q quit', 20_000)));
  const loggedIn = rssKb(pid);

  const latencies: number[] = [];
  const missed = { n: 0 };
  // Half-open and garbage connections while everyone plays.
  const junk: net.Socket[] = [];
  for (let i = 0; i < 40; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.resume();
    if (i % 2 === 0) socket.write('\x16\x03\x01 not ssh at all\r\n');
    junk.push(socket);
  }
  const began = performance.now();
  const late = (async () => {
    await sleep(1000);
    const t = performance.now();
    const extra = await login(port, keys[CLIENTS]);
    await extra.saw('q quit', 20_000);
    const ms = performance.now() - t;
    extra.client.end();
    return ms;
  })();
  await Promise.all(players.map((p) => play(p, latencies, missed)));
  const elapsed = performance.now() - began;
  const lateMs = await late;
  const playing = rssKb(pid);
  // The kernel's own high-water mark: no peak between two samples goes unseen.
  const peak = rssKb(pid, 'VmHWM');

  for (const p of players) p.client.end();
  for (const socket of junk) socket.destroy();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(home, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
  console.log(
    `spider serve, ${CLIENTS} players x ${KEYS} keys (one every ~${GAP_MS} ms each), ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log(
    `key to frame: median ${ms(percentile(latencies, 0.5))}, p90 ${ms(percentile(latencies, 0.9))}, p99 ${ms(percentile(latencies, 0.99))}, worst ${ms(latencies[latencies.length - 1])} (${latencies.length} keys, ${missed.n} without a frame in 2 s; ${(latencies.length / (elapsed / 1000)).toFixed(0)} keys/s in all)`,
  );
  console.log(
    `server memory (RSS): ${mb(before)} idle, ${mb(loggedIn)} with ${CLIENTS} players in, ${mb(peak)} at most (its high-water mark), ${mb(playing)} after; ` +
      `per player ${mb((peak - before) / CLIENTS)} (peak - idle) / players`,
  );
  console.log(
    `one more player logged in during the load, past 40 junk connections, in ${ms(lateMs)}`,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
