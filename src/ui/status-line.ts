/**
 * The status line (docs/playing.md, "The status line"): the deal and its rules on the left; the
 * score, named, the moves, the deals left, the suits removed and the clock on the right. Where
 * the terminal is narrow it takes the first of its forms that fits, longest first (`STATUS_FORMS`);
 * the last one cuts the deal's name short with a mark rather than let the two sides meet.
 */
import {
  DEAL_SIZE,
  gameScores,
  movesKept,
  type ScoringName,
  stockLeft,
  suitLabel,
} from '../engine';
import { dealName, textWidth } from '../notation';
import { formatDuration } from '../stats';
import type { Board } from './board-geometry';
import type { Frame } from './frame';
import type { UiState } from './state';

/** How each piece of the status line is written in one of its forms; null leaves it out. */
export interface StatusForm {
  /** "Spider" first. */
  readonly title: boolean;
  /** `proven winnable`, `winnable`. */
  readonly proven: 'long' | 'short' | null;
  /** `4 suits, relaxed 3, keep suits`, `4s r3 k`. */
  readonly rules: 'long' | 'short' | null;
  /** `Woods score 990`, `score 990`, `990`. */
  readonly score: 'named' | 'word' | 'bare';
  /** `moves 12  deals 5  done ♠♥`, `moves 12  deals 5  ♠♥`, `m12  d5  ♠♥`. */
  readonly figures: 'long' | 'done-bare' | 'short';
  /** `time 1:23`, `1:23`. */
  readonly clock: 'long' | 'short' | null;
}

const FULL: StatusForm = {
  title: true,
  proven: 'long',
  rules: 'long',
  score: 'named',
  figures: 'long',
  clock: 'long',
};

/**
 * The forms of the status line, longest first: each gives up one thing more than the one before,
 * in this order: the title; the rules in short; "proven" of a winnable deal; the score's name; the
 * words "time" and "done"; the rules (`s` and the help show them); the words "moves" and "deals"
 * (as m and d); "winnable"; the clock (the win panel and the exit text still say the time); and
 * last the word "score". Only then is the deal's name cut.
 */
export const STATUS_FORMS: readonly StatusForm[] = [
  FULL,
  { ...FULL, title: false },
  { ...FULL, title: false, rules: 'short' },
  { ...FULL, title: false, rules: 'short', proven: 'short' },
  { ...FULL, title: false, rules: 'short', proven: 'short', score: 'word' },
  {
    ...FULL,
    title: false,
    rules: 'short',
    proven: 'short',
    score: 'word',
    figures: 'done-bare',
    clock: 'short',
  },
  {
    ...FULL,
    title: false,
    rules: null,
    proven: 'short',
    score: 'word',
    figures: 'done-bare',
    clock: 'short',
  },
  { title: false, rules: null, proven: 'short', score: 'word', figures: 'short', clock: 'short' },
  { title: false, rules: null, proven: null, score: 'word', figures: 'short', clock: 'short' },
  { title: false, rules: null, proven: null, score: 'word', figures: 'short', clock: null },
  { title: false, rules: null, proven: null, score: 'bare', figures: 'short', clock: null },
];

const SCORE_NAMES: Record<ScoringName, string> = {
  woods: 'Woods',
  microsoft: 'Microsoft',
  aisleriot: 'Aisleriot',
};

/** What the status line says, whichever its form: worked out once a frame. */
interface StatusFacts {
  readonly name: string;
  /** Of a deal found winnable by a search, not the daily deal's (which says no more). */
  readonly winnable: boolean;
  readonly rules: UiState['game']['rules'];
  readonly score: number;
  readonly moves: number;
  readonly dealsLeft: number;
  readonly done: string;
  /** The time played, as the clock shows it; null when it is not shown. */
  readonly time: string | null;
}

function statusFacts(state: UiState): StatusFacts {
  const { game, theme, scoring } = state;
  // The daily deal is named by its date (always proven winnable, it says no more); its seed is in
  // the opening message, the help and the exit text.
  const origin = game.deal.origin;
  const daily = origin?.daily !== undefined;
  return {
    name: daily ? `daily ${origin.daily}` : dealName(game.deal),
    winnable: origin !== undefined && !daily,
    rules: game.rules,
    score: gameScores(game)[scoring],
    moves: movesKept(game),
    dealsLeft: stockLeft(game.position) / DEAL_SIZE,
    done: game.position.foundations.map((s) => suitLabel(s, theme.ascii)).join(''),
    time: state.clockShown && state.playedMs !== null ? formatDuration(state.playedMs) : null,
  };
}

/** The two sides of the status line in one form, and which piece on the right deals. */
export function statusText(
  state: UiState,
  form: StatusForm,
): { left: string; right: string; deals: { at: number; width: number } } {
  return formText(statusFacts(state), form, state.scoring);
}

function formText(
  facts: StatusFacts,
  form: StatusForm,
  scoring: ScoringName,
): { left: string; right: string; deals: { at: number; width: number } } {
  const { rules, score, moves, dealsLeft, done } = facts;
  const proven = facts.winnable ? form.proven : null;
  const suits = `${rules.suits} suit${rules.suits > 1 ? 's' : ''}`;
  const left = [
    form.title ? 'Spider' : '',
    facts.name,
    proven === 'long' ? 'proven winnable' : proven === 'short' ? 'winnable' : '',
    form.rules === 'long'
      ? `${suits}, relaxed ${rules.relaxed}${rules.keepSuits ? ', keep suits' : ''}`
      : form.rules === 'short'
        ? `${rules.suits}s r${rules.relaxed}${rules.keepSuits ? ' k' : ''}`
        : '',
  ];
  const short = form.figures === 'short';
  const deals = short ? `d${dealsLeft}` : `deals ${dealsLeft}`;
  const time =
    facts.time !== null && form.clock !== null
      ? `${form.clock === 'long' ? 'time ' : ''}${facts.time}`
      : '';
  const first = [
    form.score === 'named'
      ? `${SCORE_NAMES[scoring]} score ${score}`
      : form.score === 'word'
        ? `score ${score}`
        : String(score),
    short ? `m${moves}` : `moves ${moves}`,
  ];
  const right = [...first, deals, done && form.figures === 'long' ? `done ${done}` : done, time];
  const join = (pieces: string[]) => pieces.filter(Boolean).join('  ');
  // The score and the moves are never left out: the deals piece comes after them.
  const at = textWidth(join(first)) + 2;
  return { left: join(left), right: join(right), deals: { at, width: deals.length } };
}

/** What ends a text cut short: one column, ASCII where the theme is. */
const cutMark = (state: UiState) => (state.theme.ascii ? '>' : '…');

/**
 * Draws the status line in the first form that fits, or else the last with the deal's name cut;
 * answers where the deals-left piece is, which a click deals from.
 */
export function drawStatusLine(frame: Frame, state: UiState): Board['stock'] {
  // Each form is made only when the ones before it do not fit: a frame mostly needs one or two.
  const facts = statusFacts(state);
  let text = formText(facts, STATUS_FORMS[0], state.scoring);
  for (let i = 1; textWidth(text.left) + 2 + textWidth(text.right) > frame.width; i++) {
    if (i === STATUS_FORMS.length) break; // the last, with the deal's name cut
    text = formText(facts, STATUS_FORMS[i], state.scoring);
  }
  const { left, right, deals } = text;
  const rightX = Math.max(0, frame.width - textWidth(right));
  frame.put(0, 0, left, 'title', false, Math.max(1, rightX - 1));
  if (textWidth(left) > rightX - 1 && rightX > 1) frame.put(rightX - 2, 0, cutMark(state), 'title');
  frame.put(rightX, 0, right, 'header');
  return { x: rightX + deals.at, y: 0, width: deals.width };
}
