/**
 * The shell completion scripts `spider completion bash|zsh|fish` prints (docs/install.md, "Shell
 * completion"), made from what the program's commander definitions offer (completion-spec.ts).
 * As the first word, the commands are offered where one starts with what is typed, else file
 * names: `spider FILE` plays a record. A deal's scheme (`pysol:`) is offered without a space
 * after it, for its number to follow.
 */
import type { Command } from 'commander';
import {
  type CommandSpec,
  completionSpec,
  type CompletionSpec,
  type OptionSpec,
} from './completion-spec';

/** The shells there is a script for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** The script for `shell` completing `program`. */
export function completionScript(shell: Shell, program: Command): string {
  const spec = completionSpec(program);
  return `${(shell === 'bash' ? bashScript : shell === 'zsh' ? zshScript : fishScript)(spec).join('\n')}\n`;
}

const names = (option: OptionSpec) =>
  [option.short, option.long].filter((n): n is string => n !== undefined);

/** Values that are the start of a word (`pysol:`), which a space must not follow. */
const prefixes = (values: readonly string[]) => values.every((v) => v.endsWith(':'));

/** Comment lines for each shell, naming what made the script and where it goes. */
function header(spec: CompletionSpec, shell: Shell, where: string): string[] {
  return [
    `# ${spec.program} completion for ${shell} (made by '${spec.program} completion ${shell}'; see its`,
    `# docs/install.md, "Shell completion"): ${where}`,
  ];
}

// bash

function bashCommand(spec: CompletionSpec, command: CommandSpec, first: boolean): string[] {
  // Options alike in what follows them share an arm: `--seed|--time) return ;;`.
  const arms = new Map<string, string[]>();
  for (const o of command.options) {
    if (o.takes.kind === 'nothing') continue;
    const what =
      o.takes.kind === 'values'
        ? `_spider_words '${o.takes.values.join(' ')}'; `
        : o.takes.kind === 'file'
          ? '_spider_files; '
          : '';
    arms.set(what, [...(arms.get(what) ?? []), ...names(o)]);
  }
  const cases = [...arms].map(
    ([what, all]) => `                ${all.join('|')}) ${what}return ;;`,
  );
  const argument = command.argument;
  const commands = spec.commands.map((c) => c.name).join(' ');
  return [
    `        ${command.name === '' ? "''" : command.name})`,
    ...(cases.length === 0 ? [] : ['            case $prev in', ...cases, '            esac']),
    `            options='${command.options.flatMap(names).join(' ')}'`,
    ...(first
      ? [
          '            if (( COMP_CWORD == 1 )) && [[ $cur != -* ]]; then',
          `                _spider_words '${commands}'`,
          '                (( ${#COMPREPLY[@]} )) && return',
          '            fi',
        ]
      : []),
    argument.kind === 'values'
      ? `            argument=values values='${argument.values.join(' ')}' ;;`
      : `            argument=${argument.kind} ;;`,
  ];
}

function bashScript(spec: CompletionSpec): string[] {
  const commands = spec.commands.map((c) => c.name);
  return [
    ...header(spec, 'bash', 'source it, or save it as'),
    `# ~/.local/share/bash-completion/completions/${spec.program}.`,
    '',
    '# The values in $1 that start with $cur.',
    '_spider_words() {',
    '    local word',
    '    COMPREPLY=()',
    '    while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen -W "$1" -- "$cur")',
    "    # A deal's scheme (pysol:) is followed by its number, not a space.",
    '    if [[ ${#COMPREPLY[@]} -gt 0 && ${COMPREPLY[0]} == *: ]]; then',
    '        compopt -o nospace 2>/dev/null',
    '    fi',
    '}',
    '',
    '# The files whose names start with $cur.',
    '_spider_files() {',
    '    local file',
    '    COMPREPLY=()',
    '    while IFS= read -r file; do COMPREPLY+=("$file"); done < <(compgen -f -- "$cur")',
    '    compopt -o filenames 2>/dev/null',
    '}',
    '',
    '_spider() {',
    '    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}',
    '    local command= options= argument= values=',
    '    COMPREPLY=()',
    '    # --option=value: bash has split the word at the =.',
    '    if [[ $cur == = ]]; then',
    '        cur=',
    '    elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then',
    '        prev=${COMP_WORDS[COMP_CWORD-2]}',
    '    fi',
    "    # After a deal's scheme (pysol:, split at the colon too) its number is typed.",
    '    [[ $cur == : || $prev == : ]] && return',
    '    if (( COMP_CWORD > 1 )); then',
    '        case ${COMP_WORDS[1]} in',
    `            ${commands.join('|')}) command=\${COMP_WORDS[1]} ;;`,
    '        esac',
    '    fi',
    '    case $command in',
    ...bashCommand(spec, spec.main, true),
    ...spec.commands.flatMap((c) => bashCommand(spec, c, false)),
    '    esac',
    '    if [[ $cur == -* ]]; then',
    '        _spider_words "$options"',
    '        return',
    '    fi',
    '    case $argument in',
    '        file) _spider_files ;;',
    '        values) _spider_words "$values" ;;',
    '    esac',
    '}',
    '',
    `complete -F _spider ${spec.program}`,
  ];
}

// zsh

/** Text for a single-quoted zsh word. */
const zshQuoted = (text: string) => text.replace(/'/g, "'\\''");

/** Text inside an _arguments spec: its special characters after a backslash. */
const zshSpec = (text: string) => zshQuoted(text.replace(/[\\[\]:]/g, '\\$&'));

function zshAction(name: string, takes: OptionSpec['takes']): string {
  switch (takes.kind) {
    case 'nothing':
      return '';
    case 'file':
      return `:${zshSpec(name)}:_files`;
    case 'text':
      return `:${zshSpec(takes.name)}: `;
    case 'values':
      return prefixes(takes.values)
        ? `:${zshSpec(name)}:_spider_prefixes ${takes.values.map(zshSpec).join(' ')}`
        : `:${zshSpec(name)}:(${takes.values.map(zshSpec).join(' ')})`;
  }
}

function zshOption(option: OptionSpec): string[] {
  const all = names(option);
  const exclusive = all.length > 1 ? `(${all.join(' ')})` : '';
  const name = option.value ?? 'value';
  return all.map((n) => {
    const equals = option.takes.kind !== 'nothing' && n.startsWith('--') ? '=' : '';
    return `'${exclusive}${n}${equals}[${zshSpec(option.description)}]${zshAction(name, option.takes)}'`;
  });
}

function zshCommand(command: CommandSpec, main: boolean): string[] {
  const argument = main
    ? ["'1: :_spider_first'"]
    : command.argument.kind === 'nothing'
      ? []
      : [
          `'*${zshAction(command.argument.kind === 'text' ? command.argument.name : 'argument', command.argument)}'`,
        ];
  const specs = [...command.options.flatMap(zshOption), ...argument];
  return [
    `_spider_command_${command.name === '' ? 'main' : command.name}() {`,
    specs.length === 0
      ? '  _arguments -S'
      : `  _arguments -S : \\\n${specs.map((s) => `    ${s}`).join(' \\\n')}`,
    '}',
    '',
  ];
}

function zshScript(spec: CompletionSpec): string[] {
  const commands = spec.commands.map((c) => c.name);
  return [
    `#compdef ${spec.program}`,
    ...header(spec, 'zsh', `save it as _${spec.program} in a folder`),
    '# on $fpath before compinit runs, or source it after.',
    '',
    '_spider_commands() {',
    '  local -a commands=(',
    ...spec.commands.map((c) => `    '${zshQuoted(c.name)}:${zshQuoted(c.description)}'`),
    '  )',
    "  _describe -t commands 'spider command' commands",
    '}',
    '',
    '# The first argument: as the first word, a command where one starts with what is typed;',
    '# else a record file.',
    '_spider_first() {',
    `  local -a names=(${commands.join(' ')})`,
    '  if (( CURRENT == 2 && ${names[(I)${(b)PREFIX}*]} )); then _spider_commands; else _files; fi',
    '}',
    '',
    "# The start of a value (a deal's pysol:), without a space after it.",
    '_spider_prefixes() {',
    '  compadd -S \'\' "$@"',
    '}',
    '',
    ...zshCommand(spec.main, true),
    ...spec.commands.flatMap((c) => zshCommand(c, false)),
    '_spider() {',
    '  if (( CURRENT > 2 )); then',
    '    case $words[2] in',
    `      (${commands.join('|')})`,
    '        local command=$words[2]',
    '        shift words',
    '        (( CURRENT-- ))',
    '        _spider_command_$command',
    '        return',
    '        ;;',
    '    esac',
    '  fi',
    '  _spider_command_main',
    '}',
    '',
    '# Autoloaded from $fpath, this file is the function _spider; sourced, it registers it.',
    'if [[ $funcstack[1] == _spider ]]; then',
    '  _spider "$@"',
    'else',
    `  compdef _spider ${spec.program}`,
    'fi',
  ];
}

// fish

/** Text for a single-quoted fish word. */
const fishQuoted = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`;

function fishOption(condition: string, option: OptionSpec, program: string): string {
  const parts = [`complete -c ${program} -n ${fishQuoted(condition)}`];
  if (option.short !== undefined) parts.push(`-s ${option.short.slice(1)}`);
  if (option.long !== undefined) parts.push(`-l ${option.long.slice(2)}`);
  const takes = option.takes;
  if (takes.kind === 'file') parts.push('-r -F');
  else if (takes.kind === 'text') parts.push('-x');
  else if (takes.kind === 'values') parts.push(`-x -a ${fishQuoted(takes.values.join(' '))}`);
  parts.push(`-d ${fishQuoted(option.description)}`);
  return parts.join(' ');
}

function fishCommand(spec: CompletionSpec, command: CommandSpec): string[] {
  const main = command.name === '';
  const condition = main ? '__spider_main' : `__spider_using ${command.name}`;
  const argument = command.argument;
  const at = main ? `${condition}; and not __spider_first` : condition;
  return [
    ...command.options.map((o) => fishOption(condition, o, spec.program)),
    ...(argument.kind === 'file' ? [`complete -c ${spec.program} -n ${fishQuoted(at)} -F`] : []),
    ...(argument.kind === 'values'
      ? [
          `complete -c ${spec.program} -n ${fishQuoted(at)} -a ${fishQuoted(argument.values.join(' '))}`,
        ]
      : []),
  ];
}

function fishScript(spec: CompletionSpec): string[] {
  const commands = spec.commands.map((c) => c.name).join(' ');
  const p = spec.program;
  return [
    ...header(spec, 'fish', 'save it as'),
    `# ~/.config/fish/completions/${p}.fish.`,
    '',
    `complete -c ${p} -e`,
    `complete -c ${p} -f`,
    '',
    '# The command named by the first word, if it names one.',
    'function __spider_command',
    '    set -l words (commandline -opc)',
    `    if set -q words[2]; and contains -- $words[2] ${commands}`,
    '        echo $words[2]',
    '    end',
    'end',
    'function __spider_using',
    '    set -l command (__spider_command)',
    '    test "$command" = "$argv[1]"',
    'end',
    'function __spider_main',
    '    set -l command (__spider_command)',
    '    test -z "$command"',
    'end',
    'function __spider_first',
    '    test (count (commandline -opc)) -eq 1',
    'end',
    '# The first word where no command starts with what is typed: a record file.',
    'function __spider_first_file',
    '    __spider_first; or return 1',
    '    set -l token (commandline -ct)',
    '    test -n "$token"; or return 1',
    `    for name in ${commands}`,
    '        set -l start (string sub -l (string length -- "$token") -- $name)',
    '        test "$start" = "$token"; and return 1',
    '    end',
    '    return 0',
    'end',
    '',
    ...spec.commands.map(
      (c) => `complete -c ${p} -n __spider_first -a ${c.name} -d ${fishQuoted(c.description)}`,
    ),
    `complete -c ${p} -n __spider_first_file -F`,
    ...fishCommand(spec, spec.main),
    ...spec.commands.flatMap((c) => fishCommand(spec, c)),
  ];
}
