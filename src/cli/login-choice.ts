/**
 * The game a player names when logging in over SSH (docs/serve.md, "Choosing the game at login"):
 * the command the client sends is read as the game's options and nothing else, split without a
 * shell (`shellWords`) and checked as `spider` checks them locally, with the same messages. Two
 * forms: options, `--daily --suits 1` (sent as `ssh -t HOST -- --daily --suits 1`, since OpenSSH
 * takes dashed words after the host as its own), and plain words, `daily`, `suits 1 seed fox`,
 * `deal pysol:123`.
 */
import { Command, CommanderError } from 'commander';
import type { Rules } from '../engine';
import { shellWords } from '../notation';
import type { GameChoice, LoginChoice } from '../serve/choice';
import { addGameOptions } from './kit';
import { checkGameOptions, type RawOptions } from './options';
import { commanderMessage } from './usage';

/** What a login may name, shown with every refusal. */
export const LOGIN_USAGE =
  'after the host, name the game: daily, winnable, new, seed S, deal pysol:N (or kpat:N), ' +
  'suits 1|2|4, relaxed 0-3, keep-suits; or the same as options after --: ' +
  'ssh -t -p PORT HOST -- --daily --suits 1';

/** The options a login may give: the game's, and `--new`; never a file, never a command. */
function loginCommand(): Command {
  const command = addGameOptions(new Command('spider'))
    .option('--new', 'a new game even if one is unfinished')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined })
    .helpOption(false)
    .allowExcessArguments(false)
    .allowUnknownOption(false);
  return command;
}

/** The plain words (`suits 1 seed fox`) as the options they name (`--suits 1 --seed fox`). */
function asOptions(words: readonly string[], command: Command): string[] | string {
  const options: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const option = command.options.find((o) => o.long === `--${words[i]}`);
    if (option === undefined) return `'${words[i]}' is not something a login can name`;
    options.push(option.long as string);
    if (option.required) {
      if (i + 1 === words.length) return `${words[i]} needs a value: ${option.description}`;
      options.push(words[++i]);
    }
  }
  return options;
}

/**
 * The game `line` names, with `defaults` (the server's own rules) for what it does not; with
 * `fixedRules`, a line that names other rules is refused. An empty line names nothing: the game
 * the player would get with a plain login.
 */
export function loginChoice(line: string, defaults: Rules, fixedRules: boolean): LoginChoice {
  const refused = (why: string): LoginChoice => ({
    ok: false,
    message: `spider: ${why}. ${LOGIN_USAGE}`,
  });
  const split = shellWords(line);
  if (!split.ok) return refused(`the command cannot be read: ${split.reason}`);
  const command = loginCommand();
  const plain = split.words.length > 0 && !split.words[0].startsWith('-');
  const argv = plain ? asOptions(split.words, command) : split.words;
  if (typeof argv === 'string') return refused(argv);
  try {
    command.parse(argv, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    return refused(commanderMessage(error.message, command).replace(/^spider: /, ''));
  }
  const raw = command.opts<RawOptions & { new?: boolean }>();
  const given = (name: string) => command.getOptionValueSource(name) === 'cli';
  const named: Partial<Rules> = {};
  const checked = checkGameOptions({
    ...raw,
    suits: given('suits') ? raw.suits : String(defaults.suits),
    relaxed: given('relaxed') ? raw.relaxed : String(defaults.relaxed),
    keepSuits: given('keepSuits') ? raw.keepSuits : defaults.keepSuits,
  });
  if (!checked.ok) return refused(checked.message.replace(/\.$/, ''));
  const { rules, deal, choose } = checked.value;
  if (given('suits')) Object.assign(named, { suits: rules.suits });
  if (given('relaxed')) Object.assign(named, { relaxed: rules.relaxed });
  if (given('keepSuits')) Object.assign(named, { keepSuits: rules.keepSuits });
  const differs = (Object.keys(named) as (keyof Rules)[]).some((k) => named[k] !== defaults[k]);
  if (fixedRules && differs)
    return {
      ok: false,
      message: `spider: this server plays only ${rulesWords(defaults)}; the rest can be chosen. ${LOGIN_USAGE}`,
    };
  const choice: GameChoice = {
    rules,
    named,
    ...(deal === undefined ? {} : { deal }),
    ...(choose === undefined ? {} : { choose }),
    fresh: raw.new === true,
  };
  return { ok: true, choice };
}

function rulesWords(rules: Rules): string {
  return `${rules.suits} suit${rules.suits > 1 ? 's' : ''}, relaxed ${rules.relaxed}${rules.keepSuits ? ', keep-suits' : ''}`;
}
