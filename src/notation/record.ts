import {
  type Action,
  DEFAULT_RULES,
  type RelaxedLevel,
  type Rules,
  type SuitCount,
} from '../engine';
import { ACTION_FORMS, formatAction, parseAction } from './action';
import { printable } from './printable';
import { seedProblem } from './seed';

/** A game record (SPEC section 5): the rules, the seed and the line of play kept. */
export interface GameRecord {
  readonly seed: string;
  readonly rules: Rules;
  /** Header keys other than the rules (a date, a player, a result), in file order. */
  readonly meta: readonly (readonly [key: string, value: string])[];
  readonly actions: readonly Action[];
  /** Each action as written in the file, for messages about it. */
  readonly tokens: readonly string[];
  /** The 1-based line each action is on. */
  readonly lines: readonly number[];
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
const RULE_KEYS = ['seed', 'suits', 'relaxed', 'keep-suits'] as const;

const SUITS_VALUES: Record<string, SuitCount> = { '1': 1, '2': 2, '4': 4 };
const RELAXED_VALUES: Record<string, RelaxedLevel> = { '0': 0, '1': 1, '2': 2 };
const KEEP_SUITS_VALUES: Record<string, boolean> = { yes: true, no: false };

function isRuleKey(key: string): boolean {
  return (RULE_KEYS as readonly string[]).includes(key);
}

function isComment(line: string): boolean {
  return /^\s*#/.test(line);
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** Parses a record's text. Never throws; the first problem found is reported with its line. */
export function parseRecord(text: string): RecordParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const fail = (line: number, offending: string, reason: string): RecordParse => ({
    ok: false,
    error: { line: line + 1, text: printable(offending), reason },
  });

  let i = 0;
  while (i < lines.length && (isBlank(lines[i]) || isComment(lines[i]))) i++;
  const header = new Map<string, string>();
  const meta: [string, string][] = [];
  for (; i < lines.length && !isBlank(lines[i]); i++) {
    const line = lines[i];
    if (isComment(line)) continue;
    // `s`: a value may hold U+2028/U+2029, which a seed may contain (they are not control characters).
    const m = /^([A-Za-z][A-Za-z0-9_.-]*): ?(.*)$/s.exec(line);
    if (!m)
      return fail(
        i,
        line,
        `expected a header line 'key: value', not '${printable(line)}' (a blank line ends the header)`,
      );
    const key = m[1];
    // Rule values are single words, so stray spaces are forgiven; a seed is taken exactly.
    const value = key === 'seed' || !isRuleKey(key) ? m[2] : m[2].trim();
    if (header.has(key)) return fail(i, line, `the header key '${printable(key)}' appears twice`);
    header.set(key, value);
    if (!isRuleKey(key)) meta.push([key, value]);
    const problem = headerProblem(key, value);
    if (problem) return fail(i, line, problem);
  }
  const seed = header.get('seed');
  if (seed === undefined) {
    return fail(
      0,
      lines[0],
      "the record has no 'seed: ...' line in its header (the lines before the first blank line)",
    );
  }

  const actions: Action[] = [];
  const tokens: string[] = [];
  const tokenLines: number[] = [];
  for (; i < lines.length; i++) {
    if (isComment(lines[i])) continue;
    for (const token of lines[i].split(/\s+/)) {
      if (token === '') continue;
      const action = parseAction(token);
      if (!action)
        return fail(
          i,
          token,
          `'${printable(token)}' is not an action; actions are ${ACTION_FORMS}`,
        );
      actions.push(action);
      tokens.push(token);
      tokenLines.push(i + 1);
    }
  }
  const rules: Rules = {
    suits: SUITS_VALUES[header.get('suits') ?? '4'] ?? DEFAULT_RULES.suits,
    relaxed: RELAXED_VALUES[header.get('relaxed') ?? '0'] ?? DEFAULT_RULES.relaxed,
    keepSuits: KEEP_SUITS_VALUES[header.get('keep-suits') ?? 'no'] ?? DEFAULT_RULES.keepSuits,
  };
  return { ok: true, record: { seed, rules, meta, actions, tokens, lines: tokenLines } };
}

function headerProblem(key: string, value: string): string | null {
  switch (key) {
    case 'seed': {
      const problem = seedProblem(value);
      return problem && `bad seed '${printable(value)}': ${problem}`;
    }
    case 'suits':
      return value in SUITS_VALUES ? null : `suits must be 1, 2 or 4, not '${printable(value)}'`;
    case 'relaxed':
      return value in RELAXED_VALUES
        ? null
        : `relaxed must be 0, 1 or 2, not '${printable(value)}'`;
    case 'keep-suits':
      return value in KEEP_SUITS_VALUES
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
export function formatRecord(record: Omit<GameRecord, 'tokens' | 'lines'>): string {
  const header = [
    `seed: ${record.seed}`,
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
