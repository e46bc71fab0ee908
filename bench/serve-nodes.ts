/**
 * `SPIDER_BENCH_SERVE_NODES=N npm run bench:serve`: several servers on this machine keeping their
 * players in one PostgreSQL (docs/serve.md, "The database"), a throwaway cluster of its own (with
 * fsync on, as a real one), the players spread over the servers in turn. Prints the time from a
 * key to its frame (which waits for the key's save to be in the database), each server's CPU
 * time a key and share of a core, the players one core would hold at this pace, the memory a
 * player costs, and the database's commits a second.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Pool } from 'pg';
import { newEd25519Key } from '../src/serve/host-key';
import { startPostgres } from '../test/helpers/postgres';
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

export interface NodesSettings {
  readonly nodes: number;
  readonly clients: number;
  readonly keys: number;
  readonly gapMs: number;
}

/** A server keeping its players in `url`, in a state folder of its own. */
function startNode(url: string, clients: number): Promise<Server> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-node-'));
  return startServe(['--store', url], {
    home,
    players: clients,
    ready: /players kept in the database/,
  });
}

/** The database's transactions committed so far. */
async function commits(pool: Pool): Promise<number> {
  const found = await pool.query<{ n: string }>(
    "SELECT xact_commit AS n FROM pg_stat_database WHERE datname = 'spider'",
  );
  return Number(found.rows[0]?.n ?? 0);
}

export async function nodesRun(settings: NodesSettings): Promise<void> {
  const { nodes: count, clients, keys, gapMs } = settings;
  const cluster = await startPostgres({ fsync: true });
  const pool = new Pool({ connectionString: cluster.url, max: 1 });
  const nodes: Server[] = [];
  try {
    for (let i = 0; i < count; i++) nodes.push(await startNode(cluster.url, clients));
    await sleep(500);
    const idle = nodes.map((node) => rssKb(node.pid));
    const players: Player[] = [];
    // Logged in ten at a time, each to the next server in turn.
    for (let i = 0; i < clients; i += 10) {
      const batch = Array.from({ length: Math.min(10, clients - i) }, (_, j) =>
        login(nodes[(i + j) % count].port, newEd25519Key()),
      );
      players.push(...(await Promise.all(batch)));
    }
    await Promise.all(players.map((p) => p.saw('q quit', 60_000)));
    const latencies: number[] = [];
    const missed = { n: 0 };
    const began = performance.now();
    const cpuBefore = nodes.map((node) => cpuMs(node.pid));
    const commitsBefore = await commits(pool);
    await Promise.all(players.map((p) => play(p, latencies, missed, keys, gapMs)));
    const elapsed = performance.now() - began;
    const cpuAfter = nodes.map((node) => cpuMs(node.pid));
    const committed = (await commits(pool)) - commitsBefore;
    const peaks = nodes.map((node) => rssKb(node.pid, 'VmHWM'));

    latencies.sort((a, b) => a - b);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const answered = latencies.length + missed.n;
    console.log(
      `spider serve on ${count} servers, one PostgreSQL (fsync on): ${clients} players x ${keys} keys (one every ~${gapMs} ms each), ${os.cpus().length} cores, Node ${process.version}`,
    );
    console.log(
      `key to frame (its save in the database first): median ${ms(percentile(latencies, 0.5))}, p90 ${ms(percentile(latencies, 0.9))}, p99 ${ms(percentile(latencies, 0.99))}, worst ${ms(latencies.at(-1) ?? 0)} (${latencies.length} keys, ${missed.n} without a frame in 2 s; ${(answered / (elapsed / 1000)).toFixed(0)} keys/s in all)`,
    );
    nodes.forEach((_, i) => {
      const main = cpuAfter[i].main - cpuBefore[i].main;
      const all = cpuAfter[i].all - cpuBefore[i].all;
      const share = main / elapsed;
      const theirs = Math.ceil(clients / count);
      console.log(
        `server ${i + 1} (${theirs} players): main thread ${(main / (answered / count)).toFixed(2)} ms a key, ${(100 * share).toFixed(0)}% of a core; all its threads ${(all / (answered / count)).toFixed(2)} ms a key; one core would hold about ${Math.floor(theirs / share)} players at this pace`,
      );
    });
    const perPlayer = peaks.reduce((sum, peak, i) => sum + peak - idle[i], 0) / clients / 1024;
    console.log(
      `memory: ${perPlayer.toFixed(2)} MB a player (each server's high-water mark less its idle size); the database: ${(committed / (elapsed / 1000)).toFixed(0)} commits a second`,
    );
    for (const p of players) p.client.end();
  } finally {
    await pool.end();
    for (const node of nodes) await node.stop();
    cluster.stop();
  }
}
