/**
 * A strict reader of Prometheus' text exposition format (0.0.4), for the tests of the server's
 * metrics (docs/serve.md, "Metrics and health"): it throws, naming the line, at anything the format
 * does not allow or a scraper would take badly, and returns each family with its samples.
 */

export interface Family {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  readonly samples: Sample[];
}

export interface Sample {
  /** The sample's own name: a histogram's have `_bucket`, `_sum` or `_count` after the family's. */
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function number(text: string, where: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text))
    throw new Error(`${where}: '${text}' is not a number`);
  return Number(text);
}

/** The labels of `{a="x",b="y"}`, from just after its `{`; returns them and where they end. */
function labels(line: string, from: number, where: string): [Record<string, string>, number] {
  const found: Record<string, string> = {};
  let at = from;
  while (line[at] !== '}') {
    const name = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(line.slice(at))?.[0];
    if (name === undefined || !LABEL_NAME.test(name)) throw new Error(`${where}: a label name`);
    at += name.length;
    if (line.slice(at, at + 2) !== '="') throw new Error(`${where}: '="' after ${name}`);
    at += 2;
    let value = '';
    for (; line[at] !== '"'; at++) {
      if (at >= line.length) throw new Error(`${where}: an unclosed label value`);
      if (line[at] === '\\') {
        const next = line[++at];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`${where}: the escape \\${next}`);
      } else value += line[at];
    }
    at++;
    if (name in found) throw new Error(`${where}: the label ${name} twice`);
    found[name] = value;
    if (line[at] === ',') at++;
    else if (line[at] !== '}') throw new Error(`${where}: ',' or '}' after a label`);
  }
  return [found, at + 1];
}

/** The families of `text`, each checked as its type asks. */
export function parsePrometheus(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('the text does not end with a newline');
  const families = new Map<string, Family>();
  const series = new Set<string>();
  let current: Family | null = null;
  const lines = text.slice(0, -1).split('\n');
  lines.forEach((line, i) => {
    const where = `line ${i + 1} (${line})`;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta;
      if (!NAME.test(name)) throw new Error(`${where}: a bad name`);
      if (kind === 'HELP') {
        if (families.has(name)) throw new Error(`${where}: ${name} declared twice`);
        current = { name, help: rest, type: 'untyped', samples: [] };
        families.set(name, current);
      } else {
        if (current?.name !== name) throw new Error(`${where}: TYPE not after its HELP`);
        if (!TYPES.has(rest)) throw new Error(`${where}: no such type`);
        (current as { type: string }).type = rest;
        if (current.samples.length > 0) throw new Error(`${where}: TYPE after samples`);
      }
      return;
    }
    if (line.startsWith('#') || line === '') throw new Error(`${where}: a stray line`);
    const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0];
    if (name === undefined) throw new Error(`${where}: no metric name`);
    let at = name.length;
    let found: Record<string, string> = {};
    if (line[at] === '{') [found, at] = labels(line, at + 1, where);
    const rest = line.slice(at);
    const value = /^ (\S+)$/.exec(rest)?.[1];
    if (value === undefined) throw new Error(`${where}: not one space then a value`);
    const family: Family | null = current;
    if (family === null) throw new Error(`${where}: a sample before any HELP and TYPE`);
    const own = family.type === 'histogram' ? ['_bucket', '_sum', '_count'] : [''];
    if (!own.some((suffix) => `${family.name}${suffix}` === name))
      throw new Error(`${where}: not a sample of ${family.name}`);
    const key = `${name}${JSON.stringify(Object.entries(found).sort())}`;
    if (series.has(key)) throw new Error(`${where}: the same series twice`);
    series.add(key);
    family.samples.push({ name, labels: found, value: number(value, where) });
  });
  for (const family of families.values()) check(family);
  return families;
}

/** A family's rules: a counter's name and values, a histogram's buckets, sum and count. */
function check(family: Family): void {
  const { name, type, samples } = family;
  if (type === 'untyped') throw new Error(`${name} has no TYPE`);
  if (samples.length === 0) throw new Error(`${name} has no samples`);
  if (type === 'counter') {
    if (!name.endsWith('_total')) throw new Error(`the counter ${name} does not end in _total`);
    if (samples.some((s) => !(s.value >= 0))) throw new Error(`${name} has a negative count`);
  }
  if (type !== 'histogram') return;
  if (name.endsWith('_total')) throw new Error(`the histogram ${name} ends in _total`);
  const buckets = samples.filter((s) => s.name === `${name}_bucket`);
  if (buckets.some((s) => s.labels.le === undefined))
    throw new Error(`${name}: a bucket with no le`);
  const bounds = buckets.map((s) => number(s.labels.le, name));
  if (bounds.some((b, i) => i > 0 && b <= bounds[i - 1]))
    throw new Error(`${name}: buckets not in order`);
  if (bounds.at(-1) !== Infinity) throw new Error(`${name}: no +Inf bucket`);
  if (buckets.some((s, i) => i > 0 && s.value < buckets[i - 1].value))
    throw new Error(`${name}: buckets not cumulative`);
  const count = samples.find((s) => s.name === `${name}_count`);
  const sum = samples.find((s) => s.name === `${name}_sum`);
  if (count === undefined || sum === undefined) throw new Error(`${name}: no _sum or _count`);
  if (count.value !== buckets.at(-1)?.value) throw new Error(`${name}: _count is not +Inf's`);
}

/** The value of the sample `name` with `labels`, or undefined. */
export function sampleOf(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values())
    for (const sample of family.samples)
      if (
        sample.name === name &&
        Object.keys(labels).length === Object.keys(sample.labels).length &&
        Object.entries(labels).every(([k, v]) => sample.labels[k] === v)
      )
        return sample.value;
  return undefined;
}
