/**
 * Choosing a deal with `--winnable` or `--daily` (docs/deals.md, "Winnable deals"): the first deal
 * of the sequence that the solver wins, from the cache when it was found before (its winning line
 * played through the rules again), else searched for, with each candidate shown on a terminal.
 */
import { apply, bySeed, type DealId, dealPosition, dealText, isWon, SCHEMES } from '../engine';
import { dealName, formatAction, grouped as count, parseAction, printableLines } from '../notation';
import * as search from '../search';
import { cachedDeal, cacheDeal } from '../store/winnable-cache';
import type { CliIo } from './kit';
import type { GameOptions } from './options';

export type Chosen =
  | { readonly ok: true; readonly deal: DealId }
  | { readonly ok: false; readonly message: string; readonly status: 1 | 2 };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Whether the line, in notation, wins the deal by the rules. */
function winsBy(deal: DealId, rules: GameOptions['rules'], tokens: readonly string[]): boolean {
  let position = dealPosition(deal, rules);
  for (const token of tokens) {
    const action = parseAction(token);
    const outcome = action && apply(position, action);
    if (!outcome?.ok) return false;
    position = outcome.position;
  }
  return isWon(position);
}

/** The deal `options` ask for: `options.choose` must be set. */
export function winnableDeal(io: CliIo, options: GameOptions): Chosen {
  const daily =
    options.choose === 'daily' ? search.dailyStart(io.now?.() ?? new Date()) : undefined;
  const from = daily?.from ?? options.deal ?? bySeed(io.randomSeed());
  const origin = daily ? { from, daily: daily.daily } : { from };
  const { suits, relaxed, keepSuits } = options.rules;
  const key =
    `spider ${io.version}; ${search.WINNABLE_POSITIONS} positions; ` +
    `suits ${suits}, relaxed ${relaxed}, keep-suits ${keepSuits}; from ${from.scheme}:${from.key}`;

  const cached = cachedDeal(io.env, key);
  if (cached !== null && SCHEMES[from.scheme].check(cached.deal) === null) {
    const deal = { scheme: from.scheme, key: cached.deal };
    if (winsBy(deal, options.rules, cached.line)) return { ok: true, deal: { ...deal, origin } };
  }

  const say = (text: string) => {
    if (io.stderr.isTTY === true) io.stderr.write(printableLines(text));
  };
  const what = daily ? `the daily deal of ${daily.daily}` : 'a deal the solver wins';
  say(`spider: finding ${what}, from ${dealName(from)} on: `);
  const found = search.findWinnable(from, options.rules, {
    ...(daily ? { daily: daily.daily } : {}),
    trying: (deal, index) => say(`${index > 0 ? ', ' : ''}${dealText(deal)}…`),
    searched: (_deal, _index, won, ms) => say(`${won ? ' won' : ' not won'} (${seconds(ms)})`),
  });
  say(found.found ? '.\n' : '\n');
  if (found.found) {
    const line = found.line.map(formatAction);
    cacheDeal(io.env, key, { deal: found.deal.key, line });
    return { ok: true, deal: found.deal };
  }
  const tries = found.skipped.length;
  const tried =
    tries === 1
      ? `the solver did not win the one deal from ${dealName(from)} on`
      : `the solver won none of the ${count(tries)} deals from ${dealName(from)} on`;
  return found.why === 'sequence-ended'
    ? {
        ok: false,
        message: `--winnable: ${tried}, and the next would not be a valid deal; try another seed`,
        status: 2,
      }
    : {
        ok: false,
        message: `--winnable: ${tried} within ${count(search.WINNABLE_POSITIONS)} positions each; try another seed`,
        status: 1,
      };
}
