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
import { Server } from 'ssh2';
import { Connections } from './connection';
import { Games } from './games';
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
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const loginMs = options.loginMs ?? LOGIN_MS;
  const keepaliveMs = options.keepaliveMs ?? KEEPALIVE_MS;
  const metrics = new ServerMetrics({
    players: (): number => games.total,
    solver: () => options.solver?.load?.() ?? null,
  });
  const games = new Games(options, metrics);
  const ssh = new Server(
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
    (reason) => metrics.refused(reason),
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
  });
  await listener.listen(options.port, options.listen, options.log);
  games.listeningOn(listener.address);
  // Healthy while it takes players; from the start of a shutdown, not.
  let draining: string | null = null;
  let endpoint: MetricsEndpoint | null = null;
  if (options.metricsAt !== undefined) {
    const { host, port } = options.metricsAt;
    try {
      endpoint = await serveMetrics(host, port, metrics, () => draining);
    } catch (error) {
      listener.close();
      throw Object.assign(error as Error, { metricsAt: options.metricsAt });
    }
  }

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
  };
}
