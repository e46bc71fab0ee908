/**
 * Who a publickey login is (docs/serve.md, "Playing over SSH"): a key names its player, so a login
 * with a key is accepted only when its signature verifies, by that key, with a signature algorithm
 * of that key's own type. A public key is public (anyone can fetch a person's keys), so anything
 * short of that would let anyone play as anyone.
 */
import { type ParsedKey, utils } from 'ssh2';

/**
 * The hash each key type may be signed with, as ssh2 hands a request on: `ssh-rsa` with the hash
 * the client's algorithm named (`rsa-sha2-256` is `ssh-rsa` with sha256), the others with none
 * (their type fixes it). RSA signed with SHA-1 (the algorithm `ssh-rsa`) and DSA are refused, as
 * OpenSSH has refused them by default since 8.8.
 */
const HASHES: Readonly<Record<string, readonly (string | undefined)[]>> = {
  'ssh-ed25519': [undefined],
  'ecdsa-sha2-nistp256': [undefined],
  'ecdsa-sha2-nistp384': [undefined],
  'ecdsa-sha2-nistp521': [undefined],
  'ssh-rsa': ['sha256', 'sha512'],
};

/** A publickey request as ssh2 hands it to the server. */
export interface KeyRequest {
  /** The key's algorithm as the request names it (`rsa-sha2-*` arrive as `ssh-rsa`). */
  readonly algo: string;
  /** The public key, in SSH wire form. */
  readonly key: Buffer;
  /** The hash the algorithm named, for `rsa-sha2-256` and `rsa-sha2-512`. */
  readonly hashAlgo?: string;
  /** What the signature signs (the session and the request), when one came. */
  readonly blob?: Buffer;
  readonly signature?: Buffer;
}

/** The algorithm a request named, as the client wrote it. */
export function algorithmNamed(request: Pick<KeyRequest, 'algo' | 'hashAlgo'>): string {
  if (request.algo === 'ssh-rsa' && request.hashAlgo !== undefined)
    return `rsa-sha2-${request.hashAlgo.replace(/^sha/, '')}`;
  return request.algo;
}

/**
 * Why the key of a request may not log in whatever it signs, or null when it may: it must be one
 * key, of a type accepted, named by an algorithm of its own type. Asked before a client signs
 * anything ("would this key do?"), and again with the signature.
 */
export function keyProblem(request: KeyRequest): string | null {
  const parsed = utils.parseKey(request.key);
  if (parsed instanceof Error || Array.isArray(parsed)) return 'the key could not be read';
  const hashes = HASHES[parsed.type];
  if (hashes === undefined) return `${parsed.type} keys are not accepted`;
  const named = algorithmNamed(request);
  if (request.algo !== parsed.type)
    return `the key is ${parsed.type} but the request names ${named}`;
  if (!hashes.includes(request.hashAlgo))
    return `${named} signatures are not accepted (SHA-1); use rsa-sha2-256 or rsa-sha2-512`;
  return null;
}

/**
 * Why a signed publickey request is refused, or null when it logs in: its key must be accepted
 * (`keyProblem`), and its signature must verify. ssh2's `verify` answers true, false, or an Error
 * when the crypto call throws (a hash its key type cannot take): only true is a yes.
 */
export function loginProblem(request: KeyRequest): string | null {
  const problem = keyProblem(request);
  if (problem !== null) return problem;
  if (request.signature === undefined || request.blob === undefined) return 'no signature';
  const key = utils.parseKey(request.key) as ParsedKey;
  let verified: unknown;
  try {
    verified = key.verify(request.blob, request.signature, request.hashAlgo as string);
  } catch {
    verified = false;
  }
  return verified === true ? null : 'the signature does not verify';
}
