/**
 * Winnable deals kept on disk for the process (src/host/winnable-deal.ts): a deal found is kept
 * in the cache with its line in notation, and the same request is answered from it.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { bySeed } from '../../src/engine';
import { winnableCache, winnableDeal } from '../../src/host/winnable-deal';
import { winnableKey } from '../../src/search';

let home: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-winnable-'));
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

it('keeps a deal found, and answers the same request from the cache', () => {
  const env = { HOME: home, XDG_CACHE_HOME: path.join(home, 'cache') };
  const request = {
    from: bySeed('1'),
    rules: { suits: 1, relaxed: 0, keepSuits: false } as const,
    version: '1.2.3',
  };
  const first = winnableDeal(env, request);
  expect(first).toMatchObject({ chosen: true, searched: true });
  const kept = winnableCache(env).get(winnableKey(request));
  expect(kept?.deal).toBe('1');
  const text = fs.readFileSync(path.join(home, 'cache', 'spider', 'winnable.jsonl'), 'utf8');
  expect(JSON.parse(text)).toMatchObject({ key: winnableKey(request), deal: '1' });
  expect(winnableDeal(env, request)).toEqual({ ...first, searched: false });
});

it('takes an entry whose line does not parse for none', () => {
  const env = { HOME: home, XDG_CACHE_HOME: path.join(home, 'cache') };
  const folder = path.join(home, 'cache', 'spider');
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.writeFileSync(
    path.join(folder, 'winnable.jsonl'),
    `${JSON.stringify({ key: 'k', deal: '1', line: ['not an action'] })}\n`,
    { mode: 0o600 },
  );
  expect(winnableCache(env).get('k')).toBeNull();
});
