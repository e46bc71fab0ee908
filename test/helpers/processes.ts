/**
 * Real programs a test starts (spider serve, HAProxy): started until they say they are ready,
 * on free loopback ports, and stopped at the end of the test file.
 */
import { type ChildProcess, spawn } from 'child_process';
import * as net from 'net';

const children: ChildProcess[] = [];

/** Stops every program started here that is still running (SIGTERM), and waits for them. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    children.splice(0).map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const gone = new Promise((r) => child.once('exit', r));
      // A program stopped (SIGSTOP) is woken to hear it.
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      return gone;
    }),
  );
}

/** A port no one listens on now. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A program started: what it wrote so far (stdout and stderr), and the process. */
export interface Started {
  readonly child: ChildProcess;
  readonly out: { text: string };
}

/** Starts `argv`, keeping what it writes, until `ready` is in it. */
export async function started(
  argv: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<Started> {
  const child = spawn(argv[0], argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const out = { text: '' };
  child.stdout?.on('data', (data: Buffer) => (out.text += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (out.text += data.toString()));
  const deadline = Date.now() + 20_000;
  while (!ready.test(out.text)) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`${argv[0]} did not start:\n${out.text}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, out };
}

/** Resolves once something accepts connections on `port`. */
export async function accepting(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, '127.0.0.1', () => {
        sock.destroy();
        resolve(true);
      });
      sock.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Resolves once `check` holds, looking every 20 ms, or throws after `ms`. */
export async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * `spider serve` (the program at `spider`) on a free loopback port, keeping its players in the
 * database at `store`, with `more` options; started once its log says `ready`.
 */
export async function serving(
  spider: string,
  store: string,
  more: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<Started & { port: number }> {
  const argv = [process.execPath, spider, 'serve', '--port', '0', '--store', store, ...more];
  const server = await started(argv, env, ready);
  const port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(server.out.text)?.[1]);
  return { ...server, port };
}
