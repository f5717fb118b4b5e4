import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sglang } from '../../src/lib/formats/sglang.js';
import { detects } from '../../src/lib/formats/registry.js';
import { seedDir, parsePage, runAt } from './pages.js';

const page = parsePage(join(seedDir, 'engine-baselines/sglang-v0.5.1.md'));

describe('sglang (F3) on seed-pages/engine-baselines/sglang-v0.5.1.md', () => {
  it('should find 24 runs, 4 in each of the 6 transcripts, each with an invocation', () => {
    expect(page.runs).toHaveLength(24);
    expect(page.runs.every((r) => r.format === 'sglang' && r.invocation !== null)).toBe(true);
    const perFence = new Map<number, number>();
    for (const r of page.runs) perFence.set(r.fenceLine, (perFence.get(r.fenceLine) ?? 0) + 1);
    expect([...perFence.entries()]).toEqual([
      [50, 4],
      [252, 4],
      [454, 4],
      [656, 4],
      [860, 4],
      [1064, 4],
    ]);
    expect(page.messages).toEqual([]);
  });

  it('should put the `Running benchmark` arguments and the Namespace in invocation (run at line 90)', () => {
    const r = runAt(page.runs, 90);
    const [args, namespace] = (r.invocation ?? '').split('\n');
    expect(args).toBe('--dataset-name sharegpt --num-prompts 10000');
    expect(namespace).toMatch(/^Namespace\(backend='sglang', .*model='Qwen\/Qwen3-8B'/);
  });

  it('should derive the label from the running arguments at line 79, not from `#Input tokens:`', () => {
    expect(runAt(page.runs, 90)).toMatchObject({ label: '--dataset-name sharegpt --num-prompts 10000', labelLine: 79 });
    expect(runAt(page.runs, 129)).toMatchObject({
      label: '--dataset-name random --num-prompts 2000 --random-input-len 1024 --random-output-len 1024 --random-range-ratio 1.0',
      labelLine: 118,
    });
  });

  it('should keep `Backend: sglang` as text with value null, and `Traffic request rate: inf` as Infinity', () => {
    const { metrics } = runAt(page.runs, 90);
    expect(metrics.backend).toMatchObject({ value: null, text: 'sglang', unit: '', line: 91, column: 42 });
    expect(metrics.request_rate).toMatchObject({ value: Infinity, text: 'inf', unit: 'req/s', line: 92 });
  });

  it('should read the retokenized count and the End-to-End Latency section', () => {
    const { metrics } = runAt(page.runs, 90);
    expect(metrics.total_output_tokens).toMatchObject({ value: 1992177, line: 96 });
    expect(metrics.total_output_tokens_retokenized).toMatchObject({ value: 1992131, line: 97 });
    expect(metrics.mean_e2e_latency_ms).toMatchObject({ value: 225447.14, unit: 'ms', line: 102 });
    expect(metrics.input_token_throughput).toMatchObject({ value: 5335.81, line: 99 });
    expect(metrics.total_token_throughput).toBeUndefined();
    expect(Object.keys(metrics)).toHaveLength(21);
  });

  it('should keep Mean ITL above P99 ITL as printed (84.11 vs 65.62, lines 152 and 154)', () => {
    const { metrics } = runAt(page.runs, 129);
    expect(metrics.mean_itl_ms).toMatchObject({ value: 84.11, line: 152 });
    expect(metrics.p99_itl_ms).toMatchObject({ value: 65.62, line: 154 });
  });

  it('should end each run at its closer, before the `-----` separator', () => {
    expect(runAt(page.runs, 90).endLine).toBe(116);
  });

  it('should detect sglang by `Backend:` and recognise its run chatter', () => {
    expect(detects(sglang, ['Backend:                                 sglang'])).toBe(true);
    expect(sglang.chatter?.('Running benchmark --dataset-name sharegpt --num-prompts 10 with backend: sglang')).toEqual({
      kind: 'invocation',
      args: '--dataset-name sharegpt --num-prompts 10',
    });
    expect(sglang.chatter?.('#Input tokens: 2258583')).toEqual({ kind: 'noise' });
  });
});
