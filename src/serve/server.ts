/**
 * `spider serve` (docs/serve.md, "Playing over SSH"): an SSH server whose only service is the game.
 * Any public key is accepted and names the player (their games and statistics are kept in a
 * folder of their own); a client without a key plays as a guest. A session with a pty and a
 * shell request plays; everything else (commands, subsystems such as sftp, forwarding, agents,
 * X11) is refused. One process serves every player: a session's failure ends that session only.
 *
 * The pieces: the socket and its limits (listening.ts), a connection (connection.ts) and its
 * login (auth.ts), a session channel (channel.ts), the games at once (games.ts), and one
 * player's game (player.ts).
 */
import type * as net from 'net';
import { ssh2 } from './ssh2';
import { BanList } from './ban-list';
import { Connections } from './connection';
import { type Banned, Games } from './games';
import { Listener } from './listening';
import { type MetricsEndpoint, serveMetrics, ServerMetrics } from './metrics';
import type { ServeOptions } from './options';

export type { ServeOptions } from './options';

const LOGIN_MS = 20_000;
/**
 * A client is asked every 15 s whether it is there, and one that has answered none of 3 such
 * questions (nor sent anything else) is gone: a sleeping laptop or a network that dropped without
 * a word would otherwise hold its player's game, locked, until the idle timeout.
 */
const KEEPALIVE_MS = 15_000;
const KEEPALIVE_UNANSWERED = 3;
/** How long clients have to take their last words and close, when the server shuts down. */
const SHUTDOWN_GRACE_MS = 2000;

export interface RunningServer {
  /** The address and port it listens on. */
  readonly address: net.AddressInfo;
  /** Games being played now. */
  readonly sessions: number;
  /** Where the metrics and health are served (docs/serve.md, "Metrics and health"), if asked. */
  readonly metricsAddress: net.AddressInfo | null;
  /**
   * Tells every player why, ends every game (each saved), stops listening, and resolves once
   * every game is settled.
   */
  shutdown(reason: string): Promise<void>;
  /**
   * Bans what `list` bans from now on, in place of the list before (docs/serve.md, "The ban
   * list"): the games of its keys and addresses end, each saved, and its addresses' connections
   * close. Resolves with how many games ended, once they are settled.
   */
  ban(list: BanList): Promise<number>;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const loginMs = options.loginMs ?? LOGIN_MS;
  const keepaliveMs = options.keepaliveMs ?? KEEPALIVE_MS;
  const metrics = new ServerMetrics({
    players: (): number => games.total,
    solver: () => options.solver?.load?.() ?? null,
  });
  let bans = options.bans ?? BanList.EMPTY;
  const banned: Banned = {
    address: (address) => bans.bansAddress(address),
    key: (print) => bans.bansKey(print),
  };
  const games = new Games(options, metrics, banned);
  const ssh = new (ssh2().Server)(
    {
      hostKeys: [options.hostKey],
      ident: 'spider',
      keepaliveInterval: keepaliveMs,
      keepaliveCountMax: KEEPALIVE_UNANSWERED,
    },
    (client, info) => connections.serve(client, info.ip ?? 'unknown', info.port),
  );
  const listener = new Listener(
    loginMs,
    (socket) => ssh.injectSocket(socket),
    new Set(options.proxies ?? []),
    options.connectionsPerMinute,
    options.log,
    { refused: (reason) => metrics.refused(reason), banned: banned.address },
  );
  const connections = new Connections({
    log: options.log,
    stateDir: options.stateDir,
    loginMs,
    silentMs: keepaliveMs * (KEEPALIVE_UNANSWERED + 1),
    maxPerAddress: options.maxPerAddress,
    listener,
    games,
    metrics,
    bannedKey: banned.key,
  });
  await listener.listen(options.port, options.listen, options.log);
  games.listeningOn(listener.address);
  // Healthy while it takes players; from the start of a shutdown, not.
  let draining: string | null = null;
  const endpoint = await metricsEndpoint(options, metrics, listener, () => draining);

  return {
    address: listener.address,
    get sessions() {
      return games.total;
    },
    metricsAddress: endpoint?.address ?? null,
    async shutdown(reason) {
      draining = 'shutting down';
      listener.close();
      await games.shutdown(reason);
      // What the players were told is on its way: their clients close, or are closed after a while.
      await listener.closed(SHUTDOWN_GRACE_MS);
      await endpoint?.close();
    },
    async ban(list) {
      bans = list;
      const ended = await games.endBanned(banned);
      listener.dropBanned(banned.address, SHUTDOWN_GRACE_MS);
      return ended;
    },
  };
}

/**
 * The metrics and health endpoint, where the options ask for one (docs/serve.md, "Metrics and
 * health"). If it cannot listen, the SSH port is closed again and the error names the address.
 */
async function metricsEndpoint(
  options: ServeOptions,
  metrics: ServerMetrics,
  listener: Listener,
  unwell: () => string | null,
): Promise<MetricsEndpoint | null> {
  if (options.metricsAt === undefined) return null;
  const { host, port } = options.metricsAt;
  try {
    return await serveMetrics(host, port, metrics, unwell);
  } catch (error) {
    listener.close();
    throw Object.assign(error as Error, { metricsAt: options.metricsAt });
  }
}
