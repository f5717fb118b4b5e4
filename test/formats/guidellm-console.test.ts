/**
 * The eighth format, guidellm's own console tables, on real output quoted verbatim: the `Benchmarks Info` and
 * `Benchmarks Stats` tables of a release before 0.4 (test/fixtures/formats/real-guidellm-console-v03, from
 * IBM-Cloud/techxchange-labs docs/gpulab-1827/90-run-performance-2.md), and the `ℹ ... Statistics` tables of 0.4
 * and later (real-guidellm-console-v04, from the llm-d-benchmark tutorial docs/tutorials/run/run_interactively_example.md).
 * Each fixture's SOURCE.md says where it came from. The page around the first (test/fixtures/format-pages) is ours.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { guidellm } from '../../src/lib/formats/guidellm.js';
import { guidellmConsole } from '../../src/lib/formats/guidellm-console.js';
import { lookupLabel } from '../../src/lib/formats/metrics.js';
import { detectFormat, detects, isResultLine } from '../../src/lib/formats/registry.js';
import { parseCommand } from '../../src/lib/model/command.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Metric } from '../../src/lib/schemas/run.js';
import { fixture, run, type Fixture } from './golden.js';

const v03 = fixture('real-guidellm-console-v03');
const v04 = fixture('real-guidellm-console-v04');
const rates = fixture('real-guidellm-console-rates');
const lineOf = (f: Fixture, n: number) => f.raw.split('\n')[n - f.options.contentLine];

/** Every body row's value cells, found here by a plain split at `|`: [line, column, text]. */
function cellsOf(f: Fixture): Array<[number, number, string]> {
  const out: Array<[number, number, string]> = [];
  f.raw.split('\n').forEach((text, i) => {
    const indent = text.length - text.trimStart().length;
    const framed = text.trimStart().startsWith('|');
    const parts = (framed ? text.slice(indent + 1, text.trimEnd().length - 1) : text).split('|');
    const first = parts[0]?.trim() ?? '';
    // Body rows name their benchmark first: `synchronous`, `constant@0.69`, `constant`.
    if (parts.length < 2 || !/^(?:synchronous|throughput|constant|poisson|concurrent)/.test(first)) return;
    let at = framed ? indent + 1 : 0;
    for (const part of parts) {
      const lead = part.length - part.trimStart().length;
      if (part.trim() !== '') out.push([i + f.options.contentLine, at + lead + 1, part.trim()]);
      at += part.length + 1;
    }
  });
  return out;
}

const sorted = (metrics: Record<string, Metric>[]) =>
  metrics
    .flatMap((m) => Object.values(m).map((x) => [x.line, x.column, x.text] as [number, number, string]))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);

describe('guidellm-console: the tables open and each row is a run', () => {
  it('should read one run per benchmark, its rows of every table joined, labelled by its benchmark, with no message', () => {
    const { runs, messages } = run(v03);
    expect(messages).toEqual([]);
    // Ten benchmarks, each a row of the Info table and a row of the Stats table: ten runs, not twenty.
    expect(runs).toHaveLength(10);
    for (const r of runs) {
      const lines = new Set(Object.values(r.metrics).map((m) => m.line));
      expect(lines.size, r.label ?? '').toBe(2);
      for (const at of lines) expect(lineOf(v03, at).trim().split('|')[0].trim()).toBe(r.label);
    }
    expect(runs.every((r) => r.format === 'guidellm-console' && !r.failed)).toBe(true);
    expect(runs.slice(0, 3).map((r) => [r.label, lineOf(v03, r.line).trim().split('|')[0]])).toEqual([
      ['synchronous', 'synchronous'],
      ['throughput', 'throughput'],
      ['constant@0.69', 'constant@0.69'],
    ]);
    const later = run(v04);
    expect(later.messages).toEqual([]);
    // One benchmark printed over six tables is one run.
    expect(later.runs.map((r) => [r.format, r.label])).toEqual([['guidellm-console', 'constant']]);
    expect(new Set(Object.values(later.runs[0].metrics).map((m) => m.line)).size).toBe(6);
  });

  it('should read every value cell of every row at its own line and column, none left unknown', () => {
    for (const f of [v03, v04, rates]) {
      const { runs } = run(f);
      const cells = cellsOf(f);
      const labels = new Set(cells.filter(([line, column]) => !cells.some(([l, c]) => l === line && c < column)).map((c) => c.join(':')));
      const read = sorted(runs.map((r) => r.metrics));
      // Every figure that is not the row's benchmark name is read where it is printed.
      expect(
        read.filter((c) => !labels.has(c.join(':'))),
        f.name,
      ).toEqual(cells.filter((c) => !labels.has(c.join(':'))));
      // The benchmark name is read once per run, from its first row.
      expect(read.filter((c) => labels.has(c.join(':')))).toHaveLength(runs.length);
      expect(runs.flatMap((r) => r.unknown)).toEqual([]);
    }
  });

  it('should name the columns by the shared metric names, the request latency in seconds under either title', () => {
    const [sync] = run(v03).runs;
    const pick = (name: string) => [sync.metrics[name].label, sync.metrics[name].text, sync.metrics[name].unit];
    expect(pick('total_token_throughput')).toEqual(['Tot Tok/sec mean', '293.7', 'tok/s']);
    expect(pick('request_throughput')).toEqual(['Request Stats Per Second', '0.23', 'req/s']);
    expect(pick('mean_latency_s')).toEqual(['Req Latency (ms) mean', '4.36', 's']);
    expect(pick('p99_ttft_ms')).toEqual(['TTFT (ms) p99', '63.1', 'ms']);
    expect(lookupLabel('Req Latency (sec) median')?.name).toBe('median_latency_s');
    const info = run(v03).runs[0].metrics;
    expect([info.successful_requests.text, info.total_input_tokens.text, info.duration_s.text]).toEqual(['30', '15369', '130.7']);
    const [all] = run(v04).runs;
    const [summary, tokens, latency, served] = [all, all, all, all];
    expect([summary.metrics.duration_s.text, summary.metrics.total_output_tokens.text]).toEqual(['30.0', '1421.0']);
    expect([latency.metrics.median_latency_s.label, latency.metrics.p95_ttft_ms.text]).toEqual(['Request Latency Sec Mdn', '30.9']);
    expect([served.metrics.total_token_throughput.label, served.metrics.total_token_throughput.text]).toEqual([
      'Total Tokens Per Sec Mean',
      '101.1',
    ]);
    expect(served.metrics.median_total_token_throughput.text).toBe('127.6');
    expect(tokens.metrics.p95_output_tokens_per_iteration.text).toBe('1.0');
  });

  it('should read two rates of one comparison, indented as their guide quotes them, the n-th row of each table one run', () => {
    const { runs, messages } = run(rates);
    expect(messages).toEqual([]);
    // Both rates are labelled `constant`: the first row of each table is the first rate, the second the second.
    expect(runs.map((r) => [r.label, r.line, [...new Set(Object.values(r.metrics).map((m) => m.line))].sort((a, b) => a - b)])).toEqual([
      ['constant', 8, [8, 19]],
      ['constant', 9, [9, 20]],
    ]);
    const last = runs[1].metrics.total_token_throughput;
    expect([
      last.text,
      last.column,
      lineOf(rates, last.line)
        .slice(last.column - 1)
        .trim(),
    ]).toEqual(['541.4', 86, '541.4 |']);
    expect(runs[1].metrics.median_ttft_ms.text).toBe('9.8');
  });

  it('should be detected by its table titles, and tell a result fence by them', () => {
    expect(detects(guidellmConsole, ['Benchmarks Stats:'])).toBe(true);
    expect(detects(guidellmConsole, ['ℹ Server Throughput Statistics'])).toBe(true);
    expect(detects(guidellm, v03.raw.split('\n'))).toBe(false);
    expect(detectFormat(['ℹ Request Latency Statistics (Completed Requests)']).id).toBe('guidellm-console');
    expect(isResultLine('ℹ Request Latency Statistics (Completed Requests)')).toBe(true);
    expect(isResultLine('Benchmarks Stats:')).toBe(true);
    expect(parseCommand('guidellm benchmark --target http://localhost:8000 --rate-type sweep', 1)?.tool).toBe('guidellm');
  });

  it('should leave a table of another tool with a `Benchmark` column alone', () => {
    const other = ['| Benchmark | Score |', '|---|---|', '| constant | 1.0 |'].join('\n');
    const parsed = run({ ...v03, raw: other });
    expect(parsed.runs.filter((r) => r.format === 'guidellm-console')).toEqual([]);
  });
});

describe('guidellm-console: claims on a page verified through analyze + checkAll', () => {
  const name = 'guidellm-console-granite-3.3-8b.md';
  const page = readFileSync(fileURLToPath(new URL(`../fixtures/format-pages/${name}`, import.meta.url)), 'utf8');
  const check = (source: string) => checkAll([analyze(source, name)])[0];

  it('should verify a throughput and a latency ranking that cite the Stats table, with no message', () => {
    const report = check(page);
    expect(report.messages).toEqual([]);
    expect(report.claims.map((c) => [c.kind, c.text, c.verdict])).toEqual([
      ['ranking-value', '4979.5', 'verified'],
      ['ranking-order', '>', 'verified'],
      ['ranking-value', '293.7', 'verified'],
      ['ranking-value', '4.36', 'verified'],
      ['ranking-order', '<', 'verified'],
      ['ranking-value', '7.62', 'verified'],
    ]);
    // Each value is read from the Stats row of its benchmark.
    const lines = page.split('\n');
    for (const c of report.claims.filter((x) => x.kind === 'ranking-value'))
      expect(lines[c.source!.line - 1]).toMatch(/^ {4} *(?:synchronous|throughput)\| +\d+\.\d\d\| +\d/);
  });

  it('should flag an edited figure that no row prints', () => {
    const wrong = check(page.replace('throughput (4979.5 tok/s)', 'throughput (4997.5 tok/s)'));
    expect(wrong.claims.find((c) => c.text === '4997.5')?.verdict).toBe('untraceable');
    expect(wrong.messages.map((m) => [m.ruleId, m.severity])).toEqual([['claim-untraceable', 'warning']]);
    expect(wrong.messages[0].message).toContain('`4997.5`');
  });
});
