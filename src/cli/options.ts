import {
  bySeed,
  type DealId,
  parseDeal,
  RELAXED_LEVELS,
  type RelaxedLevel,
  type Rules,
  SCORING_NAMES,
  type ScoringName,
  SUIT_COUNTS,
  type SuitCount,
} from '../engine';
import { CARD_SIZE_NAMES, COLOR_MODES, type ColorMode, printable, seedProblem } from '../notation';
import type { CardSize } from '../ui/theme';

/** Options as commander hands them over: unchecked strings and flags. */
export interface RawOptions {
  suits?: string;
  seed?: string;
  deal?: string;
  relaxed?: string;
  keepSuits?: boolean;
  scoring?: string;
  ascii?: boolean;
  unicode?: boolean;
  color?: string;
  fourColor?: boolean;
  clock?: boolean;
  cards?: string;
  json?: boolean;
  reveal?: boolean;
  winnable?: boolean;
  daily?: boolean;
}

export { COLOR_MODES, type ColorMode } from '../notation';

/** The rules of a new game and its deal, checked. */
export interface GameOptions {
  readonly rules: Rules;
  /** The deal asked for (`--seed` or `--deal`), or undefined when the program should pick one. */
  readonly deal?: DealId;
  /**
   * How the deal is chosen: `winnable` starts the search for a winnable deal at the deal asked
   * for (or a random one); `daily` at the day's date (docs/deals.md, "Winnable deals").
   */
  readonly choose?: 'winnable' | 'daily';
}

/** How positions are shown, checked. */
export interface DisplayOptions {
  readonly scoring: ScoringName;
  readonly ascii: boolean;
  readonly color: boolean;
  /** Four-colour deck: diamonds blue and clubs green. */
  readonly fourColor: boolean;
}

/** What only the game's screen shows, checked. */
export interface ScreenOptions {
  /** The time played on the status line. */
  readonly clock: boolean;
  readonly cards: CardSize;
}

export type Checked<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const bad = (message: string) => ({ ok: false, message }) as const;

/** "1, 2 or 4" */
function oneOf(values: readonly (string | number)[]): string {
  return values.length === 1
    ? `${values[0]}`
    : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

function choice<T extends string | number>(
  option: string,
  raw: string | undefined,
  values: readonly T[],
  fallback: T,
): Checked<T> {
  if (raw === undefined) return { ok: true, value: fallback };
  const found = values.find((v) => String(v) === raw.trim());
  return found === undefined
    ? bad(`${option} must be ${oneOf(values)}, not '${printable(raw)}'`)
    : { ok: true, value: found };
}

/** Checks the rule options shared by every command that starts a game. */
export function checkGameOptions(raw: RawOptions): Checked<GameOptions> {
  const suits = choice<SuitCount>('--suits', raw.suits, SUIT_COUNTS, 4);
  if (!suits.ok) return suits;
  const relaxed = choice<RelaxedLevel>('--relaxed', raw.relaxed, RELAXED_LEVELS, 0);
  if (!relaxed.ok) return relaxed;
  if (raw.seed !== undefined && raw.deal !== undefined)
    return bad('--seed and --deal name the deal two ways: give one of them');
  if (raw.daily && (raw.seed !== undefined || raw.deal !== undefined))
    return bad("--daily plays the day's deal: give --daily or a deal (--seed, --deal), not both");
  let deal: DealId | undefined;
  if (raw.seed !== undefined) {
    const problem = seedProblem(raw.seed);
    if (problem) return bad(`--seed '${printable(raw.seed)}' is not a valid seed: ${problem}`);
    deal = bySeed(raw.seed);
  }
  if (raw.deal !== undefined) {
    const parsed = parseDeal(raw.deal);
    if (!parsed.ok) return bad(`--deal '${printable(raw.deal)}' is not a deal: ${parsed.reason}`);
    deal = parsed.deal;
  }
  const rules = { suits: suits.value, relaxed: relaxed.value, keepSuits: raw.keepSuits === true };
  const choose = raw.daily ? 'daily' : raw.winnable ? 'winnable' : undefined;
  return {
    ok: true,
    value: {
      rules,
      ...(deal === undefined ? {} : { deal }),
      ...(choose === undefined ? {} : { choose }),
    },
  };
}

/** True when the locale asks for UTF-8, so card suits can be drawn as ♠ ♥ ♦ ♣. */
export function localeIsUtf8(env: NodeJS.ProcessEnv): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  return /utf-?8/i.test(locale);
}

/**
 * What the environment makes of colour `auto`, or null when it says nothing (a terminal is
 * coloured, anything else not): FORCE_COLOR set, and not empty, forces it on (https://force-color.org),
 * or off when it is `0` or `false`, as Node reads it; else NO_COLOR set, and not empty,
 * turns it off (https://no-color.org), and so does TERM=dumb.
 */
export function environmentColor(
  env: NodeJS.ProcessEnv,
): { readonly color: boolean; readonly variable: 'FORCE_COLOR' | 'NO_COLOR' | 'TERM' } | null {
  const force = env.FORCE_COLOR;
  if (force) return { color: !['0', 'false'].includes(force.trim()), variable: 'FORCE_COLOR' };
  if (env.NO_COLOR) return { color: false, variable: 'NO_COLOR' };
  if (env.TERM === 'dumb') return { color: false, variable: 'TERM' };
  return null;
}

/**
 * Checks the display options. Colour: `auto` colours a terminal unless the environment says
 * otherwise (`environmentColor`); `always` and `never` are obeyed as they are.
 */
export function checkDisplayOptions(
  raw: RawOptions,
  env: NodeJS.ProcessEnv,
  isTerminal: boolean,
): Checked<DisplayOptions> {
  const scoring = choice<ScoringName>('--scoring', raw.scoring, SCORING_NAMES, 'woods');
  if (!scoring.ok) return scoring;
  const color = choice<ColorMode>('--color', raw.color, COLOR_MODES, 'auto');
  if (!color.ok) return color;
  const ascii = raw.ascii === true || (raw.unicode !== true && !localeIsUtf8(env));
  const colored =
    color.value === 'always' ||
    (color.value === 'auto' && (environmentColor(env)?.color ?? isTerminal));
  return {
    ok: true,
    value: { scoring: scoring.value, ascii, color: colored, fourColor: raw.fourColor === true },
  };
}

/** Checks the options of the game's screen alone: the clock and the card size. */
export function checkScreenOptions(raw: RawOptions): Checked<ScreenOptions> {
  const cards = choice<CardSize>('--cards', raw.cards, CARD_SIZE_NAMES, 'auto');
  if (!cards.ok) return cards;
  return { ok: true, value: { clock: raw.clock !== false, cards: cards.value } };
}
