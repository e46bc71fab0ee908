/**
 * The benchmark's peek (docs/measurements.md, "What was measured"): worlds that hold the real
 * game's hidden cards where asked, to measure what seeing them is worth to the player. Never in
 * play.
 */
import seedrandom from 'seedrandom';
import { newGame, play, type Position } from '../../src/engine';
import { deckOf } from '../../src/engine/deals';
import { parseAction } from '../../src/notation';
import { unseenCards, viewOf } from '../../src/search';
import { type Peek, peekingDraw } from '../../bench/fairgames';
import { card, position } from '../helpers/build';

/** PySolFC's 4-suit game 5001 after its first deal: cards face down, in the stock, and dealt. */
function dealtOnce(): Position {
  const game = newGame(
    { scheme: 'pysol', key: '5001' },
    { suits: 4, relaxed: 0, keepSuits: false },
  );
  const dealt = play(game, parseAction('d')!);
  if (!dealt.ok) throw new Error('the deal was refused');
  return dealt.game.position;
}

const down = (p: Position) => p.columns.map((column) => column.cards.slice(0, column.hidden));
const undealt = (p: Position) => p.stock.slice(p.dealt * 10);
const hidden = (p: Position) => [...down(p).flat(), ...undealt(p)].sort((a, b) => a - b);

describe('a peeking draw', () => {
  const real = dealtOnce();
  const deck = deckOf({ scheme: 'pysol', key: '5001' }, real.rules);
  const view = viewOf(real, deck);

  it.each<Peek>(['down', 'stock', 'all', 'next'])('with %s, fits what the player sees', (peek) => {
    const world = peekingDraw(() => real, peek)(view, seedrandom(peek));
    expect(viewOf(world, deck)).toEqual(view);
    expect(hidden(world)).toEqual([...unseenCards(view)].sort((a, b) => a - b));
  });

  it('holds the real cards where it peeks, and shuffles the others', () => {
    const random = seedrandom('peek');
    const draws = (peek: Peek) =>
      Array.from({ length: 4 }, () => peekingDraw(() => real, peek)(view, random));
    for (const world of draws('all')) {
      expect(down(world)).toEqual(down(real));
      expect(undealt(world)).toEqual(undealt(real));
    }
    const downOnly = draws('down');
    for (const world of downOnly) expect(down(world)).toEqual(down(real));
    expect(downOnly.some((world) => `${undealt(world)}` !== `${undealt(real)}`)).toBe(true);
    const stockOnly = draws('stock');
    for (const world of stockOnly) expect(undealt(world)).toEqual(undealt(real));
    expect(stockOnly.some((world) => `${down(world)}` !== `${down(real)}`)).toBe(true);
  });

  it("with next, holds the real card on top of each column's face-down ones, and only those", () => {
    const random = seedrandom('next');
    const nextOf = (p: Position) => down(p).map((cards) => cards[cards.length - 1]);
    const below = (p: Position) => down(p).map((cards) => cards.slice(0, -1));
    const worlds = Array.from({ length: 4 }, () => peekingDraw(() => real, 'next')(view, random));
    for (const world of worlds) expect(nextOf(world)).toEqual(nextOf(real));
    expect(worlds.some((world) => `${below(world)}` !== `${below(real)}`)).toBe(true);
    expect(worlds.some((world) => `${undealt(world)}` !== `${undealt(real)}`)).toBe(true);
  });

  it('reads the real game as it is at each draw', () => {
    const start = newGame({ scheme: 'pysol', key: '5001' }, real.rules).position;
    let now = start;
    const draw = peekingDraw(() => now, 'all');
    const random = seedrandom('now');
    expect(down(draw(viewOf(start, deck), random))).toEqual(down(start));
    now = real;
    const later = draw(viewOf(real, deck), random);
    expect(down(later)).toEqual(down(real));
    expect(undealt(later)).toEqual(undealt(real));
  });

  it('fits a game with no stock left and suits removed', () => {
    // Six spade suits removed and 20 cards in five columns, 8 of them face down; the deck is
    // what the position holds.
    const dealt = position({
      columns: ['Ks Qs | Js Ts 9s', '8s 7s 6s | 5s', 'Ks | 4s 3s 2s As', 'Qs Js | Ts', '9s 8s 7s'],
      foundations: 'ssssss',
      rules: { suits: 1 },
    });
    const spades = 'A23456789TJQK'.split('').map((rank) => card(`${rank}s`));
    const fullDeck = [
      ...dealt.columns.flatMap((column) => column.cards),
      ...Array.from({ length: 6 }, () => spades).flat(),
    ];
    const seen = viewOf(dealt, fullDeck);
    for (const peek of ['down', 'stock', 'all', 'next'] as const) {
      const world = peekingDraw(() => dealt, peek)(seen, seedrandom(peek));
      expect(viewOf(world, fullDeck)).toEqual(seen);
      expect(undealt(world)).toEqual([]);
      if (peek === 'down' || peek === 'all') expect(down(world)).toEqual(down(dealt));
    }
  });
});
