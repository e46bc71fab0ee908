/**
 * What `spider --help` says after the options and commands: examples, the environment read, the
 * files kept and the exit statuses (docs/records.md, "Headless commands"). Kept as data, so that
 * another page of help can be made from the same text and never disagree with it.
 */

/** What the help says after the options and commands, before the sections. */
export const HELP_SETTINGS_NOTE =
  "The game's options can have defaults of your own in a settings file:\n'spider config' shows them, and where the file is (docs/settings.md).";

/** A section of the help's end: a title and its lines, each a term and what it means. */
export interface HelpSection {
  readonly title: string;
  readonly lines: readonly (readonly [term: string, meaning: string])[];
}

export const HELP_SECTIONS: readonly HelpSection[] = [
  {
    title: 'Examples',
    lines: [
      ['spider', 'play: resumes your latest unfinished game, else deals one'],
      ['spider --suits 1', 'a game of one suit, the easiest (n in the game chooses too)'],
      ['spider --daily', "the day's deal, the same for everyone, proven winnable"],
      ['spider --deal pysol:123', "PySolFC's game 123 (kpat:N for KPat's)"],
      ['spider saves', 'your unfinished games; spider resume 2 continues the second'],
      ['spider deal --seed 42 --json', 'a deal for scripts'],
      ['spider completion bash', 'a TAB completion script for bash (zsh, fish too)'],
    ],
  },
  {
    title: 'Environment',
    lines: [
      ['XDG_STATE_HOME', 'saved games go in $XDG_STATE_HOME/spider (~/.local/state/spider)'],
      ['XDG_DATA_HOME', 'statistics go in $XDG_DATA_HOME/spider (~/.local/share/spider)'],
      ['XDG_CONFIG_HOME', 'settings: $XDG_CONFIG_HOME/spider/config.toml (~/.config/...)'],
      ['XDG_CACHE_HOME', 'winnable deals, compiled code: $XDG_CACHE_HOME/spider (~/.cache/spider)'],
      ['LC_ALL, LC_CTYPE, LANG', 'a UTF-8 locale draws suits as symbols, else ASCII'],
      ['NO_COLOR, FORCE_COLOR', 'colour off, or forced on (FORCE_COLOR=0: off)'],
      ['TERM', "the terminal's type; dumb cannot show the game"],
      ['SPIDER_DEBUG', 'set: an internal error prints its stack trace'],
    ],
  },
  {
    title: 'Files',
    lines: [
      ['~/.local/state/spider/games/', 'the saved games, one file each, after every action'],
      ['~/.local/share/spider/games.jsonl', 'the history the statistics come from'],
      ['~/.config/spider/config.toml', 'your defaults (never written by spider)'],
      ['~/.cache/spider/', 'deals found winnable, and compiled code'],
      ['./spider-*.txt', "game records, written by w in the game's folder"],
    ],
  },
  {
    title: 'Exit status',
    lines: [
      ['0', 'success'],
      ['1', 'a record holds an illegal action (replay, play FILE)'],
      ['2', 'bad usage or bad input: an option, a file, the settings file'],
      ['70', 'an internal error (a bug)'],
      ['74', 'the output could not be written'],
      ['129', 'the terminal hung up (the game is saved)'],
    ],
  },
];

/** The width the help's end is wrapped to. */
const WIDTH = 80;

/** Words wrapped to `width` columns (a longer word stands on its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/**
 * The sections as the help prints them: titles, and the terms in a column of their own, what
 * they mean wrapped beside them within 80 columns.
 */
export function helpEpilogue(sections: readonly HelpSection[] = HELP_SECTIONS): string {
  return sections
    .map(({ title, lines }) => {
      const width = Math.max(...lines.map(([term]) => term.length)) + 2;
      const body = lines.flatMap(([term, meaning]) =>
        wrap(meaning, WIDTH - 2 - width).map(
          (part, i) => `  ${(i === 0 ? term : '').padEnd(width)}${part}`,
        ),
      );
      return [`${title}:`, ...body].join('\n');
    })
    .join('\n\n');
}
