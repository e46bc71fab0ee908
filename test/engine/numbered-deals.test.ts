/**
 * Numbered deals of other programs (docs/deals.md, "Numbered deals: the same deal as in PySolFC or
 * KPat"): every deal PySolFC's and KPat's own code produced (test/fixtures/deal-vectors.json) comes
 * out card for card, and every deal of every scheme holds the same cards as a seed's deal.
 */
import * as fc from 'fast-check';
import {
  cardCode,
  type DealId,
  dealPosition,
  DEFAULT_RULES,
  parseDeal,
  rankOf,
  SCHEMES,
  stockCards,
  suitOf,
  type SuitCount,
} from '../../src/engine';
import { PythonRandom } from '../../src/engine/deals/mt19937';
import { Lcg } from '../../src/engine/deals/lcg';
import * as fs from 'fs';
import * as path from 'path';

interface Vector {
  deal: string;
  suits: SuitCount;
  columns: { down: string[]; up: string[] }[];
  stockCards: string[];
}

const vectors = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'deal-vectors.json'), 'utf8'),
) as { deals: Record<string, Vector> };
const DEALS = Object.entries(vectors.deals);

function shown(deal: DealId, suits: SuitCount) {
  const position = dealPosition(deal, { ...DEFAULT_RULES, suits });
  return {
    columns: position.columns.map((c) => ({
      down: c.cards.slice(0, c.hidden).map(cardCode),
      up: c.cards.slice(c.hidden).map(cardCode),
    })),
    stockCards: stockCards(position).map(cardCode),
  };
}

it('has the 39 deals the two programs made', () => {
  expect(DEALS).toHaveLength(39);
});

it.each(DEALS)('deals %s as the program did', (_name, vector) => {
  const parsed = parseDeal(vector.deal);
  if (!parsed.ok) throw new Error(parsed.reason);
  expect(shown(parsed.deal, vector.suits)).toEqual({
    columns: vector.columns,
    stockCards: vector.stockCards,
  });
});

describe('the generators', () => {
  it('the LCG gives the C library rand() sequence', () => {
    // rand() after srand(1): the first values every C programmer has seen.
    const lcg = new Lcg(1);
    expect([lcg.next(), lcg.next(), lcg.next(), lcg.next()]).toEqual([41, 18467, 6334, 26500]);
  });

  it("the Mersenne Twister gives CPython's random.Random(n) values", () => {
    // From CPython: random.Random(12345678901234567890).getrandbits(32) three times, and
    // random.Random(100000).random().
    const r = new PythonRandom(12345678901234567890n);
    expect([r.next32(), r.next32(), r.next32()]).toEqual([2199100970, 3695432519, 4002396509]);
    expect(new PythonRandom(100000n).random()).toBe(0.09340878192995006);
  });
});

describe('deal names', () => {
  it.each([
    ['pysol:1', { scheme: 'pysol', key: '1' }],
    ['pysol:99999999999999999999', { scheme: 'pysol', key: '99999999999999999999' }],
    ['kpat:2147483647', { scheme: 'kpat', key: '2147483647' }],
  ])('takes %s', (text, deal) => {
    expect(parseDeal(text)).toEqual({ ok: true, deal });
  });

  it.each([
    ['pysol:0', /PySolFC game numbers are whole numbers from 1 to 99999999999999999999/],
    ['pysol:100000000000000000000', /from 1 to 99999999999999999999/],
    ['pysol:007', /without leading zeros/],
    ['pysol:-5', /whole numbers/],
    ['pysol:1.5', /whole numbers/],
    ['pysol:', /whole numbers/],
    ['kpat:0', /KPat game numbers are whole numbers from 1 to 2147483647/],
    ['kpat:2147483648', /from 1 to 2147483647/],
    ['freecell:5', /^a deal is pysol:N or kpat:N$/],
    ['seed:5', /a deal is pysol:N or kpat:N/],
    ['14934', /a deal is pysol:N or kpat:N/],
  ])('refuses %s', (text, reason) => {
    const parsed = parseDeal(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });
});

describe('every scheme deals the cards of the suit set', () => {
  /**
   * How often each card of each suit in the deal appears, whatever the suits are: PySolFC deals
   * a 1-suit game in clubs and a 2-suit game in clubs and hearts, where seeds use spades, and
   * spades and hearts.
   */
  const shape = (deal: DealId, suits: SuitCount) => {
    const position = dealPosition(deal, { ...DEFAULT_RULES, suits });
    const cards = [...position.columns.flatMap((c) => c.cards), ...stockCards(position)];
    const bySuit = new Map<number, number[]>();
    for (const card of cards) {
      const counts = bySuit.get(suitOf(card)) ?? Array<number>(14).fill(0);
      counts[rankOf(card)]++;
      bySuit.set(suitOf(card), counts);
    }
    return [...bySuit.values()];
  };
  const suits = fc.constantFrom<SuitCount>(1, 2, 4);
  const numbered = fc.oneof(
    fc
      .bigInt({ min: 1n, max: 99999999999999999999n })
      .map((n) => ({ scheme: 'pysol' as const, key: String(n) })),
    fc
      .integer({ min: 1, max: 2147483647 })
      .map((n) => ({ scheme: 'kpat' as const, key: String(n) })),
  );

  it('holds each card of its suits exactly as often as a seed deal does, layout and stock together', () => {
    fc.assert(
      fc.property(suits, numbered, (s, deal) => {
        expect(shape(deal, s)).toEqual(shape({ scheme: 'seed', key: '1' }, s));
      }),
      { numRuns: 300 },
    );
  });

  it('lays out 54 cards (one face up per column) and a stock of 50', () => {
    for (const scheme of Object.values(SCHEMES)) {
      const deal = { scheme: scheme.name, key: '31999' };
      const position = dealPosition(deal, DEFAULT_RULES);
      expect(position.columns.map((c) => c.cards.length - c.hidden)).toEqual(Array(10).fill(1));
      expect(position.columns.reduce((n, c) => n + c.cards.length, 0)).toBe(54);
      expect(stockCards(position)).toHaveLength(50);
    }
  });
});
