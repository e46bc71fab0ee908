import type { DealId, Rules } from '../engine';
import { dealOption } from './deal-name';
import { UNSEEN_CLASS } from './printable';

/** Characters a POSIX shell takes as they are, unquoted. */
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;
/** Characters that would not show, or would change how a line shows, when printed raw. */
const UNSEEN = new RegExp(`[${UNSEEN_CLASS}\\p{Co}\\p{Cn}]`, 'u');

/**
 * A word quoted for a shell so that it reaches the program exactly: as it is when nothing in it
 * is special; in single quotes otherwise; and in `$'...'` with `\u` escapes when it holds
 * characters that would not show on a terminal (zero-width, direction-changing and the like),
 * which bash, zsh and ksh read (POSIX sh from its 2024 edition). With `ascii` (a terminal that is
 * not UTF-8) every character beyond ASCII is escaped too, as the octal values of its UTF-8 bytes:
 * a shell whose locale is not UTF-8 leaves `\u` as it is, but makes bytes of octal escapes.
 */
export function shellQuote(word: string, ascii = false): string {
  if (PLAIN.test(word)) return word;
  const beyond = (text: string) => ascii && /[^\p{ASCII}]/u.test(text);
  const escaped = (text: string) => UNSEEN.test(text) || beyond(text);
  if (!escaped(word)) return `'${word.replace(/'/g, `'\\''`)}'`;
  let quoted = '';
  for (const ch of word) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\' || ch === "'") quoted += `\\${ch}`;
    else if (escaped(ch) && ascii)
      for (const byte of Buffer.from(ch)) quoted += `\\${byte.toString(8).padStart(3, '0')}`;
    else if (escaped(ch))
      quoted +=
        code > 0xffff
          ? `\\U${code.toString(16).padStart(8, '0')}`
          : `\\u${code.toString(16).padStart(4, '0')}`;
    else quoted += ch;
  }
  return `$'${quoted}'`;
}

/**
 * The command that deals the same game again: the deal and every rule that differs from the
 * defaults (the suit count always, so the line says what it deals), after `program`, the words
 * that start spider where the player is, ready for a shell (docs/playing.md, "Leaving"). A seed that starts with `-`
 * is joined to its option (`--seed=-h`): on its own it would be read as an option (docs/deals.md,
 * "Seeds on screen").
 */
export function playCommand(deal: DealId, rules: Rules, ascii = false, program = 'spider'): string {
  const [option, value] = dealOption(deal);
  const quoted = shellQuote(value, ascii);
  const dealWords = value.startsWith('-') ? [`${option}=${quoted}`] : [option, quoted];
  const words = [program, ...dealWords, '--suits', String(rules.suits)];
  if (rules.relaxed !== 0) words.push('--relaxed', String(rules.relaxed));
  if (rules.keepSuits) words.push('--keep-suits');
  return words.join(' ');
}

/**
 * The command that deals the same game again over SSH (docs/serve.md, "Choosing the game at
 * login"): `login` (`ssh -t -p 2222 HOST`) and the words a login names the deal and its rules by,
 * quoted for the server's reading and then, as one word, for the player's own shell.
 */
export function loginCommand(login: string, deal: DealId, rules: Rules, ascii = false): string {
  const [option, value] = dealOption(deal);
  const words = [option.slice(2), shellQuote(value, ascii), 'suits', String(rules.suits)];
  if (rules.relaxed !== 0) words.push('relaxed', String(rules.relaxed));
  if (rules.keepSuits) words.push('keep-suits');
  const line = words.join(' ');
  // Plain words reach the server as typed (ssh joins them with blanks); else the line is one word.
  const plain = words.every((word) => shellQuote(word) === word);
  return `${login} ${plain ? line : shellQuote(line, ascii)}`;
}

/** Words read from a line as a POSIX shell splits them, or why they cannot be. */
export type ShellWords =
  { readonly ok: true; readonly words: string[] } | { readonly ok: false; readonly reason: string };

/**
 * The words of a command line as a shell would split them, with none of a shell's powers: blanks
 * between words, `'...'` taken as it is, `"..."` with `\"`, `\\`, `\$` and `` \` `` escaped, and a
 * backslash outside quotes taking the next character as it is. Nothing is expanded (`$HOME`, `*`
 * and `~` stay as typed) and nothing is run: a command sent with an SSH login is read this way
 * (docs/serve.md, "Choosing the game at login").
 */
export function shellWords(line: string): ShellWords {
  const words: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]))
        word += line[++i];
      else word += ch;
    } else if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (word !== null) words.push(word);
      word = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= '';
    } else if (ch === '\\') {
      if (i + 1 === line.length) return { ok: false, reason: 'it ends with a lone \\' };
      word = (word ?? '') + line[++i];
    } else word = (word ?? '') + ch;
  }
  if (quote !== null) return { ok: false, reason: `a ${quote} quote is not closed` };
  if (word !== null) words.push(word);
  return { ok: true, words };
}
