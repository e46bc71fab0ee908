/**
 * The manual page, spider(6) (docs/install.md, "The manual page"), made from what `--help` is
 * made from: the commander program's commands and options, described by commander's own help
 * formatter, and the help's end (help-text.ts). The build writes it to dist/spider.6. Only the
 * plain man(7) macros are used, so that man-db, mandoc and groff all read it.
 */
import { type Command, type Help, type Option } from 'commander';
import { HELP_SETTINGS_NOTE, type HelpSection } from './help-text';

/** What the page says of itself, beside the program's definitions. */
export interface ManPageInfo {
  readonly version: string;
  /** Where the full manual is read: the project's home page, when the package names one. */
  readonly homepage?: string;
}

/** The manual's files by topic, in docs/. */
const DOCS = [
  'playing.md',
  'rules.md',
  'deals.md',
  'records.md',
  'saves.md',
  'settings.md',
  'solver.md',
  'serve.md',
  'install.md',
];

/** The help's sections, by the page's section each goes under. */
const SECTION_NAMES: Readonly<Record<string, string>> = {
  Examples: 'EXAMPLES',
  Environment: 'ENVIRONMENT',
  Files: 'FILES',
  'Exit status': 'EXIT STATUS',
};

/**
 * `text` as roff reads it literally: backslashes, hyphens (minus signs, as options are typed),
 * quotes and every character beyond ASCII escaped, control characters as spaces, and a line that
 * would start with a control character (`.` or `'`) or a space (a break) made to start with
 * nothing (`\&`). An empty line is left out: roff would make it a blank line.
 */
export function roffEscape(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/'/g, '\\(aq')
    .replace(/`/g, '\\(ga')
    .replace(/"/g, '\\(dq')
    // eslint-disable-next-line no-control-regex -- control characters are what it replaces
    .replace(/[\0-\x09\x0b-\x1f\x7f]/g, ' ')
    .replace(
      /[^\0-\x7f]/gu,
      (c) => `\\[u${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`,
    );
  return escaped
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (/^[.' ]/.test(line) ? `\\&${line}` : line))
    .join('\n');
}

const bold = (text: string) => `\\fB${roffEscape(text)}\\fR`;

/**
 * A usage or an option's term (`-s, --suits <n>`, `deal [options]`), on one line: the names bold,
 * what is given in their place (`<n>`, `[file]`) italic.
 */
function term(text: string): string {
  return text
    .split(/(<[^>]*>|\[[^\]]*\])/)
    .filter((part) => part !== '')
    .map((part) => {
      const placeholder = /^([<[])(.*)[>\]]$/.exec(part);
      // Names bold, the commas and spaces between them not.
      if (placeholder === null)
        return part
          .split(/([,\s]+)/)
          .map((word) => (word === '' || /^[,\s]+$/.test(word) ? word : bold(word)))
          .join('');
      const [, open, inner] = placeholder;
      return open === '<' ? `\\fI${roffEscape(inner)}\\fR` : `[\\fI${roffEscape(inner)}\\fR]`;
    })
    .join('');
}

/** A tagged paragraph: the tag on a line, what it means indented below. */
const tagged = (tag: string, text: string): string[] => ['.TP', tag, roffEscape(text)];

function optionLines(help: Help, options: readonly Option[]): string[] {
  return options.flatMap((o) => tagged(term(help.optionTerm(o)), help.optionDescription(o)));
}

/** The options the main help lists: the default command's, then the program's own. */
function mainOptions(program: Command, help: Help): Option[] {
  const play = program.commands.find((c) => c.name() === 'play');
  const playOptions = play ? help.visibleOptions(play).filter((o) => o.long !== '--help') : [];
  return [...playOptions, ...help.visibleOptions(program)];
}

/** Each command as the help lists it, then its arguments and options, indented. */
function commandLines(program: Command, help: Help): string[] {
  return help.visibleCommands(program).flatMap((command) => {
    const head = tagged(term(help.subcommandTerm(command)), help.subcommandDescription(command));
    // The implicit `help` command is only its line; the default command's options are above.
    const own = program.commands.includes(command);
    if (!own) return head;
    if (command.name() === 'play')
      return [...head, roffEscape('(its options are those under OPTIONS above)')];
    const args = help
      .visibleArguments(command)
      .flatMap((a) => tagged(term(help.argumentTerm(a)), help.argumentDescription(a)));
    const options = help.visibleOptions(command).filter((o) => o.long !== '--help');
    return [...head, '.RS', ...args, ...optionLines(help, options), '.RE'];
  });
}

function description(program: Command, info: ManPageInfo): string[] {
  const where = info.homepage === undefined ? '' : ` (${info.homepage})`;
  return [
    '.SH DESCRIPTION',
    roffEscape(
      `${program.name()} is Spider solitaire for the terminal: two decks in ten columns, built down ` +
        'and cleared a suit at a time, from king to ace. With no command it plays: it resumes ' +
        'your latest unfinished game, else deals one; in the game, ? shows the keys. The other ' +
        'commands print deals and replay game records for scripts, search deals for a win, show ' +
        'your statistics and saved games, and let others play over SSH.',
    ),
    '.PP',
    roffEscape(HELP_SETTINGS_NOTE.replace(/\n/g, ' ')),
    '.PP',
    roffEscape(
      `The manual by topic (the rules, deals, records, saves, settings, the solver, playing over SSH) is the docs folder of the source${where}.`,
    ),
  ];
}

function sectionLines({ title, lines }: HelpSection): string[] {
  const name = SECTION_NAMES[title] ?? title.toUpperCase();
  const font = name === 'FILES' ? (t: string) => `\\fI${roffEscape(t)}\\fR` : bold;
  return [`.SH ${name}`, ...lines.flatMap(([t, meaning]) => tagged(font(t), meaning))];
}

/** The page, as roff text, from the program's definitions and the help's sections. */
export function manPage(
  program: Command,
  sections: readonly HelpSection[],
  info: ManPageInfo,
): string {
  const help = program.createHelp();
  const name = program.name();
  const usage = program
    .usage()
    .split('\n')
    .map((line) => line.replace(/\s*\(.*\)\s*$/, '').trim())
    .map((line) => (line.startsWith(`${name} `) ? line : `${name} ${line}`));
  const page = [
    `.TH ${name.toUpperCase()} 6 "" "${roffEscape(`${name} ${info.version}`)}" "Games"`,
    '.SH NAME',
    `${roffEscape(name)} \\- ${roffEscape(program.description())}`,
    '.SH SYNOPSIS',
    ...usage.flatMap((line, i) => (i === 0 ? [term(line)] : ['.PP', term(line)])),
    ...description(program, info),
    '.SH OPTIONS',
    ...optionLines(help, mainOptions(program, help)),
    '.SH COMMANDS',
    ...commandLines(program, help),
    ...sections.flatMap(sectionLines),
    '.SH SEE ALSO',
    `\\fBssh\\fR(1), to play on a ${bold(`${name} serve`)}; the manual by topic, in the docs folder of the source: ${roffEscape(DOCS.join(', '))}.`,
  ];
  return `${page.join('\n')}\n`;
}
