/**
 * Deals by scheme (docs/deals.md, "Deals"): the seed scheme and the numbered deals of other
 * programs.
 */
import type { Card } from '../cards';
import type { Position } from '../position';
import type { Rules } from '../rules';
import { kpatScheme } from './kpat';
import { pysolScheme } from './pysol';
import { type DealId, type DealScheme, dealWith, type SchemeName } from './scheme';
import { seedScheme } from './seed';

export type { DealId, DealOrigin, DealScheme, SchemeName } from './scheme';
export { MAX_SEED_LENGTH } from './seed';

export const SCHEMES: Readonly<Record<SchemeName, DealScheme>> = {
  seed: seedScheme,
  pysol: pysolScheme,
  kpat: kpatScheme,
};

/** The schemes `--deal SCHEME:N` takes: every one but the seed scheme. */
export const NUMBERED_SCHEMES: readonly SchemeName[] = (
  Object.keys(SCHEMES) as SchemeName[]
).filter((s) => s !== 'seed');

/** A deal by seed string. */
export const bySeed = (seed: string): DealId => ({ scheme: 'seed', key: seed });

/** A deal, given as one or as a seed string. */
export const toDeal = (deal: DealId | string): DealId =>
  typeof deal === 'string' ? bySeed(deal) : deal;

/**
 * A numbered deal from its text `SCHEME:N`, or why the text is not one (an unknown scheme, a
 * number out of range or with leading zeros).
 */
export function parseDeal(
  text: string,
): { ok: true; deal: DealId } | { ok: false; reason: string } {
  const at = text.indexOf(':');
  const scheme = text.slice(0, at) as SchemeName;
  const known = NUMBERED_SCHEMES.map((s) => `${s}:N`).join(' or ');
  if (at < 0 || !NUMBERED_SCHEMES.includes(scheme))
    return { ok: false, reason: `a deal is ${known}` }; // the caller shows the text, made printable
  const key = text.slice(at + 1);
  const problem = SCHEMES[scheme].check(key);
  return problem ? { ok: false, reason: problem } : { ok: true, deal: { scheme, key } };
}

/** A deal's text: the seed itself, or `SCHEME:N`. */
export function dealText(deal: DealId): string {
  return deal.scheme === 'seed' ? deal.key : `${deal.scheme}:${deal.key}`;
}

/** Whether two deals are the same. */
export function sameDeal(a: DealId, b: DealId): boolean {
  return a.scheme === b.scheme && a.key === b.key;
}

/** The starting position of a deal (its key must pass its scheme's check). */
export function dealPosition(deal: DealId | string, rules: Rules): Position {
  const { scheme, key } = toDeal(deal);
  return dealWith(SCHEMES[scheme], key, rules);
}

/** The 104 cards a deal is played with, before shuffling: which suits, twice over or more. */
export function deckOf(deal: DealId | string, rules: Pick<Rules, 'suits'>): Card[] {
  return SCHEMES[toDeal(deal).scheme].deck(rules.suits);
}

/** The 104 cards of a deal in shuffled order (before they are laid out). */
export function shuffledDeck(deal: DealId | string, rules: Pick<Rules, 'suits'>): Card[] {
  const { scheme, key } = toDeal(deal);
  return SCHEMES[scheme].shuffle(SCHEMES[scheme].deck(rules.suits), key);
}
