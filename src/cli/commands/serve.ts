/**
 * `spider serve` (docs/serve.md, "Playing over SSH"): its options, checked. The server itself
 * (serve-run.ts) loads only when it runs.
 */
import * as net from 'net';
import * as path from 'path';
import type { Command } from 'commander';
import { RELAXED_LEVELS, SUIT_COUNTS } from '../../engine';
import { type CommandKit, EXIT_OK, Exit } from '../kit';
import { valueOption } from '../option-values';
import { checkGameOptions, type RawOptions } from '../options';
import { LOG_FORMATS, type LogFormat } from '../../serve/log';

type ServeRaw = RawOptions & {
  listen: string;
  port: string;
  maxSessions: string;
  maxPerAddress: string;
  idleTimeout: string;
  maxHistory: string;
  maxRecords: string;
  maxRecordsSize: string;
  maxSaves: string;
  fixedRules?: boolean;
  publicHost?: string;
  publicPort?: string;
  hostKey?: string;
  proxyFrom?: string;
  maxConnectionsPerMinute: string;
  store?: string;
  leaseSeconds: string;
  workers: string;
  logFormat: string;
  metrics?: string;
  banList?: string;
};

/** Adds `serve` to `program`, and returns it. */
export function addServeCommand(program: Command, kit: CommandKit): Command {
  const serveCommand = program
    .command('serve')
    .description('let others play over SSH: ssh -p PORT HOST plays, games kept by SSH key')
    .option('--listen <address>', 'the address to listen on (0.0.0.0 for every one)', '127.0.0.1')
    .option('--port <n>', 'the port to listen on', '2222')
    .option(
      '--public-host <name>',
      "the host name players type, for the game's words (default: the --listen address, or this machine's name)",
    )
    .option('--public-port <n>', 'the port players type, when not the one listened on')
    .option(
      '--proxy-from <addresses>',
      'load balancers (comma-separated addresses) whose connections start with a PROXY protocol header, v1 or v2',
    )
    .option(
      '--host-key <file>',
      'the ed25519 host key to present (default: one the server makes and keeps); the same file on every server behind one name',
    )
    .option(
      '--store <url>',
      "keep players' games and results in PostgreSQL (postgres://USER@HOST/DB), shared by several servers; also SPIDER_STORE",
    )
    .option(
      '--workers <n>',
      'with --store, processes that play the games on one port, one a core (the limits count per process)',
      '1',
    )
    .option(
      '--lease-seconds <n>',
      'with --store, a game of a server that died or froze passes to another after this long',
      '30',
    )
    .option('--max-sessions <n>', 'games at once, in all', '50')
    .option('--max-per-address <n>', 'games at once from one client address', '4')
    .option(
      '--max-connections-per-minute <n>',
      'new connections from one address in a minute; more are closed at once',
      '60',
    )
    .option('--idle-timeout <minutes>', 'a game with no key for this long is ended (saved)', '30')
    .addOption(
      valueOption(
        '-s, --suits <n>',
        "suits in the deck of a player's new game: 1, 2 or 4",
        SUIT_COUNTS,
        '4',
      ),
    )
    .addOption(
      valueOption(
        '-r, --relaxed <level>',
        'deal with empty columns: 0, 1, 2 or 3 (as for play)',
        RELAXED_LEVELS,
        '0',
      ),
    )
    .option('-k, --keep-suits', 'completed suits stay until removed (action rF)')
    .option(
      '--fixed-rules',
      'players play only the rules above (else they are defaults a player may change)',
    )
    .option(
      '--max-history <size>',
      "a player's history size past which old games are summed up",
      '1MiB',
    )
    .option('--max-records <n>', 'records (w) kept per player: the oldest goes first', '100')
    .option(
      '--max-records-size <size>',
      "a player's records in all: the oldest goes first",
      '16MiB',
    )
    .option('--max-saves <n>', 'saved games kept per player: a new one beyond is not kept', '16')
    .option(
      '--metrics <address:port>',
      'serve Prometheus metrics (/metrics) and a health check (/health) over HTTP there, such as 127.0.0.1:9100',
    )
    .option(
      '--ban-list <file>',
      'SSH keys (or their SHA256: fingerprints) and addresses or CIDR ranges refused, one a line; read again on SIGHUP',
    )
    .addOption(
      valueOption(
        '--log-format <format>',
        'the log on standard output: text, json (an object a line) or journald (text with priorities)',
        LOG_FORMATS,
        'text',
      ),
    )
    .allowExcessArguments(false);
  serveCommand.action((raw: ServeRaw) => serve(kit, raw));
  return serveCommand;
}

/** Checks the options, then runs the server until a signal ends it. */
async function serve(kit: CommandKit, raw: ServeRaw): Promise<void> {
  const { io, fail, take } = kit;
  const { diskLimitsOf, serveCommand, wholeNumber } = await import('./serve-run');
  const { rules } = take(checkGameOptions(raw));
  const port = take(wholeNumber('--port', raw.port, 0, 65535));
  const maxSessions = take(wholeNumber('--max-sessions', raw.maxSessions, 1, 10000));
  const maxPerAddress = take(wholeNumber('--max-per-address', raw.maxPerAddress, 1, 10000));
  const perMinute = take(
    wholeNumber('--max-connections-per-minute', raw.maxConnectionsPerMinute, 1, 1_000_000),
  );
  const idle = Number(raw.idleTimeout);
  // Under half a minute a player has no time to read the warning (docs/serve.md, "Limits").
  if (!/^\d+(\.\d+)?$/.test(raw.idleTimeout.trim()) || !(idle >= 0.5) || idle > 10080)
    fail(
      `--idle-timeout must be a number of minutes from 0.5 (30 seconds) to 10080 (a week), not '${raw.idleTimeout}'`,
    );
  if (raw.listen.trim() === '') fail('--listen needs an address, such as 127.0.0.1 or 0.0.0.0');
  const publicHost = raw.publicHost?.trim();
  if (publicHost !== undefined && !/^[A-Za-z0-9.:_-]{1,253}$/.test(publicHost))
    fail(
      `--public-host must be a host name or an address (letters, digits, '.', '-', ':'), not '${raw.publicHost}'`,
    );
  const publicPort =
    raw.publicPort === undefined
      ? undefined
      : take(wholeNumber('--public-port', raw.publicPort, 1, 65535));
  const store = raw.store ?? io.env.SPIDER_STORE;
  if (store !== undefined && !/^postgres(ql)?:\/\/\S+$/.test(store.trim()))
    fail(
      `--store takes a PostgreSQL URL (postgres://USER@HOST/DATABASE), not '${store}'${raw.store === undefined ? ' (from SPIDER_STORE)' : ''}`,
    );
  const leaseSeconds = take(wholeNumber('--lease-seconds', raw.leaseSeconds, 3, 3600));
  const logFormat = take(logFormatOf(raw.logFormat));
  const metrics = raw.metrics === undefined ? undefined : take(metricsAddress(raw.metrics));
  const workers = take(wholeNumber('--workers', raw.workers, 1, 64));
  if (workers > 1 && store === undefined)
    fail(
      "--workers needs --store: a player's games follow them from one worker to another through the database",
    );
  const settings = {
    logFormat,
    listen: raw.listen,
    port,
    maxSessions,
    maxPerAddress,
    idleMinutes: idle,
    rules,
    fixedRules: raw.fixedRules === true,
    connectionsPerMinute: perMinute,
    ...(raw.hostKey === undefined ? {} : { hostKey: path.resolve(raw.hostKey) }),
    ...(raw.proxyFrom === undefined ? {} : { proxies: take(proxyAddresses(raw.proxyFrom)) }),
    ...(publicHost === undefined ? {} : { publicHost }),
    ...(metrics === undefined ? {} : { metrics }),
    ...(raw.banList === undefined ? {} : { banList: path.resolve(raw.banList) }),
    ...(publicPort === undefined ? {} : { publicPort }),
    diskLimits: take(diskLimitsOf(raw)),
    ...(store === undefined ? {} : { store: store.trim(), leaseSeconds }),
  };
  // A worker of `--workers` (docs/deploy.md, "Every core of a machine") is told which by the
  // process that started it.
  const worker = io.env.SPIDER_SERVE_WORKER;
  const status =
    workers > 1 && worker === undefined && store !== undefined
      ? await (
          await import('./serve-workers')
        ).serveWorkers(io, { ...settings, store: store.trim() }, workers)
      : await serveCommand(io, {
          ...settings,
          ...(worker === undefined ? {} : { worker: Number(worker) }),
        });
  if (status !== EXIT_OK) throw new Exit(status);
}

/** The balancers `--proxy-from` names: addresses, not names (a name could change under it). */
function proxyAddresses(
  text: string,
): { ok: true; value: string[] } | { ok: false; message: string } {
  const addresses = text.split(',').map((word) => word.trim());
  const wrong = addresses.find((address) => net.isIP(address) === 0);
  return wrong === undefined
    ? { ok: true, value: addresses }
    : {
        ok: false,
        message: `--proxy-from takes the balancers' IP addresses, comma-separated, not '${wrong}'`,
      };
}

/** The log's format `--log-format` names (docs/serve.md, "The log"). */
function logFormatOf(
  text: string,
): { ok: true; value: LogFormat } | { ok: false; message: string } {
  const format = LOG_FORMATS.find((name) => name === text);
  return format === undefined
    ? { ok: false, message: `--log-format must be text, json or journald, not '${text}'` }
    : { ok: true, value: format };
}

/**
 * Where `--metrics` serves (docs/serve.md, "Metrics and health"): an IP address (IPv6 in
 * brackets) or `localhost`, a colon, and a port.
 */
export function metricsAddress(
  text: string,
): { ok: true; value: { host: string; port: number } } | { ok: false; message: string } {
  const found = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text.trim());
  const host = found?.[1] ?? found?.[2] ?? '';
  const port = Number(found?.[3]);
  const isAddress =
    found?.[1] === undefined ? net.isIPv4(host) || host === 'localhost' : net.isIPv6(host);
  return found !== null && isAddress && port <= 65535
    ? { ok: true, value: { host, port } }
    : {
        ok: false,
        message: `--metrics takes ADDRESS:PORT, such as 127.0.0.1:9100 or [::1]:9100, not '${text}'`,
      };
}
