/**
 * `spider serve` as an operator runs it (docs/serve.md, "The log", "Metrics and health"):
 * bin/spider itself, started as
 * a child process on a free port, with ssh2's client logging in.
 */
import { type ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import { freshEnv, scratchFolder, SPIDER } from './spider';
import { connect, KEYS, loginWith, shell } from '../helpers/ssh';
import { parsePrometheus, sampleOf } from '../helpers/prometheus';

jest.setTimeout(60_000);

const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(children.map(stopped));
});

/** Sends SIGTERM to `child` and resolves once it has exited. */
function stopped(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  return gone;
}

/** What `child` has written so far, and a wait for what it will. */
interface Output {
  text: string;
  waitFor(what: RegExp, ms?: number): Promise<RegExpExecArray>;
}

/** Starts `spider serve ARGS` on a free port; resolves once it says what players type. */
async function server(args: string[], env: NodeJS.ProcessEnv = {}) {
  const home = scratchFolder();
  const child = spawn(process.execPath, [SPIDER, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...freshEnv(home), ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const out: Output = {
    text: '',
    async waitFor(what, ms = 20_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = what.exec(out.text);
        if (found) return found;
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`never saw ${String(what)}:\n${out.text}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
  child.stdout?.on('data', (data: Buffer) => (out.text += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (out.text += data.toString()));
  const port = Number((await out.waitFor(/listening on 127\.0\.0\.1:(\d+)/))[1]);
  await out.waitFor(/players type/);
  return { child, out, port, home };
}

describe('--log-format json', () => {
  it('writes every line as one JSON object, with the address, player and event', async () => {
    const { child, out, port } = await server(['--log-format', 'json']);
    const client = await connect(port, { key: KEYS[0] });
    const game = await shell(client);
    await game.waitFor('q quit');
    game.channel.write('q');
    expect(await game.exited).toBe(0);
    await out.waitFor(/"event":"game-ended"/);
    await stopped(child);
    const lines = out.text.trimEnd().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, string>);
    for (const entry of entries) {
      expect(new Date(entry.time).toISOString()).toBe(entry.time);
      expect(['info', 'warning', 'error']).toContain(entry.level);
    }
    expect(entries[0]).toMatchObject({ level: 'info', event: 'start' });
    expect(entries[0].message).toMatch(/^spider serve: listening on 127\.0\.0\.1:\d+$/);
    const login = entries.find((entry) => entry.event === 'login');
    expect(login).toMatchObject({ address: '127.0.0.1', level: 'info' });
    expect(login?.player).toMatch(/^SHA256:/);
    expect(login?.message).toBe(`logged in as ${login?.player}`);
    expect(entries.find((entry) => entry.event === 'game-ended')).toMatchObject({
      message: 'a game ended: the player quit (status 0)',
      address: '127.0.0.1',
      player: login?.player,
    });
    expect(entries.at(-1)).toMatchObject({ message: 'stopped', event: 'shutdown' });
  });
});

/** The body of a GET of `url`, and its status. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('--metrics and --log-format journald', () => {
  it("serves the metrics where it says, and gives each line the journal's priority", async () => {
    const { child, out, port } = await server([
      ...['--metrics', '127.0.0.1:0', '--log-format', 'journald', '--max-sessions', '1'],
    ]);
    const url = (
      await out.waitFor(
        /^<6>metrics and health: (http:\/\/127\.0\.0\.1:\d+)\/metrics and \/health$/m,
      )
    )[1];
    expect(out.text).toMatch(/^<6>spider serve: listening on 127\.0\.0\.1:\d+\n<6>host key /);
    expect(await get(`${url}/health`)).toEqual({ status: 200, body: 'ok\n' });
    const one = await shell(await connect(port, { guest: true }));
    await one.waitFor('q quit');
    const two = await shell(await connect(port, { guest: true }));
    expect(await two.exited).toBe(1);
    const page = await get(`${url}/metrics`);
    const families = parsePrometheus(page.body);
    expect(sampleOf(families, 'spider_players')).toBe(1);
    expect(sampleOf(families, 'spider_logins_total')).toBe(2);
    expect(sampleOf(families, 'spider_refusals_total', { reason: 'full' })).toBe(1);
    // The server's own solver, idle.
    expect(sampleOf(families, 'spider_solver_questions', { state: 'running' })).toBe(0);
    expect(out.text).toMatch(/^<6>\S+ 127\.0\.0\.1: logged in as a guest$/m);
    expect(out.text).toMatch(/^<4>\S+ 127\.0\.0\.1: a game refused: the server is full$/m);
    one.channel.write('q');
    expect(await one.exited).toBe(0);
    await stopped(child);
    expect(out.text).toMatch(/^<6>\S+ stopped$/m);
  });
});

describe('--ban-list', () => {
  it('reads the list again on SIGHUP: a newly banned player is ended, saved; a bad file keeps the old list', async () => {
    const folder = scratchFolder();
    const file = path.join(folder, 'bans.txt');
    fs.writeFileSync(file, '# nobody yet\n203.0.113.0/24\n');
    const { child, out, port } = await server(['--ban-list', file]);
    await out.waitFor(/ban list .*bans\.txt: 0 keys, 1 address or range\n/);
    const player = await shell(await connect(port, { key: KEYS[0] }));
    await player.waitFor('q quit');
    player.channel.write('d');
    await player.waitFor('moves 1');
    const print = /logged in as (SHA256:\S+)/.exec(out.text)?.[1] ?? '';

    fs.writeFileSync(file, `# nobody yet\n203.0.113.0/24\n${print} # spam\n`);
    child.kill('SIGHUP');
    await out.waitFor(/SIGHUP: ban list .*bans\.txt read again: 1 key, 1 address or range\n/);
    expect(await player.exited).toBe(0);
    expect(player.text().replace(/\s+/g, ' ')).toContain(
      'You are banned from this server; your game is saved.',
    );
    await out.waitFor(/1 game of banned players ended/);

    // A bad line: the list before stays, and the server goes on.
    fs.writeFileSync(file, 'spam.example\n');
    child.kill('SIGHUP');
    await out.waitFor(
      /SIGHUP: the ban list .*bans\.txt:1: not a public key.*; the list before stays/,
    );
    expect(child.exitCode).toBeNull();
    expect(await loginWith(port, KEYS[0])).toBe('closed');
    const guest = await shell(await connect(port, { guest: true }));
    await guest.waitFor('q quit');
    guest.channel.write('q');
    expect(await guest.exited).toBe(0);
    await stopped(child);
    expect(out.text).toMatch(/SIGTERM: saving every game/);
  });
});
