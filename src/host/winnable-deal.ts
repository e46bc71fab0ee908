/**
 * Choosing a winnable deal for this process (docs/deals.md, "Winnable deals"): the search beside
 * the solver (`chooseWinnable`), with deals found before kept on disk in the cache of
 * src/store/winnable-cache.ts, their winning lines in notation. Any game of the process may ask:
 * the command line's --winnable and --daily do.
 */
import type { Action } from '../engine';
import { formatAction, parseAction } from '../notation';
import {
  chooseWinnable,
  type WinnableCache,
  type WinnableChoice,
  type WinnableProgress,
  type WinnableRequest,
} from '../search/winnable';
import { cachedDeal, cacheDeal } from '../store/winnable-cache';

/** The cache on disk for the environment `env`; an entry whose line does not parse is none. */
export function winnableCache(env: NodeJS.ProcessEnv): WinnableCache {
  return {
    get(key) {
      const cached = cachedDeal(env, key);
      if (cached === null) return null;
      const line: Action[] = [];
      for (const token of cached.line) {
        const action = parseAction(token);
        if (action === null) return null;
        line.push(action);
      }
      return { deal: cached.deal, line };
    },
    put(key, deal, line) {
      cacheDeal(env, key, { deal, line: line.map(formatAction) });
    },
  };
}

/** The winnable deal `request` asks for, from the cache of `env` or searched for now. */
export function winnableDeal(
  env: NodeJS.ProcessEnv,
  request: WinnableRequest,
  progress: WinnableProgress & { starting?(): void } = {},
): WinnableChoice {
  return chooseWinnable(request, winnableCache(env), progress);
}
