/**
 * Choosing a deal with `--winnable` or `--daily` (docs/deals.md, "Winnable deals"): the first deal
 * of the sequence that the solver wins, from the cache when it was found before (its winning line
 * played through the rules again), else searched for, with each candidate shown on a terminal. The
 * choosing is the host's (src/host/winnable-deal.ts); here are the options and the words.
 */
import { bySeed, type DealId, dealText } from '../engine';
import { dealName, grouped as count, printableLines } from '../notation';
import { winnableDeal as chooseDeal } from '../host/winnable-deal';
import { dailyStart, WINNABLE_POSITIONS } from '../search/winnable';
import type { GameOptions } from './options';

export type Chosen =
  | { readonly ok: true; readonly deal: DealId }
  | { readonly ok: false; readonly message: string; readonly status: 1 | 2 };

/** What of the command line's input and output the choice needs. */
export interface WinnableIo {
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly env: NodeJS.ProcessEnv;
  readonly randomSeed: () => string;
  readonly version: string;
  readonly now?: () => Date;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The deal `options` ask for: `options.choose` must be set. */
export function winnableDeal(io: WinnableIo, options: GameOptions): Chosen {
  const daily = options.choose === 'daily' ? dailyStart(io.now?.() ?? new Date()) : undefined;
  const from = daily?.from ?? options.deal ?? bySeed(io.randomSeed());
  const say = (text: string) => {
    if (io.stderr.isTTY === true) io.stderr.write(printableLines(text));
  };
  const what = daily ? `the daily deal of ${daily.daily}` : 'a deal the solver wins';
  const request = {
    from,
    rules: options.rules,
    version: io.version,
    ...(daily ? { daily: daily.daily } : {}),
  };
  const chosen = chooseDeal(io.env, request, {
    starting: () => say(`spider: finding ${what}, from ${dealName(from)} on: `),
    trying: (deal, index) => say(`${index > 0 ? ', ' : ''}${dealText(deal)}…`),
    searched: (_deal, _index, won, ms) => say(`${won ? ' won' : ' not won'} (${seconds(ms)})`),
  });
  if (chosen.chosen) {
    if (chosen.searched) say('.\n');
    return { ok: true, deal: chosen.deal };
  }
  say('\n');
  const tried =
    chosen.tries === 1
      ? `the solver did not win the one deal from ${dealName(from)} on`
      : `the solver won none of the ${count(chosen.tries)} deals from ${dealName(from)} on`;
  return chosen.why === 'sequence-ended'
    ? {
        ok: false,
        message: `--winnable: ${tried}, and the next would not be a valid deal; try another seed`,
        status: 2,
      }
    : {
        ok: false,
        message: `--winnable: ${tried} within ${count(WINNABLE_POSITIONS)} positions each; try another seed`,
        status: 1,
      };
}
