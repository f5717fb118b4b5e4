/**
 * Serving results as reports quote them: an abridged excerpt (six metric lines, no banner, no request counts,
 * test/fixtures/formats/real-abridged-serving, quoted from an issue report of `sglang.bench_serving`) and a fence
 * that holds the serving command, the benchmark command and the result block together
 * (test/fixtures/formats/real-vllm-command-mixed, quoted from a pull request as far as its excerpt goes; its last
 * rule is shorter than the tool prints). Both are read; before the rate and latency openers the excerpt was not.
 */
import { describe, expect, it } from 'vitest';
import { isResultLine } from '../../src/lib/formats/registry.js';
import type { Metric } from '../../src/lib/schemas/run.js';
import { fixture, run } from './golden.js';

const abridged = fixture('real-abridged-serving');
const mixed = fixture('real-vllm-command-mixed');
const lineOf = (f: typeof abridged, n: number) => f.raw.split('\n')[n - f.options.contentLine];

describe('an abridged excerpt without banner or request counts', () => {
  it('should open at its first rate line and read all six lines, each at its line and value column', () => {
    const { runs } = run(abridged);
    expect(runs).toHaveLength(1);
    const [r] = runs;
    expect([r.format, r.failed, r.unknown]).toEqual(['vllm', false, []]);
    const lines = abridged.raw.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(6);
    const read = Object.values(r.metrics).map((m: Metric) => [
      m.line,
      lineOf(abridged, m.line)
        .slice(m.column - 1)
        .trim(),
    ]);
    expect(read).toEqual(lines.map((l, i) => [i + abridged.options.contentLine, l.split(':')[1].trim()]));
    expect([r.metrics.request_throughput.value, r.metrics.mean_ttft_ms.value, r.metrics.p99_ttft_ms.value]).toEqual([
      1.02, 2429.84, 10865.97,
    ]);
  });

  it('should say only that the excerpt has no closing line (a warning), nothing about its content', () => {
    expect(run(abridged).messages.map((m) => [m.ruleId, m.severity])).toEqual([['benchmark-truncated', 'warning']]);
  });

  it('should open on a rate or a mean TTFT line, but not on the chatter lines around a run', () => {
    expect(isResultLine('Request throughput (req/s):    1.02')).toBe(true);
    expect(isResultLine('Mean TTFT (ms):                  2429.84')).toBe(true);
    expect(isResultLine('Maximum request concurrency: 4')).toBe(false);
    expect(isResultLine('Traffic request rate: inf')).toBe(false);
  });
});

describe('a result block in one fence with the commands that produced it', () => {
  it('should read the block, labelled by the benchmark command right above it, the serving command left as an orphan line', () => {
    const { runs, messages } = run(mixed);
    expect(runs.map((r) => [r.format, lineOf(mixed, r.line), r.label?.startsWith('vllm bench serve --model'), r.labelLine])).toEqual([
      ['vllm', '============ Serving Benchmark Result ============', true, 4],
    ]);
    expect(Object.keys(runs[0].metrics)).toHaveLength(16);
    expect(messages.map((m) => [m.ruleId, m.severity, m.line])).toEqual([['benchmark-orphan-label', 'info', 2]]);
  });
});
