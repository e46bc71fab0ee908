import {
  type Card,
  cardLabel,
  COLUMN_COUNT,
  DEAL_SIZE,
  type Game,
  gameScores,
  isRed,
  suitOf,
  stockCards,
  suitLabel,
} from '../engine';
import {
  asciiOnly,
  dealNameWithOrigin,
  grouped,
  paintFor,
  printedStatus,
  rulesSummary,
} from '../notation';
import type { DisplayOptions } from './options';

/** Characters per column in the text board: room for a revealed face-down card `(10♦)`. */
const CELL = 6;

/**
 * The position of a game as readable text, for `spider deal` and `spider replay`: a header with
 * the seed, rules, stock and scores, then the ten columns side by side, deepest card first.
 */
export function boardText(game: Game, display: DisplayOptions, reveal: boolean): string {
  const paint = paintFor(display.color);
  const position = game.position;
  const scores = gameScores(game);
  const stock = stockCards(position);
  const removed = position.foundations.map((s) => suitLabel(s, display.ascii)).join(' ') || 'none';
  const deals = stock.length / DEAL_SIZE;
  // On a terminal that is not UTF-8, a seed's characters beyond ASCII show as ? (docs/deals.md,
  // "Seeds on screen"), as the cards' suits show as letters.
  const named = dealNameWithOrigin(game.deal);
  const name = display.ascii ? asciiOnly(named) : named;
  const { status, undecided } = printedStatus(game);
  const stated =
    undecided === undefined
      ? status
      : `${status} (not decided within ${grouped(undecided)} positions)`;
  const lines = [
    `Spider  ${name}  (${rulesSummary(game.rules)})`,
    `Stock: ${deals} deal${deals === 1 ? '' : 's'} left   Removed: ${removed}   Actions: ${game.actions}   Status: ${stated}`,
    `Score: ${scores[display.scoring]} (${display.scoring})   woods ${scores.woods}, microsoft ${scores.microsoft}, aisleriot ${scores.aisleriot}`,
    '',
  ];

  const label = (card: Card, faceDown: boolean): string => {
    const text = faceDown ? `(${cardLabel(card, display.ascii)})` : cardLabel(card, display.ascii);
    const cell = text.padStart(CELL - 1);
    if (faceDown) return paint('dim', cell);
    if (display.fourColor)
      return [cell, paint('red', cell), paint('blue', cell), paint('green', cell)][suitOf(card)];
    return isRed(card) ? paint('red', cell) : cell;
  };
  const hiddenCell = paint('dim', '##'.padStart(CELL - 1));

  lines.push(
    Array.from({ length: COLUMN_COUNT }, (_, c) => String(c + 1).padStart(CELL - 1)).join(' '),
  );
  const height = Math.max(...position.columns.map((column) => column.cards.length));
  for (let row = 0; row < height; row++) {
    const cells = position.columns.map((column) => {
      if (row >= column.cards.length) return ' '.repeat(CELL - 1);
      if (row < column.hidden) return reveal ? label(column.cards[row], true) : hiddenCell;
      return label(column.cards[row], false);
    });
    lines.push(cells.join(' ').trimEnd());
  }
  if (height === 0) lines.push('(the tableau is empty)');
  if (reveal && stock.length > 0) {
    lines.push('', 'Stock, next deal first:');
    for (let d = 0; d < stock.length; d += DEAL_SIZE) {
      lines.push(
        stock
          .slice(d, d + DEAL_SIZE)
          .map((card) => label(card, false))
          .join(' '),
      );
    }
  }
  return lines.join('\n') + '\n';
}
