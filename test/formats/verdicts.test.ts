/** Wrong verdicts of the hostile-input campaign: each case failed (a wrong or silent verdict) before its fix. */
import { describe, expect, it } from 'vitest';
import { parseNumber } from '../../src/lib/numbers/number.js';
import { checkValue } from '../../src/lib/claims/check.js';
import { parseValue } from '../../src/lib/formats/metrics.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';

const block = (extra = '', tps = '100.00', dur = '10.00') => `    \`\`\`
    ============ Serving Benchmark Result ============
    Successful requests:                     10
    Benchmark duration (s):                  ${dur}
    Total input tokens:                      500
    Total generated tokens:                  500
    Request throughput (req/s):              1.00
    Output token throughput (tok/s):         50.00
    Total Token throughput (tok/s):          ${tps}
${extra}    ==================================================
    \`\`\``;

const page = (cells: string, extra = '', tps = '100.00', dur = '10.00') => `# Optimizing Demo-8B Throughput

## Conclusion

| Benchmark Case | baseline | Optimized |
|---|---|---|
| **ShareGPT** | ${cells} |

## Experiment Results

### 1. Choosing the Inference Engine

vLLM
??? info "Benchmark result"
${block(extra, tps, dur)}
`;

const check = (source: string) => checkAll([analyze(source, 'page.md')])[0];
const ids = (source: string) => check(source).messages.map((m) => `${m.line} ${m.ruleId}`);

describe('wrong verdicts', () => {
  it('should verify `-0` restating a printed `-0`', () => {
    const stated = parseNumber('-0')!;
    expect(checkValue(stated, { value: -0, decimals: 0, text: '-0', exact: true }).verdict).toBe('verified');
    expect(checkValue(parseNumber('-0.0')!, { value: -0, decimals: 1, text: '-0.0' }).verdict).toBe('verified');
    // A stated negative zero still needs something below zero: a plain 0 does not reproduce it.
    expect(checkValue(stated, { value: 0, decimals: 0, exact: true }).verdict).toBe('mismatch');
    const claims = check(page('Total TPS: -0 | Total TPS: -0', '', '-0')).claims;
    expect(claims.map((c) => c.verdict)).toEqual(['verified', 'verified']);
  });

  it('should make a metric repeated with another value an error, its claims untraceable', () => {
    const r = check(page('Total TPS: 100.00 | Total TPS: 120.00', '    Total Token throughput (tok/s):          120.00\n'));
    const m = r.messages.find((x) => x.ruleId === 'benchmark-ambiguous-metric')!;
    expect(m).toMatchObject({ line: 24, severity: 'error', actual: '100.00 (line 23) and 120.00 (line 24)' });
    expect(m.message).toContain('claims from this metric are untraceable');
    expect(r.runs[0].metrics.total_token_throughput.value).toBeNull();
    expect(r.claims.map((c) => c.verdict)).toEqual(['untraceable', 'untraceable']);
  });

  it('should report a block that mixes formats instead of silently relabelling it', () => {
    const mixed = page(
      'Total TPS: 100.00 | Total TPS: 100.00',
      '    Backend:                                 sglang\n    Mean Latency(s):                         1.00\n',
    );
    const r = check(mixed);
    expect(r.runs[0].format).toBe('sglang');
    expect(r.messages.find((x) => x.ruleId === 'benchmark-mixed-format')).toMatchObject({ line: 16, actual: 'sglang and guidellm' });
  });

  it('should flag a zero or infinite duration and not derive anything from it', () => {
    for (const dur of ['0', '0.00', 'inf', '-5.00']) {
      const r = check(page('Total TPS: 100.00 | Total TPS: 100.00', '', '100.00', dur));
      expect(
        r.messages.find((x) => x.ruleId === 'benchmark-bad-value'),
        dur,
      ).toMatchObject({ line: 18, expected: 'a positive, finite duration' });
      expect(r.runs[0].metrics.duration_s.value, dur).toBeNull();
    }
  });

  it('should read `1e308` as 1e308, not as 1', () => {
    expect(parseNumber('1e308')).toEqual({ value: 1e308, decimals: 0, text: '1e308' });
    expect(parseNumber('2.5e-3')).toEqual({ value: 0.0025, decimals: 4, text: '2.5e-3' });
    const claim = check(page('Total TPS: 1e308 | Total TPS: 100.00')).claims[0];
    expect(claim).toMatchObject({ text: '1e308', stated: 1e308 });
    // Never verified; whether it is a mismatch or untraceable depends on how certain its source run is.
    expect(['mismatch', 'untraceable']).toContain(claim.verdict);
  });

  it('should report NaN, Infinity and Unicode digits in a run instead of leaving them unchecked', () => {
    for (const [tps, actual] of [
      ['nan', '`nan` is not a measurement'],
      ['inf', 'inf'],
      ['１００.００', '１００.００'],
      ['\u0661\u0660\u0660.\u0660\u0660', '\u0661\u0660\u0660.\u0660\u0660'],
    ]) {
      const r = check(page('Total TPS: 100.00 | Total TPS: 100.00', '', tps));
      expect(
        r.messages.find((x) => x.ruleId === 'benchmark-bad-value'),
        tps,
      ).toMatchObject({ line: 23, actual });
      expect(
        r.claims.every((c) => c.verdict !== 'verified'),
        tps,
      ).toBe(true);
    }
    // An unthrottled request rate is the one place `inf` is a value.
    expect(parseValue('inf')).toMatchObject({ value: Infinity, numeric: true });
  });

  it('should never throw on a number with more than 100 decimals, and report it as uncheckable', () => {
    const long = `2812.${'5'.repeat(120)}`;
    expect(parseValue(long)).toMatchObject({ value: null, numeric: true, problem: expect.stringContaining('cannot be checked') });
    const r = check(page('Total TPS: 100.00 | Total TPS: 100.00', '', long));
    expect(r.messages.filter((m) => m.ruleId.endsWith('internal-error'))).toEqual([]);
    expect(r.messages.find((x) => x.ruleId === 'benchmark-bad-value')).toMatchObject({ line: 23 });
    expect(r.claims.map((c) => c.verdict)).toEqual(['untraceable', 'untraceable']);
    // A stated number that long is compared on its decimal digits, without a throw, and is never an error: it
    // states more digits than the run prints, so it is verified or left untraceable.
    expect(['verified', 'untraceable']).toContain(check(page(`Total TPS: 100.${'0'.repeat(120)} | Total TPS: 100.00`)).claims[0].verdict);
  });

  it('should parse a CR-only or mixed lone-CR file like its LF form, with the same line numbers', () => {
    const lf = page('Total TPS: 100.00 | Total TPS: 150.00');
    const want = check(lf);
    expect(want.runs).toHaveLength(1);
    const mixed = lf
      .split('\n')
      .map((l, i) => (i % 3 === 0 ? `${l}\r` : i % 3 === 1 ? `${l}\r\n` : `${l}\n`))
      .join('')
      .replace(/\n$/, '');
    for (const source of [lf.replace(/\n/g, '\r'), mixed]) {
      const got = check(source);
      expect(got.runs.map((r) => [r.line, r.format, r.metrics.total_token_throughput?.value])).toEqual(
        want.runs.map((r) => [r.line, r.format, 100]),
      );
      expect(got.claims.map((c) => [c.line, c.column, c.verdict])).toEqual(want.claims.map((c) => [c.line, c.column, c.verdict]));
      expect(ids(source)).toEqual(ids(lf));
    }
  });
});
