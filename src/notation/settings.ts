/**
 * The settings file (docs/settings.md, "Settings"): TOML text to checked settings, each with the
 * line that sets it. Pure: the store reads the file, the command line merges it with the flags.
 */
import { parse, TomlError } from 'smol-toml';
import {
  RELAXED_LEVELS,
  type RelaxedLevel,
  SCORING_NAMES,
  type ScoringName,
  SUIT_COUNTS,
  type SuitCount,
} from '../engine';
import { printable } from './printable';

/** When to colour output. */
export type ColorMode = 'auto' | 'always' | 'never';
export const COLOR_MODES: readonly ColorMode[] = ['auto', 'always', 'never'];

/** The card sizes the file names (the terminal game's `CardSize`). */
export const CARD_SIZE_NAMES = ['auto', 'small', 'large'] as const;

/** The settings a file may hold, as it names them, in the order `spider config` lists them. */
export const SETTING_NAMES = [
  'suits',
  'relaxed',
  'keep-suits',
  'scoring',
  'four-color',
  'ascii',
  'color',
  'clock',
  'cards',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

/** The settings a file gives; a setting it leaves out is undefined. */
export interface Settings {
  readonly suits?: SuitCount;
  readonly relaxed?: RelaxedLevel;
  readonly keepSuits?: boolean;
  readonly scoring?: ScoringName;
  readonly fourColor?: boolean;
  /** true as --ascii, false as --unicode. */
  readonly ascii?: boolean;
  readonly color?: ColorMode;
  readonly clock?: boolean;
  readonly cards?: (typeof CARD_SIZE_NAMES)[number];
}

/**
 * What each setting is where neither the file nor a flag gives it. `ascii` is the locale's
 * choice there (ASCII unless it is UTF-8): false stands for a UTF-8 locale.
 */
export const SETTING_DEFAULTS: Readonly<Required<Settings>> = {
  suits: 4,
  relaxed: 0,
  keepSuits: false,
  scoring: 'woods',
  fourColor: false,
  ascii: false,
  color: 'auto',
  clock: true,
  cards: 'auto',
};

/** The settings a file gives over the defaults, as one object (a new game's choices start there). */
export function settingsOverDefaults(settings: Settings): Required<Settings> {
  return { ...SETTING_DEFAULTS, ...settings };
}

/** Each setting's field in `Settings`. */
export const SETTING_FIELDS: Readonly<Record<SettingName, keyof Settings>> = {
  suits: 'suits',
  relaxed: 'relaxed',
  'keep-suits': 'keepSuits',
  scoring: 'scoring',
  'four-color': 'fourColor',
  ascii: 'ascii',
  color: 'color',
  clock: 'clock',
  cards: 'cards',
};

export type SettingsText =
  | {
      readonly ok: true;
      readonly settings: Settings;
      /** The line that sets each setting the file gives. */
      readonly lines: Partial<Record<SettingName, number>>;
    }
  /** `line`: where the fault is, when it is in one place. */
  | { readonly ok: false; readonly reason: string; readonly line?: number };

type Value = ReturnType<typeof parse>[string];

/** The values each setting takes, in the order a message lists them. */
export const SETTING_VALUES: Readonly<Record<SettingName, readonly (number | string | boolean)[]>> =
  {
    suits: SUIT_COUNTS,
    relaxed: RELAXED_LEVELS,
    'keep-suits': [true, false],
    scoring: SCORING_NAMES,
    'four-color': [true, false],
    ascii: [true, false],
    color: COLOR_MODES,
    clock: [true, false],
    cards: CARD_SIZE_NAMES,
  };

/** A value as TOML writes it: `"woods"`, `4`, `true`. */
export function tomlValue(value: number | string | boolean): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** `1, 2 or 4`; `"auto", "always" or "never"`. */
function expected(name: SettingName): string {
  const values = SETTING_VALUES[name].map(tomlValue);
  return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/** What a value given is, in a message: `3`, `the text "2"`, `a table`. */
function given(value: Value): string {
  if (typeof value === 'string') return `the text ${JSON.stringify(printable(value, 40))}`;
  if (typeof value === 'number') return Number.isNaN(value) ? 'nan' : String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  return 'a table';
}

/** The message for a setting given a value it does not take. */
function wrongValue(name: SettingName, value: Value): string {
  const base = `${name} must be ${expected(name)}, not ${given(value)}`;
  // "2" for 2, "true" for true: the value is right but for its quotes.
  const unquoted = SETTING_VALUES[name].find((v) => typeof v !== 'string' && String(v) === value);
  return unquoted === undefined ? base : `${base} (without quotes: ${name} = ${unquoted})`;
}

/** The name the player likely meant by an unknown key, if any: `keep_suits`, `Suits`. */
function meant(key: string): SettingName | undefined {
  const folded = key
    .toLowerCase()
    .replace(/[_ ]/g, '-')
    .replace(/^colour$/, 'color');
  return SETTING_NAMES.find((name) => name === folded || `${name}s` === folded);
}

function unknownKey(key: string): string {
  const guess = meant(key);
  const list = `${SETTING_NAMES.slice(0, -1).join(', ')} and ${SETTING_NAMES[SETTING_NAMES.length - 1]}`;
  return guess === undefined
    ? `no setting is called '${printable(key, 40)}': the settings are ${list}`
    : `no setting is called '${printable(key, 40)}' (did you mean ${guess}?)`;
}

/**
 * The line of the file that defines the top-level `key` (as `key = ...`, a dotted `key.x = ...`
 * or a table header `[key]`), or undefined. TOML says no more than the values, so the lines are
 * looked for in the text, past multi-line strings.
 */
function keyLine(text: string, key: string): number | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const name = `(?:${escaped}|"${escaped}"|'${escaped}')`;
  const assignment = new RegExp(`^\\s*${name}\\s*[=.]`);
  const header = new RegExp(`^\\s*\\[\\[?\\s*${name}\\s*[\\].]`);
  let inTable = false;
  let open: string | null = null;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (open === null) {
      if (header.test(line) || (!inTable && assignment.test(line))) return i + 1;
      if (/^\s*\[/.test(line)) inTable = true;
    }
    // A multi-line string opened (or closed) on this line: the lines it spans define nothing.
    for (const quotes of line.match(/"""|'''/g) ?? []) {
      if (open === null) open = quotes;
      else if (open === quotes) open = null;
    }
  }
  return undefined;
}

/**
 * A TOML error's message in one line, with a hint where a word was left unquoted
 * (`color = never`), the likeliest slip in this file.
 */
function tomlProblem(error: TomlError, text: string): string {
  const first = error.message.split('\n')[0].replace(/^Invalid TOML document: /, '');
  const line = text.split('\n')[error.line - 1] ?? '';
  const bare = /^\s*([A-Za-z0-9_-]+)\s*=\s*([A-Za-z][A-Za-z0-9_-]*)\s*(?:#.*)?$/.exec(line);
  const hint =
    bare && !['true', 'false', 'inf', 'nan'].includes(bare[2])
      ? ` (text goes in quotes: ${bare[1]} = "${bare[2]}")`
      : '';
  return `not valid TOML: ${first}, column ${error.column}${hint}`;
}

/** Checks the text of a settings file: the settings it gives, or what is wrong and where. */
export function parseSettings(text: string): SettingsText {
  let table: ReturnType<typeof parse>;
  try {
    table = parse(text, { unsafeKeyBehaviour: 'keep', maxDepth: 32 });
  } catch (error) {
    if (error instanceof TomlError)
      return { ok: false, line: error.line, reason: tomlProblem(error, text) };
    throw error;
  }
  const settings: Record<string, unknown> = {};
  const lines: Partial<Record<SettingName, number>> = {};
  for (const key of Object.keys(table)) {
    const line = keyLine(text, key);
    const at = line === undefined ? {} : { line };
    const name = SETTING_NAMES.find((n) => n === key);
    if (name === undefined) return { ok: false, ...at, reason: unknownKey(key) };
    const value = table[key];
    if (!SETTING_VALUES[name].some((v) => v === value))
      return { ok: false, ...at, reason: wrongValue(name, value) };
    settings[SETTING_FIELDS[name]] = value;
    if (line !== undefined) lines[name] = line;
  }
  return { ok: true, settings: settings as Settings, lines };
}
