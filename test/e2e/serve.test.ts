/**
 * `spider serve` with the real OpenSSH client in tmux: two players with their own keys, a
 * dropped connection resumed, a guest, a resize, a command refused, and the daily board. The server is bin/spider
 * itself, started as a child process on a free port.
 */
import { type ChildProcess, spawn, spawnSync } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { Game } from '../../src/engine';
import { formatSave } from '../../src/notation';
import { dailyStart } from '../../src/search/winnable';
import { playedOut } from '../helpers/play-out';
import { freshEnv, scratchFolder, SPIDER } from './spider';
import { TerminalSession } from './tmux';

jest.setTimeout(60_000);

let server: ChildProcess;
let port = 0;
let fingerprint = '';
let home = '';
let log = '';
const keys: string[] = [];

beforeAll(async () => {
  home = scratchFolder();
  server = spawn(process.execPath, [SPIDER, 'serve', '--port', '0'], {
    env: { ...process.env, ...freshEnv(home) } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (data: Buffer) => (log += data.toString()));
  server.stderr?.on('data', (data: Buffer) => (log += data.toString()));
  const deadline = Date.now() + 20_000;
  while (!/players type/.test(log)) {
    if (Date.now() > deadline || server.exitCode !== null)
      throw new Error(`the server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(log)?.[1]);
  fingerprint = /host key (SHA256:\S+)/.exec(log)?.[1] ?? '';
  for (const name of ['ada', 'bob']) {
    const file = path.join(home, `key-${name}`);
    spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', file]);
    keys.push(file);
  }
});

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
});

/**
 * Waits until the server's log holds `text`: it is read on this process's turns, which the
 * synchronous waits on tmux hold up.
 */
async function logged(text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!log.includes(text)) {
    if (Date.now() > deadline) throw new Error(`the log never said ${text}:\n${log}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** ssh's options for a test: no user config, no agent, this test's known hosts. */
function sshOptions(): string[] {
  return [
    '-F',
    '/dev/null',
    '-o',
    'IdentityAgent=none',
    '-o',
    'StrictHostKeyChecking=accept-new',
    '-o',
    `UserKnownHostsFile=${path.join(home, 'known_hosts')}`,
    '-o',
    'LogLevel=ERROR',
    '-p',
    String(port),
  ];
}

/** `ssh HOST WORDS` without a terminal, as a key (or a guest). */
function ask(key: string | null, words: string[]) {
  const who =
    key === null
      ? ['-o', 'PubkeyAuthentication=no', '-o', 'PasswordAuthentication=no']
      : ['-o', 'IdentitiesOnly=yes', '-i', key];
  return spawnSync('ssh', [...sshOptions(), ...who, 'player@127.0.0.1', ...words], {
    encoding: 'utf8',
    timeout: 20_000,
  });
}

function login(key: string | null, size: { width?: number; height?: number } = {}) {
  const who =
    key === null
      ? ['-o', 'PubkeyAuthentication=no', '-o', 'PasswordAuthentication=no']
      : ['-o', 'IdentitiesOnly=yes', '-i', key];
  return TerminalSession.start(['ssh', ...sshOptions(), ...who, 'player@127.0.0.1'], {
    ...size,
    env: { LANG: 'C.UTF-8' },
  });
}

/** The folder the server keeps a key's games in: named by the SHA-256 of the public key. */
function gamesOf(key: string): string {
  const blob = Buffer.from(fs.readFileSync(`${key}.pub`, 'utf8').split(' ')[1], 'base64');
  const id = createHash('sha256').update(blob).digest('base64url');
  return path.join(home, 'state', 'spider', 'players', id, 'games');
}

/** Waits until the server has let go of a key's games (no lock file left in its folder). */
async function released(key: string): Promise<void> {
  const games = gamesOf(key);
  const locks = () =>
    fs.existsSync(games) ? fs.readdirSync(games).filter((name) => name.includes('.lock')) : [];
  const deadline = Date.now() + 10_000;
  while (locks().length > 0) {
    if (Date.now() > deadline) throw new Error(`still locked: ${locks().join(', ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('spider serve with OpenSSH', () => {
  it('prints the fingerprint ssh then records for the host', () => {
    const first = login(keys[0]);
    first.waitFor('q quit', 20_000);
    const known = spawnSync('ssh-keygen', ['-l', '-f', path.join(home, 'known_hosts')], {
      encoding: 'utf8',
    });
    expect(known.stdout).toContain(fingerprint);
    first.kill();
  });

  it('keeps a player’s game across a dropped connection, apart from another key’s', async () => {
    const ada = login(keys[0]);
    ada.waitFor('q quit', 20_000);
    ada.sendKeys('d');
    ada.waitFor(/moves 1 /);
    const seed = /seed (\d+)/.exec(ada.screen())?.[1];
    expect(seed).toBeDefined();

    // Bob plays at the same time, a game of his own.
    const bob = login(keys[1]);
    bob.waitFor('q quit', 20_000);
    expect(bob.screen()).not.toContain('Resumed');
    expect(bob.screen()).not.toContain(`seed ${seed} `);

    // Ada's connection drops (her ssh is killed); logging in again finds her game.
    ada.kill();
    await released(keys[0]);
    const again = login(keys[0]);
    const screen = again.waitFor('Resumed your game', 20_000);
    expect(screen).toContain(`seed ${seed} `);
    expect(screen).toMatch(/moves 1 /);
    again.sendKeys('q');
    again.waitFor('Quit this game?');
    again.sendKeys('y');
    expect(again.waitForExit()).toBe(0);
    expect(again.screen()).toMatch(/saved\s+for\s+next\s+time,\s+1\s+move/);
    // How to come back, as the server's start told the operator players type it.
    expect(log).toContain(`players type: ssh -t -p ${port} 127.0.0.1\n`);
    expect(again.screen()).toMatch(
      new RegExp(
        `Log\\s+in\\s+again\\s+to\\s+go\\s+on\\s+with\\s+it:\\n {2}ssh -t -p ${port} 127\\.0\\.0\\.1\\n`,
      ),
    );
    expect(fs.readdirSync(gamesOf(keys[0])).filter((name) => name.endsWith('.txt'))).toHaveLength(
      1,
    );
    bob.kill();
  });

  it('lets a guest play, resizes with the window, and refuses a command', () => {
    const guest = login(null, { width: 80, height: 24 });
    const opened = guest.waitFor('q quit', 20_000);
    expect(opened).toMatch(/Can't save this game: you logged in as a guest/);
    guest.resize(100, 30);
    // The header's right end moves to the new width.
    guest.waitFor((screen) => (screen.split('\n')[0] ?? '').trimEnd().length > 80);
    // Once the game is over, nothing says that play goes on: the line left says it was not kept.
    guest.sendKeys('q');
    expect(guest.waitForExit()).toBe(0);
    const left = guest.screen().replace(/\s+/g, ' ');
    expect(left).toMatch(/: not started, 0 moves/);
    expect(left).not.toContain('Play goes on');
    guest.kill();

    const ls = ask(keys[0], ['ls']);
    expect(ls.status).toBe(1);
    // The command is read as the game's options and nothing else; the refusal says what is.
    expect(ls.stderr).toContain("spider: 'ls' is not something a login can name.");
    expect(ls.stderr).toContain('after the host, name the game: daily, winnable, new, seed S');
    expect(ls.stdout).toBe('');
  });

  /** ssh -t with a command after the host, in tmux. */
  function loginWith(key: string, words: string[]) {
    const who = ['-o', 'IdentitiesOnly=yes', '-i', key];
    return TerminalSession.start(
      ['ssh', '-t', ...sshOptions(), ...who, 'player@127.0.0.1', ...words],
      {
        env: { LANG: 'C.UTF-8' },
      },
    );
  }

  /** A game of 1 suit from `seed`, named at login, with two deals played. */
  function twoDeals(key: string, seed: string) {
    const game = loginWith(key, ['seed', seed, 'suits', '1']);
    game.waitFor('q quit', 20_000);
    game.sendKeys('d');
    game.waitFor(/moves 1 /);
    game.sendKeys('d');
    game.waitFor(/moves 2 /);
    return game;
  }

  it('plays the game a login names, as plain words or as options after --', () => {
    // The daily deal, 1 suit, found on the solver's thread: named by its date.
    const daily = loginWith(keys[1], ['daily', 'suits', '1']);
    const today = daily.waitFor(/daily \d{4}-\d\d-\d\d/, 30_000);
    expect(today).toMatch(/1 suit/);
    const date = /daily (\d{4}-\d\d-\d\d)/.exec(today)?.[1];
    daily.sendKeys('q');
    daily.waitForExit();
    daily.kill();
    // The same deal with the options form (OpenSSH passes what follows --).
    const dashed = loginWith(keys[1], ['--', '--daily', '--suits', '1', '--new']);
    const again = dashed.waitFor(/daily \d{4}-\d\d-\d\d/, 30_000);
    expect(again).toContain(`daily ${date}`);
    dashed.sendKeys('q');
    dashed.waitForExit();
    dashed.kill();
    // A seed with a space, quoted for the server (ssh joins its words with spaces).
    const seeded = loginWith(keys[1], ['suits', '2', 'seed', "'my fox'"]);
    const screen = seeded.waitFor('q quit', 20_000);
    expect(screen).toMatch(/seed my fox {2}2 suits/);
    seeded.sendKeys('q');
    seeded.waitForExit();
    seeded.kill();
  });

  it('gives a player their records, statistics and saves without a terminal', () => {
    const key = path.join(home, 'key-records');
    spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', key]);
    expect(ask(key, ['record', 'latest'])).toMatchObject({
      status: 1,
      stderr: 'spider: you have no records yet: w in the game writes one\n',
    });
    // A game: two actions, a record written with w, then left.
    const game = twoDeals(key, 'fox');
    game.sendKeys('w');
    game.waitFor('to your records on this server');
    game.sendKeys('Escape');
    game.waitForGone('Game record, lines');
    game.sendKeys('q');
    game.waitFor('Quit this game?');
    game.sendKeys('y');
    game.waitForExit();
    game.kill();

    const listed = ask(key, ['records']);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d {2}spider-fox-\S+\.txt\n$/);
    expect(listed.stderr).toContain(`ssh -p ${port} 127.0.0.1 record NAME > game.txt`);
    // The record as it is, into a file here: replayed locally, it reaches the game's position.
    const file = path.join(home, 'game.txt');
    const latest = ask(key, ['record', 'latest']);
    expect(latest.status).toBe(0);
    fs.writeFileSync(file, latest.stdout);
    const name = listed.stdout.trim().split('  ')[1];
    expect(ask(key, ['record', name]).stdout).toBe(latest.stdout);
    const replayed = spawnSync(process.execPath, [SPIDER, 'replay', file, '--json'], {
      encoding: 'utf8',
      env: { ...process.env, ...freshEnv() } as NodeJS.ProcessEnv,
    });
    expect(replayed.status).toBe(0);
    expect(JSON.parse(replayed.stdout)).toMatchObject({ seed: 'fox', actions: 2 });

    // The game left unfinished, as its save holds it: the same two actions.
    const saved = ask(key, ['save', '1']);
    expect(saved.status).toBe(0);
    fs.writeFileSync(file, saved.stdout);
    const resumed = spawnSync(process.execPath, [SPIDER, 'replay', file, '--json'], {
      encoding: 'utf8',
      env: { ...process.env, ...freshEnv() } as NodeJS.ProcessEnv,
    });
    expect(JSON.parse(resumed.stdout)).toMatchObject({ seed: 'fox', actions: 2 });
    expect(ask(key, ['save', '2']).stderr).toBe(
      'spider: you have no saved game 2 (saves lists them)\n',
    );
    const stats = ask(key, ['stats', '--json']);
    expect(stats.status).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ variants: [], skipped: 0 });
    const saves = ask(key, ['saves']);
    expect(saves.stdout).toMatch(/seed fox +1 suit +2 /);
    // Nothing names a command or a path of the server's machine.
    for (const answer of [listed, latest, stats, saves])
      expect(answer.stdout + answer.stderr).not.toMatch(/spider (saves|resume|stats)|\/tmp\//);
    // Nothing else is reachable; a guest has none of it.
    expect(ask(key, ['record', '../games.jsonl']).stderr).toContain(
      "no record named '../games.jsonl'",
    );
    expect(ask(null, ['records'])).toMatchObject({
      status: 1,
      stderr:
        'spider: a guest has no records, statistics or saved games here; log in with an SSH key to keep them\n',
    });
  });

  it('takes a game over from a session whose client went silent, with every action', async () => {
    const key = path.join(home, 'key-take-over');
    spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', key]);
    const first = twoDeals(key, 'owl');
    // The laptop sleeps: its ssh stops without a word, and the server still holds the game.
    const client = first.pid();
    expect(fs.readFileSync(`/proc/${client}/comm`, 'utf8').trim()).toBe('ssh');
    process.kill(client, 'SIGSTOP');
    try {
      const second = loginWith(key, []);
      second.waitFor('Your game is open in another session. y takes it over here', 20_000);
      const asked = Date.now();
      second.sendKeys('y');
      const screen = second.waitFor(/seed owl .*moves 2 /, 10_000);
      expect(Date.now() - asked).toBeLessThan(1000);
      expect(screen).toContain('Resumed your game');
      second.sendKeys('q');
      second.waitFor('Quit this game?');
      second.sendKeys('y');
      second.waitForExit();
      expect(second.screen()).toMatch(/saved\s+for\s+next\s+time,\s+2\s+moves/);
      await logged('127.0.0.1: a game taken over by a new login');
      await logged('a game ended: this game was taken over by a new login');
    } finally {
      spawnSync('kill', ['-CONT', String(client)]);
    }
    // The first terminal, awake again, says what happened and that the game is saved.
    first.waitFor('This game was taken over by a new login; your game is saved.', 10_000);
    first.kill();
  });

  it('refuses a bad choice with the checks and words of the command line', () => {
    const bad = ask(keys[1], ['suits', '3']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("spider: --suits must be 1, 2 or 4, not '3'.");
    // A good choice without a terminal: the game needs one.
    const noTerminal = ask(keys[1], ['daily']);
    expect(noTerminal.status).toBe(1);
    expect(noTerminal.stderr).toContain('the game needs a terminal: log in with ssh -t');
  });

  it.each(['ed25519', 'ecdsa', 'rsa'])('logs in with an %s key', async (type) => {
    const file = path.join(home, `key-${type}-only`);
    spawnSync('ssh-keygen', ['-q', '-t', type, '-N', '', '-f', file]);
    const shown = spawnSync('ssh-keygen', ['-l', '-f', `${file}.pub`], { encoding: 'utf8' });
    const keyPrint = /(SHA256:\S+)/.exec(shown.stdout)?.[1] ?? 'none';
    const onlyKeys = ['-o', 'PreferredAuthentications=publickey', '-o', 'IdentitiesOnly=yes'];
    const ls = spawnSync(
      'ssh',
      [...sshOptions(), ...onlyKeys, '-i', file, 'player@127.0.0.1', 'ls'],
      { encoding: 'utf8', timeout: 20_000 },
    );
    // In: the command is what is refused, by the game's own words.
    expect(ls.stderr).toContain("spider: 'ls' is not something a login can name.");
    // The server's log is read on this process's next turns: spawnSync held them up.
    const deadline = Date.now() + 10_000;
    while (!log.includes(`logged in as ${keyPrint}`) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(log).toContain(`logged in as ${keyPrint}`);
  });

  it('presents the host key --host-key names, as every server behind one name would', async () => {
    const file = path.join(home, 'shared_host_key');
    spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', file]);
    const listed = spawnSync('ssh-keygen', ['-l', '-f', `${file}.pub`], { encoding: 'utf8' });
    const expected = /(SHA256:\S+)/.exec(listed.stdout)?.[1] ?? 'none';
    const other = spawn(process.execPath, [SPIDER, 'serve', '--port', '0', '--host-key', file], {
      env: { ...process.env, ...freshEnv(scratchFolder()) } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    other.stdout?.on('data', (data: Buffer) => (said += data.toString()));
    other.stderr?.on('data', (data: Buffer) => (said += data.toString()));
    try {
      const deadline = Date.now() + 20_000;
      while (!/players type/.test(said) && Date.now() < deadline && other.exitCode === null)
        await new Promise((r) => setTimeout(r, 20));
      expect(said).toContain(`host key ${expected} (ED25519): ${file}\n`);
    } finally {
      const exited = new Promise((r) => other.once('exit', r));
      other.kill('SIGTERM');
      await exited;
    }
  });

  // Last: it stops the server.
  it('shows the daily board on b, asking a name first, and prints it for ssh HOST board', () => {
    const key = path.join(home, 'key-board');
    spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', key]);
    // Today's daily deal, saved one action from its win (the action waits to be redone).
    const today = dailyStart(new Date()).daily;
    const { before } = playedOut('won');
    const daily: Game = {
      ...before,
      deal: { ...before.deal, origin: { from: { scheme: 'seed', key: today }, daily: today } },
    };
    fs.mkdirSync(gamesOf(key), { recursive: true, mode: 0o700 });
    const when = new Date().toISOString();
    fs.writeFileSync(
      path.join(gamesOf(key), 'daily.txt'),
      formatSave(daily, { elapsedMs: 61_000, started: when, saved: when }),
      { mode: 0o600 },
    );
    const game = login(key);
    game.waitFor(`daily ${today}`, 20_000);
    // b with no name yet: the name first, then the board, which is empty until the game ends.
    game.sendKeys('b');
    game.waitFor('Your name on the daily board');
    game.sendKeys('Carol', 'Enter');
    game.waitFor("No one is on today's board yet");
    game.sendKeys('x');
    game.waitForGone('Daily board');
    game.sendKeys('r');
    game.waitFor('You won');
    game.sendKeys('b');
    const board = game.waitFor(/Carol +won +\d+ +1:0\d/);
    expect(board).toContain(`Daily board ${today}, 1 suit, relaxed 0`);
    expect(board).toContain('any key closes the board');
    game.sendKeys('Escape');
    game.waitForGone('Daily board');
    game.sendKeys('q');
    expect(game.waitForExit()).toBe(0);
    game.kill();
    const printed = ask(key, ['board', 'suits', '1']);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toMatch(
      new RegExp(`^Daily board ${today}, 1 suit, relaxed 0\n\n +# +name.*\n> +1  Carol +won `),
    );
    expect(ask(key, ['name']).stdout).toBe("You are 'Carol' on the daily board.\n");
  });

  it('on SIGTERM tells the players, saves their games and exits 0', async () => {
    const ada = login(keys[0]);
    ada.waitFor('q quit', 20_000);
    ada.sendKeys('d');
    ada.waitFor(/moves \d+ /);
    const moves = /moves (\d+) /.exec(ada.screen())?.[1];
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    const screen = ada.waitFor('The server is shutting down; your game is saved.');
    expect(screen).toMatch(new RegExp(`saved\\s+for\\s+next\\s+time, ${moves} move`));
    expect(log).toMatch(/SIGTERM: saving every game and shutting down \(1 playing\)/);
  });
});
