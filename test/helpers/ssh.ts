/**
 * `spider serve` in the test's own process, and ssh2's client against it: a server on a free
 * loopback port with a scratch state folder, logins with a key or as a guest, and terminal
 * sessions read through a terminal emulator. Servers and clients a test leaves are closed after it.
 */
import * as fs from 'fs';
import type * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { Terminal as Emulator } from '@xterm/headless';
import { Client, type ClientChannel, type ConnectConfig } from 'ssh2';
import { loadHostKey, newEd25519Key } from '../../src/serve/host-key';
import { logText } from '../../src/serve/log';
import { type RunningServer, startServer, type ServeOptions } from '../../src/serve/server';

const folders: string[] = [];
export const servers: RunningServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.end();
  await Promise.all(servers.splice(0).map((server) => server.shutdown('test over')));
});
afterAll(() => folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

export function scratch(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-serve-'));
  folders.push(folder);
  return folder;
}

export async function serve(overrides: Partial<ServeOptions> = {}) {
  const stateDir = scratch();
  const log: string[] = [];
  const server = await startServer({
    listen: '127.0.0.1',
    port: 0,
    maxSessions: 10,
    maxPerAddress: 10,
    idleMs: 30 * 60_000,
    hostKey: loadHostKey(stateDir).key,
    stateDir,
    rules: { suits: 1, relaxed: 0, keepSuits: false },
    randomSeed: () => '4242',
    // Every client of a test comes from 127.0.0.1: the limit is tested on its own.
    connectionsPerMinute: 100_000,
    solver: null,
    log: (entry) => log.push(logText(entry)),
    ...overrides,
  });
  servers.push(server);
  return { server, stateDir, log, port: server.address.port };
}

export const KEYS = [newEd25519Key(), newEd25519Key()];

export type Login = { key: string } | { guest: true };

export function connect(
  port: number,
  login: Login,
  sock?: net.Socket,
  more: Partial<ConnectConfig> = {},
): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    clients.push(client);
    client.on('ready', () => resolve(client)).on('error', reject);
    client.connect({
      host: '127.0.0.1',
      port,
      username: 'player',
      ...(sock ? { sock } : {}),
      ...('key' in login
        ? { privateKey: login.key }
        : { tryKeyboard: true, authHandler: ['keyboard-interactive'] as never }),
      ...more,
    });
    client.on('keyboard-interactive', (_name, _instructions, _lang, _prompts, finish) =>
      finish([]),
    );
  });
}

/** Whether a login with `key` gets in: the connection is closed if not. */
export function loginWith(port: number, key: string): Promise<'in' | 'closed'> {
  return new Promise((resolve) => {
    const client = new Client();
    clients.push(client);
    client.on('ready', () => {
      client.end();
      resolve('in');
    });
    client.on('error', () => undefined);
    client.on('close', () => resolve('closed'));
    client.connect({ host: '127.0.0.1', port, username: 'player', privateKey: key });
  });
}

/**
 * A terminal session on the server: what it wrote (`text`), what a terminal shows of it
 * (`screen`, through a terminal emulator), and its exit status once it ends.
 */
export interface Terminal {
  readonly channel: ClientChannel;
  text(): string;
  screen(): string;
  waitFor(what: string | RegExp, ms?: number): Promise<void>;
  readonly exited: Promise<number | null>;
}

export function shell(client: Client, cols = 80, rows = 24): Promise<Terminal> {
  return new Promise((resolve, reject) => {
    client.shell(
      { term: 'xterm-256color', cols, rows },
      { env: { LANG: 'C.UTF-8' } },
      (error, channel) => {
        if (error) return reject(error);
        resolve(terminal(channel, cols, rows));
      },
    );
  });
}

export function terminal(channel: ClientChannel, cols = 80, rows = 24): Terminal {
  let text = '';
  const emulator = new Emulator({ cols, rows, allowProposedApi: true });
  channel.on('data', (data: Buffer) => {
    text += data.toString('utf8');
    emulator.write(data);
  });
  channel.stderr.on('data', (data: Buffer) => (text += data.toString('utf8')));
  const screen = () => {
    const lines: string[] = [];
    const buffer = emulator.buffer.active;
    for (let y = 0; y < rows; y++)
      lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  };
  const exited = new Promise<number | null>((resolve) => {
    let code: number | null = null;
    channel.on('exit', (status: number | null) => (code = status));
    channel.on('close', () => resolve(code));
  });
  return {
    channel,
    text: () => text,
    screen,
    async waitFor(what, ms = 10_000) {
      const deadline = Date.now() + ms;
      const seen = (shown: string) =>
        typeof what === 'string' ? shown.includes(what) : what.test(shown);
      // The emulator takes what was written on its next turn: wait on the screen, or the text.
      const found = () => seen(text) || seen(screen());
      while (!found()) {
        if (Date.now() > deadline)
          throw new Error(`never saw ${String(what)}; the screen:\n${screen()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    exited,
  };
}

export function exec(client: Client, command: string): Promise<Terminal> {
  return new Promise((resolve, reject) =>
    client.exec(command, (error, channel) => (error ? reject(error) : resolve(terminal(channel)))),
  );
}
