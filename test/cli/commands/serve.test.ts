/**
 * `spider serve`'s command line: every bad option, an unusable state folder or host key, and a
 * port in use get one line saying what is wrong, before anything listens.
 */
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { utils } from 'ssh2';
import { run } from '../../../src/cli/program';
import { HOST_KEY_FILE } from '../../../src/serve/host-key';
import { parseSize, sizeText } from '../../../src/store/disk-limits';
import { fakeIo } from '../../helpers/fake-io';

const folders: string[] = [];
afterAll(() => folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

function stateHome(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-serve-cli-'));
  folders.push(folder);
  return folder;
}

async function serve(args: string[], env: NodeJS.ProcessEnv = { XDG_STATE_HOME: stateHome() }) {
  const { io, written } = fakeIo({ env });
  const status = await run(['serve', ...args], io);
  return { status, ...written };
}

describe('spider serve options', () => {
  it.each([
    [['--port', 'abc'], "--port must be a whole number from 0 to 65535, not 'abc'"],
    [['--port', '70000'], '--port must be a whole number from 0 to 65535'],
    [['--max-sessions', '0'], '--max-sessions must be a whole number from 1'],
    [['--max-per-address', '-1'], '--max-per-address must be a whole number from 1'],
    [['--idle-timeout', '0'], '--idle-timeout must be a number of minutes from 0.5 (30 seconds)'],
    [['--idle-timeout', 'soon'], "to 10080 (a week), not 'soon'"],
    [['--idle-timeout', '0.001'], '--idle-timeout must be a number of minutes from 0.5'],
    [['--idle-timeout', '10081'], "not '10081'"],
    [['--suits', '3'], '--suits'],
    [['--listen', ''], '--listen needs an address'],
    [
      ['--max-history', '1 parsec'],
      "--max-history must be a size from 512 KiB to 1 GiB, such as 1MiB or 512KiB, not '1 parsec'",
    ],
    [['--max-history', '1K'], '--max-history must be a size from 512 KiB'],
    [
      ['--max-history', '511K'],
      "--max-history must be a size from 512 KiB to 1 GiB, such as 1MiB or 512KiB, not '511K'",
    ],
    [
      ['--max-records', 'many'],
      "--max-records must be a whole number from 0 to 100000, not 'many'",
    ],
    [['--max-records-size', '-1'], '--max-records-size must be a size from 0 bytes'],
    [['--max-saves', '0'], '--max-saves must be a whole number from 1 to 10000'],
    [['extra'], 'too many arguments'],
    [
      ['--max-connections-per-minute', '0'],
      "--max-connections-per-minute must be a whole number from 1 to 1000000, not '0'",
    ],
    [['--log-format', 'xml'], "--log-format must be text, json or journald, not 'xml'"],
    [
      ['--metrics', '9100'],
      "--metrics takes ADDRESS:PORT, such as 127.0.0.1:9100 or [::1]:9100, not '9100'",
    ],
    [['--metrics', 'metrics.example:9100'], "not 'metrics.example:9100'"],
    [['--metrics', '127.0.0.1:65536'], "not '127.0.0.1:65536'"],
    [['--metrics', '::1:9100'], "not '::1:9100'"],
    [
      ['--proxy-from', '10.0.0.5,lb.example'],
      "--proxy-from takes the balancers' IP addresses, comma-separated, not 'lb.example'",
    ],
    [
      ['--store', 'mysql://db/spider'],
      "--store takes a PostgreSQL URL (postgres://USER@HOST/DATABASE), not 'mysql://db/spider'",
    ],
    [['--workers', '2'], "--workers needs --store: a player's games follow them from one worker"],
    [
      ['--workers', '0', '--store', 'postgres://db/spider'],
      "--workers must be a whole number from 1 to 64, not '0'",
    ],
    [
      ['--lease-seconds', '1', '--store', 'postgres://db/spider'],
      "--lease-seconds must be a whole number from 3 to 3600, not '1'",
    ],
  ])('%j is refused with a message and status 2', async (args, message) => {
    const { status, stderr, stdout } = await serve(args);
    expect(status).toBe(2);
    expect(stderr).toContain(message);
    expect(stdout).toBe('');
  });

  it('says so in one line when the database cannot be reached, its password left out', async () => {
    const url = 'postgres://spider:secret@127.0.0.1:1/spider';
    const { status, stderr } = await serve(['--store', url], { XDG_STATE_HOME: stateHome() });
    expect(status).toBe(1);
    expect(stderr).toMatch(
      /^spider: can't use the database postgres:\/\/spider:\*\*\*@127\.0\.0\.1:1\/spider: .*ECONNREFUSED/,
    );
    expect(stderr).not.toContain('secret');
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('says so when there is nowhere to keep the host key', async () => {
    const { status, stderr } = await serve([], { HOME: 'relative' });
    expect(status).toBe(1);
    expect(stderr).toMatch(/^spider: can't serve: nowhere to keep the host key .*no home folder/);
  });

  it('refuses a host key others can read, and a file that is not a key', async () => {
    const home = stateHome();
    const file = path.join(home, 'spider', HOST_KEY_FILE);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, 'not a key', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const open = await serve([], { XDG_STATE_HOME: home });
    expect(open.status).toBe(1);
    expect(open.stderr).toContain('can be read by other users (mode 644); chmod 600 it');
    fs.chmodSync(file, 0o600);
    const garbage = await serve([], { XDG_STATE_HOME: home });
    expect(garbage.status).toBe(1);
    expect(garbage.stderr).toContain('is not an SSH private key; remove it to make a new one');
    // A key locked with a passphrase is a key: the message says what is wrong with it.
    const locked = utils.generateKeyPairSync('ed25519', {
      passphrase: 'secret',
      cipher: 'aes256-cbc',
      rounds: 4,
    });
    fs.writeFileSync(file, locked.private, { mode: 0o600 });
    const withPassphrase = await serve([], { XDG_STATE_HOME: home });
    expect(withPassphrase.status).toBe(1);
    expect(withPassphrase.stderr).toContain(
      `${file} is locked with a passphrase, which the server cannot type;`,
    );
  });

  it('uses the host key --host-key names, never makes one there, and says what is wrong with it', async () => {
    const home = stateHome();
    const file = path.join(home, 'shared_key');
    const missing = await serve(['--host-key', file], { XDG_STATE_HOME: home });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(
      `spider: the host key ${file} does not exist: --host-key names a key to use (ssh-keygen -t ed25519 -N '' -f FILE makes one); without it the server keeps its own\n`,
    );
    expect(fs.existsSync(file)).toBe(false);
    fs.writeFileSync(file, 'not a key', { mode: 0o600 });
    const garbage = await serve(['--host-key', file], { XDG_STATE_HOME: home });
    expect(garbage.stderr).toBe(`spider: ${file} is not an SSH private key; give another key\n`);
    fs.chmodSync(file, 0o640);
    const open = await serve(['--host-key', file], { XDG_STATE_HOME: home });
    expect(open.stderr).toContain(
      'can be read by other users (mode 640); chmod 600 it, or give another key',
    );
    // The state folder's own key is never made meanwhile.
    expect(fs.existsSync(path.join(home, 'spider', HOST_KEY_FILE))).toBe(false);
  });

  it('stops at a ban list it cannot read, or a bad line, naming the file and line', async () => {
    const home = stateHome();
    const file = path.join(home, 'bans.txt');
    const missing = await serve(['--ban-list', file], { XDG_STATE_HOME: home });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^spider: can't read the ban list: .*bans\.txt\)\n$/);
    fs.writeFileSync(file, '# spammers\n203.0.113.0/24\nspam.example\n');
    const bad = await serve(['--ban-list', file], { XDG_STATE_HOME: home });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe(
      `spider: the ban list ${file}:3: not a public key, a SHA256: fingerprint, an IP address or a CIDR range (such as 203.0.113.0/24)\n`,
    );
    expect(bad.stdout).toBe('');
  });

  it('says the port is in use', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const { status, stderr } = await serve(['--port', String(port)]);
      expect(status).toBe(1);
      expect(stderr).toBe(`spider: can't listen on 127.0.0.1 port ${port}: the port is in use\n`);
      const metrics = await serve(['--port', '0', '--metrics', `127.0.0.1:${port}`]);
      expect(metrics.status).toBe(1);
      expect(metrics.stderr).toBe(
        `spider: can't serve the metrics on 127.0.0.1 port ${port}: the port is in use\n`,
      );
    } finally {
      taken.close();
    }
  });
});

describe('sizes in options', () => {
  it.each([
    ['4096', 4096],
    ['512K', 512 * 1024],
    ['512 KiB', 512 * 1024],
    ['1MiB', 1024 * 1024],
    ['2mb', 2 * 1024 * 1024],
    ['1G', 1024 ** 3],
  ])('reads %j as %d bytes', (text, bytes) => {
    expect(parseSize('--x', text, 0, 1024 ** 4)).toEqual({ ok: true, value: bytes });
  });

  it('names sizes in the largest whole unit', () => {
    expect([1, 100, 1024, 1536, 64 * 1024, 1024 ** 2, 1024 ** 3].map(sizeText)).toEqual([
      '1 byte',
      '100 bytes',
      '1 KiB',
      '1536 bytes',
      '64 KiB',
      '1 MiB',
      '1 GiB',
    ]);
  });
});
