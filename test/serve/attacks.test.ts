/**
 * `spider serve` against its own users (README, "Playing over SSH"): each test is an attack a
 * client can make, and asserts the defence (refused, closed, limited, told).
 */
import * as fs from 'fs';
import * as path from 'path';
import { randomBytes } from 'crypto';
import { Client, type ParsedKey, utils } from 'ssh2';
import { newEd25519Key } from '../../src/serve/host-key';
import { playerId } from '../../src/serve/server';
import { connect, KEYS, serve, shell } from '../helpers/ssh';

jest.setTimeout(30_000);

/** ssh2's client's protocol object: what a hostile client can send that the library would not. */
interface ClientProtocol {
  authPK(
    user: string,
    key: unknown,
    algo?: string,
    sign?: (data: Buffer, answer: (signature: Buffer) => void) => void,
  ): void;
}

/**
 * Logs in with `publicOf`'s public key (the victim's: anyone can have it), naming `algo` in the
 * signed request and sending `sign`'s bytes as the signature. The client first asks whether the
 * key would do, as clients do, naming the key's own type: the forgery is in the signed request.
 * Resolves with whether the server let it in.
 */
function forgedLogin(
  port: number,
  publicOf: string,
  algo: string,
  sign: (data: Buffer) => Buffer,
): Promise<'in' | 'refused'> {
  return new Promise((resolve) => {
    const client = new Client();
    client.on('handshake', () => {
      const protocol = (client as unknown as { _protocol: ClientProtocol })._protocol;
      const send = protocol.authPK.bind(protocol);
      protocol.authPK = (user, key, named, signer) =>
        signer
          ? send(user, key, algo, (data, answer) => answer(sign(data)))
          : send(user, key, named);
    });
    client.on('ready', () => {
      client.end();
      resolve('in');
    });
    client.on('error', () => resolve('refused'));
    client.connect({
      host: '127.0.0.1',
      port,
      username: 'player',
      privateKey: publicOf,
      authHandler: ['publickey'] as never,
    });
  });
}

describe('forged logins', () => {
  const victim = newEd25519Key();
  const victimKey = utils.parseKey(victim) as ParsedKey;
  const attacker = utils.parseKey(newEd25519Key()) as ParsedKey;

  it.each([
    ['rsa-sha2-256', 'junk', () => randomBytes(64)],
    ['rsa-sha2-512', 'junk', () => randomBytes(64)],
    ['rsa-sha2-256', 'empty', () => Buffer.alloc(0)],
    ['ssh-ed25519', 'junk', () => randomBytes(64)],
    ['ssh-ed25519', 'empty', () => Buffer.alloc(0)],
    ['ssh-ed25519', "another key's", (data: Buffer) => attacker.sign(data) as Buffer],
    [
      'ssh-ed25519',
      'over other session data',
      (data: Buffer) => victimKey.sign(Buffer.concat([randomBytes(4), data.subarray(4)])) as Buffer,
    ],
  ])(
    "refuses the victim's public key named as %s with a %s signature, and logs it",
    async (algo, _what, sign) => {
      const { port, log, stateDir } = await serve();
      expect(await forgedLogin(port, victim, algo, sign)).toBe('refused');
      expect(log.join('\n')).toMatch(/127\.0\.0\.1: a login refused: .* \(key SHA256:/);
      expect(log.join('\n')).not.toContain('logged in');
      // Nothing was made for the victim.
      const folder = path.join(stateDir, 'players', playerId(victimKey.getPublicSSH()));
      expect(fs.existsSync(folder)).toBe(false);
    },
  );

  it('lets the real owner in with the same key, signed as it should be', async () => {
    const { port, log } = await serve();
    expect(
      await forgedLogin(port, victim, 'ssh-ed25519', (data) => victimKey.sign(data) as Buffer),
    ).toBe('in');
    expect(log.join('\n')).toContain('logged in as SHA256:');
  });

  it('logs in a key of each type with its own algorithm', async () => {
    const { port, log } = await serve();
    const keys = [
      utils.generateKeyPairSync('ecdsa', { bits: 256 }).private,
      utils.generateKeyPairSync('ecdsa', { bits: 521 }).private,
      utils.generateKeyPairSync('rsa', { bits: 2048 }).private,
      KEYS[0],
    ];
    for (const key of keys) {
      const player = await shell(await connect(port, { key }));
      await player.waitFor('q quit');
    }
    expect(log.filter((line) => line.includes('logged in as SHA256:'))).toHaveLength(keys.length);
    expect(log.join('\n')).not.toContain('refused');
  });

  it('closes a connection after 6 refused logins', async () => {
    const { port, log } = await serve();
    const outcome = await new Promise<string>((resolve) => {
      const client = new Client();
      let tries = 0;
      client.on('handshake', () => {
        const protocol = (client as unknown as { _protocol: ClientProtocol })._protocol;
        const send = protocol.authPK.bind(protocol);
        protocol.authPK = (user, key) => {
          tries++;
          send(user, key, 'rsa-sha2-256', (_data, answer) => answer(randomBytes(64)));
        };
      });
      client.on('ready', () => resolve('in'));
      client.on('close', () => resolve(`closed after ${tries}`));
      client.on('error', () => undefined);
      // Asks again and again with the same key: each answer is a refusal.
      client.connect({
        host: '127.0.0.1',
        port,
        username: 'player',
        privateKey: victim,
        authHandler: (_methods, _partial, next) =>
          next({ type: 'publickey', username: 'player', key: victim } as never),
      });
    });
    expect(outcome).toBe('closed after 6');
    expect(log.join('\n')).toContain('127.0.0.1: 6 logins refused: closed');
  });
});
