/**
 * The settings file merged with the flags (docs/settings.md, "Settings"): a flag typed overrides
 * the file, the file overrides the environment (NO_COLOR, the locale) and the built-in defaults.
 * The rule settings choose the game's new deals alone; the display settings apply wherever the
 * display options are taken, except to JSON, which no setting changes.
 */
import type { Command } from 'commander';
import {
  SETTING_DEFAULTS,
  SETTING_FIELDS,
  SETTING_NAMES,
  SETTING_VALUES,
  type SettingName,
  type Settings,
} from '../notation';
import type { SettingsFile } from '../store/settings-file';
import { environmentColor, localeIsUtf8, type RawOptions } from './options';

/** Whether the option `name` was typed on the command line (not a default, not a setting). */
export type Typed = (name: keyof RawOptions) => boolean;

export function typedOn(command: Command): Typed {
  return (name) => command.getOptionValueSource(name) === 'cli';
}

/** Which settings a command takes: all of them (the game), or those of its display. */
export type SettingsScope = 'game' | 'display';

/**
 * The options as the command line and the settings give them together: a setting fills in each
 * option not typed. A setting of the game's rules counts for `game` alone.
 */
export function withSettings<R extends RawOptions>(
  raw: R,
  typed: Typed,
  settings: Settings,
  scope: SettingsScope,
): R {
  const fill = <K extends keyof RawOptions>(name: K, value: RawOptions[K] | undefined) =>
    typed(name) || value === undefined ? {} : { [name]: value };
  const text = (value: number | undefined) => (value === undefined ? undefined : String(value));
  const ascii =
    typed('ascii') || typed('unicode') || settings.ascii === undefined
      ? {}
      : { ascii: settings.ascii, unicode: !settings.ascii };
  return {
    ...raw,
    ...(scope === 'game'
      ? {
          ...fill('suits', text(settings.suits)),
          ...fill('relaxed', text(settings.relaxed)),
          ...fill('keepSuits', settings.keepSuits),
          ...fill('clock', settings.clock),
          ...fill('cards', settings.cards),
        }
      : {}),
    ...fill('scoring', settings.scoring),
    ...fill('fourColor', settings.fourColor),
    ...ascii,
    ...fill('color', settings.color),
  };
}

/** Where a setting in force comes from. */
export type Source =
  | { readonly from: 'default' }
  | { readonly from: 'file'; readonly line?: number }
  | { readonly from: 'flag'; readonly flag: string }
  | { readonly from: 'environment'; readonly variable: string; readonly variableValue: string };

export interface InForce {
  readonly name: SettingName;
  readonly value: number | string | boolean;
  readonly source: Source;
}

/** Each setting's option, and its flag for `true` and for `false`. */
const OPTIONS: Record<SettingName, [keyof RawOptions, string, string]> = {
  suits: ['suits', '--suits', '--suits'],
  relaxed: ['relaxed', '--relaxed', '--relaxed'],
  'keep-suits': ['keepSuits', '--keep-suits', '--no-keep-suits'],
  scoring: ['scoring', '--scoring', '--scoring'],
  'four-color': ['fourColor', '--four-color', '--no-four-color'],
  ascii: ['ascii', '--ascii', '--unicode'],
  color: ['color', '--color', '--color'],
  clock: ['clock', '--clock', '--no-clock'],
  cards: ['cards', '--cards', '--cards'],
};

/** The locale variable that decides, as the C library reads them, and its value. */
function locale(env: NodeJS.ProcessEnv): { variable: string; variableValue: string } | undefined {
  const variable = ['LC_ALL', 'LC_CTYPE', 'LANG'].find((name) => env[name]);
  return variable === undefined ? undefined : { variable, variableValue: env[variable] ?? '' };
}

/** A setting's value where neither a flag nor the file gives it: the environment's or the default. */
function unset(name: SettingName, env: NodeJS.ProcessEnv): InForce {
  const fallback = {
    name,
    value: SETTING_DEFAULTS[SETTING_FIELDS[name]],
    source: { from: 'default' },
  } as const;
  if (name === 'ascii') {
    const decides = locale(env);
    const value = !localeIsUtf8(env);
    return decides === undefined
      ? { name, value, source: { from: 'environment', variable: 'LANG', variableValue: '' } }
      : { name, value, source: { from: 'environment', ...decides } };
  }
  return fallback;
}

/**
 * Each setting in force, in the file's order, and where it comes from, for `spider config`: a
 * flag typed (its value checked already), the file, the environment, the default. Colour `auto`
 * is shown as what NO_COLOR or TERM=dumb make of it.
 */
export function settingsInForce(
  raw: RawOptions,
  typed: Typed,
  file: Extract<SettingsFile, { ok: true }>,
  env: NodeJS.ProcessEnv,
): InForce[] {
  return SETTING_NAMES.map((name) => colorHere(inForce(name, raw, typed, file, env), env));
}

function inForce(
  name: SettingName,
  raw: RawOptions,
  typed: Typed,
  file: Extract<SettingsFile, { ok: true }>,
  env: NodeJS.ProcessEnv,
): InForce {
  const [option, yes, no] = OPTIONS[name];
  const fileValue = file.settings[SETTING_FIELDS[name]];
  if (name === 'ascii' && (typed('ascii') || typed('unicode'))) {
    const ascii = typed('ascii');
    return { name, value: ascii, source: { from: 'flag', flag: ascii ? yes : no } };
  }
  if (typed(option)) {
    const given = raw[option];
    const value =
      SETTING_VALUES[name].find((v) => String(v) === String(given).trim()) ??
      SETTING_DEFAULTS[SETTING_FIELDS[name]];
    const flag = typeof value === 'boolean' && !value ? no : yes;
    return { name, value, source: { from: 'flag', flag } };
  }
  if (fileValue !== undefined) {
    const line = file.lines[name];
    return { name, value: fileValue, source: { from: 'file', ...(line ? { line } : {}) } };
  }
  return unset(name, env);
}

/**
 * Colour `auto` where the environment decides it (FORCE_COLOR, NO_COLOR, TERM=dumb:
 * `environmentColor`): `always` or `never`, from there.
 */
function colorHere(entry: InForce, env: NodeJS.ProcessEnv): InForce {
  if (entry.name !== 'color' || entry.value !== 'auto') return entry;
  const said = environmentColor(env);
  if (said === null) return entry;
  const variableValue = env[said.variable] ?? '';
  return {
    ...entry,
    value: said.color ? 'always' : 'never',
    source: { from: 'environment', variable: said.variable, variableValue },
  };
}
