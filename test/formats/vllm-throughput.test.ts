/**
 * The seventh format, offline throughput of vLLM (`vllm bench throughput`, formerly `benchmark_throughput.py`), on
 * real output: three runs of one command, each labelled by a `# 第N次` comment and followed by its token counts
 * (test/fixtures/formats/real-vllm-throughput-ascend), and the one-line output of releases before the output
 * rate (real-vllm-throughput-legacy), each quoted verbatim.
 */
import { describe, expect, it } from 'vitest';
import { roundsTo } from '../../src/lib/numbers/interval.js';
import { detectFormat, detects, identitiesOf, isResultLine } from '../../src/lib/formats/registry.js';
import { vllm } from '../../src/lib/formats/vllm.js';
import { vllmThroughput } from '../../src/lib/formats/vllm-throughput.js';
import { parseCommand } from '../../src/lib/model/command.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { type Fixture, fixture, readFence, run } from './golden.js';

const ascend = fixture('real-vllm-throughput-ascend');
const legacy = fixture('real-vllm-throughput-legacy');
const lineOf = (f: Fixture, n: number) => f.raw.split('\n')[n - f.options.contentLine];
const fence = (value: string) => readFence({ value, fenceLine: 1, contentLine: 2, column: 1, lang: null }, { expectResult: true });

describe('vllm-throughput: a `Throughput:` line opens a run', () => {
  it('should read one run per `Throughput:` line with its token counts, labelled by the comment above it', () => {
    const { runs, messages } = run(ascend);
    expect(messages).toEqual([]);
    expect(runs.map((r) => [r.format, r.label, r.line, r.endLine])).toEqual([
      ['vllm-throughput', '第一次', 3, 5],
      ['vllm-throughput', '第二次', 7, 9],
      ['vllm-throughput', '第三次', 11, 13],
    ]);
  });

  it('should point every rate at its own value on the shared line', () => {
    for (const r of run(ascend).runs)
      for (const m of Object.values(r.metrics)) {
        const text = lineOf(ascend, m.line);
        expect(text.slice(m.column - 1, m.column - 1 + m.text.length)).toBe(m.text);
      }
    const [old] = run(legacy).runs;
    expect(Object.fromEntries(Object.entries(old.metrics).map(([k, m]) => [k, [m.text, m.column]]))).toEqual({
      request_throughput: ['81.74', 13],
      total_token_throughput: ['20926.37', 31],
    });
  });

  it('should read the line as vLLM prints it since the output rate was added (vllm-project/vllm pull request #8914)', () => {
    const line = 'Throughput: 89.27 requests/s, 22853.37 total tokens/s, 11426.69 output tokens/s';
    const { runs, messages } = fence(line);
    expect(messages).toEqual([]);
    expect(runs.map((r) => [r.format, r.label])).toEqual([['vllm-throughput', null]]);
    expect(Object.fromEntries(Object.entries(runs[0].metrics).map(([k, m]) => [k, [m.text, m.unit, m.column]]))).toEqual({
      request_throughput: ['89.27', 'req/s', 13],
      total_token_throughput: ['22853.37', 'tok/s', 31],
      output_token_throughput: ['11426.69', 'tok/s', 56],
    });
  });

  it('should be detected by its line alone, and tell a result fence by it', () => {
    const line = 'Throughput: 2.16 requests/s, 2489.63 total tokens/s, 276.63 output tokens/s';
    expect(detectFormat([line]).id).toBe('vllm-throughput');
    expect(detects(vllm, [line])).toBe(false);
    expect(detects(vllmThroughput, ['Successful requests:                     100'])).toBe(false);
    expect(isResultLine(line)).toBe(true);
    expect(parseCommand('vllm bench throughput --model Qwen/Qwen3-0.6B --num-prompts 200', 1)?.tool).toBe('vllm-bench-throughput');
    expect(parseCommand('python benchmarks/benchmark_throughput.py --model m', 1)?.tool).toBe('vllm-bench-throughput');
  });

  it('should not read a line whose parts are not all rates, nor a throughput line of another tool', () => {
    for (const text of [
      'Throughput: 5.99 requests/s',
      'Throughput: 10.00 req/sec',
      'Throughput: 1.84 requests/s, fast',
      'Throughput: 2124.55 total tokens/s, 1.84 requests/s',
    ]) {
      const { runs } = fence(text);
      expect(
        runs.filter((r) => r.format === 'vllm-throughput'),
        text,
      ).toEqual([]);
    }
    // A request rate alone (an old serving script's summary) is no run of this format, nor of any other.
    expect(fence('Throughput: 5.99 requests/s').runs.map((r) => r.format)).toEqual([]);
  });

  it('should end a serving block at a `Throughput:` line and start a run there', () => {
    const value = [
      '============ Serving Benchmark Result ============',
      'Successful requests:                     10',
      'Throughput: 1.84 requests/s, 2124.55 total tokens/s, 236.06 output tokens/s',
    ].join('\n');
    const { runs } = fence(value);
    expect(runs.map((r) => [r.format, r.line])).toEqual([
      ['vllm', 2],
      ['vllm-throughput', 4],
    ]);
  });

  it('should hold its identity on the real output and report an edited output rate', () => {
    const [identity] = identitiesOf('vllm-throughput');
    for (const r of run(ascend).runs) {
      const m = r.metrics.output_token_throughput;
      expect(roundsTo(identity.compute(r.metrics)!, m.value!, m.decimals)).toBe(true);
    }
    expect(identity.compute(run(legacy).runs[0].metrics)).toBeNull();
    const page = `# Offline\n\n\`\`\`\n${ascend.raw}\`\`\`\n`;
    const edited = page.replace('273.19 output', '283.19 output');
    expect(edited).not.toBe(page);
    expect(checkAll([analyze(page, 'p.md')])[0].messages.filter((m) => m.ruleId === 'block-consistency')).toEqual([]);
    const found = checkAll([analyze(edited, 'p.md')])[0].messages.filter((m) => m.ruleId === 'block-consistency');
    expect(found.map((m) => [m.line, m.severity, m.actual])).toEqual([[9, 'error', '283.19']]);
  });
});
