/**
 * The values an option or an argument takes, kept with its commander definition for the shell
 * completions (completion.ts; docs/install.md, "Shell completion"). They are the lists the checks
 * take them from (options.ts), so what is offered is what is accepted; the definitions' own
 * descriptions name them for `--help`. Commander's `choices` is not used: it would check the
 * values itself, with messages of its own, before the settings file has filled in the rest.
 */
import { type Argument, Option } from 'commander';

const VALUES = new WeakMap<Option | Argument, readonly string[]>();

/** `item`, marked as taking one of `values`. */
export function offering<T extends Option | Argument>(
  item: T,
  values: readonly (string | number)[],
): T {
  VALUES.set(item, values.map(String));
  return item;
}

/** The values `item` was marked with, if any. */
export function valuesOf(item: Option | Argument): readonly string[] | undefined {
  return VALUES.get(item);
}

/** An option taking one of `values`, with its default when it has one. */
export function valueOption(
  flags: string,
  description: string,
  values: readonly (string | number)[],
  fallback?: string,
): Option {
  const option = new Option(flags, description);
  return offering(fallback === undefined ? option : option.default(fallback), values);
}
