/**
 * Load test of `spider serve` (docs/serve.md, "Playing over SSH"): many players at once, each with
 * a key of their own, playing moves at a typist's pace, against one server started as `bin/spider
 * serve` in its own process; first alone, then beside each kind of attacker in turn.
 *
 *   npm run bench:serve     (SPIDER_BENCH_SERVE_CLIENTS=N players, default 30;
 *                            SPIDER_BENCH_SERVE_KEYS=N keys each, default 200;
 *                            SPIDER_BENCH_SERVE_GAP=MS between a player's keys, default 100;
 *                            SPIDER_BENCH_SERVE_ATTACKS=0 for the players alone, or the names
 *                            of the attackers to run beside them: big,stats;
 *                            SPIDER_BENCH_SERVE_NODE_ARGS='--cpu-prof' to profile the server;
 *                            SPIDER_BENCH_SERVE_NODES=N for N servers sharing a PostgreSQL:
 *                            bench/serve-nodes.ts)
 *
 * Every key a player types changes the screen (the cursor moves, a deal, an undo, a redo), so
 * each one is answered by a frame. Prints, for each run, the time from a key being sent to the
 * first byte of its frame arriving (median, 90th and 99th percentile, worst), the server's CPU
 * time (user and system, from /proc) while the players play divided by the keys they sent, of its
 * main thread (the one that runs every game) and of all its threads, and the server's memory (resident set size from /proc) before anyone logs in, with every player in a game, and
 * at most (the kernel's high-water mark). In the first run, half-open and garbage connections
 * are made to the port while the players play, and one more player must still get in. The
 * attackers (docs/serve.md, "No client holds up another"), each in a run of its own on a fresh
 * server:
 * - big: 4 clients claiming 400x150 terminals (drawn at the largest size the server draws)
 *   asking for a whole new frame (Ctrl-L) every 2 ms;
 * - flood: a client sending data packets as fast as its socket takes them, past any window;
 * - unread: a client claiming 400x150 that reads nothing, yet grants SSH window and asks for
 *   frames;
 * - stats: a player whose statistics hold 64 MiB of history, opening them (`s`) again and again;
 * - records: a player writing a record (`w`) after every action, as fast as it can;
 * - solver: 12 players asking the solver whether their game can be won, again and again.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { Client, type ClientChannel, type ParsedKey, utils } from 'ssh2';
import { bySeed } from '../src/engine';
import { newEd25519Key } from '../src/serve/host-key';
import { appendResult } from '../src/store/history';
import { percentile } from './figures';
import {
  cpuMs,
  login,
  type Player,
  play,
  rssKb,
  type Server,
  sleep,
  startServe,
} from './serve-clients';
import { nodesRun } from './serve-nodes';
import { runBench, SettingError, settingsFromEnv, wholeFromEnv } from './settings';

const { CLIENTS, KEYS, GAP_MS, NODES } = settingsFromEnv(() => ({
  CLIENTS: wholeFromEnv('SPIDER_BENCH_SERVE_CLIENTS', 30),
  KEYS: wholeFromEnv('SPIDER_BENCH_SERVE_KEYS', 200),
  GAP_MS: wholeFromEnv('SPIDER_BENCH_SERVE_GAP', 100, 0),
  NODES: wholeFromEnv('SPIDER_BENCH_SERVE_NODES', 0, 0),
}));

/** The client's side of its protocol: what a hostile client sends that the library would not. */
interface RawSender {
  channelData(channel: number, data: Buffer): void;
  channelWindowAdjust(channel: number, amount: number): void;
}
const rawOf = (client: Client) => (client as unknown as { _protocol: RawSender })._protocol;
const serverSide = (channel: ClientChannel) =>
  (channel as unknown as { outgoing: { id: number } }).outgoing.id;

/** Presses `keys` in turn, one every `ms`, until stopped. */
function pressing(player: Player, keys: readonly string[], ms: number): () => void {
  let i = 0;
  const timer = setInterval(() => player.channel.write(keys[i++ % keys.length]), ms);
  return () => clearInterval(timer);
}

async function startServer(): Promise<Server> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-serve-'));
  const nodeArgs = (process.env.SPIDER_BENCH_SERVE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return startServe([], { home, players: CLIENTS, nodeArgs });
}

/** The folder the server keeps a key's files in (docs/serve.md, "Playing over SSH"). */
function playerFolder(home: string, key: string): string {
  const blob = (utils.parseKey(key) as ParsedKey).getPublicSSH();
  const id = createHash('sha256').update(blob).digest('base64url');
  return path.join(home, 'spider', 'players', id);
}

/** A history of about `bytes` bytes of abandoned games, in `folder`. */
function bigHistory(folder: string, bytes: number): void {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-history-'));
  const rules = { suits: 4, relaxed: 0, keepSuits: false } as const;
  appendResult(scratch, {
    deal: bySeed('1'),
    rules,
    outcome: 'abandoned',
    moves: 3,
    actions: 3,
    peeks: 0,
    elapsedMs: 12_000,
    scores: { woods: 3, microsoft: 497, aisleriot: 0 },
    ended: new Date(2026, 0, 1).toISOString(),
  });
  const line = fs.readFileSync(path.join(scratch, 'games.jsonl'));
  fs.rmSync(scratch, { recursive: true, force: true });
  const block = Buffer.concat(
    Array.from({ length: Math.ceil((1 << 20) / line.length) }, () => line),
  );
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const fd = fs.openSync(path.join(folder, 'games.jsonl'), 'w', 0o600);
  for (let written = 0; written < bytes; written += block.length) fs.writeSync(fd, block);
  fs.closeSync(fd);
}

/** An attacker: set up against a server, started, and stopped; it may say what it did. */
interface Attack {
  readonly name: string;
  readonly what: string;
  start(server: Server): Promise<() => Promise<string>>;
}

const ATTACKERS: readonly Attack[] = [
  {
    name: 'big',
    what: '4 clients claiming 400x150 terminals, asking for a whole new frame (Ctrl-L) every 2 ms',
    async start({ port }) {
      const bigs: Player[] = [];
      let bytes = 0;
      for (let i = 0; i < 4; i++) {
        const big = await login(port, newEd25519Key(), { cols: 400, rows: 150 });
        await big.saw('q quit', 20_000);
        big.channel.on('data', (data: Buffer) => (bytes += data.length));
        bigs.push(big);
      }
      // All in before any presses: a server they hold up could keep the others from logging in.
      const stops = bigs.map((big) => pressing(big, ['\x0c'], 2));
      return async () => {
        for (const stop of stops) stop();
        for (const big of bigs) big.client.end();
        return `they were sent ${(bytes / 1024).toFixed(0)} KiB`;
      };
    },
  },
  {
    name: 'flood',
    what: 'a client sending 32 KiB data packets as fast as its socket takes them, past any window',
    async start({ port }) {
      const sock = net.connect(port, '127.0.0.1');
      const flooder = await login(port, newEd25519Key(), { sock });
      await flooder.saw('q quit', 20_000);
      const raw = rawOf(flooder.client);
      const id = serverSide(flooder.channel);
      const chunk = Buffer.alloc(32 * 1024, 'l');
      let sent = 0;
      let stopped = false;
      const more = () => {
        if (stopped) return;
        while (sock.writableLength < 4 * 1024 * 1024) {
          raw.channelData(id, chunk);
          sent += chunk.length;
        }
        setTimeout(more, 10);
      };
      more();
      return async () => {
        stopped = true;
        const unsent = sock.writableLength;
        sock.destroy();
        return `it wrote ${(sent / 1024 / 1024).toFixed(0)} MiB; ${(unsent / 1024 / 1024).toFixed(1)} MiB were never taken from its socket`;
      };
    },
  },
  {
    name: 'unread',
    what: 'a client claiming 400x150 that reads nothing, yet grants SSH window and asks for frames',
    async start({ port }) {
      const sock = net.connect(port, '127.0.0.1');
      const player = await login(port, newEd25519Key(), { sock, cols: 400, rows: 150 });
      await player.saw('q quit', 20_000);
      sock.pause();
      const raw = rawOf(player.client);
      const id = serverSide(player.channel);
      let i = 0;
      const timer = setInterval(() => {
        raw.channelWindowAdjust(id, 4 * 1024 * 1024);
        raw.channelData(id, Buffer.from(i++ % 2 === 0 ? '?' : 'q'));
      }, 5);
      return async () => {
        clearInterval(timer);
        sock.destroy();
        return '';
      };
    },
  },
  {
    name: 'stats',
    what: 'a player with 64 MiB of history opening the statistics (s) every 20 ms',
    async start({ port, home }) {
      const key = newEd25519Key();
      bigHistory(playerFolder(home, key), 64 * 1024 * 1024);
      const player = await login(port, key);
      await player.saw('q quit', 20_000);
      const stop = pressing(player, ['s', 'x'], 10);
      return async () => {
        stop();
        player.client.end();
        return '';
      };
    },
  },
  {
    name: 'records',
    what: 'a player writing a record (w) after every action, an action every 5 ms',
    async start({ port, home }) {
      const key = newEd25519Key();
      const player = await login(port, key);
      await player.saw('q quit', 20_000);
      const stop = pressing(player, ['d', 'w', 'u', 'w', 'r', 'w'], 5);
      return async () => {
        stop();
        player.client.end();
        const records = path.join(playerFolder(home, key), 'records');
        const names = fs.existsSync(records) ? fs.readdirSync(records) : [];
        const bytes = names.reduce(
          (sum, name) => sum + fs.statSync(path.join(records, name)).size,
          0,
        );
        return `its records folder holds ${names.length} files, ${(bytes / 1024).toFixed(0)} KiB`;
      };
    },
  },
  {
    name: 'solver',
    what: '12 players asking the solver whether their game can be won (c), again and again',
    async start({ port }) {
      // One after another: more than 8 logging in at once from one address close the oldest.
      const askers: Player[] = [];
      for (let i = 0; i < 12; i++) askers.push(await login(port, newEd25519Key()));
      await Promise.all(askers.map((asker) => asker.saw('q quit', 20_000)));
      const stops = askers.map((asker) => pressing(asker, ['c', 'l', 'c', 'H'], 500));
      return async () => {
        for (const stop of stops) stop();
        for (const asker of askers) asker.client.end();
        return '';
      };
    },
  },
];

/** The players' figures for one run. */
async function run(attack: Attack | null): Promise<void> {
  const server = await startServer();
  const { port, pid } = server;
  await sleep(500);
  const before = rssKb(pid);

  const keys = Array.from({ length: CLIENTS + 1 }, () => newEd25519Key());
  const players: Player[] = [];
  for (const key of keys.slice(0, CLIENTS)) players.push(await login(port, key));
  await Promise.all(players.map((p) => p.saw('q quit', 20_000)));
  const loggedIn = rssKb(pid);

  const stopAttack = attack ? await attack.start(server) : null;
  const latencies: number[] = [];
  const missed = { n: 0 };
  // Half-open and garbage connections while everyone plays, and one more player, in the run
  // without an attacker.
  const junk: net.Socket[] = [];
  let late: Promise<number> | null = null;
  if (!attack) {
    for (let i = 0; i < 40; i++) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.resume();
      if (i % 2 === 0) socket.write('\x16\x03\x01 not ssh at all\r\n');
      junk.push(socket);
    }
    late = (async () => {
      await sleep(1000);
      const t = performance.now();
      const extra = await login(port, keys[CLIENTS]);
      await extra.saw('q quit', 20_000);
      const ms = performance.now() - t;
      extra.client.end();
      return ms;
    })();
  }
  const began = performance.now();
  const cpuBefore = cpuMs(pid);
  await Promise.all(players.map((p) => play(p, latencies, missed, KEYS, GAP_MS)));
  const cpuAfter = cpuMs(pid);
  const elapsed = performance.now() - began;
  const lateMs = late ? await late : 0;
  const said = stopAttack ? await stopAttack() : '';
  const playing = rssKb(pid);
  // The kernel's own high-water mark: no peak between two samples goes unseen.
  const peak = rssKb(pid, 'VmHWM');
  const ended = /a game ended: (nothing read|\d+ MB sent)[^\n]*/.exec(server.log())?.[0];

  latencies.sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
  console.log(
    attack
      ? `\nbeside ${attack.name}: ${attack.what}`
      : `spider serve, ${CLIENTS} players x ${KEYS} keys (one every ~${GAP_MS} ms each), ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log(
    latencies.length === 0
      ? `key to frame: none of ${missed.n} keys got its frame within 2 s`
      : `key to frame: median ${ms(percentile(latencies, 0.5))}, p90 ${ms(percentile(latencies, 0.9))}, p99 ${ms(percentile(latencies, 0.99))}, worst ${ms(latencies[latencies.length - 1])} (${latencies.length} keys, ${missed.n} without a frame in 2 s; ${(latencies.length / (elapsed / 1000)).toFixed(0)} keys/s in all)`,
  );
  const answered = latencies.length + missed.n;
  const main = cpuAfter.main - cpuBefore.main;
  const mainSystem = cpuAfter.mainSystem - cpuBefore.mainSystem;
  const all = cpuAfter.all - cpuBefore.all;
  const perKey = (cpu: number) => `${(cpu / answered).toFixed(2)} ms a key`;
  const core = (cpu: number) => `${((100 * cpu) / elapsed).toFixed(0)}% of a core`;
  console.log(
    `server CPU time (user and system, over ${answered} keys in ${(elapsed / 1000).toFixed(1)} s): ` +
      `its main thread ${perKey(main)} (${core(main)}; in the kernel ${perKey(mainSystem)}), all its threads ${perKey(all)} (${core(all)})`,
  );
  console.log(
    `server memory (RSS): ${mb(before)} idle, ${mb(loggedIn)} with ${CLIENTS} players in, ${mb(peak)} at most (its high-water mark), ${mb(playing)} after; ` +
      `per player ${mb((peak - before) / CLIENTS)} (peak - idle) / players`,
  );
  if (!attack)
    console.log(
      `one more player logged in during the load, past 40 junk connections, in ${ms(lateMs)}`,
    );
  if (said) console.log(`the attacker: ${said}`);
  if (ended) console.log(`the server's log: ${ended}`);

  for (const p of players) p.client.end();
  for (const socket of junk) socket.destroy();
  const stopping = await server.stop();
  // A server still busy with an attacker's work is slow to save every game and stop.
  if (stopping > 2000)
    console.log(
      `the server took ${(stopping / 1000).toFixed(1)} s to stop${stopping >= 10_000 ? ' (killed)' : ''}`,
    );
}

/** The attackers to run, from SPIDER_BENCH_SERVE_ATTACKS: all unless `0`, or those it names. */
function attackersFromEnv(env: NodeJS.ProcessEnv = process.env): readonly Attack[] {
  const given = env.SPIDER_BENCH_SERVE_ATTACKS?.trim() ?? '';
  if (given === '' || given === '1') return ATTACKERS;
  if (given === '0') return [];
  return given.split(',').map((name) => {
    const found = ATTACKERS.find((attack) => attack.name === name.trim());
    if (!found) {
      const names = ATTACKERS.map((attack) => attack.name).join(', ');
      throw new SettingError(
        `SPIDER_BENCH_SERVE_ATTACKS='${given}': 0, 1, or attackers' names among ${names}`,
      );
    }
    return found;
  });
}

async function main(): Promise<void> {
  if (NODES > 0) {
    await nodesRun({ nodes: NODES, clients: CLIENTS, keys: KEYS, gapMs: GAP_MS });
    return;
  }
  const attackers = settingsFromEnv(() => attackersFromEnv());
  await run(null);
  for (const attack of attackers) await run(attack);
}

runBench(main);
