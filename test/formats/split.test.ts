import { describe, expect, it } from 'vitest';
import { fixture, readFence, run } from './golden.js';

describe('splitting and labelling fences (synthetic fixtures)', () => {
  it('should drop CRLF remnants from values and labels', () => {
    const { runs, messages } = run(fixture('crlf'));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ label: 'BS=4', labelLine: 2, line: 3, endLine: 23 });
    expect(runs[0].metrics.total_token_throughput).toMatchObject({ text: '1020.76', value: 1020.76, line: 10, column: 42 });
    expect(messages).toEqual([]);
  });

  it('should read tab-separated metric lines, value column after the tab', () => {
    const { runs, messages } = run(fixture('tabs'));
    expect(runs[0].metrics.successful_requests).toMatchObject({ value: 100, line: 3, column: 22 });
    expect(Object.keys(runs[0].metrics)).toHaveLength(16);
    expect(messages).toEqual([]);
  });

  it('should ignore trailing spaces on metric, section and closer lines', () => {
    const { runs, messages } = run(fixture('trailing-spaces'));
    expect(runs[0]).toMatchObject({ line: 2, endLine: 22 });
    expect(runs[0].metrics.p99_itl_ms).toMatchObject({ text: '40.98', line: 21 });
    expect(messages).toEqual([]);
  });

  it('should parse a truncated block, report `benchmark-truncated`, and still find the next labelled block', () => {
    const { runs, messages } = run(fixture('truncated'));
    expect(runs.map((r) => [r.label, r.line, r.endLine])).toEqual([
      ['random 32K input', 3, 14],
      ['random 4K input', 17, 37],
    ]);
    expect(Object.keys(runs[0].metrics)).toHaveLength(10);
    expect(messages).toEqual([
      expect.objectContaining({
        ruleId: 'benchmark-truncated',
        severity: 'warning',
        line: 3,
        column: 1,
        actual: '`# random 4K input` at line 16',
      }),
    ]);
  });

  it('should report a truncated block at the end of the fence', () => {
    const value = '# BS=1\n============ Serving Benchmark Result ============\nSuccessful requests:                     100';
    const { runs, messages } = readFence({ value, fenceLine: 1, contentLine: 2, column: 1, lang: null }, { expectResult: true });
    expect(runs[0]).toMatchObject({ line: 3, endLine: 4, label: 'BS=1' });
    expect(messages).toEqual([expect.objectContaining({ ruleId: 'benchmark-truncated', actual: 'the end of the fence' })]);
  });

  it('should keep and report an unknown metric line, and accept a known newer vLLM label', () => {
    const { runs, messages } = run(fixture('unknown-metric'));
    expect(runs[0].unknown).toEqual([{ label: 'Speculative acceptance ratio', text: '0.71', line: 11, column: 42 }]);
    expect(runs[0].metrics.request_goodput).toMatchObject({ value: 2.1, line: 10 });
    expect(messages).toEqual([
      expect.objectContaining({
        ruleId: 'benchmark-unknown-metric',
        severity: 'warning',
        line: 11,
        column: 1,
        actual: 'Speculative acceptance ratio',
      }),
    ]);
  });

  it('should make a metric printed twice with two values an error and unusable (no first-value-wins)', () => {
    const { runs, messages } = run(fixture('duplicate-metric'));
    expect(runs[0].metrics.mean_ttft_ms).toMatchObject({ text: '64.00', line: 11, value: null });
    expect(messages).toEqual([
      expect.objectContaining({
        ruleId: 'benchmark-ambiguous-metric',
        severity: 'error',
        line: 12,
        actual: '64.00 (line 11) and 65.00 (line 12)',
      }),
    ]);
  });

  it('should only warn about a metric printed twice with the same value, and keep it', () => {
    const { runs, messages } = run({ ...fixture('duplicate-metric'), raw: fixture('duplicate-metric').raw.replace('65.00', '64.00') });
    expect(runs[0].metrics.mean_ttft_ms).toMatchObject({ text: '64.00', line: 11, value: 64 });
    expect(messages).toEqual([
      expect.objectContaining({ ruleId: 'benchmark-duplicate-metric', severity: 'warning', line: 12, actual: 'lines 11 and 12' }),
    ]);
  });

  it('should label blocks separated by two blank lines, including a plain-text label', () => {
    const { runs, messages } = run(fixture('two-blank-lines'));
    expect(runs.map((r) => [r.label, r.labelLine, r.line])).toEqual([
      ['1k random input + 2k generation', 2, 3],
      ['random 32k input', 26, 27],
    ]);
    expect(messages).toEqual([]);
  });

  it('should give byte-identical blocks one fingerprint whatever their label and position', () => {
    const { runs } = run(fixture('two-blank-lines'));
    expect(runs[0].fingerprint).toBe(runs[1].fingerprint);
    expect(run(fixture('headerless')).runs[0].fingerprint).toBe(runs[0].fingerprint);
  });

  it('should start a new headerless block when a known metric comes again after a blank line', () => {
    const block = 'Successful requests:                     100\nBenchmark duration (s):                  44.40';
    const value = `${block}\n\n${block.replace('44.40', '45.00')}`;
    const { runs } = readFence({ value, fenceLine: 1, contentLine: 2, column: 1, lang: null }, { expectResult: true });
    expect(runs.map((r) => [r.line, r.metrics.duration_s.text])).toEqual([
      [2, '44.40'],
      [5, '45.00'],
    ]);
  });

  it('should report a label that precedes no result in a result fence as `benchmark-orphan-label`', () => {
    const value =
      '# random 32K input\n============ Serving Benchmark Result ============\nSuccessful requests: 1\n==================================================\n# random 4K input';
    const { runs, messages } = readFence({ value, fenceLine: 1, contentLine: 2, column: 1, lang: null }, { expectResult: true });
    expect(runs).toHaveLength(1);
    expect(messages).toEqual([expect.objectContaining({ ruleId: 'benchmark-orphan-label', severity: 'info', line: 6 })]);
  });
});
