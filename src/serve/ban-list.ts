/**
 * The ban list (docs/serve.md, "The ban list"): SSH public keys, as in authorized_keys or as their
 * SHA256: fingerprints, and client addresses or CIDR ranges, IPv4 and IPv6, one a line, `#`
 * comments. A banned address is closed before a word of SSH; a banned key is refused at login.
 */
import * as net from 'net';
import { ssh2 } from './ssh2';
import { fingerprint } from './host-key';

/** An address range: its family, its first bits as a number, and how many bits are fixed. */
interface Range {
  readonly family: 4 | 6;
  readonly bits: bigint;
  readonly prefix: number;
}

/** The key types a line of authorized_keys may name. */
const KEY_TYPE =
  /^(ssh-ed25519|ssh-rsa|ssh-dss|ecdsa-sha2-nistp(256|384|521)|sk-\S+@openssh\.com)$/;
/** A SHA-256 fingerprint as ssh-keygen -l writes it: 43 characters of base64 without padding. */
const FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}$/;

export class BanList {
  static readonly EMPTY = new BanList(new Set(), []);

  private constructor(
    /** The banned keys, by their SHA256: fingerprints. */
    private readonly keys: ReadonlySet<string>,
    private readonly ranges: readonly Range[],
  ) {}

  /** Keys and ranges in the list. */
  get size(): { readonly keys: number; readonly addresses: number } {
    return { keys: this.keys.size, addresses: this.ranges.length };
  }

  /**
   * The list `text` holds (the file `file`), or the first line that is none of a key, a
   * fingerprint, an address or a range, named `file:line`.
   */
  static parse(
    text: string,
    file: string,
  ): { ok: true; list: BanList } | { ok: false; message: string } {
    const keys = new Set<string>();
    const ranges: Range[] = [];
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i].trim();
      if (line === '' || line.startsWith('#')) continue;
      const entry = banEntry(line);
      if (typeof entry === 'string') return { ok: false, message: `${file}:${i + 1}: ${entry}` };
      if ('key' in entry) keys.add(entry.key);
      else ranges.push(entry.range);
    }
    return { ok: true, list: new BanList(keys, ranges) };
  }

  /** Whether the key of this SHA256: fingerprint is banned. */
  bansKey(print: string): boolean {
    return this.keys.has(print);
  }

  /** Whether a client at `address` is banned. */
  bansAddress(address: string): boolean {
    const parsed = addressBits(address.replace(/%.*$/, ''));
    if (parsed === null) return false;
    return this.ranges.some(
      (range) =>
        range.family === parsed.family &&
        parsed.bits >> BigInt(width(range.family) - range.prefix) ===
          range.bits >> BigInt(width(range.family) - range.prefix),
    );
  }
}

const width = (family: 4 | 6) => (family === 4 ? 32 : 128);

/** What one line bans, or why it is not a line of the list. */
function banEntry(line: string): { key: string } | { range: Range } | string {
  if (FINGERPRINT.test(line.split(/\s+/)[0])) return { key: line.split(/\s+/)[0] };
  if (/^SHA256:/.test(line)) return 'a SHA256: fingerprint is 43 characters of base64';
  const words = line.split(/\s+/);
  // As in authorized_keys: options first, if any, then the key's type, its base64, a comment.
  const at = words.findIndex((word) => KEY_TYPE.test(word));
  if (at >= 0) {
    const blob = publicKeyBlob(words[at], words[at + 1] ?? '');
    return blob === null ? `not a ${words[at]} public key` : { key: fingerprint(blob) };
  }
  const range = rangeOf(words[0]);
  if (range !== null && (words.length === 1 || words[1].startsWith('#'))) return { range };
  return 'not a public key, a SHA256: fingerprint, an IP address or a CIDR range (such as 203.0.113.0/24)';
}

/** The key's wire form, when `base64` is a public key of `type`; else null. */
function publicKeyBlob(type: string, base64: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const parsed = ssh2().utils.parseKey(`${type} ${base64}`);
  if (parsed instanceof Error || Array.isArray(parsed)) return null;
  return parsed.type === type ? parsed.getPublicSSH() : null;
}

/** `address` or `address/prefix` as a range; null when it is neither. */
export function rangeOf(text: string): Range | null {
  const [address, prefixText, more] = text.split('/');
  if (more !== undefined) return null;
  const parsed = addressBits(address);
  if (parsed === null) return null;
  const most = width(parsed.family);
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? most : Number(prefixText);
  return prefix > most ? null : { ...parsed, prefix };
}

/** An IP address as its family and its bits; IPv4 written in IPv6 (`::ffff:a.b.c.d`) is IPv4. */
export function addressBits(address: string): { family: 4 | 6; bits: bigint } | null {
  if (net.isIPv4(address)) return { family: 4, bits: ipv4Bits(address) };
  if (!net.isIPv6(address)) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { family: 4, bits: ipv4Bits(mapped[1]) };
  // An IPv4 tail (`::1.2.3.4`) is two groups of the eight.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  const written = tail
    ? address.replace(
        tail[1],
        (ipv4Bits(tail[1]) >> 16n).toString(16) + ':' + (ipv4Bits(tail[1]) & 0xffffn).toString(16),
      )
    : address;
  const [head, rest] = written.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const groups =
    rest === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return {
    family: 6,
    bits: groups.reduce((bits, group) => (bits << 16n) | BigInt(`0x${group}`), 0n),
  };
}

function ipv4Bits(address: string): bigint {
  return address.split('.').reduce((bits, part) => (bits << 8n) | BigInt(Number(part)), 0n);
}
