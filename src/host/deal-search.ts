/**
 * Deals searched for from the game's new-game panel (docs/playing.md, "A new game"): the daily
 * deal or a winnable one, found on the solver's thread (with the deals found before kept in its
 * cache, src/host/winnable-deal.ts), so that the game, and a server's other players, never wait.
 */
import { bySeed } from '../engine';
import { dealName } from '../notation';
import type { JobRunner } from '../search';
import { dailyStart } from '../search/winnable';
import type { DealId, Rules } from '../engine';

/** A deal to search for: the daily deal or a winnable one, for these rules. */
export interface DealWanted {
  readonly choose: 'daily' | 'winnable';
  readonly rules: Rules;
  /** Where a winnable deal is searched from (the first winnable from there on); else at random. */
  readonly from?: DealId;
}

/** What the search for a deal answered: the deal, or why none was found. */
export type FoundDeal =
  { readonly ok: true; readonly deal: DealId } | { readonly ok: false; readonly message: string };

/** How long a search may run before the panel says so: several times the usual 1 to 2 s. */
export const DEAL_SEARCH_MS = 60_000;

export interface DealSearchOptions {
  readonly solver: JobRunner;
  /** The program's version: the cache keeps deals per version (docs/deals.md, "Winnable deals"). */
  readonly version: string;
  readonly randomSeed: () => string;
  readonly now?: () => Date;
}

/** The game loop's `findDeal`: starts the search, answers `done` once, returns its cancel. */
export function dealSearch(options: DealSearchOptions) {
  return (wanted: DealWanted, done: (found: FoundDeal) => void): (() => void) => {
    const daily = wanted.choose === 'daily' ? dailyStart(options.now?.() ?? new Date()) : undefined;
    const from = daily?.from ?? wanted.from ?? bySeed(options.randomSeed());
    const request = {
      from,
      rules: wanted.rules,
      version: options.version,
      ...(daily ? { daily: daily.daily } : {}),
    };
    return options.solver.run(
      { kind: 'winnable-deal', request, timeMs: DEAL_SEARCH_MS },
      (result) => {
        if (result.kind !== 'winnable-deal') {
          const why = result.kind === 'failed' ? result.reason : 'the solver answered otherwise';
          done({ ok: false, message: `No deal was found: ${why}.` });
        } else if (result.choice.chosen) done({ ok: true, deal: result.choice.deal });
        else
          done({
            ok: false,
            message:
              result.choice.why === 'stopped'
                ? `No winnable deal was found within ${DEAL_SEARCH_MS / 1000} s; Enter tries again.`
                : `The solver won none of the deals from ${dealName(from)} on; Enter tries others.`,
          });
      },
    );
  };
}
