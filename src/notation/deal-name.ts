import { type DealId, dealText, MAX_SEED_LENGTH } from '../engine';
import { printable } from './printable';

/** How a deal is named to the player: `seed 42` or `deal pysol:14934` (a seed made printable). */
export function dealName(deal: DealId): string {
  return deal.scheme === 'seed'
    ? `seed ${printable(deal.key, MAX_SEED_LENGTH)}`
    : `deal ${dealText(deal)}`;
}

/** The same name starting a sentence: `Seed 42`, `Deal kpat:7`. */
export function DealName(deal: DealId): string {
  const name = dealName(deal);
  return name[0].toUpperCase() + name.slice(1);
}

/** The option that asks for the deal on the command line: `--seed S` or `--deal SCHEME:N`. */
export function dealOption(deal: DealId): [option: string, value: string] {
  return deal.scheme === 'seed' ? ['--seed', deal.key] : ['--deal', dealText(deal)];
}

/**
 * What a deal the program chose is (docs/deals.md, "Winnable deals"):
 * `proven winnable (from seed 42)`, `daily deal of 2026-11-23, proven winnable`; empty for a deal
 * named directly.
 */
export function originName(deal: DealId): string {
  const origin = deal.origin;
  if (origin === undefined) return '';
  if (origin.daily !== undefined) return `daily deal of ${origin.daily}, proven winnable`;
  const same = origin.from.scheme === deal.scheme && origin.from.key === deal.key;
  return same ? 'proven winnable' : `proven winnable (from ${dealName(origin.from)})`;
}

/** The deal's name followed by its origin, if any: `seed 43, proven winnable (from seed 42)`. */
export function dealNameWithOrigin(deal: DealId): string {
  const origin = originName(deal);
  return origin === '' ? dealName(deal) : `${dealName(deal)}, ${origin}`;
}
