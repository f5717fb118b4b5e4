import { describe, expect, it } from 'vitest';
import { checkValue } from '../../src/lib/claims/check-value.js';
import { meanRequestLatencyS, requestLatencyS } from '../../src/lib/claims/latency.js';
import { METRIC } from '../../src/lib/claims/metrics.js';
import { parseNumber } from '../../src/lib/numbers/number.js';
import type { Metric, WalkRun as Run } from '../../src/lib/schemas/run.js';

function run(format: Run['format'], values: Record<string, string>): Run {
  const metrics: Record<string, Metric> = {};
  let line = 10;
  for (const [name, text] of Object.entries(values)) {
    const n = parseNumber(text);
    metrics[name] = {
      name,
      label: name,
      text,
      unit: '',
      value: n ? n.value : null,
      decimals: n ? n.decimals : 0,
      line: line++,
      column: 42,
    };
  }
  return {
    id: 'run-L10',
    line: 10,
    endLine: line,
    format,
    label: null,
    labelLine: null,
    failed: false,
    error: null,
    metrics,
    unknown: [],
    fenceLine: 9,
    invocation: null,
    fingerprint: 'x',
    context: {
      headings: [],
      admonition: null,
      variant: null,
      profile: null,
      side: null,
      engine: null,
      model: null,
      commandLine: null,
    },
  };
}

// Seed 000, engine vLLM at BS=4: 100 requests, 22061 generated tokens, TTFT 64.00 ms, TPOT 7.38 ms.
const seed000 = run('vllm', {
  [METRIC.successfulRequests]: '100',
  [METRIC.totalOutputTokens]: '22061',
  [METRIC.meanTtftMs]: '64.00',
  [METRIC.meanTpotMs]: '7.38',
  [METRIC.meanItlMs]: '7.78',
});

describe('meanRequestLatencyS (R1)', () => {
  it('should compute (64.00 + 7.38 x 219.61) / 1000 = 1.6847 s', () => {
    const d = meanRequestLatencyS(seed000);
    expect(d?.value).toBeCloseTo(1.6847, 4);
    expect(d?.formula).toBe('(64.00 + 7.38 x (22061 / 100 - 1)) / 1000');
    expect(d?.lines).toEqual([12, 13, 11, 10]);
  });
  it('should carry an interval from the printed precision of TTFT and TPOT, counts exact', () => {
    const d = meanRequestLatencyS(seed000);
    expect(d?.interval.lo).toBeCloseTo((63.995 + 7.375 * 219.61) / 1000, 9);
    expect(d?.interval.hi).toBeCloseTo((64.005 + 7.385 * 219.61) / 1000, 9);
  });
  it('should verify the cell `Mean latency: 1.68s/req` against R1', () => {
    const d = meanRequestLatencyS(seed000);
    expect(d && checkValue({ value: 1.68, decimals: 2 }, d).verdict).toBe('verified');
  });
  it('should return null when a metric is missing', () => {
    expect(meanRequestLatencyS(run('vllm', { [METRIC.meanTtftMs]: '64.00' }))).toBeNull();
  });
});

describe('requestLatencyS', () => {
  it('should use the printed Mean Latency(s) of a guidellm run', () => {
    const d = requestLatencyS(run('guidellm', { [METRIC.meanLatencyS]: '5.32', [METRIC.meanTtftMs]: '68.48' }));
    expect(d).toMatchObject({ value: 5.32, decimals: 2, metric: METRIC.meanLatencyS });
  });
  it('should convert the Mean E2E Latency (ms) of an sglang run to seconds', () => {
    const d = requestLatencyS(run('sglang', { [METRIC.meanE2eLatencyMs]: '1684.70' }));
    expect(d?.value).toBeCloseTo(1.6847, 6);
    expect(d?.formula).toBe('1684.70 / 1000');
  });
  it('should fall back to R1 for a vLLM run', () => {
    expect(requestLatencyS(seed000)?.metric).toBe('mean_request_latency_s');
  });
});
