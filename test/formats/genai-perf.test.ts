/**
 * The fifth format, `genai-perf profile` console tables (NVIDIA GenAI-Perf), on real output: an older table with
 * lower-case labels (test/fixtures/formats/real-genai-perf-chat), a newer one with a wrapped row label and
 * `Request Count` (real-genai-perf-dynamo), one between the tool's log lines (real-genai-perf-logged) and the oldest,
 * in nanoseconds with the rates printed under the table (real-genai-perf-nanoseconds), each quoted verbatim. The page around two more real tables in test/fixtures/format-pages is ours.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { displayed } from '../../src/lib/numbers/interval.js';
import { genaiPerf } from '../../src/lib/formats/genai-perf.js';
import { lookupLabel } from '../../src/lib/formats/metrics.js';
import { detectFormat, detects, identitiesOf } from '../../src/lib/formats/registry.js';
import { vllm } from '../../src/lib/formats/vllm.js';
import { parseCommand } from '../../src/lib/model/command.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Metric } from '../../src/lib/schemas/run.js';
import { type Fixture, fixture, readFence, run } from './golden.js';

const chat = fixture('real-genai-perf-chat');
const dynamo = fixture('real-genai-perf-dynamo');
const logged = fixture('real-genai-perf-logged');
const nanoseconds = fixture('real-genai-perf-nanoseconds');
/** File line n of a fixture (its content starts at file line `contentLine`). */
const lineOf = (f: Fixture, n: number) => f.raw.split('\n')[n - f.options.contentLine];
const fence = (value: string) => readFence({ value, fenceLine: 1, contentLine: 2, column: 1, lang: null }, { expectResult: true });

const pageName = 'genai-perf-gpt2-triton.md';
const page = readFileSync(fileURLToPath(new URL(`../fixtures/format-pages/${pageName}`, import.meta.url)), 'utf8');
const check = (source: string) => checkAll([analyze(source, pageName)])[0];

/** Every value cell of every body row, found here with a plain scan: [line, column, row label, text]. */
function cellsOf(f: Fixture): Array<[number, number, string, string]> {
  const out: Array<[number, number, string, string]> = [];
  f.raw.split('\n').forEach((text, i) => {
    if (!text.startsWith('│')) return;
    const cells = [...text.matchAll(/│([^│]*)(?=│)/g)].map((m) => ({ text: m[1].trim(), at: m.index + 1 + m[1].search(/\S|$/) }));
    for (const c of cells.slice(1))
      if (c.text !== '' && c.text !== 'N/A') out.push([i + f.options.contentLine, c.at + 1, cells[0].text, c.text]);
  });
  return out;
}

describe('genai-perf: the block opens', () => {
  it('should open the table at its title, read it to its bottom rule and need no label', () => {
    for (const f of [chat, dynamo]) {
      const { runs, messages } = run(f);
      expect(messages, f.name).toEqual([]);
      expect(runs.map((r) => [r.format, r.label, r.failed, r.unknown])).toEqual([['genai-perf', null, false, []]]);
      expect(lineOf(f, runs[0].line).trim()).toBe('NVIDIA GenAI-Perf | LLM Metrics');
      expect(lineOf(f, runs[0].endLine)).toMatch(/^└─+┴.*┘$/);
    }
  });

  it("should skip the tool's log lines and progress bar around the table: neither labels nor orphans", () => {
    const { runs, messages } = run(logged);
    expect(messages).toEqual([]);
    expect(runs.map((r) => [r.format, r.label, r.invocation])).toEqual([['genai-perf', null, null]]);
    expect(lineOf(logged, 1 + logged.options.contentLine)).toMatch(/^Progress: 100%/);
  });

  it('should read a table cut short before its bottom rule with the rows it holds (the format has no closing line)', () => {
    const cut = chat.raw.split('\n').slice(0, 7).join('\n');
    const { runs, messages } = fence(cut);
    expect(runs).toHaveLength(1);
    expect(Object.keys(runs[0].metrics)).toContain('p75_latency_ms');
    expect(Object.keys(runs[0].metrics)).not.toContain('mean_output_length');
    expect(messages).toEqual([]);
  });

  it('should read the oldest table, in nanoseconds, with the two rates printed under it, after the log lines', () => {
    const { runs, messages } = run(nanoseconds);
    expect(messages).toEqual([]);
    expect(runs.map((r) => [r.format, r.label, lineOf(nanoseconds, r.line).trim()])).toEqual([['genai-perf', null, 'LLM Metrics']]);
    const m = runs[0].metrics;
    expect([m.mean_latency_ns.value, m.mean_latency_ns.unit, m.p75_output_length.value]).toEqual([3934624446, 'ns', 115]);
    for (const name of ['output_token_throughput', 'request_throughput']) {
      expect(lineOf(nanoseconds, m[name].line).slice(m[name].column - 1)).toBe(m[name].text);
      expect(lineOf(nanoseconds, m[name].line).startsWith(m[name].label)).toBe(true);
    }
    expect(lineOf(nanoseconds, runs[0].endLine)).toBe('Request throughput (per sec): 2.54');
  });

  it('should split two tables of one fence at the second title', () => {
    const { runs, messages } = fence(`${chat.raw}\n${dynamo.raw}`);
    expect(messages).toEqual([]);
    expect(runs.map((r) => [r.format, r.metrics.mean_ttft_ms.value])).toEqual([
      ['genai-perf', 37.99],
      ['genai-perf', 39.13],
    ]);
  });

  it('should detect genai-perf by its title or its header row, and the serving formats not by them', () => {
    expect(detects(genaiPerf, ['                    NVIDIA GenAI-Perf | LLM Metrics'])).toBe(true);
    expect(detects(genaiPerf, ['┃      Statistic ┃    avg ┃    min ┃'])).toBe(true);
    expect(detects(genaiPerf, ['Mean TTFT (ms):                          64.00'])).toBe(false);
    expect(detects(vllm, dynamo.raw.split('\n'))).toBe(false);
    expect(detectFormat(dynamo.raw.split('\n')).id).toBe('genai-perf');
  });

  it('should name genai-perf as the tool of a command that profiles with it', () => {
    expect(parseCommand('genai-perf profile -m gpt2 --service-kind triton --backend vllm --streaming', 1)?.tool).toBe('genai-perf');
  });
});

describe('genai-perf: every cell is read with its line and value column', () => {
  it('should read every value cell of every row as one metric at its own line and column, none left unknown', () => {
    for (const f of [chat, dynamo, logged]) {
      const [r] = run(f).runs;
      const read = Object.values(r.metrics)
        .map((m: Metric) => [m.line, m.column, m.text])
        .sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number));
      expect(read, f.name).toEqual(cellsOf(f).map(([line, column, , text]) => [line, column, text]));
      expect(r.unknown).toEqual([]);
    }
  });

  it('should name avg as the mean of the other formats and each percentile by the shared scheme', () => {
    const [r] = run(chat).runs;
    const pick = (name: string) => {
      const m: Metric = r.metrics[name];
      return [
        m.label,
        m.value,
        m.unit,
        lineOf(chat, m.line)
          .slice(m.column - 1)
          .split('│')[0]
          .trim(),
      ];
    };
    expect(pick('mean_ttft_ms')).toEqual(['Time to first token (ms) avg', 37.99, 'ms', '37.99']);
    expect(pick('p99_itl_ms')).toEqual(['Inter token latency (ms) p99', 20, 'ms', '20.00']);
    expect(pick('mean_latency_ms')).toEqual(['Request latency (ms) avg', 1915.41, 'ms', '1,915.41']);
    expect(pick('p75_output_length')).toEqual(['Output sequence length p75', 100, 'tok', '100.00']);
    // Rates print one value, in the avg column: the canonical rate names of the other formats.
    expect(pick('output_token_throughput')).toEqual(['Output token throughput (per sec) avg', 51.55, 'tok/s', '51.55']);
    expect(pick('request_throughput')).toEqual(['Request throughput (per sec) avg', 0.52, 'req/s', '0.52']);
    expect(r.metrics.min_output_token_throughput).toBeUndefined();
  });

  it('should read a wrapped row label by its first line, the continuation row being structure', () => {
    const [r] = run(dynamo).runs;
    const m = r.metrics.mean_user_output_throughput;
    expect(lineOf(dynamo, m.line)).toContain('Output Token Throughput Per User');
    expect(lineOf(dynamo, m.line + 1)).toContain('(tokens/sec/user)');
    expect(Object.values(r.metrics).filter((x: Metric) => x.line === m.line + 1)).toEqual([]);
    expect([r.metrics.mean_ttst_ms.value, r.metrics.successful_requests.value]).toEqual([14.5, 10]);
  });

  it("should map the labels of every release to one metric each (older releases' names included)", () => {
    expect(lookupLabel('Time To First Token (ms) avg')?.name).toBe('mean_ttft_ms');
    expect(lookupLabel('Time to first token (ms) p90')?.name).toBe('p90_ttft_ms');
    expect(lookupLabel('Output Token Throughput (tokens/sec) avg')?.name).toBe('output_token_throughput');
    expect(lookupLabel('Request latency (ns) avg')).toMatchObject({ name: 'mean_latency_ns', unit: 'ns' });
    expect(lookupLabel('Time to first token (ns) p99')).toMatchObject({ name: 'p99_ttft_ns', unit: 'ns' });
    expect(lookupLabel('Num output token p99')?.name).toBe('p99_output_length');
    expect(lookupLabel('Output Sequence Length (tokens) avg')?.name).toBe(lookupLabel('Output sequence length avg')?.name);
    expect(lookupLabel('Tokens per banana (ms) avg')).toBeNull();
  });
});

describe('genai-perf: the consistency identity', () => {
  const holds = (metrics: Record<string, Metric>) =>
    identitiesOf('genai-perf').map((identity) => {
      const computed = identity.compute(metrics);
      const stated = metrics[identity.target];
      if (!computed || !stated || stated.value === null) return [identity.target, 'absent'];
      const s = displayed(stated.value, stated.decimals);
      return [identity.target, s.lo <= computed.hi + 1e-9 && computed.lo <= s.hi + 1e-9 ? 'holds' : 'fails'];
    });

  it('should hold output throughput = request throughput x average output length on every real table', () => {
    for (const f of [chat, dynamo, logged, nanoseconds])
      expect(holds(run(f).runs[0].metrics), f.name).toEqual([['output_token_throughput', 'holds']]);
  });

  it('should be absent on a table without the request rate', () => {
    const cut = chat.raw
      .split('\n')
      .filter((l) => !l.includes('Request throughput'))
      .join('\n');
    expect(holds(fence(cut).runs[0].metrics)).toEqual([['output_token_throughput', 'absent']]);
  });

  it('should report an edited rate on the page through block-consistency', () => {
    const edited = page.replace('│ Output token throughput (per sec) │ 504.02 │', '│ Output token throughput (per sec) │ 540.02 │');
    expect(edited).not.toBe(page);
    const found = check(edited).messages.filter((m) => m.ruleId === 'block-consistency');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', actual: '540.02' });
    expect(found[0].message).toContain('request throughput x average output sequence length');
  });
});

describe('genai-perf: claims on a page verified through analyze + checkAll', () => {
  const report = check(page);

  it('should read both tables with their variants and verify every claim of the page, with no message', () => {
    expect(report.runs.map((r) => [r.format, r.context.variant])).toEqual([
      ['genai-perf', 'vLLM backend'],
      ['genai-perf', 'TensorRT-LLM backend'],
    ]);
    expect(report.messages).toEqual([]);
    expect(report.claims.map((c) => [c.kind, c.text, c.verdict])).toEqual([
      ['cell-value', '0.54', 'verified'],
      ['cell-value', '0.20', 'verified'],
      ['improvement', '2.66x faster', 'verified'],
      ['ranking-value', '0.20', 'verified'],
      ['ranking-order', '<', 'verified'],
      ['ranking-value', '0.54', 'verified'],
    ]);
    // Each latency is the request latency row's avg cell, read in seconds.
    const lines = page.split('\n');
    for (const c of report.claims.filter((x) => x.kind !== 'ranking-order')) {
      expect(lines[c.source!.line - 1]).toMatch(/^ {4}│ +Request latency \(ms\) │ +\d+\.\d\d │/);
    }
  });

  it('should give claim-mismatch for an edited ratio, whose runs are certain', () => {
    const wrong = check(page.replace('(2.66x faster)', '(2.26x faster)'));
    expect(wrong.messages.map((m) => [m.ruleId, m.actual])).toEqual([['claim-mismatch', '2.26x faster']]);
  });

  it('should not give claim-mismatch for an edited latency that no run prints: its source is not certain', () => {
    const wrong = check(page.replace('Mean latency: 0.54s/req', 'Mean latency: 0.45s/req'));
    expect(wrong.claims.find((c) => c.text === '0.45')?.verdict).toBe('untraceable');
    expect(wrong.messages.filter((m) => m.ruleId === 'claim-untraceable' && m.message.includes('`0.45`'))).toHaveLength(1);
    expect(wrong.messages.filter((m) => m.ruleId === 'claim-mismatch' && m.actual === '0.45')).toEqual([]);
  });
});
