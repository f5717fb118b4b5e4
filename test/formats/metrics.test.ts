import { describe, expect, it } from 'vitest';
import { METRIC_LABELS, lookupLabel, parseValue } from '../../src/lib/formats/metrics.js';
import { GUIDELLM_LABELS } from '../../src/lib/formats/guidellm.js';
import { SGLANG_LABELS } from '../../src/lib/formats/sglang.js';
import { VLLM_LABELS } from '../../src/lib/formats/vllm.js';

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

  it('should know every label of the three formats, with distinct names within a format', () => {
    for (const labels of [VLLM_LABELS, GUIDELLM_LABELS, SGLANG_LABELS]) {
      const names = labels.map((l) => lookupLabel(l)?.name);
      expect(names.every((n) => n !== undefined)).toBe(true);
      expect(new Set(names).size).toBe(labels.length);
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
    for (const { name } of Object.values(METRIC_LABELS)) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
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
