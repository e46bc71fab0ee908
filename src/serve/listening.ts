/**
 * The server's socket (docs/serve.md, "Playing over SSH"): the connections it takes, the limits on
 * those not logged in yet, and on how fast any one of them is read (docs/serve.md, "Limits").
 */
import * as net from 'net';
import { ConnectionRate, LoginQueue, TokenBucket } from './limits';
import { error, type Log, warning } from './log';
import type { Refusal } from './metrics';
import { ReadGate } from './pacing';
import { PROXY_HEADER_MAX, proxyHeader } from './proxy-protocol';
import type { SessionLink } from './player';

/** Connections not logged in yet, from one address and in all: beyond these the oldest is closed. */
const PENDING_PER_ADDRESS = 8;
const PENDING_TOTAL = 256;
/** New connections from one address in a minute, at most, unless the operator says otherwise. */
export const CONNECTIONS_PER_MINUTE = 60;
/**
 * Bytes read from one connection, at most: this many at once, then this many a second
 * (docs/serve.md, "Limits"). Past them the server stops reading the socket until the client is
 * within them, so a flood is not even decrypted. Typing, with SSH's framing, is a few kB a second
 * at most.
 */
const RAW_BURST = 64 * 1024;
const RAW_PER_SECOND = 16 * 1024;

/** What the listener tells of the connections it refuses, and asks of the ban list. */
export interface ListenerWatch {
  refused(reason: Refusal): void;
  banned(address: string): boolean;
}

/** A connection that is gone before its session asks: nothing to hold, nothing unsent. */
const UNLINKED: SessionLink = { hold: () => undefined, release: () => undefined, unsent: () => 0 };

/**
 * The listening socket and the connections it took, each known by its client's address and port
 * (as the SSH library names a connection). Each socket taken is handed to `inject`, the SSH
 * server, once it is counted and limited.
 */
export class Listener {
  private readonly tcp: net.Server;
  private readonly pending = new LoginQueue<net.Socket>(PENDING_PER_ADDRESS, PENDING_TOTAL);
  private readonly sockets = new Set<net.Socket>();
  /** The sockets of connections, by address and port. */
  private readonly byKey = new Map<string, net.Socket>();
  /** What a connection's sessions ask of it, by address and port. */
  private readonly links = new Map<string, SessionLink>();
  /** Connections still logging in, by address and port: what to do once they have. */
  private readonly waiting = new Map<string, () => void>();
  private closing = false;

  private readonly rate: ConnectionRate;
  /** The addresses told, in the log, that their connections are refused: once a minute each. */
  private readonly refusedLately = new Map<string, number>();

  constructor(
    private readonly loginMs: number,
    private readonly inject: (socket: net.Socket) => void,
    /** The balancers whose connections start with a PROXY protocol header, by address. */
    private readonly proxies: ReadonlySet<string> = new Set(),
    /** New connections from one address in a minute, at most (docs/serve.md, "Limits"). */
    private readonly perMinute = CONNECTIONS_PER_MINUTE,
    private readonly log: Log = () => undefined,
    /**
     * Counts a connection refused, by why (docs/serve.md, "Metrics and health"), and says whether
     * an address is banned ("The ban list").
     */
    private readonly watch: ListenerWatch = { refused: () => undefined, banned: () => false },
  ) {
    this.rate = new ConnectionRate(perMinute);
    this.tcp = net.createServer((socket) => this.arrived(socket));
  }

  /**
   * A connection from a balancer the operator named is its client's (docs/serve.md, "Behind a
   * load balancer"): its PROXY header read first, the connection then known by the client's
   * address and port, for the limits and the log as for a connection of its own. A header that is
   * bad, too long or too late closes it.
   */
  private arrived(socket: net.Socket): void {
    if (!this.proxies.has(plainAddress(socket.remoteAddress))) return this.taken(socket);
    socket.on('error', () => undefined);
    let data = Buffer.alloc(0);
    const late = setTimeout(() => {
      this.watch.refused('proxy_header');
      socket.destroy();
    }, this.loginMs);
    const read = (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const header = proxyHeader(data.subarray(0, PROXY_HEADER_MAX));
      if (header.kind === 'more') return;
      socket.off('data', read);
      socket.pause();
      clearTimeout(late);
      if (header.kind === 'bad') {
        this.watch.refused('proxy_header');
        return socket.destroy();
      }
      if (header.source !== null) {
        Object.defineProperty(socket, 'remoteAddress', { value: header.source.address });
        Object.defineProperty(socket, 'remotePort', { value: header.source.port });
      }
      if (data.length > header.length) socket.unshift(data.subarray(header.length));
      this.taken(socket);
    };
    socket.on('data', read);
    socket.once('close', () => clearTimeout(late));
  }

  /** Listens on `host` and `port`; later errors of the socket go to `log`. */
  async listen(port: number, host: string, log: Log): Promise<void> {
    const tcp = this.tcp;
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(port, host, () => {
        tcp.removeListener('error', reject);
        resolve();
      });
    });
    tcp.on('error', (problem) =>
      log(error(`listening: ${problem.message}`, { event: 'listening' })),
    );
  }

  get address(): net.AddressInfo {
    return this.tcp.address() as net.AddressInfo;
  }

  /** The connection at `address` and `port` has logged in: it no longer waits to. */
  loggedIn(address: string, port: number | undefined): void {
    this.waiting.get(socketKey(address, port))?.();
  }

  /** Closes the connection at once, without a word. */
  destroy(address: string, port: number | undefined): void {
    this.byKey.get(socketKey(address, port))?.destroy();
  }

  /** What a session of the connection at `address` and `port` asks of it. */
  link(address: string, port: number | undefined): SessionLink {
    return this.links.get(socketKey(address, port)) ?? UNLINKED;
  }

  /** Takes no more connections. */
  close(): void {
    this.closing = true;
    this.tcp.close();
  }

  /** Resolves once every connection has closed; those still open after `graceMs` are closed. */
  async closed(graceMs: number): Promise<void> {
    const open = [...this.sockets].map(
      (socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())),
    );
    const grace = setTimeout(() => {
      for (const socket of this.sockets) socket.destroy();
    }, graceMs);
    await Promise.all(open);
    clearTimeout(grace);
  }

  private taken(socket: net.Socket): void {
    if (this.closing) {
      socket.destroy();
      return;
    }
    // Too many new connections from one address: closed at once, said in the log once a minute.
    // A balancer's own (its health checks) are not counted: its players are, by their address.
    const address = plainAddress(socket.remoteAddress);
    // A banned address: the same, before a word of SSH (docs/serve.md, "The ban list").
    if (this.watch.banned(address)) {
      this.watch.refused('banned_address');
      socket.destroy();
      this.tellRefused(address, 'banned', 'connections refused: the address is banned');
      return;
    }
    if (!this.proxies.has(address) && !this.rate.take(address)) {
      this.watch.refused('connections_per_minute');
      socket.destroy();
      const words = `connections refused: more than ${this.perMinute} a minute`;
      this.tellRefused(address, 'refused', words);
      return;
    }
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.setNoDelay(true); // a keystroke's frame goes out at once
    socket.on('error', () => undefined);
    // Too many connections logging in: the oldest make room (docs/serve.md, "Limits").
    for (const old of this.pending.add(socket, socket.remoteAddress ?? 'unknown')) {
      this.watch.refused('login_queue');
      old.destroy();
    }
    const key = socketKey(socket.remoteAddress, socket.remotePort);
    this.byKey.set(key, socket);
    socket.once('close', () => this.byKey.delete(key));
    this.untilLoggedIn(socket, key);
    this.inject(socket);
    // After ssh2 has paused the socket for its start: a 'data' listener then does not start it.
    const gate = new ReadGate(socket);
    this.links.set(key, {
      hold: (who) => gate.hold(who),
      release: (who) => gate.release(who),
      unsent: () => socket.writableLength,
    });
    socket.once('close', () => this.links.delete(key));
    limitReading(socket, gate);
  }

  /** Says in the log that connections from `address` are refused: once a minute at most. */
  private tellRefused(address: string, event: string, words: string): void {
    const now = Date.now();
    if (now - (this.refusedLately.get(address) ?? -Infinity) < 60_000) return;
    if (this.refusedLately.size > 10_000) this.refusedLately.clear();
    this.refusedLately.set(address, now);
    this.log(warning(words, { address, event }));
  }

  /**
   * Closes every connection from an address `banned` says is banned: what was written to it goes
   * first, and a client that does not close its end in `graceMs` is closed at once.
   */
  dropBanned(banned: (address: string) => boolean, graceMs: number): void {
    for (const socket of this.sockets)
      if (banned(plainAddress(socket.remoteAddress))) {
        socket.end();
        setTimeout(() => socket.destroy(), graceMs).unref();
      }
  }

  /** Garbage, or a connection that never finishes logging in, does not hold a place. */
  private untilLoggedIn(socket: net.Socket, key: string): void {
    const timer = setTimeout(() => {
      this.watch.refused('login_timeout');
      socket.destroy();
    }, this.loginMs);
    const loggedIn = () => {
      clearTimeout(timer);
      this.pending.remove(socket);
      this.waiting.delete(key);
    };
    this.waiting.set(key, loggedIn);
    socket.once('close', loggedIn);
  }
}

/**
 * Stops reading `socket` while it is over its budget of bytes (see RAW_BURST), and reads again
 * once it is within it.
 */
function limitReading(socket: net.Socket, gate: ReadGate): void {
  const budget = new TokenBucket(RAW_BURST, RAW_PER_SECOND);
  let held = false;
  const check = () => {
    const wait = budget.waitMs();
    if (wait > 0) {
      if (!held) gate.hold(budget);
      held = true;
      setTimeout(check, wait).unref();
    } else if (held) {
      held = false;
      gate.release(budget);
    }
  };
  socket.on('data', (chunk: Buffer) => {
    budget.spend(chunk.length);
    if (!held) check();
  });
}

const socketKey = (address: string | undefined, port: number | undefined) =>
  `${address ?? ''}|${port ?? ''}`;

/** An address as the operator names it: an IPv4 client of a dual-stack socket without `::ffff:`. */
export function plainAddress(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}
