import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFence } from '../../src/lib/formats/index.js';
import { vllm } from '../../src/lib/formats/vllm.js';
import { detects } from '../../src/lib/formats/registry.js';
import { fixture, run } from './golden.js';
import { seedDir, corpusDir, hasCorpus, parsePage, runAt } from './pages.js';

const latencyPath = join(seedDir, 'qwen3-8b/h100-latency.md');
const latency = parsePage(latencyPath);
const latencyLines = readFileSync(latencyPath, 'utf8').split('\n');
const throughput = parsePage(join(seedDir, 'qwen3-14b/h100.md'));

describe('vllm (F1) on seed-pages/qwen3-8b/h100-latency.md', () => {
  it('should start the first block at its header line 85 and end it at the closer line 108', () => {
    const first = latency.runs[0];
    expect(first.line).toBe(85);
    expect(first.endLine).toBe(108);
    expect(first.format).toBe('vllm');
    expect(first.fenceLine).toBe(84);
  });

  it('should read total_token_throughput 1020.76 at line 95, column of the value token', () => {
    const m = runAt(latency.runs, 85).metrics.total_token_throughput;
    expect(m).toMatchObject({ value: 1020.76, text: '1020.76', decimals: 2, unit: 'tok/s', line: 95, column: 46 });
    expect(m.label).toBe('Total Token throughput (tok/s)');
    expect(latencyLines[m.line - 1].slice(m.column - 1)).toBe('1020.76');
  });

  it('should read max_concurrency 4 and the float peak_concurrent_requests 13.00 (line 94)', () => {
    const { metrics } = runAt(latency.runs, 85);
    expect(metrics.max_concurrency).toMatchObject({ value: 4, decimals: 0, unit: 'req', line: 87 });
    expect(metrics.peak_concurrent_requests).toMatchObject({ value: 13, text: '13.00', decimals: 2, line: 94 });
    expect(metrics.p99_itl_ms).toMatchObject({ value: 40.98, line: 107 });
    expect(Object.keys(metrics)).toHaveLength(19);
  });

  it('should split the 9-block speculative sweep (fence line 320) and label each block by its flag comment', () => {
    const sweep = latency.runs.filter((r) => r.fenceLine === 320);
    expect(sweep.map((r) => r.line)).toEqual([322, 348, 374, 399, 424, 450, 477, 503, 529]);
    expect(sweep.map((r) => r.labelLine)).toEqual([321, 347, 373, 398, 423, 449, 476, 502, 528]);
    expect(sweep[1].label).toBe(
      '--speculative-algorithm EAGLE3 --speculative-draft-model-path AngelSlim/Qwen3-8B_eagle3 --speculative-num-steps 4 --speculative-eagle-topk 4 --speculative-num-draft-tokens 16',
    );
    expect(sweep[8].label).toBe('--speculative-algorithm EAGLE3 --speculative-draft-model-path Tengyunw/qwen3_8b_eagle3');
  });

  it('should label a block whose label follows the previous closer with no blank line (line 398)', () => {
    const r = runAt(latency.runs, 399);
    expect(r.labelLine).toBe(398);
    expect(r.metrics.total_token_throughput).toMatchObject({ value: 1667.83, line: 409 });
  });

  it('should keep a Peak throughput below the mean as printed (EAGLE3, 393.00 vs 979.24)', () => {
    const { metrics } = runAt(latency.runs, 322);
    expect(metrics.peak_output_token_throughput).toMatchObject({ value: 393, line: 330 });
    expect(metrics.output_token_throughput).toMatchObject({ value: 979.24, line: 329 });
  });

  it('should label the Other Benchmark Cases blocks BS=1, BS=2, BS=4, BS=8', () => {
    const baseline = latency.runs.filter((r) => r.fenceLine === 615);
    expect(baseline.map((r) => [r.label, r.labelLine, r.line])).toEqual([
      ['BS=1', 616, 617],
      ['BS=2', 642, 643],
      ['BS=4', 668, 669],
      ['BS=8', 694, 695],
    ]);
    expect(baseline[0].metrics.max_concurrency.value).toBe(1);
  });

  it('should give the engine-selection run and the BS=4 baseline (the same run shown twice) one fingerprint', () => {
    const engine = runAt(latency.runs, 85);
    const bs4 = runAt(latency.runs, 669);
    expect(bs4.fingerprint).toBe(engine.fingerprint);
    expect(engine.fingerprint).toMatch(/^[0-9a-f]{12}$/);
    expect(runAt(latency.runs, 119).fingerprint).not.toBe(engine.fingerprint);
  });

  it('should report nothing on the page', () => {
    expect(latency.messages).toEqual([]);
  });
});

describe('vllm (F1) on seed-pages/qwen3-14b/h100.md', () => {
  it('should label the first Other case `random 32K input` (line 320) in a ```bash fence', () => {
    const r = runAt(throughput.runs, 321);
    expect(r).toMatchObject({ label: 'random 32K input', labelLine: 320, fenceLine: 319, format: 'vllm' });
    expect(r.metrics.total_input_tokens).toMatchObject({ value: 3200000, unit: 'tok', line: 324 });
    expect(r.metrics.total_token_throughput).toMatchObject({ value: 8298.56, line: 330 });
  });

  it('should parse a block without Maximum request concurrency into 18 metrics', () => {
    const r = runAt(throughput.runs, 321);
    expect(Object.keys(r.metrics)).toHaveLength(18);
    expect(r.metrics.max_concurrency).toBeUndefined();
  });

  it('should accept the closer with a trailing space at line 249', () => {
    const r = throughput.runs.find((x) => x.endLine === 249);
    expect(r).toBeDefined();
    expect(throughput.messages.filter((m) => m.ruleId === 'benchmark-truncated')).toEqual([]);
  });
});

describe.skipIf(!hasCorpus)('vllm (F1) without the Peak lines (corpus gpt-oss-120b/h100.md)', () => {
  if (!hasCorpus) console.warn(`skipping corpus tests: ${corpusDir} is absent`);
  it('should parse 16 metrics from the v0.10.2 block at line 383', () => {
    const { runs } = parsePage(join(corpusDir, 'gpt-oss-120b/h100.md'));
    const r = runAt(runs, 383);
    expect(r.label).toBe('random 32K input');
    expect(Object.keys(r.metrics)).toHaveLength(16);
    expect(r.metrics.peak_output_token_throughput).toBeUndefined();
    expect(r.metrics.total_token_throughput).toMatchObject({ value: 16136.57, line: 390 });
  });
});

describe('vllm (F1) edge cases', () => {
  it('should detect vllm output by its labels', () => {
    expect(detects(vllm, ['Successful requests:                     100'])).toBe(true);
    expect(detects(vllm, ['vllm serve Qwen/Qwen3-8B'])).toBe(false);
  });

  it('should parse a headerless block starting at `Successful requests:` with its start line', () => {
    const [r] = run(fixture('headerless')).runs;
    expect(r).toMatchObject({ line: 2, endLine: 21, format: 'vllm' });
    expect(r.metrics.successful_requests).toMatchObject({ value: 100, line: 2, column: 42 });
  });

  it('should ignore vLLM pre-run chatter (`Traffic request rate:`, `Burstiness factor:`, tqdm) before the header', () => {
    const result = run(fixture('vllm-chatter'));
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ line: 8, label: null });
    expect(result.messages).toEqual([]);
  });

  it('should place values in file columns when the fence is indented', () => {
    const value = 'Successful requests:                     100\nBenchmark duration (s):                  44.40';
    const { runs } = parseFence({ value, fenceLine: 10, contentLine: 11, column: 5, lang: null }, { expectResult: true });
    expect(runs[0].metrics.duration_s).toMatchObject({ line: 12, column: 46, value: 44.4, decimals: 2 });
  });
});
