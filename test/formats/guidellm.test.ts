import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guidellm } from '../../src/lib/formats/guidellm.js';
import { detects } from '../../src/lib/formats/registry.js';
import { fixture, run } from './golden.js';
import { seedDir, corpusDir, hasCorpus, parsePage, runAt } from './pages.js';

const flatPath = join(seedDir, 'qwen3.5-35b-a3b/h200-latency.md');
const flat = parsePage(flatPath);
const flatLines = readFileSync(flatPath, 'utf8').split('\n');

describe('guidellm (F2) on the flattened seed page qwen3.5-35b-a3b/h200-latency.md', () => {
  it('should find all 18 blocks as guidellm, with no message', () => {
    expect(flat.runs).toHaveLength(18);
    expect(flat.runs.every((r) => r.format === 'guidellm')).toBe(true);
    expect(flat.messages).toEqual([]);
  });

  it('should read single-space metric lines at column 0 fences (first block line 86)', () => {
    const r = runAt(flat.runs, 86);
    expect(r.fenceLine).toBe(85);
    expect(r.metrics.successful_requests).toMatchObject({ value: 1000, line: 87, column: 22 });
    expect(r.metrics.max_concurrency).toMatchObject({ value: 59, line: 88, column: 30 });
    expect(r.metrics.peak_output_token_throughput).toMatchObject({ value: 1410355.61, line: 94 });
  });

  it('should name the Latency(s) section mean_latency_s, median_latency_s, p95_latency_s in seconds', () => {
    const { metrics } = runAt(flat.runs, 86);
    expect(metrics.mean_latency_s).toMatchObject({ value: 5.32, unit: 's', line: 98, column: 18, label: 'Mean Latency(s)' });
    expect(metrics.p95_latency_s).toMatchObject({ value: 13.39, line: 100 });
    expect(flatLines[metrics.p95_latency_s.line - 1].slice(metrics.p95_latency_s.column - 1)).toBe('13.39');
  });

  it('should keep `Median ITL (ms): 0.00` as the number 0 with 2 decimals (line 114)', () => {
    expect(runAt(flat.runs, 86).metrics.median_itl_ms).toMatchObject({ value: 0, text: '0.00', decimals: 2, line: 114 });
  });

  it('should parse the 26 labels of a full guidellm block', () => {
    expect(Object.keys(runAt(flat.runs, 86).metrics)).toHaveLength(26);
  });
});

describe.skipIf(!hasCorpus)('guidellm (F2) on corpus qwen3.5-9b/h100-latency.md', () => {
  if (!hasCorpus) console.warn(`skipping corpus tests: ${corpusDir} is absent`);
  it('should read the 4-space indented block at line 125 with Latency(s) values at column 47', () => {
    const { runs } = parsePage(join(corpusDir, 'qwen3.5-9b/h100-latency.md'));
    expect(runs).toHaveLength(18);
    const r = runAt(runs, 125);
    expect(r.format).toBe('guidellm');
    expect(r.metrics.mean_latency_s).toMatchObject({ value: 2.62, line: 137, column: 47 });
    expect(r.metrics.mean_ttft_ms).toMatchObject({ value: 41.12, line: 142, column: 46 });
    expect(r.metrics.p95_itl_ms).toMatchObject({ value: 9.08, line: 154 });
  });
});

describe('guidellm (F2) N/A values', () => {
  // The pages printing `N/A` (qwen3.5-9b/h100) are not in our corpus; the fixture follows FORMATS.md 3.2.
  const [r] = run(fixture('guidellm-na')).runs;

  it('should read `P95 TTFT (ms): N/A` as value null with its text kept', () => {
    expect(r.metrics.p95_ttft_ms).toMatchObject({ value: null, text: 'N/A', decimals: 0, unit: 'ms', line: 20, column: 42 });
  });

  it('should accept a block without the `P95 Latency(s)` line (25 metrics)', () => {
    expect(r.format).toBe('guidellm');
    expect(r.metrics.p95_latency_s).toBeUndefined();
    expect(Object.keys(r.metrics)).toHaveLength(25);
  });

  it('should not report N/A as a bad value', () => {
    expect(run(fixture('guidellm-na')).messages).toEqual([]);
  });

  it('should detect guidellm by the Latency(s) labels only', () => {
    expect(detects(guidellm, ['Mean Latency(s):                          2.62'])).toBe(true);
    expect(detects(guidellm, ['Mean E2E Latency (ms):                   225447.14'])).toBe(false);
  });
});
