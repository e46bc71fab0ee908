import {
  type Action,
  bySeed,
  type DealId,
  DEFAULT_RULES,
  dealText,
  parseDeal,
  type RelaxedLevel,
  type Rules,
  type SuitCount,
} from '../engine';
import { ACTION_FORMS, formatAction, parseAction } from './action';
import { printable } from './printable';
import { seedProblem } from './seed';

/**
 * A game record (docs/records.md, "Move notation and game records"): the rules, the deal and the
 * line of play kept.
 */
export interface GameRecord {
  /** The deal: `seed: S` or `deal: SCHEME:N` in the header. */
  readonly deal: DealId;
  readonly rules: Rules;
  /** Header keys other than the rules (a date, a player, a result), in file order. */
  readonly meta: readonly (readonly [key: string, value: string])[];
  /** The actions; the same token always gives the same (shared) action object. */
  readonly actions: readonly Action[];
  /**
   * How many of the last actions are undone, not kept: only a save has them (its `undone: N`
   * with `save-format`, docs/records.md, "Move notation and game records"); 0 for any other record.
   */
  readonly undone: number;
  /**
   * Where action `index` is written, for messages about it: its token as in the file and its
   * 1-based line. Found again in the text when asked, since a record may hold millions of
   * actions and only a message needs one.
   */
  where(index: number): ActionSource;
}

export interface ActionSource {
  readonly token: string;
  readonly line: number;
}

/** What is wrong with a record and where: the 1-based line and the offending text (made printable). */
export interface RecordError {
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

export type RecordParse =
  | { readonly ok: true; readonly record: GameRecord }
  | { readonly ok: false; readonly error: RecordError };

/** Header keys that set the rules; all others are metadata. */
const RULE_KEYS = ['seed', 'deal', 'suits', 'relaxed', 'keep-suits'] as const;

const SUITS_VALUES: Record<string, SuitCount> = { '1': 1, '2': 2, '4': 4 };
const RELAXED_VALUES: Record<string, RelaxedLevel> = { '0': 0, '1': 1, '2': 2, '3': 3 };
const KEEP_SUITS_VALUES: Record<string, boolean> = { yes: true, no: false };

function isRuleKey(key: string): boolean {
  return (RULE_KEYS as readonly string[]).includes(key);
}

function isComment(line: string): boolean {
  return /^\s*#/.test(line);
}

/**
 * A header key: any text (`player`, `played on`, `日付`) but with no control character, and with
 * no white space at either end, where it would not show (a `seed ` key would be no seed).
 */
function isKey(key: string): boolean {
  return key !== '' && !/^\s|\s$|\p{Cc}/u.test(key);
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

/**
 * Parses a record's text. Never throws; the first problem found is reported with its line.
 * `headerOnly`: the text is a header cut from its body, so a save's undone count is not checked
 * against the actions (there are none to count).
 */
export function parseRecord(text: string, { headerOnly = false } = {}): RecordParse {
  const fail = (line: number, offending: string, reason: string): RecordParse => ({
    ok: false,
    error: { line: line + 1, text: printable(offending), reason },
  });

  // Lines are read one at a time (0-based `i`), not split all at once: a record may be 16 MiB.
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  let i = 0;
  let line = '';
  let lineAt = at;
  const readLine = (): boolean => {
    if (at > text.length) return false;
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const crlf = end < text.length && end > at && text[end - 1] === '\r';
    line = text.slice(at, crlf ? end - 1 : end);
    lineAt = at;
    at = end + 1;
    return true;
  };
  const nextLine = (): boolean => {
    i++;
    return readLine();
  };
  let more = readLine();
  const firstLine = line;
  while (more && (isBlank(line) || isComment(line))) more = nextLine();
  const header = new Map<string, string>();
  /** The line of each key, to name in a message. */
  const where = new Map<string, [number, string]>();
  const meta: [string, string][] = [];
  for (; more && !isBlank(line); more = nextLine()) {
    if (isComment(line)) continue;
    // The key is what comes before the first ': ', the value the rest (docs/records.md, "Move
    // notation and game records"); a key alone with its colon has an empty value.
    const split = line.indexOf(': ');
    const key = split >= 0 ? line.slice(0, split) : line.endsWith(':') ? line.slice(0, -1) : '';
    if (!isKey(key))
      return fail(
        i,
        line,
        `expected a header line 'key: value', not '${printable(line)}' (a blank line ends the header)`,
      );
    const given = split >= 0 ? line.slice(split + 2) : '';
    // Rule values are single words, so stray spaces are forgiven; a seed is taken exactly.
    const value = key === 'seed' || !isRuleKey(key) ? given : given.trim();
    if (header.has(key)) return fail(i, line, `the header key '${printable(key)}' appears twice`);
    header.set(key, value);
    where.set(key, [i, line]);
    if (!isRuleKey(key)) meta.push([key, value]);
    const problem = headerProblem(key, value);
    if (problem) return fail(i, line, problem);
  }
  const seed = header.get('seed');
  const numbered = header.get('deal');
  if (seed !== undefined && numbered !== undefined) {
    // The line of the second of the two names.
    const [seedAt, seedLine] = where.get('seed') ?? [0, firstLine];
    const [dealAt, dealLine] = where.get('deal') ?? [0, firstLine];
    const [atLine, text] = seedAt > dealAt ? [seedAt, seedLine] : [dealAt, dealLine];
    return fail(atLine, text, "a record names its deal by 'seed: ...' or by 'deal: ...', not both");
  }
  const deal =
    seed !== undefined
      ? { ok: true as const, deal: bySeed(seed) }
      : numbered !== undefined
        ? parseDeal(numbered)
        : null;
  if (deal === null || !deal.ok) {
    return fail(
      0,
      firstLine,
      "the record has no 'seed: ...' or 'deal: ...' line in its header (the lines before the first blank line)",
    );
  }

  const body = more ? lineAt : text.length;
  const bodyLine = i;
  const actions: Action[] = [];
  // Tokens repeat endlessly in a long game: one action object per distinct token.
  const known = new Map<string, Action>();
  let bad: RecordParse | null = null;
  scanTokens(text, body, bodyLine, (token, tokenLine) => {
    let action = known.get(token);
    if (action === undefined) {
      const parsed = parseAction(token);
      if (!parsed) {
        bad = fail(
          tokenLine,
          token,
          `'${printable(token)}' is not an action; actions are ${ACTION_FORMS}`,
        );
        return false;
      }
      action = parsed;
      if (known.size < MAX_KNOWN_TOKENS) known.set(token, action);
    }
    actions.push(action);
    return true;
  });
  if (bad) return bad;
  let undone = 0;
  const undoneText = header.get('undone');
  if (header.has('save-format') && undoneText !== undefined) {
    undone = /^\d{1,9}$/.test(undoneText) ? Number(undoneText) : -1;
    if (undone < 0 || (undone > actions.length && !headerOnly)) {
      const [undoneAt, undoneLine] = where.get('undone') ?? [0, firstLine];
      return fail(
        undoneAt,
        undoneLine,
        `a save's undone actions must be a whole number from 0 to the ${headerOnly ? 'number of' : actions.length} actions in its body, not '${printable(undoneText)}'`,
      );
    }
  }
  const rules: Rules = {
    suits: SUITS_VALUES[header.get('suits') ?? '4'] ?? DEFAULT_RULES.suits,
    relaxed: RELAXED_VALUES[header.get('relaxed') ?? '0'] ?? DEFAULT_RULES.relaxed,
    keepSuits: KEEP_SUITS_VALUES[header.get('keep-suits') ?? 'no'] ?? DEFAULT_RULES.keepSuits,
  };
  return {
    ok: true,
    record: new ParsedRecord(deal.deal, rules, meta, actions, undone, text, body, bodyLine),
  };
}

/** A record read from text: `where` scans the text again (private, so records compare by content). */
class ParsedRecord implements GameRecord {
  readonly #text: string;
  readonly #body: number;
  readonly #bodyLine: number;
  constructor(
    readonly deal: DealId,
    readonly rules: Rules,
    readonly meta: readonly (readonly [key: string, value: string])[],
    readonly actions: readonly Action[],
    readonly undone: number,
    text: string,
    body: number,
    bodyLine: number,
  ) {
    this.#text = text;
    this.#body = body;
    this.#bodyLine = bodyLine;
  }

  where(index: number): ActionSource {
    let found: ActionSource = { token: '', line: 0 };
    let n = 0;
    scanTokens(this.#text, this.#body, this.#bodyLine, (token, line) => {
      if (n++ < index) return true;
      found = { token, line: line + 1 };
      return false;
    });
    return found;
  }
}

/** Distinct tokens remembered while parsing; a real record has a few hundred at most. */
const MAX_KNOWN_TOKENS = 4096;

/**
 * Calls `visit` with each action token of the body that starts at `from` (on the 0-based line
 * `line`) and its 0-based line, until `visit` returns false. Tokens are separated by any white
 * space; a line whose first non-blank character is `#` is a comment.
 */
function scanTokens(
  text: string,
  from: number,
  line: number,
  visit: (token: string, line: number) => boolean,
): void {
  const pattern = /\n|\S+/g;
  pattern.lastIndex = from;
  let lineStart = true;
  let comment = false;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const token = m[0];
    if (token === '\n') {
      line++;
      lineStart = true;
      comment = false;
      continue;
    }
    if (lineStart) {
      lineStart = false;
      comment = token.startsWith('#');
    }
    if (!comment && !visit(token, line)) return;
  }
}

function headerProblem(key: string, value: string): string | null {
  switch (key) {
    case 'seed': {
      const problem = seedProblem(value);
      return problem && `bad seed '${printable(value)}': ${problem}`;
    }
    case 'deal': {
      const parsed = parseDeal(value);
      return parsed.ok ? null : `bad deal '${printable(value)}': ${parsed.reason}`;
    }
    case 'suits':
      return Object.hasOwn(SUITS_VALUES, value)
        ? null
        : `suits must be 1, 2 or 4, not '${printable(value)}'`;
    case 'relaxed':
      return Object.hasOwn(RELAXED_VALUES, value)
        ? null
        : `relaxed must be 0, 1, 2 or 3, not '${printable(value)}'`;
    case 'keep-suits':
      return Object.hasOwn(KEEP_SUITS_VALUES, value)
        ? null
        : `keep-suits must be yes or no, not '${printable(value)}'`;
    default:
      return /\p{Cc}/u.test(value)
        ? `the value of '${printable(key)}' contains control characters`
        : null;
  }
}

/** Longest body line written by `formatRecord`. */
const LINE_WIDTH = 72;

/** Writes a record in the format `parseRecord` reads; parse(format(r)) gives r back. */
export function formatRecord(record: Omit<GameRecord, 'where' | 'undone'>): string {
  const header = [
    record.deal.scheme === 'seed' ? `seed: ${record.deal.key}` : `deal: ${dealText(record.deal)}`,
    `suits: ${record.rules.suits}`,
    `relaxed: ${record.rules.relaxed}`,
    `keep-suits: ${record.rules.keepSuits ? 'yes' : 'no'}`,
    ...record.meta.map(([key, value]) => `${key}: ${value}`),
  ];
  const body: string[] = [];
  let line = '';
  for (const action of record.actions) {
    const token = formatAction(action);
    if (line && line.length + 1 + token.length > LINE_WIDTH) {
      body.push(line);
      line = token;
    } else {
      line = line ? `${line} ${token}` : token;
    }
  }
  if (line) body.push(line);
  return `${header.join('\n')}\n\n${body.map((l) => `${l}\n`).join('')}`;
}
