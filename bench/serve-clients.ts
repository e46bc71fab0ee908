/**
 * The players of `npm run bench:serve` (bench/serve.ts, bench/serve-nodes.ts): ssh2 clients
 * logging in with keys of their own, pressing keys that each change the screen and timing each
 * one's frame, and what /proc says of a server's CPU time and memory.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import { Client, type ClientChannel } from 'ssh2';

/** Keys that always change the screen: cursor right, deal, cursor left, undo, redo... */
export const PATTERN = ['l', 'd', 'H', 'u', 'l', 'r', 'H', 'u'];

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Clock ticks a second in /proc's times (`getconf CLK_TCK`: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The processes `pid` started, and theirs, from /proc (none where it cannot be read). */
export function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
      children = children.concat(text.split(' ').filter(Boolean).map(Number));
    }
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** The CPU time in /proc's `stat` text, in milliseconds: user, and system (the kernel's). */
function statTimes(stat: string): { user: number; system: number } {
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ms = (ticks: string) => (Number(ticks) * 1000) / TICKS_PER_SECOND;
  return { user: ms(fields[11]), system: ms(fields[12]) };
}

/** The CPU time, user and system, in /proc's `stat` text, in milliseconds. */
export function statMs(stat: string): number {
  const { user, system } = statTimes(stat);
  return user + system;
}

/** CPU time so far, in milliseconds: the server's main thread (JavaScript's), of it in the kernel, and in all. */
export interface CpuTimes {
  readonly main: number;
  /** The main thread's time in the kernel (system calls: the sockets' writes, mostly). */
  readonly mainSystem: number;
  readonly all: number;
}

/**
 * The CPU time, user and system, that the process `pid` has spent so far: its main thread, and
 * all its threads (the thread pool's file writes, the collector's, the solver's) with every
 * process it started that still runs.
 */
export function cpuMs(pid: number): CpuTimes {
  let all = 0;
  for (const each of [pid, ...descendants(pid)]) {
    try {
      all += statMs(fs.readFileSync(`/proc/${each}/stat`, 'utf8'));
    } catch {
      // Gone meanwhile.
    }
  }
  const main = statTimes(fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
  return { main: main.user + main.system, mainSystem: main.system, all };
}

/** The process's resident memory now (`VmRSS`), or at most so far (`VmHWM`), in kB. */
export function rssKb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

export interface Player {
  readonly client: Client;
  readonly channel: ClientChannel;
  /** Resolves on the next data from the server. */
  nextFrame(): Promise<number>;
  /** Resolves once the screen has shown `text`. */
  saw(text: string, ms: number): Promise<void>;
}

export interface LoginOptions {
  readonly cols?: number;
  readonly rows?: number;
  /** A socket of the caller's own (to stop reading it, or to see what it could not send). */
  readonly sock?: net.Socket;
}

export function login(port: number, key: string, options: LoginOptions = {}): Promise<Player> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    client.on('error', reject);
    client.on('ready', () => {
      const pty = { term: 'xterm-256color', cols: options.cols ?? 80, rows: options.rows ?? 24 };
      client.shell(pty, (error, channel) => {
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
    // As OpenSSH's client does for an interactive session: each key goes out at once, not after
    // Nagle's wait for the last packet's acknowledgement (which the figures measured before).
    const sock = options.sock ?? net.connect(port, '127.0.0.1');
    sock.setNoDelay(true);
    client.connect({ host: '127.0.0.1', port, username: 'bench', privateKey: key, sock });
  });
}

/**
 * Presses `keys` keys of PATTERN, one every `gapMs` (half to one and a half of it, at random),
 * each timed from its sending to the first byte of its frame (`missed`: none within 2 s).
 */
export async function play(
  player: Player,
  latencies: number[],
  missed: { n: number },
  keys: number,
  gapMs: number,
): Promise<void> {
  for (let i = 0; i < keys; i++) {
    await sleep(gapMs * (0.5 + Math.random()));
    const frame = player.nextFrame();
    const sent = performance.now();
    player.channel.write(PATTERN[i % PATTERN.length]);
    const at = await Promise.race([frame, sleep(2000).then(() => null)]);
    if (at === null) missed.n++;
    else latencies.push(at - sent);
  }
}

const ROOT = path.join(__dirname, '..', '..');

/** A server of its own, in a fresh state folder. */
export interface Server {
  readonly port: number;
  readonly pid: number;
  readonly home: string;
  readonly log: () => string;
  /** Stops the server as SIGTERM does; after 10 s, kills it. Resolves with how long it took. */
  stop(): Promise<number>;
}

/**
 * `bin/spider serve` on a free port with `args`, its state in `home`, room for `players` from
 * one address (every player of a bench comes from 127.0.0.1), until its log says `ready`.
 */
export async function startServe(
  args: readonly string[],
  options: {
    readonly home: string;
    readonly players: number;
    readonly nodeArgs?: readonly string[];
    readonly ready?: RegExp;
  },
): Promise<Server> {
  const { home, players } = options;
  const room = String(players + 30);
  const server = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      path.join(ROOT, 'bin', 'spider'),
      'serve',
      '--port',
      '0',
      ...args,
      '--max-sessions',
      room,
      '--max-per-address',
      room,
      '--max-connections-per-minute',
      '1000000',
    ],
    {
      env: { ...process.env, XDG_STATE_HOME: home, LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // However the run ends, the server goes with it.
  const kill = () => server.kill('SIGKILL');
  process.on('exit', kill);
  let log = '';
  server.stdout?.on('data', (data: Buffer) => (log += data.toString()));
  const ready = options.ready ?? /listening on [^:]+:(\d+)/;
  while (!ready.test(log)) {
    if (server.exitCode !== null) throw new Error(`the server did not start: ${log}`);
    await sleep(20);
  }
  return {
    port: Number(/listening on [^:]+:(\d+)/.exec(log)?.[1]),
    pid: server.pid as number,
    home,
    log: () => log,
    async stop() {
      const began = performance.now();
      server.kill('SIGTERM');
      const killing = setTimeout(kill, 10_000);
      await new Promise((r) => server.once('exit', r));
      clearTimeout(killing);
      process.removeListener('exit', kill);
      fs.rmSync(home, { recursive: true, force: true });
      return performance.now() - began;
    },
  };
}
