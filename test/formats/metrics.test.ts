import { describe, expect, it } from 'vitest';
import { lookupLabel, parseValue } from '../../src/lib/formats/metrics.js';
import { FORMATS } from '../../src/lib/formats/registry.js';

describe('canonical metric names', () => {
  it('should map the printed labels named in the spec', () => {
    const cases: [string, string, string][] = [
      ['Successful requests', 'successful_requests', 'req'],
      ['Maximum request concurrency', 'max_concurrency', 'req'],
      ['Benchmark duration (s)', 'duration_s', 's'],
      ['Total input tokens', 'total_input_tokens', 'tok'],
      ['Total generated tokens', 'total_output_tokens', 'tok'],
      ['Request throughput (req/s)', 'request_throughput', 'req/s'],
      ['Output token throughput (tok/s)', 'output_token_throughput', 'tok/s'],
      ['Total Token throughput (tok/s)', 'total_token_throughput', 'tok/s'],
      ['Mean TTFT (ms)', 'mean_ttft_ms', 'ms'],
      ['P99 ITL (ms)', 'p99_itl_ms', 'ms'],
      ['Mean Latency(s)', 'mean_latency_s', 's'],
      ['Mean E2E Latency (ms)', 'mean_e2e_latency_ms', 'ms'],
      ['Backend', 'backend', ''],
      ['Traffic request rate', 'request_rate', 'req/s'],
    ];
    for (const [label, name, unit] of cases) expect(lookupLabel(label), label).toMatchObject({ name, unit });
  });

  it('should look every label of every format up to the metric its spec states (shared labels agree)', () => {
    for (const format of FORMATS) {
      for (const [label, def] of Object.entries(format.labels)) expect(lookupLabel(label), `${format.id}: ${label}`).toEqual(def);
    }
  });

  it('should give each label of a format its own metric, aliases of one printed line aside', () => {
    // Two spellings of one line (sglang's request rate, trtllm's version and per-user lines across releases); three
    // for LoadGen, whose throughput line is spelled by scenario (offline, server, single stream).
    for (const format of FORMATS) {
      const byName = new Map<string, string[]>();
      for (const [label, def] of Object.entries(format.labels)) byName.set(def.name, [...(byName.get(def.name) ?? []), label]);
      for (const [name, labels] of byName)
        expect(labels.length, `${format.id}: ${name} <- ${labels.join(', ')}`).toBeLessThanOrEqual(format.id === 'mlperf' ? 3 : 2);
    }
  });

  it('should name other percentiles and spellings of the family by the same scheme', () => {
    expect(lookupLabel('P90 TTFT (ms)')?.name).toBe('p90_ttft_ms');
    expect(lookupLabel('P99.9 ITL (ms)')?.name).toBe('p99_9_itl_ms');
    expect(lookupLabel('Mean E2EL (ms)')?.name).toBe('mean_e2el_ms');
    expect(lookupLabel('Mean Latency (s)')?.name).toBe('mean_latency_s');
    expect(lookupLabel('Total token throughput (tok/s)')?.name).toBe('total_token_throughput');
    expect(lookupLabel('Max request concurrency')?.name).toBe('max_concurrency');
    expect(lookupLabel('Speculative acceptance ratio')).toBeNull();
  });

  it('should use snake_case names only', () => {
    for (const format of FORMATS) for (const { name } of Object.values(format.labels)) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});

describe('value parsing', () => {
  it('should record printed decimals', () => {
    expect(parseValue('1020.76')).toEqual({ value: 1020.76, decimals: 2, numeric: true });
    expect(parseValue('100')).toEqual({ value: 100, decimals: 0, numeric: true });
    expect(parseValue('0.00')).toEqual({ value: 0, decimals: 2, numeric: true });
  });

  it('should read inf as Infinity, N/A as null, and text as non-numeric null', () => {
    expect(parseValue('inf')).toEqual({ value: Infinity, decimals: 0, numeric: true });
    expect(parseValue('N/A')).toEqual({ value: null, decimals: 0, numeric: true });
    expect(parseValue('sglang')).toEqual({ value: null, decimals: 0, numeric: false });
  });

  it('should read thousands separators though blocks never print them', () => {
    expect(parseValue('4,636.35')).toEqual({ value: 4636.35, decimals: 2, numeric: true });
  });
});
