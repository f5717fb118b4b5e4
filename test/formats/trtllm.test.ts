/**
 * The fourth format, `trtllm-bench` (TensorRT-LLM), on real reports: a streaming throughput run (with request
 * details, world info and every breakdown) and a non-streaming performance overview. Both blocks are quoted
 * verbatim in test/fixtures/formats/real-trtllm-*; the page around them in test/fixtures/format-pages is ours.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { displayed } from '../../src/lib/numbers/interval.js';
import { detectFormat, detects, identitiesOf } from '../../src/lib/formats/registry.js';
import { trtllm } from '../../src/lib/formats/trtllm.js';
import { vllm } from '../../src/lib/formats/vllm.js';
import { parseCommand } from '../../src/lib/model/command.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Metric } from '../../src/lib/schemas/run.js';
import { fixture, readFence, run } from './golden.js';

const streaming = fixture('real-trtllm-streaming');
const overview = fixture('real-trtllm-overview');
const engine = fixture('real-trtllm-engine');
/** File line n of a fixture (its content starts at file line `contentLine`). */
const lineOf = (f: typeof streaming, n: number) => f.raw.split('\n')[n - f.options.contentLine];
const fence = (value: string) => readFence({ value, fenceLine: 1, contentLine: 2, column: 1, lang: null }, { expectResult: true });

const pagePath = fileURLToPath(new URL('../fixtures/format-pages/trtllm-llama-3.1-8b.md', import.meta.url));
const page = readFileSync(pagePath, 'utf8');
const check = (source: string) => checkAll([analyze(source, 'trtllm-llama-3.1-8b.md')])[0];

describe('trtllm-bench: the block opens', () => {
  it('should open the report at its first banner, take the comment above its top rule as label, and end it complete', () => {
    const { runs, messages } = run(streaming);
    expect(messages).toEqual([]);
    expect(runs).toHaveLength(1);
    const [r] = runs;
    expect(r).toMatchObject({ format: 'trtllm', failed: false, labelLine: 2, unknown: [] });
    expect(lineOf(streaming, r.line)).toBe('= PYTORCH BACKEND');
    expect(r.label).toBe(lineOf(streaming, 2).replace(/^# /, ''));
    // No closing line in this format: the report ends before the dataset percentile table, never "truncated".
    expect(lineOf(streaming, r.endLine)).toMatch(/^-- Percentiles statistics -+$/);
    expect(lineOf(streaming, r.endLine + 2).trim()).toBe('Input              Output           Seq. Length');
  });

  it('should open a bare performance overview too', () => {
    const { runs, messages } = run(overview);
    expect(messages).toEqual([]);
    expect(runs.map((r) => [r.format, lineOf(overview, r.line)])).toEqual([['trtllm', '= PERFORMANCE OVERVIEW']]);
  });

  it('should read an older engine-backend report whose overview holds the request details, to its last rule', () => {
    const { runs, messages } = run(engine);
    expect(messages).toEqual([]);
    expect(runs.map((r) => [r.format, lineOf(engine, r.line), lineOf(engine, r.endLine)])).toEqual([
      ['trtllm', '= ENGINE DETAILS', '='.repeat(59)],
    ]);
    expect(runs[0].unknown).toEqual([]);
  });

  it('should detect trtllm by its overview banner or its request throughput line, and nothing else by them', () => {
    expect(detects(trtllm, ['= PERFORMANCE OVERVIEW'])).toBe(true);
    expect(detects(trtllm, ['Request Throughput (req/sec):                     86.5373'])).toBe(true);
    expect(detects(trtllm, ['Request throughput (req/s):              15.62'])).toBe(false);
    expect(detects(vllm, streaming.raw.split('\n'))).toBe(false);
    expect(detectFormat(streaming.raw.split('\n')).id).toBe('trtllm');
  });

  it('should split two reports in one fence at the repeated banner, each with its own label', () => {
    const body = streaming.raw.split('\n').slice(1).join('\n');
    const { runs } = fence(`# run A\n${body}\n# run B\n${body}`);
    expect(runs.map((r) => [r.format, r.label, r.metrics.total_token_throughput.value])).toEqual([
      ['trtllm', 'run A', 22153.5399],
      ['trtllm', 'run B', 22153.5399],
    ]);
  });

  it("should skip the tool's log lines before a report: neither labels nor failures", () => {
    const log = ['[01/18/2025-01:01:42] [TRT-LLM] [I] LLM Backend stopped.', '[TensorRT-LLM][INFO] Refreshed the MPI local session'].join(
      '\n',
    );
    const { runs, messages } = fence(`${log}\n${overview.raw}`);
    expect(runs.map((r) => [r.format, r.label])).toEqual([['trtllm', null]]);
    expect(messages).toEqual([]);
  });

  it('should name trtllm-bench as the tool of a command that runs it', () => {
    const command = 'trtllm-bench --model meta-llama/Llama-3.1-8B-Instruct throughput --dataset dataset.jsonl --backend pytorch';
    expect(parseCommand(command, 1)?.tool).toBe('trtllm-bench');
  });
});

describe('trtllm-bench: every metric is read with its line', () => {
  const [r] = run(streaming).runs;
  const metrics = Object.values(r.metrics);

  it('should read every `Label: value` line of the report as a metric, none left unknown', () => {
    const lines: number[] = [];
    for (let n = r.line; n <= r.endLine; n++) if (/^\[?[A-Za-z][^:]*:[ \t]/.test(lineOf(streaming, n))) lines.push(n);
    expect(metrics.map((m) => m.line).sort((a, b) => a - b)).toEqual(lines);
    expect(lines.length).toBeGreaterThan(50);
  });

  it('should point each metric at its label and its value token', () => {
    const collapse = (s: string) => s.replace(/[ \t]+/g, ' ');
    for (const m of metrics) {
      const text = lineOf(streaming, m.line);
      expect(collapse(text.split(':')[0]).trim(), `${m.name} at line ${m.line}`).toBe(m.label);
      expect(text.slice(m.column - 1).trimEnd(), `${m.name} at line ${m.line}`).toBe(m.text);
    }
  });

  it('should name the summary lines by the shared scheme and the breakdowns by statistic', () => {
    const pick = (name: string) => {
      const m: Metric = r.metrics[name];
      return [lineOf(streaming, m.line).split(':')[0].trim(), m.value, m.unit];
    };
    expect(pick('total_token_throughput')).toEqual(['Total Token Throughput (tokens/sec)', 22153.5399, 'tok/s']);
    expect(pick('request_throughput')).toEqual(['Request Throughput (req/sec)', 86.5373, 'req/s']);
    expect(pick('mean_ttft_ms')).toEqual(['Average time-to-first-token [TTFT] (ms)', 162.6706, 'ms']);
    expect(pick('mean_tpot_ms')).toEqual(['Average time-per-output-token [TPOT] (ms)', 7.3272, 'ms']);
    expect(pick('successful_requests')).toEqual(['Number of requests', 100, 'req']);
    expect(pick('p99_ttft_ms')).toEqual(['[TTFT] P99', 232.4339, 'ms']);
    expect(pick('avg_latency_ms')).toEqual(['[Latency] AVERAGE', 1093.2284, 'ms']);
    expect(pick('min_gtps')).toEqual(['[GTPS] MINIMUM', 122.9921, 'tok/s']);
    // Text lines are kept as printed, without a value.
    expect(r.metrics.scheduling_policy).toMatchObject({ text: 'GUARANTEED_NO_EVICT', value: null });
  });
});

describe('trtllm-bench: the consistency identities', () => {
  const holds = (metrics: Record<string, Metric>) =>
    identitiesOf('trtllm').map((identity) => {
      const computed = identity.compute(metrics);
      const stated = metrics[identity.target];
      if (!computed || !stated || stated.value === null) return [identity.target, 'absent'];
      const s = displayed(stated.value, stated.decimals);
      return [identity.target, s.lo <= computed.hi + 1e-9 && computed.lo <= s.hi + 1e-9 ? 'holds' : 'fails'];
    });

  it('should hold every identity on the streaming report, none absent', () => {
    expect(holds(run(streaming).runs[0].metrics)).toEqual([
      ['request_throughput', 'holds'],
      ['output_token_throughput', 'holds'],
      ['total_token_throughput', 'holds'],
      ['output_token_throughput_per_gpu', 'holds'],
      ['mean_latency_ms', 'holds'],
      ['mean_ttft_ms', 'holds'],
      ['mean_tpot_ms', 'holds'],
      ['mean_user_output_speed', 'holds'],
    ]);
  });

  it('should leave the rate identities absent on a bare overview (no request details), the restated average holding', () => {
    const result = Object.fromEntries(holds(run(overview).runs[0].metrics));
    expect(result).toMatchObject({ request_throughput: 'absent', total_token_throughput: 'absent', mean_latency_ms: 'holds' });
    expect(Object.values(result)).not.toContain('fails');
  });

  it('should hold the rate identities on the older report, where `Token Throughput` is the output rate', () => {
    expect(Object.fromEntries(holds(run(engine).runs[0].metrics))).toEqual({
      request_throughput: 'holds',
      output_token_throughput: 'holds',
      total_token_throughput: 'absent',
      output_token_throughput_per_gpu: 'absent',
      mean_latency_ms: 'absent',
      mean_ttft_ms: 'absent',
      mean_tpot_ms: 'absent',
      mean_user_output_speed: 'absent',
    });
  });

  it('should report an edited rate through block-consistency, with the value the report implies', () => {
    const line = 'Total Output Throughput (tokens/sec):             ';
    const edited = page.replace(`${line}11076.7700`, `${line}11176.7700`);
    expect(edited).not.toBe(page);
    const found = check(edited).messages.filter((m) => m.ruleId === 'block-consistency');
    const implied = ((100 * 128) / (1155.5715 / 1000)).toFixed(4);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatchObject({ severity: 'error', actual: '11176.7700', expected: implied });
    expect(found[0].message).toContain('number of requests x average output length / total latency');
    // The per-GPU line restated the old value: it no longer follows from the edited total.
    expect(found[1]).toMatchObject({ actual: '11076.7700', expected: '11176.7700' });
  });
});

describe('trtllm-bench: claims on a page verified through analyze + checkAll', () => {
  const report = check(page);

  it('should read both runs with their variants and verify every claim of the page against them', () => {
    expect(report.runs.map((r) => [r.format, r.context.variant])).toEqual([
      ['trtllm', 'BF16'],
      ['trtllm', 'FP8'],
    ]);
    expect(report.messages).toEqual([]);
    expect(report.claims.map((c) => [c.kind, c.text, c.verdict])).toEqual([
      ['cell-value', '22153.54', 'verified'],
      ['cell-value', '38762.12', 'verified'],
      ['improvement', '+75.0%', 'verified'],
      ['ranking-value', '38762.12', 'verified'],
      ['ranking-order', '>', 'verified'],
      ['ranking-value', '22153.54', 'verified'],
    ]);
    // Each restated value is traced to the report line that prints it.
    const lines = page.split('\n');
    for (const c of report.claims.filter((x) => x.kind !== 'ranking-order')) {
      expect(lines[c.source!.line - 1]).toMatch(/^ {4}Total Token Throughput \(tokens\/sec\): +\d+\.\d{4}$/);
    }
  });

  it('should catch a wrong improvement on the same page', () => {
    const wrong = check(page.replace('(+75.0%)', '(+57.0%)'));
    const mismatch = wrong.messages.filter((m) => m.ruleId === 'claim-mismatch');
    expect(mismatch.map((m) => [m.actual, m.expected])).toEqual([['+57.0%', '+75.0%']]);
  });
});
