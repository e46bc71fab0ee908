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
