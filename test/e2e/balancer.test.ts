/**
 * `spider serve` behind a real HAProxy (docs/serve.md, "Behind a load balancer"): the real
 * OpenSSH client, bound to another loopback address, reaches the server through HAProxy in TCP
 * mode with `send-proxy-v2`, and the server knows the player by the client's address, not by
 * HAProxy's. Each run starts its own HAProxy and server on free loopback ports.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { accepting, freePort, started, stopAll } from '../helpers/processes';
import { freshEnv, scratchFolder, SPIDER } from './spider';

jest.setTimeout(60_000);

afterAll(stopAll);

it('knows a player through HAProxy by the client address send-proxy-v2 names', async () => {
  const home = scratchFolder();
  const env = { ...process.env, ...freshEnv(home) } as NodeJS.ProcessEnv;
  const { out: server } = await started(
    [process.execPath, SPIDER, 'serve', '--port', '0', '--proxy-from', '127.0.0.1'],
    env,
    /players type/,
  );
  const serverPort = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(server.text)?.[1]);
  const front = await freePort();
  const config = path.join(home, 'haproxy.cfg');
  fs.writeFileSync(
    config,
    [
      'defaults',
      '  mode tcp',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      'frontend players',
      `  bind 127.0.0.1:${front}`,
      '  default_backend spider',
      'backend spider',
      `  server one 127.0.0.1:${serverPort} send-proxy-v2`,
      '',
    ].join('\n'),
  );
  await started(['haproxy', '-db', '-f', config], process.env, /^/);
  await accepting(front);

  const key = path.join(home, 'key');
  spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', key]);
  const asked = spawnSync(
    'ssh',
    [
      '-F',
      '/dev/null',
      '-o',
      'IdentityAgent=none',
      '-o',
      'StrictHostKeyChecking=no',
      '-o',
      `UserKnownHostsFile=${path.join(home, 'known_hosts')}`,
      '-o',
      'LogLevel=ERROR',
      '-o',
      'IdentitiesOnly=yes',
      '-i',
      key,
      // The client from another loopback address than HAProxy's own.
      '-b',
      '127.0.0.2',
      '-p',
      String(front),
      'player@127.0.0.1',
      'records',
    ],
    { encoding: 'utf8', timeout: 20_000 },
  );
  expect(asked.stderr).toBe('');
  expect(asked.stdout).toBe('No records yet: w in the game writes one.\n');
  const deadline = Date.now() + 10_000;
  while (!/127\.0\.0\.2: logged in as/.test(server.text) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  expect(server.text).toMatch(/Z 127\.0\.0\.2: logged in as SHA256:/);
  expect(server.text).not.toMatch(/Z 127\.0\.0\.1: logged in/);
});
