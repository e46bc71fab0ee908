/**
 * Who a publickey login is (docs/serve.md, "Playing over SSH"): a key names its player, so a login
 * with a key is accepted only when its signature verifies, by that key, with a signature algorithm
 * of that key's own type. A public key is public (anyone can fetch a person's keys), so anything
 * short of that would let anyone play as anyone. A client without a key logs in as a guest.
 */
import { createHash } from 'crypto';
import * as path from 'path';
import type { AuthContext, ParsedKey } from 'ssh2';
import { ssh2 } from './ssh2';
import { fingerprint } from './host-key';
import { type Log, warning } from './log';
import type { Refusal } from './metrics';
import type { Player } from './player';

/**
 * Logins refused on one connection before it is closed, as OpenSSH's MaxAuthTries: a client
 * trying key after key, or signature after signature, gets no more than this.
 */
const MAX_LOGIN_FAILURES = 6;

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
  const parsed = ssh2().utils.parseKey(request.key);
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
  const key = ssh2().utils.parseKey(request.key) as ParsedKey;
  let verified = false;
  try {
    verified = key.verify(request.blob, request.signature, request.hashAlgo as string) === true;
  } catch {
    verified = false;
  }
  return verified ? null : 'the signature does not verify';
}

/** The folder name of a player's key: its SHA-256, in URL-safe base64. */
export function playerId(publicKey: Buffer): string {
  return createHash('sha256').update(publicKey).digest('base64url');
}

/** What a connection's login needs of the server. */
export interface LoginContext {
  /** The connecting client's address, for the log. */
  readonly address: string;
  /** The server's state folder: players' folders go in `players/` under it. */
  readonly stateDir: string;
  readonly log: Log;
  /** Counts a login refused (docs/serve.md, "Metrics and health"). */
  readonly refused: (reason: Refusal) => void;
  /** Whether the key of this fingerprint is banned (docs/serve.md, "The ban list"). */
  readonly bannedKey: (print: string) => boolean;
  /** Closes the connection at once. */
  readonly drop: () => void;
}

/**
 * One connection's logins: who the client is once one succeeds (a key's player, or a guest), and
 * how many it had refused.
 */
export class Login {
  /** Who logged in, once someone has. */
  player: Player | null = null;
  private failures = 0;

  constructor(private readonly context: LoginContext) {}

  /** Answers one login request of the client. */
  answer(ctx: AuthContext): void {
    if (ctx.method === 'publickey') return this.withKey(ctx);
    if (ctx.method === 'keyboard-interactive' || ctx.method === 'password') {
      this.player = { kind: 'guest' };
      return ctx.accept();
    }
    ctx.reject(['publickey', 'keyboard-interactive', 'password']);
  }

  private withKey(ctx: Extract<AuthContext, { method: 'publickey' }>): void {
    const { address, log } = this.context;
    const request = {
      algo: ctx.key.algo,
      key: ctx.key.data,
      hashAlgo: ctx.hashAlgo,
      blob: ctx.blob,
      signature: ctx.signature,
    };
    // "Would this key do?", before the client signs: any key of a type taken is a player.
    const asking = ctx.signature === undefined;
    const problem = asking ? keyProblem(request) : loginProblem(request);
    if (problem !== null) {
      const player = fingerprint(ctx.key.data);
      const fields = { address, player, event: 'login-refused' };
      log(
        warning(`a login refused: ${problem} (key ${player}, ${algorithmNamed(request)})`, fields),
      );
      this.context.refused('auth');
      if (++this.failures >= MAX_LOGIN_FAILURES) {
        log(warning(`${this.failures} logins refused: closed`, fields));
        this.context.drop();
        return;
      }
      return ctx.reject();
    }
    // A banned key ends its connection: the client gets no other login on it, not even a guest's.
    const print = fingerprint(ctx.key.data);
    if (this.context.bannedKey(print)) {
      log(
        warning(`a login refused: the key is banned (key ${print})`, {
          address,
          player: print,
          event: 'banned',
        }),
      );
      this.context.refused('banned_key');
      this.context.drop();
      return;
    }
    if (asking) return ctx.accept();
    const id = playerId(ctx.key.data);
    this.player = {
      kind: 'key',
      id,
      fingerprint: print,
      folder: path.join(this.context.stateDir, 'players', id),
    };
    return ctx.accept();
  }
}
