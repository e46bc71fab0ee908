/** The ban list's lines and what they ban (docs/serve.md, "The ban list"). */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { utils } from 'ssh2';
import { addressBits, BanList, rangeOf } from '../../src/serve/ban-list';
import { fingerprint, newEd25519Key } from '../../src/serve/host-key';

/** A public key in authorized_keys' form, and its fingerprint. */
function publicKey(): { line: string; print: string } {
  const parsed = utils.parseKey(newEd25519Key());
  if (parsed instanceof Error || Array.isArray(parsed)) throw new Error('no key');
  const blob = parsed.getPublicSSH();
  return { line: `ssh-ed25519 ${blob.toString('base64')}`, print: fingerprint(blob) };
}

function parsed(text: string): BanList {
  const read = BanList.parse(text, 'bans.txt');
  if (!read.ok) throw new Error(read.message);
  return read.list;
}

describe('the ban list', () => {
  it('reads keys as in authorized_keys, fingerprints, addresses and ranges, and comments', () => {
    const [a, b, c, d] = [publicKey(), publicKey(), publicKey(), publicKey()];
    const list = parsed(
      [
        '# who, and why',
        `${a.line} ada@laptop`,
        `restrict,command="echo no" ${b.line}`,
        `  ${c.print}   # by its fingerprint`,
        '',
        '203.0.113.7',
        '198.51.100.0/24 # a whole network',
        '2001:db8::/32',
        '::1',
      ].join('\n'),
    );
    expect(list.size).toEqual({ keys: 3, addresses: 4 });
    for (const banned of [a, b, c]) expect(list.bansKey(banned.print)).toBe(true);
    expect(list.bansKey(d.print)).toBe(false);
    expect(list.bansAddress('203.0.113.7')).toBe(true);
    expect(list.bansAddress('203.0.113.8')).toBe(false);
    expect(list.bansAddress('198.51.100.0')).toBe(true);
    expect(list.bansAddress('198.51.100.255')).toBe(true);
    expect(list.bansAddress('198.51.101.0')).toBe(false);
    expect(list.bansAddress('2001:db8:ffff::1')).toBe(true);
    expect(list.bansAddress('2001:db9::1')).toBe(false);
    expect(list.bansAddress('::1')).toBe(true);
    expect(list.bansAddress('::2')).toBe(false);
    // An IPv4 client of a dual-stack socket is its IPv4 address.
    expect(list.bansAddress('::ffff:203.0.113.7')).toBe(true);
    expect(list.bansAddress('not an address')).toBe(false);
  });

  it('reads the key lines ssh-keygen writes, and its fingerprints', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-bans-'));
    try {
      const file = path.join(folder, 'key');
      spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'ada', '-f', file]);
      const line = fs.readFileSync(`${file}.pub`, 'utf8');
      const print = spawnSync('ssh-keygen', ['-l', '-f', `${file}.pub`])
        .stdout.toString()
        .split(' ')[1];
      expect(parsed(line).bansKey(print)).toBe(true);
      expect(parsed(print).bansKey(print)).toBe(true);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it.each([
    [
      '203.0.113.300',
      'bans.txt:2: not a public key, a SHA256: fingerprint, an IP address or a CIDR range',
    ],
    ['10.0.0.0/33', 'bans.txt:2: not a public key'],
    ['2001:db8::/129', 'bans.txt:2: not a public key'],
    ['10.0.0.1 and more', 'bans.txt:2: not a public key'],
    ['ssh-ed25519 AAAAnotakey', 'bans.txt:2: not a ssh-ed25519 public key'],
    ['ssh-ed25519', 'bans.txt:2: not a ssh-ed25519 public key'],
    ['SHA256:short', 'bans.txt:2: a SHA256: fingerprint is 43 characters of base64'],
    ['evil.example', 'bans.txt:2: not a public key'],
  ])('refuses %j, naming the file and line', (line, message) => {
    const read = BanList.parse(`# first\n${line}\n10.0.0.1\n`, 'bans.txt');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toContain(message);
  });

  it('refuses a key of one type written as another', () => {
    const line = publicKey().line.replace('ssh-ed25519', 'ssh-rsa');
    expect(BanList.parse(line, 'f')).toEqual({
      ok: false,
      message: 'f:1: not a ssh-rsa public key',
    });
  });
});

describe('addresses and CIDR ranges', () => {
  it('reads IPv6 in every way it is written', () => {
    const full = addressBits('2001:0db8:0000:0000:0000:0000:0000:0001');
    expect(addressBits('2001:db8::1')).toEqual(full);
    expect(addressBits('2001:db8:0:0::1')).toEqual(full);
    expect(addressBits('::')).toEqual({ family: 6, bits: 0n });
    expect(addressBits('1::')).toEqual({ family: 6, bits: 1n << 112n });
    expect(addressBits('::1.2.3.4')).toEqual({ family: 6, bits: 0x01020304n });
    expect(addressBits('::ffff:1.2.3.4')).toEqual({ family: 4, bits: 0x01020304n });
    expect(addressBits('10.1.2.3')).toEqual({ family: 4, bits: 0x0a010203n });
  });

  it('matches the fixed bits of a range only, and a range of 0 bits matches its whole family', () => {
    expect(rangeOf('10.0.0.0/8')).toEqual({ family: 4, bits: 0x0a000000n, prefix: 8 });
    expect(rangeOf('10.0.0.1')).toEqual({ family: 4, bits: 0x0a000001n, prefix: 32 });
    expect(rangeOf('10.0.0.0/x')).toBeNull();
    expect(rangeOf('10.0.0.0/8/8')).toBeNull();
    const all4 = parsed('0.0.0.0/0');
    expect(all4.bansAddress('192.0.2.1')).toBe(true);
    expect(all4.bansAddress('2001:db8::1')).toBe(false);
    // The host bits of a range as written do not matter: 10.1.2.3/8 is 10.0.0.0/8.
    expect(parsed('10.1.2.3/8').bansAddress('10.200.0.1')).toBe(true);
    expect(parsed('fe80::/10').bansAddress('fe80::1%eth0')).toBe(true);
  });
});
