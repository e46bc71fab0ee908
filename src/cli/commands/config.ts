/**
 * `spider config` (docs/settings.md, "Settings"): the settings in force, where each comes from,
 * and the settings file's path. Flags given to it show what they would do on a command line.
 */
import type { Command } from 'commander';
import { jsonText, printable, tomlValue } from '../../notation';
import { addDisplayOptions, addRuleOptions, addSettingsOptions, type CommandKit } from '../kit';
import {
  checkDisplayOptions,
  checkGameOptions,
  checkScreenOptions,
  type RawOptions,
} from '../options';
import { type InForce, settingsInForce, type Source, typedOn } from '../settings';

/** Adds `config` to `program`, and returns it. */
export function addConfigCommand(program: Command, kit: CommandKit): Command {
  const configCommand = program
    .command('config')
    .description(
      'show the settings in force, where each comes from, and the settings file (flags: their effect)',
    )
    .allowExcessArguments(false);
  addSettingsOptions(addDisplayOptions(addRuleOptions(configCommand)))
    .option('--json', 'print the settings as one JSON object')
    .action((raw: RawOptions, command: Command) => {
      const { io, take, settings } = kit;
      // Flags with bad values are refused as the game refuses them.
      take(checkGameOptions(raw));
      take(checkDisplayOptions(raw, io.env, false));
      take(checkScreenOptions(raw));
      const file = settings();
      const found = settingsInForce(raw, typedOn(command), file, io.env);
      if (raw.json) {
        const where =
          file.path === null
            ? { path: null, exists: false, problem: file.noPlace }
            : { path: file.path, exists: file.exists };
        const each = Object.fromEntries(found.map((s) => [s.name, sourceJson(s)]));
        io.stdout.write(`${jsonText({ file: where, settings: each })}\n`);
        return;
      }
      const head =
        file.path === null
          ? `# No settings file is read: ${file.noPlace}.`
          : `# The settings file: ${printable(file.path, 300)}${file.exists ? '' : ' (there is none: nothing is read)'}`;
      const lines = found.map((s) => `${s.name} = ${tomlValue(s.value)}`);
      const width = Math.max(...lines.map((l) => l.length)) + 2;
      const body = lines.map((l, i) => `${l.padEnd(width)}# ${sourceText(found[i].source)}`);
      io.stdout.write(`${[head, ...body].join('\n')}\n`);
    });
  return configCommand;
}

/** Where a setting comes from, in words. */
function sourceText(source: Source): string {
  switch (source.from) {
    case 'default':
      return 'default';
    case 'file':
      return source.line === undefined
        ? 'the settings file'
        : `the settings file, line ${source.line}`;
    case 'flag':
      return `the flag ${source.flag}`;
    case 'environment':
      if (source.variable === 'NO_COLOR') return 'the environment: NO_COLOR is set';
      return source.variableValue === ''
        ? 'the environment: no locale is set (LC_ALL, LC_CTYPE, LANG), so ASCII'
        : `the environment: ${source.variable}=${printable(source.variableValue, 60)}`;
  }
}

function sourceJson({ value, source }: InForce): Record<string, unknown> {
  return { value, ...source };
}
