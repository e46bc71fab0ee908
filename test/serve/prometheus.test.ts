/** Metrics in Prometheus' text format (docs/serve.md, "Metrics and health"). */
import { Counter, exposition, Gauge, Histogram } from '../../src/serve/prometheus';
import { parsePrometheus, sampleOf } from '../helpers/prometheus';

describe("Prometheus' text format", () => {
  it('writes HELP, TYPE and samples: counters by label, gauges read when asked, histograms', () => {
    const refusals = new Counter('x_refusals_total', 'Refused, by why.', {
      name: 'reason',
      values: ['full', 'banned'],
    });
    refusals.inc('full');
    refusals.inc('full');
    let players = 3;
    const gauge = new Gauge('x_players', 'Playing now.', () => players);
    const times = new Histogram('x_seconds', 'How long.', [0.001, 0.01, 0.1]);
    for (const value of [0.0005, 0.001, 0.05, 7]) times.observe(value);
    players = 4;
    const text = exposition([gauge, refusals, times]);
    expect(text).toBe(
      [
        '# HELP x_players Playing now.',
        '# TYPE x_players gauge',
        'x_players 4',
        '# HELP x_refusals_total Refused, by why.',
        '# TYPE x_refusals_total counter',
        'x_refusals_total{reason="full"} 2',
        'x_refusals_total{reason="banned"} 0',
        '# HELP x_seconds How long.',
        '# TYPE x_seconds histogram',
        // A value on a bound is in that bound's bucket; the buckets count all below them.
        'x_seconds_bucket{le="0.001"} 2',
        'x_seconds_bucket{le="0.01"} 2',
        'x_seconds_bucket{le="0.1"} 3',
        'x_seconds_bucket{le="+Inf"} 4',
        'x_seconds_sum 7.0515',
        'x_seconds_count 4',
        '',
      ].join('\n'),
    );
    const families = parsePrometheus(text);
    expect(families.get('x_seconds')?.type).toBe('histogram');
    expect(sampleOf(families, 'x_refusals_total', { reason: 'full' })).toBe(2);
    expect(sampleOf(families, 'x_seconds_bucket', { le: '+Inf' })).toBe(4);
  });

  it('escapes label values and help text', () => {
    const odd = new Counter('x_total', 'A \\ and\na newline.', {
      name: 'reason',
      values: ['say "hi"\\\n'],
    });
    const text = exposition([odd]);
    expect(text).toContain('# HELP x_total A \\\\ and\\na newline.\n');
    expect(text).toContain('x_total{reason="say \\"hi\\"\\\\\\n"} 0\n');
    expect(sampleOf(parsePrometheus(text), 'x_total', { reason: 'say "hi"\\\n' })).toBe(0);
  });

  it.each([
    [
      'a counter not ending in _total',
      '# HELP a x\n# TYPE a counter\na 1\n',
      'does not end in _total',
    ],
    ['no newline at the end', '# HELP a_total x\n# TYPE a_total counter\na_total 1', 'newline'],
    ['a sample of no family', 'b 1\n', 'before any HELP'],
    ['a bad escape', '# HELP a_total x\n# TYPE a_total counter\na_total{r="\\t"} 1\n', 'escape'],
    ['a value that is no number', '# HELP g x\n# TYPE g gauge\ng one\n', 'not a number'],
    ['two spaces', '# HELP g x\n# TYPE g gauge\ng  1\n', 'one space'],
    [
      'buckets out of order',
      '# HELP h x\n# TYPE h histogram\nh_bucket{le="1"} 1\nh_bucket{le="0.5"} 1\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n',
      'not in order',
    ],
    [
      'a count that is not the +Inf bucket',
      '# HELP h x\n# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 1\n',
      "_count is not +Inf's",
    ],
    ['a series twice', '# HELP g x\n# TYPE g gauge\ng 1\ng 2\n', 'twice'],
  ])('the test reader refuses %s', (_what, text, message) => {
    expect(() => parsePrometheus(text)).toThrow(message);
  });
});
