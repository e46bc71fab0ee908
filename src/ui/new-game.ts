/**
 * The new-game panel (docs/playing.md, "A new game"): the rules and the deal of the next game,
 * chosen with keys or the mouse. Pure: the panel's state and what each key or click does to it.
 * Drawing it is new-game-view.ts's; dealing what it chose is the controller's.
 */
import {
  bySeed,
  type DealId,
  parseDeal,
  RELAXED_LEVELS,
  type RelaxedLevel,
  type Rules,
  SUIT_COUNTS,
  type SuitCount,
} from '../engine';
import { printable, seedProblem } from '../notation';

/** How the next deal is chosen: by chance, by name (a seed, a numbered deal), or searched for. */
export type DealKind = 'random' | 'seed' | 'pysol' | 'kpat' | 'daily' | 'winnable';
export const DEAL_KINDS: readonly DealKind[] = [
  'random',
  'seed',
  'pysol',
  'kpat',
  'daily',
  'winnable',
];

/** The kinds of deal that need a name typed: the seed, or the number. */
export const NAMED_KINDS: ReadonlySet<DealKind> = new Set(['seed', 'pysol', 'kpat']);

/** What the panel has chosen. */
export interface Choice {
  readonly suits: SuitCount;
  readonly relaxed: RelaxedLevel;
  readonly keepSuits: boolean;
  readonly deal: DealKind;
  /** The seed or number typed, for the kinds that need one (kept while others are tried). */
  readonly name: string;
}

/** The panel's rows, top to bottom; `name` shows only for a deal that needs a name. */
export type Row = 'suits' | 'relaxed' | 'keep' | 'deal' | 'name' | 'saves';

/** Something on the panel the mouse can click. */
export type PanelTarget =
  | { readonly row: 'suits'; readonly value: SuitCount }
  | { readonly row: 'relaxed'; readonly value: RelaxedLevel }
  | { readonly row: 'keep'; readonly value: boolean }
  | { readonly row: 'deal'; readonly value: DealKind }
  | { readonly row: 'name' }
  | { readonly row: 'saves' }
  | { readonly row: 'start' }
  | { readonly row: 'close' }
  /** A game on the list of saved games, by its place in the list. */
  | { readonly row: 'game'; readonly index: number };

/** Where a target is drawn: a run of cells on one line. */
export interface PanelHit {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly target: PanelTarget;
}

/** The open panel. */
export interface NewGamePanel {
  readonly kind: 'new-game';
  readonly choice: Choice;
  readonly row: Row;
  /** Why the last Enter dealt nothing (a bad seed), shown on the panel until the next key. */
  readonly problem: string | null;
  /** A searched-for deal (daily, winnable) being looked for: the keys wait, Esc gives up. */
  readonly searching: boolean;
  /** The player's other unfinished games, for the panel's saved-games line. */
  readonly saves: number;
  /**
   * The rules are the server's and cannot be changed (`spider serve --fixed-rules`, docs/serve.md,
   * "Choosing the game at login"): they are shown, and only the deal is chosen.
   */
  readonly fixed?: boolean;
}

/** What a number of suits means to a player: 1 is the easiest. */
export const SUIT_WORDS: Readonly<Record<SuitCount, string>> = {
  1: 'the easiest: spades only',
  2: 'medium: spades and hearts',
  4: 'the hardest: all four suits',
};

/** What each relaxed level allows, in a few words (docs/rules.md, "The rules in short"). */
export const RELAXED_WORDS: Readonly<Record<RelaxedLevel, string>> = {
  0: 'no deal while a column is empty',
  1: 'deal onto empty columns if the rest are suit runs',
  2: 'deal onto empty columns if the rest descend',
  3: 'deal any time, empty columns or not',
};

export const DEAL_WORDS: Readonly<Record<DealKind, string>> = {
  random: 'random',
  seed: 'seed',
  pysol: 'PySolFC',
  kpat: 'KPat',
  daily: 'daily',
  winnable: 'winnable',
};

/** What the name row asks for, by the kind of deal. */
export const NAME_PROMPTS: Readonly<Record<'seed' | 'pysol' | 'kpat', string>> = {
  seed: 'Seed',
  pysol: 'PySolFC #',
  kpat: 'KPat #',
};

/** The longest name the panel takes: a seed's longest (docs/deals.md, "Deals: the seed contract"). */
export const NAME_MAX = 100;

/** Said when a fixed rule is clicked. */
export const FIXED_RULES = 'This server plays these rules only; the deal can be chosen.';

/** The panel opened on `choice`, on the row of the suits (of the deal when the rules are fixed). */
export function openPanel(choice: Choice, saves: number, fixed = false): NewGamePanel {
  const row = fixed ? 'deal' : 'suits';
  return { kind: 'new-game', choice, row, problem: null, searching: false, saves, fixed };
}

/** Where the panel opens: on the last choice made, or else on the game's rules and a random deal. */
export function choiceOf(rules: Rules, last?: Choice): Choice {
  return (
    last ?? {
      suits: rules.suits,
      relaxed: rules.relaxed,
      keepSuits: rules.keepSuits,
      deal: 'random',
      name: '',
    }
  );
}

export function rulesOf(choice: Choice): Rules {
  return { suits: choice.suits, relaxed: choice.relaxed, keepSuits: choice.keepSuits };
}

/** The rows shown for the panel, top to bottom. */
export function rowsOf(panel: NewGamePanel): readonly Row[] {
  const rows: Row[] = panel.fixed === true ? ['deal'] : ['suits', 'relaxed', 'keep', 'deal'];
  if (NAMED_KINDS.has(panel.choice.deal)) rows.push('name');
  if (panel.saves > 0) rows.push('saves');
  return rows;
}

/** The next value after `value` in `values`, `step` places on, wrapping round. */
function turn<T>(values: readonly T[], value: T, step: number): T {
  const at = values.indexOf(value);
  return values[(at + step + values.length) % values.length];
}

/** The choice with the row's value turned `step` places (left -1, right 1). */
function turned(choice: Choice, row: Row, step: number): Choice {
  switch (row) {
    case 'suits':
      return { ...choice, suits: turn(SUIT_COUNTS, choice.suits, step) };
    case 'relaxed':
      return { ...choice, relaxed: turn(RELAXED_LEVELS, choice.relaxed, step) };
    case 'keep':
      return { ...choice, keepSuits: !choice.keepSuits };
    case 'deal':
      return { ...choice, deal: turn(DEAL_KINDS, choice.deal, step) };
    default:
      return choice;
  }
}

/** What the player asked the panel for. */
export type PanelAnswer =
  | { readonly kind: 'stay'; readonly panel: NewGamePanel }
  | { readonly kind: 'close' }
  | { readonly kind: 'saves' }
  /** Enter on a deal named or by chance: this deal, these rules. */
  | { readonly kind: 'deal'; readonly deal: DealId | 'random'; readonly rules: Rules }
  /** Enter on a deal to search for. */
  | { readonly kind: 'search'; readonly choose: 'daily' | 'winnable'; readonly rules: Rules };

const stay = (panel: NewGamePanel, changes: Partial<NewGamePanel> = {}): PanelAnswer => ({
  kind: 'stay',
  panel: { ...panel, problem: null, ...changes },
});

/** A key pressed on the panel: its name and the character typed, as the key decoder gives them. */
export interface PanelKey {
  readonly name: string;
  readonly ch?: string;
}

/** A character that can go into a seed: printable, one of the seed's own. */
const typeable = (ch: string | undefined): ch is string =>
  ch !== undefined && ch.length === 1 && ch >= ' ' && ch <= '~';

/** What a key does on the panel. */
export function panelKey(panel: NewGamePanel, key: PanelKey): PanelAnswer {
  if (panel.searching)
    return key.name === 'escape' ? stay(panel, { searching: false }) : stay(panel);
  const rows = rowsOf(panel);
  const at = Math.max(0, rows.indexOf(panel.row));
  const move = (step: number) =>
    stay(panel, { row: rows[(at + step + rows.length) % rows.length] });
  const choose = (choice: Choice) => stay(panel, { choice });
  switch (key.name) {
    case 'escape':
      return { kind: 'close' };
    case 'enter':
      return panel.row === 'saves' ? { kind: 'saves' } : start(panel);
    case 'up':
    case 'S-tab':
      return move(-1);
    case 'down':
    case 'tab':
      return move(1);
    case 'left':
      return choose(turned(panel.choice, panel.row, -1));
    case 'right':
      return choose(turned(panel.choice, panel.row, 1));
  }
  if (panel.row === 'name') return typed(panel, key);
  // On the deal row, a deal that needs a name takes what is typed: the name row goes on with it.
  if (panel.row === 'deal' && NAMED_KINDS.has(panel.choice.deal) && typeable(key.ch))
    return typed({ ...panel, row: 'name' }, key);
  return shortcut(panel, key) ?? stay(panel);
}

/** A key on the name row: the seed or number is typed there, Backspace takes a character back. */
function typed(panel: NewGamePanel, key: PanelKey): PanelAnswer {
  const { name } = panel.choice;
  const named = (text: string) => stay(panel, { choice: { ...panel.choice, name: text } });
  if (key.name === 'backspace') return named(name.slice(0, -1));
  if (key.name === 'C-u') return named('');
  if (typeable(key.ch) && key.ch === key.name && name.length < NAME_MAX)
    return named(name + key.ch);
  return stay(panel);
}

/**
 * Keys that choose at once off the name row: 1, 2 or 4 on the suits row the suits, 0-3 on the
 * relaxed row the level, Space turns the row's value, q closes, s lists the saved games.
 */
function shortcut(panel: NewGamePanel, key: PanelKey): PanelAnswer | null {
  const ch = key.ch === key.name ? key.ch : undefined;
  if (ch === ' ') return stay(panel, { choice: turned(panel.choice, panel.row, 1) });
  if (ch === 'q') return { kind: 'close' };
  if (ch === 's' && panel.saves > 0) return { kind: 'saves' };
  const digit = ch !== undefined && /^[0-9]$/.test(ch) ? Number(ch) : null;
  if (digit === null) return null;
  const relaxed = RELAXED_LEVELS.find((level) => level === digit);
  if (panel.row === 'relaxed' && relaxed !== undefined)
    return stay(panel, { choice: { ...panel.choice, relaxed } });
  const suits = SUIT_COUNTS.find((count) => count === digit);
  if (panel.row === 'suits' && suits !== undefined)
    return stay(panel, { choice: { ...panel.choice, suits } });
  return null;
}

/** What a click on the panel does. */
export function panelClick(panel: NewGamePanel, target: PanelTarget): PanelAnswer {
  if (panel.searching)
    return target.row === 'close' ? stay(panel, { searching: false }) : stay(panel);
  const choice = panel.choice;
  const rule = target.row === 'suits' || target.row === 'relaxed' || target.row === 'keep';
  if (rule && panel.fixed === true) return stay(panel, { problem: FIXED_RULES });
  switch (target.row) {
    case 'suits':
      return stay(panel, { row: 'suits', choice: { ...choice, suits: target.value } });
    case 'relaxed':
      return stay(panel, { row: 'relaxed', choice: { ...choice, relaxed: target.value } });
    case 'keep':
      return stay(panel, { row: 'keep', choice: { ...choice, keepSuits: target.value } });
    case 'deal': {
      const next = { ...panel, choice: { ...choice, deal: target.value } };
      return stay(next, { row: NAMED_KINDS.has(target.value) ? 'name' : 'deal' });
    }
    case 'name':
      return stay(panel, { row: 'name' });
    case 'saves':
      return { kind: 'saves' };
    case 'start':
      return start(panel);
    case 'close':
    case 'game':
      return { kind: 'close' };
  }
}

/** Enter: the deal chosen, or why it cannot be dealt (on the panel, which stays open). */
function start(panel: NewGamePanel): PanelAnswer {
  const { choice } = panel;
  const rules = rulesOf(choice);
  if (choice.deal === 'random') return { kind: 'deal', deal: 'random', rules };
  if (choice.deal === 'daily' || choice.deal === 'winnable')
    return { kind: 'search', choose: choice.deal, rules };
  const name = choice.name;
  const problem = (text: string) => stay(panel, { row: 'name', problem: text });
  if (name === '')
    return problem(`Type the ${choice.deal === 'seed' ? 'seed' : 'deal number'} first.`);
  if (choice.deal === 'seed') {
    const wrong = seedProblem(name);
    return wrong === null
      ? { kind: 'deal', deal: bySeed(name), rules }
      : problem(`Not a seed: ${wrong}.`);
  }
  const parsed = parseDeal(`${choice.deal}:${name}`);
  return parsed.ok
    ? { kind: 'deal', deal: parsed.deal, rules }
    : problem(`Not a ${DEAL_WORDS[choice.deal]} deal '${printable(name, 20)}': ${parsed.reason}.`);
}
