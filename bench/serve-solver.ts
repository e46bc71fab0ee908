/**
 * The solver shared by `spider serve`'s players (docs/serve.md, "Playing over SSH", "One
 * process, many players"): one player asks `c` about a position, alone on the server, then beside
 * other players who ask `c` about positions of their own over and over, each again as soon as it is
 * answered (or after a pause); the player asks now and then: once each of the others has had an
 * answer since its last. Prints what the player was answered and how long it took, each way (a
 * player's answer should not depend on who else asks), and how often the others were answered or
 * told the solver was busy.
 *
 *   npm run bench:serve-solver   (SPIDER_BENCH_SOLVER_ASKERS=N other players, default 12;
 *                                 SPIDER_BENCH_SOLVER_RUNS=N questions each way, default 3;
 *                                 SPIDER_BENCH_SOLVER_PAUSE=MS each other player waits after
 *                                 an answer before it asks again, default 0;
 *                                 SPIDER_BENCH_SOLVER_DEAL=DEAL the player's deal, default
 *                                 pysol:1008 with 4 suits, which the solver wins in about 2 s;
 *                                 SPIDER_BENCH_SOLVER_BUSY=DEAL the others' deal, default
 *                                 pysol:1010, which it settles in neither variant in 3 s)
 *
 * The server runs as `bin/spider serve` in its own process; every player is an ssh2 client with a
 * key of its own, whose game is a save put in its folder before it logs in (so each asks about
 * the deal chosen for it), and whose screen is read through a terminal emulator.
 */
import { spawn } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Terminal } from '@xterm/headless';
import { Client, type ClientChannel, utils } from 'ssh2';
import { type DealId, newGame } from '../src/engine';
import { parseDeal } from '../src/engine/deals';
import { dealName, formatSave } from '../src/notation';
import { newEd25519Key } from '../src/serve/host-key';
import { percentile } from './figures';
import { SettingError, settingsFromEnv, wholeFromEnv } from './settings';

/** The deal named (`pysol:N`, as `--deal` takes it) as `name` in the environment, else `fallback`. */
function dealFromEnv(name: string, fallback: string): DealId {
  const given = process.env[name]?.trim() || fallback;
  const parsed = parseDeal(given);
  if (!parsed.ok) throw new SettingError(`${name}='${given}': ${parsed.reason}`);
  return parsed.deal;
}

const { ASKERS, RUNS, PAUSE_MS, DEAL, BUSY } = settingsFromEnv(() => ({
  ASKERS: wholeFromEnv('SPIDER_BENCH_SOLVER_ASKERS', 12, 0),
  RUNS: wholeFromEnv('SPIDER_BENCH_SOLVER_RUNS', 3),
  PAUSE_MS: wholeFromEnv('SPIDER_BENCH_SOLVER_PAUSE', 0, 0),
  DEAL: dealFromEnv('SPIDER_BENCH_SOLVER_DEAL', 'pysol:1008'),
  BUSY: dealFromEnv('SPIDER_BENCH_SOLVER_BUSY', 'pysol:1010'),
}));
const ROOT = path.join(__dirname, '..', '..');
const RULES = { suits: 4, relaxed: 0, keepSuits: false } as const;
const COLS = 80;
const ROWS = 24;
/** What the message line says once `c` is answered, one way or another. */
const THINKING = /The solver is thinking/;
const ANSWER = /Winnable:[^\n]*|Unknown:[^\n]*|No longer winnable[^\n]*|could not answer[^\n]*/;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Puts an unfinished game of `deal` in the folder of the player with `key`. */
function giveGame(stateDir: string, key: string, deal: DealId): void {
  const parsed = utils.parseKey(key);
  if (parsed instanceof Error || Array.isArray(parsed)) throw new Error('a key ssh2 cannot read');
  const id = createHash('sha256').update(parsed.getPublicSSH()).digest('base64url');
  const games = path.join(stateDir, 'players', id, 'games');
  fs.mkdirSync(games, { recursive: true, mode: 0o700 });
  const now = new Date().toISOString();
  const text = formatSave(newGame(deal, RULES), {
    elapsedMs: 0,
    started: now,
    saved: now,
  });
  const stamp = now.replace(/[-:]/g, '').replace(/\..*/, '');
  fs.writeFileSync(path.join(games, `${stamp}-${process.pid}-0000.txt`), text, { mode: 0o600 });
}

interface Player {
  readonly client: Client;
  readonly channel: ClientChannel;
  /** The message line and the rest of the screen, as a terminal shows them. */
  screen(): string;
  /** Resolves once the screen matches `wanted`, with the time it did; throws after `ms`. */
  saw(wanted: RegExp, ms: number): Promise<number>;
}

function login(port: number, key: string): Promise<Player> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    client.on('error', reject);
    client.on('ready', () => {
      client.shell(
        { term: 'xterm-256color', cols: COLS, rows: ROWS },
        { env: { LANG: 'C.UTF-8' } },
        (error, channel) => {
          if (error) return reject(error);
          const emulator = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
          const watchers = new Set<() => void>();
          const screen = () => {
            const buffer = emulator.buffer.active;
            const lines: string[] = [];
            for (let y = 0; y < ROWS; y++)
              lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
            return lines.join('\n');
          };
          channel.on('data', (data: Buffer) =>
            emulator.write(data, () => watchers.forEach((w) => w())),
          );
          resolve({
            client,
            channel,
            screen,
            saw: (wanted, ms) =>
              new Promise<number>((done, fail) => {
                const look = () => {
                  if (!wanted.test(screen())) return;
                  finish();
                  done(performance.now());
                };
                const timer = setTimeout(() => {
                  finish();
                  fail(new Error(`no ${String(wanted)} in ${ms} ms; the screen:\n${screen()}`));
                }, ms);
                const finish = () => {
                  clearTimeout(timer);
                  watchers.delete(look);
                };
                watchers.add(look);
                look();
              }),
          });
        },
      );
    });
    client.connect({ host: '127.0.0.1', port, username: 'bench', privateKey: key });
  });
}

/** The answer on the message line, on as many lines as it wraps onto. */
function messageOf(screen: string): string {
  const lines = screen.split('\n');
  const first = lines.findIndex((line) => ANSWER.test(line));
  const message = [ANSWER.exec(lines[first])?.[0] ?? ''];
  for (const line of lines.slice(first + 1)) {
    if (line.trim() === '' || line.includes('q quit')) break;
    message.push(line.trim());
  }
  return message.join(' ').trim();
}

/**
 * Asks `c` once the game has counted its peek (so it asks at once): the answer's words and the
 * time from the key to the answer on screen. The message line says the solver is thinking first,
 * in place of the last answer.
 */
async function ask(player: Player): Promise<{ text: string; ms: number }> {
  const sent = performance.now();
  player.channel.write('c');
  await player.saw(THINKING, 60_000);
  const at = await player.saw(ANSWER, 600_000);
  return { text: messageOf(player.screen()), ms: at - sent };
}

/** The first `c` of a game is told it is a peek; the second asks. */
async function firstAsk(player: Player): Promise<void> {
  await player.saw(/q quit/, 20_000);
  player.channel.write('c');
  await player.saw(/is a peek/, 10_000);
  player.channel.write('c');
  await player.saw(ANSWER, 600_000);
}

/** An answer as it comes, on standard error: a run takes minutes. */
function report(when: string, answer: { text: string; ms: number }): { text: string; ms: number } {
  console.error(`${when}: ${(answer.ms / 1000).toFixed(1)} s "${answer.text}"`);
  return answer;
}

async function main(): Promise<void> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bench-solver-'));
  const stateDir = path.join(home, 'spider');
  const keys = Array.from({ length: ASKERS + 1 }, () => newEd25519Key());
  giveGame(stateDir, keys[0], DEAL);
  for (const key of keys.slice(1)) giveGame(stateDir, key, BUSY);
  const server = spawn(
    process.execPath,
    [
      path.join(ROOT, 'bin', 'spider'),
      'serve',
      '--port',
      '0',
      '--max-sessions',
      String(ASKERS + 10),
      '--max-per-address',
      String(ASKERS + 10),
      // Every player of the bench comes from 127.0.0.1.
      '--max-connections-per-minute',
      '1000000',
    ],
    {
      env: { ...process.env, XDG_STATE_HOME: home, LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  process.on('exit', () => server.kill('SIGKILL'));
  let log = '';
  server.stdout?.on('data', (data: Buffer) => (log += data.toString()));
  while (!/listening on [^:]+:(\d+)/.test(log)) {
    if (server.exitCode !== null) throw new Error(`the server did not start: ${log}`);
    await sleep(20);
  }
  const port = Number(/listening on [^:]+:(\d+)/.exec(log)?.[1]);

  const player = await login(port, keys[0]);
  await firstAsk(player); // starts the solver's threads, and counts the peek
  const alone: { text: string; ms: number }[] = [];
  for (let i = 0; i < RUNS; i++) alone.push(report('alone', await ask(player)));

  // One at a time: the server lets 8 connections from one address log in at once.
  const askers: Player[] = [];
  for (const key of keys.slice(1)) askers.push(await login(port, key));
  await Promise.all(askers.map((asker) => asker.saw(/q quit/, 20_000)));
  let asking = true;
  const rounds = askers.map(() => 0); // each one's answers so far
  const told: string[] = [];
  const busy = askers.map(async (asker, i) => {
    await firstAsk(asker);
    while (asking) {
      told.push((await ask(asker)).text);
      rounds[i]++;
      if (asking) await sleep(PAUSE_MS);
    }
  });
  /** Until every other player has had an answer since now: a round of their questions. */
  const round = async () => {
    const from = rounds.map((n) => n + 1);
    while (rounds.some((n, i) => n < from[i])) await sleep(50);
  };
  await round(); // every other player's question is under way, waiting, or answered
  const beside: { text: string; ms: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    beside.push(report(`beside ${ASKERS}`, await ask(player)));
    await round(); // the player asks now and then: once a round of the others'
  }
  asking = false;
  await Promise.all(busy);

  for (const p of [player, ...askers]) p.client.end();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(home, { recursive: true, force: true });

  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const summary = (name: string, answers: { text: string; ms: number }[]) => {
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    console.log(
      `${name}: median ${s(percentile(times, 0.5))}, worst ${s(times[times.length - 1])}; ` +
        answers.map((a) => `${s(a.ms)} "${a.text}"`).join('; '),
    );
  };
  console.log(
    `spider serve: c about ${dealName(DEAL)} (4 suits), ${RUNS} time${RUNS === 1 ? '' : 's'} alone, then as many beside ${ASKERS} players asking c about ${dealName(BUSY)} over and over (${PAUSE_MS} ms after each answer); ${os.cpus().length} cores, Node ${process.version}`,
  );
  summary('alone', alone);
  summary(`beside ${ASKERS}`, beside);
  const answered = told.filter((text) => !/could not answer/.test(text)).length;
  console.log(
    `the ${ASKERS} others meanwhile: ${answered} answers, ${told.length - answered} times told the solver was busy`,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
