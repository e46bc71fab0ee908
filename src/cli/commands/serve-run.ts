/**
 * `spider serve` (docs/serve.md, "Playing over SSH"), loaded when it runs (serve.ts): the checks of
 * its numbers and sizes, and the server run until a signal ends it. What is process-wide is here:
 * the host key and the state folder, the signals that shut the server down (every game saved,
 * every player told), and a bug no game caught.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Rules } from '../../engine';
import { loadHostKey } from '../../serve/host-key';
import { error, info, type LogEntry, type LogFormat, logLine, warning } from '../../serve/log';
import { type RunningServer, startServer } from '../../serve/server';
import { BanList } from '../../serve/ban-list';
import { fsReason } from '../../store/errors';
import type { PgNode } from '../../store/postgres/node';
import { sshLogin } from '../../words/serve';
import { type DiskLimits, MIN_HISTORY_BYTES, parseSize } from '../../store/disk-limits';
import { FilesBoard } from '../../store/board-files';
import { stateDir, stateProblem } from '../../store/paths';
import { useSaveThread } from '../../store/save-thread';
import type { CliIo } from '../kit';
import { loginChoice } from '../login-choice';
import { answerQuestion } from '../questions';

export interface ServeSettings {
  readonly listen: string;
  readonly port: number;
  readonly maxSessions: number;
  readonly maxPerAddress: number;
  readonly idleMinutes: number;
  readonly rules: Rules;
  /** Players play only `rules` (docs/serve.md, "Choosing the game at login"). */
  readonly fixedRules: boolean;
  /** New connections from one address in a minute, at most. */
  readonly connectionsPerMinute: number;
  /** The load balancers whose connections start with a PROXY protocol header. */
  readonly proxies?: readonly string[];
  /** The host key's file, when not the one the server keeps in its state folder. */
  readonly hostKey?: string;
  /** The host name and port players type (docs/serve.md, "Playing over SSH"). */
  readonly publicHost?: string;
  readonly publicPort?: number;
  readonly diskLimits: DiskLimits;
  /** The PostgreSQL database players are kept in (docs/serve.md, "The database"), if any. */
  readonly store?: string;
  /** How long a lease on a game lasts unless renewed (`--lease-seconds`). */
  readonly leaseSeconds?: number;
  /**
   * This process is worker `worker` (from 0) of `spider serve --workers` (docs/deploy.md, "Every
   * core of a machine"): it tells the primary where it listens rather than print the banner, and
   * serves its metrics, if any, on the metrics port plus its number.
   */
  readonly worker?: number;
  /** Where to serve the metrics and health (docs/serve.md, "Metrics and health"), if anywhere. */
  readonly metrics?: { readonly host: string; readonly port: number };
  /** The ban list's file (docs/serve.md, "The ban list"), read at the start and on SIGHUP. */
  readonly banList?: string;
  /** How the log's lines are written (docs/serve.md, "The log"). */
  readonly logFormat: LogFormat;
}

/**
 * The host players type, when the operator names none: the address listened on, or this
 * machine's name when that is every address.
 */
function shownHost(listen: string): string {
  return ['0.0.0.0', '::', ''].includes(listen.trim()) ? os.hostname() : listen;
}

/** A whole number from `min` to `max`, or why not. */
export function wholeNumber(
  name: string,
  text: string,
  min: number,
  max: number,
): { ok: true; value: number } | { ok: false; message: string } {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max)
    return {
      ok: false,
      message: `${name} must be a whole number from ${min} to ${max}, not '${text}'`,
    };
  return { ok: true, value };
}

/**
 * What each player may keep on disk, from the options (docs/serve.md, "Limits on disk"), or why
 * not.
 */
export function diskLimitsOf(raw: {
  readonly maxHistory: string;
  readonly maxRecords: string;
  readonly maxRecordsSize: string;
  readonly maxSaves: string;
}): { ok: true; value: DiskLimits } | { ok: false; message: string } {
  const history = parseSize('--max-history', raw.maxHistory, MIN_HISTORY_BYTES, 1024 ** 3);
  if (!history.ok) return history;
  const records = wholeNumber('--max-records', raw.maxRecords, 0, 100_000);
  if (!records.ok) return records;
  const recordBytes = parseSize('--max-records-size', raw.maxRecordsSize, 0, 1024 ** 4);
  if (!recordBytes.ok) return recordBytes;
  const saves = wholeNumber('--max-saves', raw.maxSaves, 1, 10_000);
  if (!saves.ok) return saves;
  return {
    ok: true,
    value: {
      historyBytes: history.value,
      records: records.value,
      recordBytes: recordBytes.value,
      saves: saves.value,
    },
  };
}

/** A database URL as the log may show it: its password, if it has one, left out. */
export function withoutPassword(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:@/]*):[^@/]*@/, '$1:***@');
}

const SHUTDOWN_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** Runs the server until a signal ends it; resolves with the exit status. */
export async function serveCommand(io: CliIo, settings: ServeSettings): Promise<number> {
  const problem = stateProblem(io.env);
  const dir = stateDir(io.env);
  if (problem) {
    io.stderr.write(
      `spider: can't serve: nowhere to keep the host key and the games (${problem})\n`,
    );
    return 1;
  }
  let key;
  try {
    key = loadHostKey(dir, settings.hostKey);
  } catch (error) {
    io.stderr.write(`spider: ${(error as Error).message}\n`);
    return 1;
  }
  const bans = settings.banList === undefined ? null : readBanList(settings.banList);
  if (bans !== null && !bans.ok) {
    io.stderr.write(`spider: ${bans.message}\n`);
    return 1;
  }
  const log = (entry: LogEntry) =>
    io.stdout.write(`${logLine(settings.logFormat, entry, new Date())}\n`);
  let store: PgNode | undefined;
  if (settings.store !== undefined) {
    try {
      const { PgNode } = await import('../../store/postgres/node');
      store = await PgNode.open(settings.store, {
        log: (line) => log(error(line, { event: 'database' })),
        ...(settings.leaseSeconds === undefined ? {} : { leaseSeconds: settings.leaseSeconds }),
      });
    } catch (error) {
      io.stderr.write(
        `spider: can't use the database ${withoutPassword(settings.store)}: ${(error as Error).message}\n`,
      );
      return 1;
    }
  }
  const solver = io.solver?.() ?? null;
  // A save an action, each written whole on a thread of its own (src/store/save-thread.ts).
  useSaveThread();
  let server;
  try {
    server = await startServer({
      listen: settings.listen,
      port: settings.port,
      maxSessions: settings.maxSessions,
      maxPerAddress: settings.maxPerAddress,
      idleMs: settings.idleMinutes * 60_000,
      hostKey: key.key,
      stateDir: dir,
      board: store?.board() ?? new FilesBoard(path.join(dir, 'board')),
      rules: settings.rules,
      login: (command) => loginChoice(command, settings.rules, settings.fixedRules),
      ask: (command, asker) => answerQuestion(command, asker, io.version),
      fixedRules: settings.fixedRules,
      connectionsPerMinute: settings.connectionsPerMinute,
      ...(settings.proxies === undefined ? {} : { proxies: settings.proxies }),
      ...(settings.metrics === undefined
        ? {}
        : {
            metricsAt: {
              ...settings.metrics,
              port: settings.metrics.port + (settings.worker ?? 0),
            },
          }),
      ...(bans === null ? {} : { bans: bans.list }),
      shownAs: {
        host: settings.publicHost ?? shownHost(settings.listen),
        ...(settings.publicPort === undefined ? {} : { port: settings.publicPort }),
      },
      diskLimits: settings.diskLimits,
      ...(store === undefined ? {} : { store }),
      randomSeed: io.randomSeed,
      version: io.version,
      solver,
      log,
    });
  } catch (error) {
    solver?.close();
    await store?.close();
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? 'the port is in use'
        : code === 'EACCES'
          ? 'permission denied (ports below 1024 need privileges)'
          : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
            ? 'this machine has no such address'
            : (error as Error).message;
    const metricsAt = (error as { metricsAt?: { host: string; port: number } }).metricsAt;
    io.stderr.write(
      metricsAt === undefined
        ? `spider: can't listen on ${settings.listen} port ${settings.port}: ${why}\n`
        : `spider: can't serve the metrics on ${metricsAt.host} port ${metricsAt.port}: ${why}\n`,
    );
    return 1;
  }
  const { address, port } = server.address;
  const shown = address.includes(':') ? `[${address}]` : address;
  const banner = [
    `spider serve: listening on ${shown}:${port}`,
    `host key ${key.fingerprint} (ED25519)${key.created ? ', made now' : ''}: ${key.file}`,
    `players type: ${sshLogin(settings.publicHost ?? shownHost(address), settings.publicPort ?? port)}`,
    ...(settings.store === undefined
      ? []
      : [`players kept in the database ${withoutPassword(settings.store)}`]),
  ];
  const metrics = server.metricsAddress;
  if (metrics !== null) {
    const at = metrics.address.includes(':') ? `[${metrics.address}]` : metrics.address;
    banner.push(`metrics and health: http://${at}:${metrics.port}/metrics and /health`);
  }
  if (settings.worker === undefined)
    io.stdout.write(startLines(settings.logFormat, banner, new Date()));
  else process.send?.({ spider: 'listening', worker: settings.worker, banner });
  if (bans !== null && settings.banList !== undefined)
    log(info(`ban list ${settings.banList}: ${banned(bans.list)}`, { event: 'ban-list' }));
  const close = async () => {
    solver?.close();
    await store?.close();
  };
  return untilStopped(server, log, close, settings.banList);
}

/**
 * Runs until a signal stops the server: SIGTERM, SIGINT, and SIGHUP unless a ban list was given,
 * which SIGHUP then reads again (docs/serve.md, "The ban list").
 */
function untilStopped(
  server: RunningServer,
  log: (entry: LogEntry) => void,
  /** Closes what the server used: the solver, the database. */
  close: () => Promise<void>,
  banList: string | undefined,
): Promise<number> {
  const signals = SHUTDOWN_SIGNALS.filter((s) => banList === undefined || s !== 'SIGHUP');
  const reread = () => {
    if (banList !== undefined) void rereadBans(server, banList, log);
  };
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      const playing = server.sessions;
      log(info(`${signal}: saving every game and shutting down (${playing} playing)`, stopEvent));
      // Not while the signal is being handed out: ending the last game removes blessed's own
      // handler for it, which then still runs, finds itself alone and exits the process.
      setImmediate(() => void shutdown());
    };
    const shutdown = () =>
      server.shutdown('The server is shutting down').then(() => {
        for (const s of signals) process.removeListener(s, stop);
        process.removeListener('SIGHUP', reread);
        process.removeListener('uncaughtException', crash);
        void close().finally(() => {
          log(info('stopped', stopEvent));
          resolve(0);
        });
      });
    // A bug outside any game: logged, and the other players play on.
    const crash = (problem: unknown) =>
      log(
        error(
          `internal error: ${problem instanceof Error ? (problem.stack ?? problem.message) : String(problem)}`,
          { event: 'internal-error' },
        ),
      );
    for (const s of signals) process.on(s, stop);
    if (banList !== undefined) process.on('SIGHUP', reread);
    process.on('uncaughtException', crash);
  });
}

const stopEvent = { event: 'shutdown' } as const;

/** The ban list in `file`, or why not, in one line. */
function readBanList(file: string): { ok: true; list: BanList } | { ok: false; message: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (problem) {
    return { ok: false, message: `can't read the ban list: ${fsReason(problem, file)}` };
  }
  const read = BanList.parse(text, file);
  return read.ok ? read : { ok: false, message: `the ban list ${read.message}` };
}

/** What a ban list holds, in words: `2 keys, 1 address or range`. */
function banned(list: BanList): string {
  const { keys, addresses } = list.size;
  const ranges = addresses === 1 ? 'address or range' : 'addresses or ranges';
  return `${keys} key${keys === 1 ? '' : 's'}, ${addresses} ${ranges}`;
}

/**
 * Reads the ban list again (SIGHUP): the new one bans from now on, and the games it bans end,
 * saved; a file that cannot be read, or a bad line, keeps the list before, and the log says why.
 */
async function rereadBans(
  server: RunningServer,
  file: string,
  log: (entry: LogEntry) => void,
): Promise<void> {
  const read = readBanList(file);
  if (!read.ok) {
    log(warning(`SIGHUP: ${read.message}; the list before stays`, { event: 'ban-list' }));
    return;
  }
  log(info(`SIGHUP: ban list ${file} read again: ${banned(read.list)}`, { event: 'ban-list' }));
  const ended = await server.ban(read.list);
  if (ended > 0)
    log(
      info(`${ended} game${ended === 1 ? '' : 's'} of banned players ended`, { event: 'banned' }),
    );
}

/**
 * The lines the server starts with (where it listens, its key, what players type): as they are
 * in text, with the priority of information for the journal, or each a JSON object as the log's.
 */
function startLines(format: LogFormat, lines: readonly string[], time: Date): string {
  const shown = lines.map((line) =>
    format === 'text'
      ? line
      : format === 'journald'
        ? `<6>${line}`
        : logLine('json', info(line, { event: 'start' }), time),
  );
  return `${shown.join('\n')}\n`;
}
