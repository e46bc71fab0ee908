/**
 * What the server counts for its operator (docs/serve.md, "Metrics and health"), and the HTTP
 * endpoint on a separate local port that shows it: `/metrics` in Prometheus' text format,
 * `/health` for a balancer or a supervisor.
 */
import * as http from 'http';
import type * as net from 'net';
import { Counter, exposition, EXPOSITION_TYPE, Gauge, Histogram } from './prometheus';

/** Why a connection, a login or a game was refused, as the `reason` label says it. */
export const REFUSALS = [
  'full',
  'per_address',
  'logged_in_per_address',
  'connections_per_minute',
  'login_queue',
  'login_timeout',
  'auth',
  'proxy_header',
  'shutting_down',
  'banned_address',
  'banned_key',
] as const;
export type Refusal = (typeof REFUSALS)[number];

/** Seconds from a key to its frame: a frame is well under a millisecond's work at 80x24. */
const FRAME_BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Seconds from a save handed over to it being on disk (or failing). */
const SAVE_BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the metrics read when asked: the games playing now, the solver's questions. */
export interface MetricsSources {
  players(): number;
  solver(): { readonly waiting: number; readonly running: number } | null;
}

export class ServerMetrics {
  private readonly logins = new Counter(
    'spider_logins_total',
    'Logins accepted, with a key or as a guest.',
  );
  private readonly refusals = new Counter(
    'spider_refusals_total',
    'Connections, logins and games refused, by why.',
    { name: 'reason', values: REFUSALS },
  );
  private readonly frames = new Histogram(
    'spider_key_to_frame_seconds',
    "From a key's bytes arriving to the frame that answers it written.",
    FRAME_BOUNDS,
  );
  private readonly saves = new Histogram(
    'spider_save_seconds',
    'From a save handed to the store to it settling (on disk, or failed).',
    SAVE_BOUNDS,
  );
  private readonly failedSaves = new Counter('spider_save_failures_total', 'Saves that failed.');
  private readonly all: readonly (Counter | Gauge | Histogram)[];

  constructor(sources: MetricsSources) {
    const players = new Gauge('spider_players', 'Games being played now.', () => sources.players());
    const solver = new Gauge(
      'spider_solver_questions',
      "Questions for the solver's threads not answered yet, waiting for their turn or under way.",
      () => {
        const load = sources.solver() ?? { waiting: 0, running: 0 };
        return { label: 'state', values: { waiting: load.waiting, running: load.running } };
      },
    );
    this.all = [
      players,
      this.logins,
      this.refusals,
      this.frames,
      this.saves,
      this.failedSaves,
      solver,
    ];
  }

  loggedIn(): void {
    this.logins.inc();
  }

  refused(reason: Refusal): void {
    this.refusals.inc(reason);
  }

  /** A key answered by a frame `ms` milliseconds after its bytes arrived. */
  keyToFrame(ms: number): void {
    this.frames.observe(ms / 1000);
  }

  /** A save settled `ms` milliseconds after it was handed over; `ok` when it is on disk. */
  saved(ms: number, ok: boolean): void {
    this.saves.observe(ms / 1000);
    if (!ok) this.failedSaves.inc();
  }

  /** The metrics' page. */
  text(): string {
    return exposition(this.all);
  }
}

/** The endpoint, listening. */
export interface MetricsEndpoint {
  readonly address: net.AddressInfo;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` (the page) and `GET /health` ("ok", 200, or why not, 503: `unwell` says
 * it, or null) on `host` and `port`; anything else is 404, and a method other than GET or HEAD 405.
 */
export async function serveMetrics(
  host: string,
  port: number,
  metrics: ServerMetrics,
  unwell: () => string | null,
): Promise<MetricsEndpoint> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').replace(/\?.*$/, '');
    const reply = (status: number, type: string, body: string) => {
      response.writeHead(status, {
        'Content-Type': type,
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    const text = 'text/plain; charset=utf-8';
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply(405, text, 'only GET\n');
    if (path === '/metrics') return reply(200, EXPOSITION_TYPE, metrics.text());
    if (path === '/health') {
      const why = unwell();
      return why === null ? reply(200, text, 'ok\n') : reply(503, text, `${why}\n`);
    }
    return reply(404, text, 'not found: /metrics and /health are here\n');
  });
  // A scraper's connection that lingers keeps no shutdown waiting.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  return {
    address: server.address() as net.AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
