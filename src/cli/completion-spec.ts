/**
 * What the shell completions offer (docs/install.md, "Shell completion"), read from the commander
 * program itself, so they offer the commands and options `--help` lists and the values the checks
 * accept (option-values.ts). A value named `file` is completed as a file name; other values (a
 * seed, a number of seconds) are typed, and nothing is offered for them. The scripts are made
 * from it in completion.ts.
 */
import type { Argument, Command, Option } from 'commander';
import { valuesOf } from './option-values';

/** What follows an option, or stands as an argument: nothing, a file, one of some values, or text. */
export type Taking =
  | { readonly kind: 'nothing' }
  | { readonly kind: 'file' }
  | { readonly kind: 'values'; readonly values: readonly string[] }
  | { readonly kind: 'text'; readonly name: string };

export interface OptionSpec {
  /** `-s`, when it has a short name. */
  readonly short?: string;
  /** `--suits`. */
  readonly long?: string;
  readonly description: string;
  readonly takes: Taking;
  /** What its value is called (`n` for `--suits <n>`), when it takes one. */
  readonly value?: string;
}

export interface CommandSpec {
  /** The command's name, or '' for the program run without one (the default command's options). */
  readonly name: string;
  readonly description: string;
  readonly options: readonly OptionSpec[];
  /** Its argument, in any place that is not an option or an option's value. */
  readonly argument: Taking;
}

/** What a completion script is made from. */
export interface CompletionSpec {
  readonly program: string;
  /** The program run without a command; its first word may also be a command. */
  readonly main: CommandSpec;
  readonly commands: readonly CommandSpec[];
}

/** Names and values as they go into a script unquoted: plain words only. */
const PLAIN = /^[\w.:+-]+$/;

function plain(word: string): string {
  if (!PLAIN.test(word)) throw new Error(`not a plain word for a completion script: ${word}`);
  return word;
}

function taking(item: Option | Argument, name: string | undefined): Taking {
  const values = valuesOf(item);
  if (values !== undefined) return { kind: 'values', values: values.map(plain) };
  if (name === undefined) return { kind: 'nothing' };
  return name === 'file' ? { kind: 'file' } : { kind: 'text', name };
}

function optionSpec(option: Option): OptionSpec {
  const name = /[<[]([^>\]]+)[>\]]/.exec(option.flags)?.[1];
  return {
    ...(option.short === undefined ? {} : { short: plain(option.short) }),
    ...(option.long === undefined ? {} : { long: plain(option.long) }),
    description: option.description,
    takes: option.required || option.optional ? taking(option, name) : { kind: 'nothing' },
    ...(name === undefined ? {} : { value: name }),
  };
}

function commandSpec(command: Command, name = command.name()): CommandSpec {
  const help = command.createHelp();
  const [argument] = command.registeredArguments;
  return {
    name: name === '' ? '' : plain(name),
    description: command.description(),
    options: help.visibleOptions(command).map(optionSpec),
    argument: argument === undefined ? { kind: 'nothing' } : taking(argument, argument.name()),
  };
}

/**
 * The completions of `program`: its commands as the help lists them (the help command among them,
 * taking a command's name), and without one the default command `play`'s options with the
 * program's own.
 */
export function completionSpec(program: Command): CompletionSpec {
  const play = program.commands.find((c) => c.name() === 'play');
  const own = commandSpec(program, '');
  const playOptions = play
    ? commandSpec(play).options.filter((o) => o.long !== '--help' && o.long !== '--version')
    : [];
  // The help command is commander's own, not among the program's commands.
  const names = program.commands.map((c) => c.name());
  const commands = program
    .createHelp()
    .visibleCommands(program)
    .map((c) =>
      program.commands.includes(c)
        ? commandSpec(c)
        : { ...commandSpec(c), argument: { kind: 'values', values: names } as const },
    );
  return {
    program: plain(program.name()),
    main: {
      ...own,
      description: program.description(),
      options: [...playOptions, ...own.options],
      argument: play ? commandSpec(play).argument : { kind: 'nothing' },
    },
    commands,
  };
}
