/**
 * `spider completion SHELL` (docs/install.md, "Shell completion"): prints the completion script
 * for bash, zsh or fish, made from the program's own definitions (completion.ts).
 */
import { Argument, type Command } from 'commander';
import { printable } from '../../notation';
import { completionScript, type Shell, SHELLS } from '../completion';
import type { CommandKit } from '../kit';
import { offering } from '../option-values';

/** "bash, zsh or fish", or with "and". */
const shellList = (and = 'or') =>
  `${SHELLS.slice(0, -1).join(', ')} ${and} ${SHELLS[SHELLS.length - 1]}`;
const SHELL_LIST = shellList();

/** Adds `completion` to `program`, and returns it. */
export function addCompletionCommand(program: Command, kit: CommandKit): Command {
  return program
    .command('completion')
    .description(`print the shell completion script for ${SHELL_LIST} (docs/install.md)`)
    .addArgument(offering(new Argument('[shell]', `the shell: ${SHELL_LIST}`), SHELLS))
    .allowExcessArguments(false)
    .action((shell: string | undefined) => {
      if (shell === undefined)
        return kit.fail(`completion needs a shell: ${SHELL_LIST} (spider completion bash)`);
      if (!(SHELLS as readonly string[]).includes(shell))
        return kit.fail(
          `no completion for the shell '${printable(shell)}': the shells are ${shellList('and')}`,
        );
      kit.io.stdout.write(completionScript(shell as Shell, program));
    });
}
