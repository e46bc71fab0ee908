import { SUIT_LENGTH } from './cards';
import { continuesRun, INITIAL_HIDDEN, type Position } from './position';
import { isWon } from './status';

/** The three scores; all are always computed and the player chooses which one is shown. */
export interface Scores {
  readonly woods: number;
  readonly microsoft: number;
  readonly aisleriot: number;
}

export type ScoringName = keyof Scores;

export const SCORING_NAMES: readonly ScoringName[] = ['woods', 'microsoft', 'aisleriot'];

/** What the scores are made of, counted once over the tableau. */
interface Tally {
  /** Face-up cards lying directly on the face-up next-higher card of their suit. */
  pairs: number;
  /** Complete suits (13 face-up cards king to ace of one suit) still in the tableau. */
  suitsInTableau: number;
  /** Columns with no face-down card, empty ones included. */
  clearedColumns: number;
  hidden: number;
}

function tally(position: Position): Tally {
  const t: Tally = { pairs: 0, suitsInTableau: 0, clearedColumns: 0, hidden: 0 };
  for (const { cards, hidden } of position.columns) {
    t.hidden += hidden;
    if (hidden === 0) t.clearedColumns++;
    let runLength = 1; // length of the same-suit descending run ending at card i
    for (let i = hidden + 1; i < cards.length; i++) {
      if (continuesRun(cards[i - 1], cards[i])) {
        t.pairs++;
        runLength++;
        if (runLength === SUIT_LENGTH) t.suitsInTableau++; // ranks bound a run to 13 cards
      } else {
        runLength = 1;
      }
    }
  }
  return t;
}

/** Woods (1989) and xpat2: 990 for a normal win, 1000 for a win with all eight suits kept. */
function woods(position: Position, t: Tally): number {
  const suits = position.foundations.length + t.suitsInTableau;
  let score =
    10 * (INITIAL_HIDDEN - t.hidden) +
    15 * t.clearedColumns +
    50 * suits +
    2 * (t.pairs - (SUIT_LENGTH - 1) * t.suitsInTableau);
  if (t.suitsInTableau >= 4 && isWon(position)) score += 2 * (t.suitsInTableau - 3);
  return score;
}

/**
 * All three scores of a position. `actions` counts every move, deal, remove and undo played so
 * far (Microsoft's score charges one point for each).
 */
export function scores(position: Position, actions: number): Scores {
  const t = tally(position);
  const removed = position.foundations.length;
  return {
    woods: woods(position, t),
    microsoft: Math.max(0, 500 - actions + 100 * removed),
    aisleriot: t.pairs + (SUIT_LENGTH - 1) * removed,
  };
}
