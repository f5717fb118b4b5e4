/**
 * The ninth format, offline latency of vLLM (`vllm bench latency`, formerly `benchmark_latency.py`), on real output
 * quoted verbatim: two of the repeated runs in vllm-project/vllm pull request #36517
 * (test/fixtures/formats/real-vllm-latency-percentiles; its SOURCE.md says where). The page around them
 * (test/fixtures/format-pages) is ours.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseValue } from '../../src/lib/formats/metrics.js';
import { detectFormat, detects, isResultLine } from '../../src/lib/formats/registry.js';
import { vllm } from '../../src/lib/formats/vllm.js';
import { vllmLatency } from '../../src/lib/formats/vllm-latency.js';
import { parseCommand } from '../../src/lib/model/command.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { fixture, readFence, run } from './golden.js';

const real = fixture('real-vllm-latency-percentiles');
const fence = (value: string) => readFence({ value, fenceLine: 1, contentLine: 2, column: 1, lang: null }, { expectResult: true });

describe('vllm-latency: an `Avg latency` line opens a run', () => {
  it('should read one run per `Avg latency` line with its percentiles, each value at its own column', () => {
    const { runs, messages } = run(real);
    expect(messages).toEqual([]);
    expect(runs.map((r) => [r.format, r.line, r.endLine, Object.keys(r.metrics)])).toEqual(
      [2, 10].map((line) => [
        'vllm-latency',
        line,
        line + 6,
        ['mean_latency_s', 'p10_latency_s', 'p25_latency_s', 'p50_latency_s', 'p75_latency_s', 'p90_latency_s', 'p99_latency_s'],
      ]),
    );
    const lines = real.raw.split('\n');
    for (const r of runs)
      for (const m of Object.values(r.metrics)) {
        const text = lines[m.line - real.options.contentLine];
        expect(text.slice(m.column - 1)).toBe(`${m.text} seconds`);
        expect(m.unit).toBe('s');
      }
    expect(runs[1].metrics.mean_latency_s.value).toBe(0.45468284316981833);
  });

  it("should read the tool's full float (17 significant digits) as the double it printed", () => {
    expect(parseValue('0.45101274012898407')).toMatchObject({ value: 0.45101274012898407, decimals: 17, numeric: true });
    expect(parseValue('1.234567890123456789')).toMatchObject({ value: null, numeric: true });
  });

  it('should be detected by its lines, and not read other latency lines', () => {
    expect(detectFormat(['Avg latency: 0.45 seconds']).id).toBe('vllm-latency');
    expect(detects(vllm, real.raw.split('\n'))).toBe(false);
    expect(detects(vllmLatency, ['Mean E2E Latency (ms):                   25747.35'])).toBe(false);
    expect(isResultLine('Avg latency: 0.45101274012898407 seconds')).toBe(true);
    for (const text of ['Avg latency: fast seconds', 'Avg latency: 0.45 ms', 'P50 latency: 0.451s', 'Average latency: 67.59 s'])
      expect(
        fence(text).runs.filter((r) => r.format === 'vllm-latency'),
        text,
      ).toEqual([]);
    expect(parseCommand('vllm bench latency -tp 2 --model meta-llama/Meta-Llama-3.1-8B', 1)?.tool).toBe('vllm-bench-latency');
    expect(parseCommand('python benchmarks/benchmark_latency.py --model m --batch-size 8', 1)?.tool).toBe('vllm-bench-latency');
  });
});

describe('vllm-latency: claims on a page verified through analyze + checkAll', () => {
  const name = 'vllm-latency-llama-3.1-8b.md';
  const page = readFileSync(fileURLToPath(new URL(`../fixtures/format-pages/${name}`, import.meta.url)), 'utf8');
  const check = (source: string) => checkAll([analyze(source, name)])[0];

  it('should verify a latency ranking of the two runs, with no message', () => {
    const report = check(page);
    expect(report.messages).toEqual([]);
    expect(report.runs.map((r) => [r.format, r.context.variant])).toEqual([
      ['vllm-latency', 'First run'],
      ['vllm-latency', 'Second run'],
    ]);
    expect(report.claims.map((c) => [c.kind, c.text, c.verdict])).toEqual([
      ['ranking-value', '0.451', 'verified'],
      ['ranking-order', '<', 'verified'],
      ['ranking-value', '0.455', 'verified'],
    ]);
  });

  it('should give claim-mismatch for an edited latency, whose run is certain', () => {
    const wrong = check(page.replace('Second run (0.455 s)', 'Second run (0.465 s)'));
    expect(wrong.messages.map((m) => [m.ruleId, m.severity, m.actual])).toEqual([['claim-mismatch', 'error', '0.465']]);
    expect(wrong.messages[0].message).toContain('0.45468284316981833');
  });
});
