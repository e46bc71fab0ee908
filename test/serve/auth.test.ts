/**
 * Which publickey logins are accepted (docs/serve.md, "Playing over SSH"): every key type against
 * every algorithm name a client can send, with real, junk, empty and wrong signatures.
 */
import fc from 'fast-check';
import { randomBytes } from 'crypto';
import { type ParsedKey, utils } from 'ssh2';
import { algorithmNamed, keyProblem, type KeyRequest, loginProblem } from '../../src/serve/auth';
import { newEd25519Key } from '../../src/serve/host-key';

/** A key pair of each type a player may have, and a second of each (another person's). */
function keysOf(type: string): [ParsedKey, ParsedKey] {
  const make = (): ParsedKey => {
    const text =
      type === 'ed25519'
        ? newEd25519Key()
        : type === 'rsa'
          ? utils.generateKeyPairSync('rsa', { bits: 2048 }).private
          : utils.generateKeyPairSync('ecdsa', { bits: Number(type.slice(5)) as 256 | 384 | 521 })
              .private;
    return utils.parseKey(text) as ParsedKey;
  };
  return [make(), make()];
}
const TYPES = ['ed25519', 'ecdsa256', 'ecdsa384', 'ecdsa521', 'rsa'] as const;
const KEYS = Object.fromEntries(TYPES.map((type) => [type, keysOf(type)])) as Record<
  (typeof TYPES)[number],
  [ParsedKey, ParsedKey]
>;

/**
 * Every algorithm name a client may put in its request, as ssh2's server hands it on: the
 * `rsa-sha2-*` names arrive as `ssh-rsa` with their hash.
 */
const ALGORITHMS: readonly { readonly named: string; algo: string; hashAlgo?: string }[] = [
  { named: 'ssh-ed25519', algo: 'ssh-ed25519' },
  { named: 'ecdsa-sha2-nistp256', algo: 'ecdsa-sha2-nistp256' },
  { named: 'ecdsa-sha2-nistp384', algo: 'ecdsa-sha2-nistp384' },
  { named: 'ecdsa-sha2-nistp521', algo: 'ecdsa-sha2-nistp521' },
  { named: 'ssh-rsa', algo: 'ssh-rsa' },
  { named: 'rsa-sha2-256', algo: 'ssh-rsa', hashAlgo: 'sha256' },
  { named: 'rsa-sha2-512', algo: 'ssh-rsa', hashAlgo: 'sha512' },
  { named: 'ssh-dss', algo: 'ssh-dss' },
  { named: 'sk-ssh-ed25519@openssh.com', algo: 'sk-ssh-ed25519@openssh.com' },
  { named: 'none', algo: 'none' },
];

/** The algorithms a key of each type logs in with. */
const ACCEPTED: Record<string, readonly string[]> = {
  'ssh-ed25519': ['ssh-ed25519'],
  'ecdsa-sha2-nistp256': ['ecdsa-sha2-nistp256'],
  'ecdsa-sha2-nistp384': ['ecdsa-sha2-nistp384'],
  'ecdsa-sha2-nistp521': ['ecdsa-sha2-nistp521'],
  'ssh-rsa': ['rsa-sha2-256', 'rsa-sha2-512'],
};

/** What the session and request bytes signed look like: any bytes will do for the crypto. */
const BLOB = randomBytes(150);

/** A signature by `key` over `data`, with the hash the algorithm names where the key can take it. */
function signed(key: ParsedKey, data: Buffer, hashAlgo?: string): Buffer {
  const signature = key.sign(data, key.type === 'ssh-rsa' ? (hashAlgo ?? 'sha1') : undefined);
  if (signature instanceof Error) throw signature;
  return signature;
}

function request(key: ParsedKey, algorithm: (typeof ALGORITHMS)[number], signature?: Buffer) {
  const base: KeyRequest = {
    algo: algorithm.algo,
    key: key.getPublicSSH(),
    ...(algorithm.hashAlgo === undefined ? {} : { hashAlgo: algorithm.hashAlgo }),
  };
  return signature === undefined ? base : { ...base, blob: BLOB, signature };
}

describe('publickey logins', () => {
  describe.each(TYPES)('a %s key', (type) => {
    const [key, other] = KEYS[type];

    it.each(ALGORITHMS.map((a) => [a.named, a] as const))(
      'named as %s: logs in only with an algorithm of its own type, and a signature that verifies',
      (named, algorithm) => {
        const accepted = ACCEPTED[key.type].includes(named);
        const real = signed(key, BLOB, algorithm.hashAlgo);
        expect(keyProblem(request(key, algorithm)) === null).toBe(accepted);
        expect(loginProblem(request(key, algorithm, real)) === null).toBe(accepted);
        // Junk, an empty signature, one over other data, one by another key: never.
        const junk = randomBytes(real.length);
        const elsewhere = signed(key, Buffer.concat([BLOB, Buffer.from([0])]), algorithm.hashAlgo);
        const byAnother = signed(other, BLOB, algorithm.hashAlgo);
        for (const signature of [junk, Buffer.alloc(0), randomBytes(64), elsewhere, byAnother])
          expect(loginProblem(request(key, algorithm, signature))).not.toBeNull();
      },
    );
  });

  it('refuses an ed25519 key named as an RSA algorithm, whatever the signature (the forged login)', () => {
    const [victim] = KEYS.ed25519;
    for (const named of ['rsa-sha2-256', 'rsa-sha2-512']) {
      const algorithm = ALGORITHMS.find((a) => a.named === named);
      if (!algorithm) throw new Error(named);
      // ssh2's own verify answers an Error here (a hash ed25519 cannot take): not true, but truthy.
      const raw = request(victim, algorithm, randomBytes(64));
      const verified = victim.verify(BLOB, raw.signature as Buffer, algorithm.hashAlgo as string);
      expect(verified).not.toBe(true);
      expect(Boolean(verified)).toBe(true);
      expect(loginProblem(raw)).toBe(`the key is ssh-ed25519 but the request names ${named}`);
    }
  });

  it('says why in words a log can show', () => {
    const [rsa] = KEYS.rsa;
    const [ed] = KEYS.ed25519;
    const sha1 = ALGORITHMS[4];
    expect(keyProblem(request(rsa, sha1))).toBe(
      'ssh-rsa signatures are not accepted (SHA-1); use rsa-sha2-256 or rsa-sha2-512',
    );
    expect(keyProblem({ algo: 'ssh-ed25519', key: Buffer.from('not a key') })).toBe(
      'the key could not be read',
    );
    expect(loginProblem(request(ed, ALGORITHMS[0]))).toBe('no signature');
    expect(loginProblem(request(ed, ALGORITHMS[0], randomBytes(64)))).toBe(
      'the signature does not verify',
    );
    expect(algorithmNamed({ algo: 'ssh-rsa', hashAlgo: 'sha512' })).toBe('rsa-sha2-512');
  });

  it('never accepts a random signature, for any key and algorithm name', () => {
    const keys = TYPES.map((type) => KEYS[type][0]);
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.constantFrom(...ALGORITHMS),
        fc.uint8Array({ minLength: 0, maxLength: 600 }),
        fc.uint8Array({ minLength: 0, maxLength: 300 }),
        (key, algorithm, signature, blob) => {
          const problem = loginProblem({
            ...request(key, algorithm, Buffer.from(signature)),
            blob: Buffer.from(blob),
          });
          expect(problem).not.toBeNull();
        },
      ),
      { numRuns: 2000 },
    );
  });
});
