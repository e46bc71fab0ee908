/**
 * Bad usage of the program, said in one line (docs/records.md, "Headless commands"): commander's
 * own messages made so, and what the program looks at before commander does (a mistyped command, an
 * option taking another option for its value).
 */
import type { Command, Option } from 'commander';
import { printable } from '../notation';
import { missingFile, pathExists } from '../store/input';

/**
 * Commander's message `text` in one line: commander puts a suggestion ("(Did you mean --seed?)")
 * on a line of its own. Without a suggestion, it says where the options are.
 */
export function commanderMessage(text: string, program: Command): string {
  return (
    cutQuoted(text)
      .replace(/^error: /, 'spider: ')
      .trimEnd()
      .replace(/\s*\n\s*/g, ' ')
      .replace(
        /^(spider: unknown option '[^']*')$/,
        '$1: this command has no such option (see its --help)',
      )
      // A value left out: say what the option takes, as its help line does.
      .replace(/^spider: option '([^']*)' argument missing$/, (whole, flags: string) => {
        const option = [program, ...program.commands]
          .flatMap((command) => command.options)
          .find((o) => o.flags === flags);
        return option ? `spider: option '${flags}' needs a value: ${option.description}` : whole;
      })
  );
}

/**
 * What is wrong with `args` before commander reads them, or null: a first argument that is
 * neither a command nor a file, help for no command, an option taking another for its value.
 */
export function usageProblem(program: Command, args: readonly string[]): string | null {
  // A record file first is the game's (`spider FILE`); without this check, a mistyped command
  // would reach the default command as a record file that is not there. Anything at the path
  // goes to the reader, which says what is wrong with a directory or an unreadable file.
  const first = args[0];
  const commands = ['help', ...program.commands.map((c) => c.name())];
  if (
    first !== undefined &&
    !first.startsWith('-') &&
    !commands.includes(first) &&
    !pathExists(first)
  ) {
    // A name that is not UTF-8 reaches the program with U+FFFD for its bad bytes (docs/records.md,
    // "Move notation and game records"): the file may be there under its real name.
    if (first.includes('\uFFFD'))
      return `cannot read '${printable(first, 300)}': ${missingFile(first)}`;
    const what = /[./]/.test(first) ? 'no file or command' : 'unknown command';
    return `${what} '${printable(first)}'; the commands are ${commandList(program)} (see 'spider --help')`;
  }
  const command = program.commands.find((c) => c.name() === first);
  // `spider help dael` would show the main help and succeed, as if all were well.
  const asked = args[1];
  if (
    first === 'help' &&
    asked !== undefined &&
    !asked.startsWith('-') &&
    !commands.includes(asked)
  ) {
    return `no help for '${printable(asked)}': the commands are ${commandList(program)} (see 'spider --help')`;
  }
  // What comes before `--` may be options; what comes after, only arguments.
  const optional = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  // An option's value is looked at before anything else: `deal --json --seed -h` is a seed left
  // out, not a question (docs/rules.md, "Decisions where the rules are silent"); `--seed=-h` is the
  // seed -h.
  return optionTakenAsValue(
    command ?? program.commands.find((c) => c.name() === 'play')!,
    optional,
  );
}

/**
 * Commander's message about an unknown option or command with the text it quotes cut, as every
 * message cuts what it quotes of the command line (`printable`): the player typed it, and a
 * mistyped option of 100,000 characters is no reason to print it back whole.
 */
function cutQuoted(text: string): string {
  return text.replace(
    /^(error: unknown (?:option|command) ')([\s\S]*)('(?:\s*\(Did you mean [^()']*\?\))?\s*)$/,
    (_whole, before: string, quoted: string, after: string) =>
      `${before}${printable(quoted)}${after}`,
  );
}

/** "play, deal, replay and stats": the commands as the program defines them. */
function commandList(program: Command): string {
  const names = program.commands.map((c) => c.name());
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * An option that takes a value followed by another of the program's options (`--seed --json`,
 * `--seed -h`, `--port -V`): commander would take the option for the value, or answer the help or
 * the version as if the option had its value, which a player never means; what to say then
 * (docs/rules.md, "Decisions where the rules are silent"). A value that is only written like an
 * option (`--seed=--json`, `--seed=-h`, `--seed -5`) is left alone. `args` are those before any
 * `--`.
 */
function optionTakenAsValue(command: Command, args: readonly string[]): string | null {
  const options = command.options;
  const known = [...options, ...(command.parent?.options ?? [])];
  const flags = new Set([
    ...['-h', '--help', '-V', '--version'],
    ...known.flatMap((o) => [o.long, o.short]),
  ]);
  for (let i = 0; i + 1 < args.length; i++) {
    const option = valueOption(options, args[i]);
    if (option === undefined) continue;
    const next = args[i + 1];
    if (flags.has(next.split('=')[0])) {
      const shown = printable(next);
      // Only a seed is free text that may look like an option.
      const seed =
        option.long === '--seed' && !next.includes('=')
          ? ` (write --seed=${shown} if that is the seed)`
          : '';
      return `option '${option.flags}' needs a value, not the option '${shown}'${seed}`;
    }
    i++;
  }
  return null;
}

/**
 * The option taking a value that `arg` ends with: `--seed`, `-s`, or a cluster of switches whose
 * last letter takes the value (`-ks` is `-k -s`); in `-sk`, `k` is the value of `-s`.
 */
function valueOption(options: readonly Option[], arg: string): Option | undefined {
  const byFlag = (flag: string) => options.find((o) => o.long === flag || o.short === flag);
  const cluster = /^-([A-Za-z]{2,})$/.exec(arg);
  if (cluster === null) {
    const option = byFlag(arg);
    return option?.required ? option : undefined;
  }
  const letters = [...cluster[1]].map((letter) => byFlag(`-${letter}`));
  const last = letters.pop();
  const switches = letters.every((o) => o !== undefined && !o.required && !o.optional);
  return switches && last?.required ? last : undefined;
}
