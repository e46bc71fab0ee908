/**
 * Metrics in Prometheus' text exposition format, version 0.0.4 (docs/serve.md, "Metrics and
 * health"): counters, gauges read when asked, and histograms of seconds, each with its `# HELP`
 * and `# TYPE` lines.
 */

/** A metric's lines, without its HELP and TYPE. */
interface Metric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram';
  samples(): string[];
}

/** `value` as the format writes a number. */
function numberText(value: number): string {
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return Number.isNaN(value) ? 'NaN' : String(value);
}

/** A label's value, quoted, with `\`, `"` and newlines escaped. */
function labelText(name: string, value: string): string {
  const escaped = value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  return `${name}="${escaped}"`;
}

/**
 * A count that only goes up, by the value of one label (`reason`) or none; the values named at
 * the start are shown from 0.
 */
export class Counter implements Metric {
  readonly type = 'counter';
  private readonly counts = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly label?: { readonly name: string; readonly values: readonly string[] },
  ) {
    for (const value of label?.values ?? ['']) this.counts.set(value, 0);
  }

  inc(value = '', by = 1): void {
    this.counts.set(value, (this.counts.get(value) ?? 0) + by);
  }

  get(value = ''): number {
    return this.counts.get(value) ?? 0;
  }

  samples(): string[] {
    const label = this.label;
    return [...this.counts].map(([value, count]) =>
      label === undefined
        ? `${this.name} ${numberText(count)}`
        : `${this.name}{${labelText(label.name, value)}} ${numberText(count)}`,
    );
  }
}

/** A value read when the metrics are asked for: one, or one for each value of a label. */
export class Gauge implements Metric {
  readonly type = 'gauge';

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly read: () =>
      number | { readonly label: string; readonly values: Record<string, number> },
  ) {}

  samples(): string[] {
    const read = this.read();
    if (typeof read === 'number') return [`${this.name} ${numberText(read)}`];
    return Object.entries(read.values).map(
      ([value, count]) => `${this.name}{${labelText(read.label, value)}} ${numberText(count)}`,
    );
  }
}

/** How many observations fell at or under each bound (seconds), their sum and their count. */
export class Histogram implements Metric {
  readonly type = 'histogram';
  private readonly counts: number[];
  private sum = 0;
  private count = 0;

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {
    this.counts = bounds.map(() => 0);
  }

  observe(value: number): void {
    this.sum += value;
    this.count++;
    const at = this.bounds.findIndex((bound) => value <= bound);
    if (at >= 0) this.counts[at]++;
  }

  samples(): string[] {
    let below = 0;
    const buckets = this.bounds.map((bound, i) => {
      below += this.counts[i];
      return `${this.name}_bucket{${labelText('le', numberText(bound))}} ${below}`;
    });
    return [
      ...buckets,
      `${this.name}_bucket{le="+Inf"} ${this.count}`,
      `${this.name}_sum ${numberText(this.sum)}`,
      `${this.name}_count ${this.count}`,
    ];
  }
}

/** The metrics' page: each metric's HELP, TYPE and samples, in the order added. */
export function exposition(metrics: readonly Metric[]): string {
  const help = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
  return metrics
    .map((metric) =>
      [
        `# HELP ${metric.name} ${help(metric.help)}`,
        `# TYPE ${metric.name} ${metric.type}`,
        ...metric.samples(),
      ].join('\n'),
    )
    .map((block) => `${block}\n`)
    .join('');
}

/** The content type of the page. */
export const EXPOSITION_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
