/**
 * `spider serve --workers N` (docs/deploy.md, "Every core of a machine"): this process listens on
 * the port and hands each connection to one of N worker processes (Node's cluster), each a whole
 * server playing its games on its own core, all keeping their players in one database, so that a
 * player's game follows them whichever worker they reach. A worker that dies is started again;
 * a signal to this process goes to every worker, and it ends once they have.
 */
import cluster, { type Worker } from 'cluster';
import { withoutPassword, type ServeSettings } from './serve-run';
import type { CliIo } from '../kit';

/** What a worker tells this process once it listens. */
interface Listening {
  readonly spider: 'listening';
  readonly worker: number;
  readonly banner: readonly string[];
}

const isListening = (message: unknown): message is Listening =>
  typeof message === 'object' &&
  message !== null &&
  (message as { spider?: unknown }).spider === 'listening';

/** Runs `count` workers until a signal ends them; resolves with the exit status. */
export async function serveWorkers(
  io: CliIo,
  settings: ServeSettings & { readonly store: string },
  count: number,
): Promise<number> {
  const say = (line: string) => io.stdout.write(`${new Date().toISOString()} ${line}\n`);
  // The database's tables made once, before the workers, and a bad URL said once.
  try {
    const { PgNode } = await import('../../store/postgres/node');
    await (await PgNode.open(settings.store, { log: () => undefined })).close();
  } catch (error) {
    io.stderr.write(
      `spider: can't use the database ${withoutPassword(settings.store)}: ${(error as Error).message}\n`,
    );
    return 1;
  }
  const { loadHostKey } = await import('../../serve/host-key');
  const { stateDir } = await import('../../store/paths');
  try {
    // Made here, once, if it is not there yet: the workers read it.
    loadHostKey(stateDir(io.env), settings.hostKey);
  } catch (error) {
    io.stderr.write(`spider: ${(error as Error).message}\n`);
    return 1;
  }
  cluster.setupPrimary({ exec: process.argv[1], args: process.argv.slice(2) });
  const workers = new Map<number, Worker>();
  const banners = new Map<number, readonly string[]>();
  let stopping = false;
  let started = false;
  return new Promise<number>((resolve) => {
    const finish = (status: number) => {
      for (const s of SIGNALS) process.removeListener(s, stop);
      resolve(status);
    };
    const fork = (index: number) => {
      const worker = cluster.fork({ SPIDER_SERVE_WORKER: String(index) });
      workers.set(index, worker);
      worker.on('message', (message: unknown) => {
        if (!isListening(message)) return;
        banners.set(message.worker, message.banner);
        if (!started && banners.size === count) {
          started = true;
          io.stdout.write(`${bannerOf(banners, count)}\n`);
        }
      });
      worker.on('exit', (code, signal) => {
        workers.delete(index);
        if (stopping) {
          if (workers.size === 0) finish(0);
          return;
        }
        if (!started) {
          // One that cannot start (its port, its metrics port): none of them plays.
          stopping = true;
          for (const other of workers.values()) other.process.kill('SIGTERM');
          if (workers.size === 0) finish(1);
          return;
        }
        say(`worker ${index + 1} ended (${signal ?? `status ${code}`}): starting another`);
        fork(index);
      });
    };
    const stop = (signal: NodeJS.Signals) => {
      if (stopping && signal !== 'SIGHUP') return;
      // SIGHUP reads a ban list again in each worker, or stops them as it stops one server.
      if (signal !== 'SIGHUP' || settings.banList === undefined) stopping = true;
      for (const worker of workers.values()) worker.process.kill(signal);
      if (workers.size === 0) finish(0);
    };
    for (const s of SIGNALS) process.on(s, stop);
    for (let i = 0; i < count; i++) fork(i);
  });
}

const SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** The first worker's banner, the workers named, and every worker's metrics line. */
function bannerOf(banners: ReadonlyMap<number, readonly string[]>, count: number): string {
  const first = banners.get(0) ?? [];
  const inOrder = [...banners.entries()].sort(([a], [b]) => a - b).map(([, lines]) => lines);
  const metrics = inOrder.flatMap((lines) =>
    lines.filter((line) => line.startsWith('metrics and health')),
  );
  return [
    ...first.filter((line) => !line.startsWith('metrics and health')),
    `${count} worker processes play the games (--workers)`,
    ...metrics,
  ].join('\n');
}
