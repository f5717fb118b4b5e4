/**
 * The sixth format, `llama-bench -o md` tables (llama.cpp), on real output: a ROCm table after the backend's
 * device lines (test/fixtures/formats/real-llama-bench-rocm), a Vulkan table after the shell prompt that ran it
 * (real-llama-bench-vulkan) and a SYCL table whose rows follow the backend's log lines and device table
 * (real-llama-bench-sycl), each quoted verbatim. The page around two of them in test/fixtures/format-pages is ours.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { llamaBench } from '../../src/lib/formats/llama-bench.js';
import { detectFormat, detects, identitiesOf } from '../../src/lib/formats/registry.js';
import { vllm } from '../../src/lib/formats/vllm.js';
import { parseCommand } from '../../src/lib/model/command.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Metric } from '../../src/lib/schemas/run.js';
import { type Fixture, fixture, readFence, run } from './golden.js';

const rocm = fixture('real-llama-bench-rocm');
const vulkan = fixture('real-llama-bench-vulkan');
const sycl = fixture('real-llama-bench-sycl');
const lineOf = (f: Fixture, n: number) => f.raw.split('\n')[n - f.options.contentLine];
const fence = (value: string) => readFence({ value, fenceLine: 1, contentLine: 2, column: 1, lang: null }, { expectResult: true });

const pageName = 'llama-bench-llama-2-7b-lunar-lake.md';
const page = readFileSync(fileURLToPath(new URL(`../fixtures/format-pages/${pageName}`, import.meta.url)), 'utf8');
const check = (source: string) => checkAll([analyze(source, pageName)])[0];
/** The page's one finding: `prompt processing is more than ten times faster` (a multiple in words) is not judged. */
const UNJUDGED = [['claim-unjudged', 6, 'faster']];
const findings = (r: { messages: ReadonlyArray<{ ruleId: string; line: number; actual?: string }> }) =>
  r.messages.map((m) => [m.ruleId, m.line, m.actual]);

/** The rows of a fixture's llama-bench table, by plain scan: file line and cells with their 1-based columns. */
function rowsOf(f: Fixture): Array<{ line: number; cells: Array<{ text: string; column: number }> }> {
  return f.raw.split('\n').flatMap((text, i) => {
    if (!/^\| [^|]+ \|.*± [\d.]+ \|$/.test(text)) return [];
    const cells = [...text.matchAll(/\|([^|]+)(?=\|)/g)].map((m) => ({ text: m[1].trim(), column: m.index + 2 + m[1].search(/\S/) }));
    return [{ line: i + f.options.contentLine, cells }];
  });
}

describe('llama-bench: each row of the table is a run', () => {
  it('should read one run per row, labelled by model and test, after the backend device lines', () => {
    const { runs, messages } = run(rocm);
    expect(messages).toEqual([]);
    expect(runs.map((r) => [r.format, r.label, r.line, r.endLine, r.failed])).toEqual([
      ['llama-bench', 'llama 7B Q4_K - Medium pp512', 9, 9, false],
      ['llama-bench', 'llama 7B Q4_K - Medium tg512', 10, 10, false],
    ]);
    for (const r of runs) expect(lineOf(rocm, r.line)).toContain(r.metrics.test.text);
  });

  it('should keep the command line that ran the tool as the invocation of every row', () => {
    const { runs, messages } = run(vulkan);
    expect(messages).toEqual([]);
    expect(runs.map((r) => [r.label, r.invocation?.startsWith('❯ ./llama-bench -m ~/ai/models/gguf/llama-2-7b.Q4_0.gguf')])).toEqual([
      ['llama 7B Q4_0 pp512', true],
      ['llama 7B Q4_0 tg128', true],
    ]);
  });

  it("should read rows that follow the backend's log lines and device table, which are neither runs nor labels", () => {
    const { runs, messages } = run(sycl);
    expect(messages).toEqual([]);
    expect(runs.map((r) => [r.label, r.metrics.backend.text, r.metrics.threads.value])).toEqual([
      ['llama 7B Q4_0 pp512', 'SYCL', 4],
      ['llama 7B Q4_0 tg128', 'SYCL', 4],
    ]);
  });

  it('should read no run from a row without the header above it', () => {
    const row = rocm.raw.split('\n')[7];
    expect(row).toMatch(/pp512/);
    const { runs, messages } = fence(row);
    expect(runs).toEqual([]);
    expect(messages.map((m) => m.ruleId)).toEqual(['benchmark-unparsed']);
  });

  it('should detect llama-bench by a row ending in `mean ± std`, and vLLM not by it', () => {
    const row = rocm.raw.split('\n')[7];
    expect(detects(llamaBench, [row])).toBe(true);
    expect(detects(llamaBench, ['Mean TTFT (ms):                          64.00'])).toBe(false);
    expect(detects(vllm, [row])).toBe(false);
    expect(detectFormat([row]).id).toBe('llama-bench');
  });

  it('should name llama-bench as the tool of a command that runs it (an offline benchmark)', () => {
    expect(parseCommand('./build/bin/llama-bench -m models/llama-2-7b.Q4_0.gguf -p 512 -n 128', 1)?.tool).toBe('llama-bench');
  });
});

describe('llama-bench: every cell is read with its line and value column', () => {
  it('should read each cell as the metric its column names, at its own line and column', () => {
    for (const f of [rocm, vulkan, sycl]) {
      const { runs } = run(f);
      const rows = rowsOf(f);
      expect(
        runs.map((r) => r.line),
        f.name,
      ).toEqual(rows.map((r) => r.line));
      runs.forEach((r, i) => {
        const read = Object.values(r.metrics).map((m: Metric) => [m.line, m.column, m.text]);
        const [mean, std] = rows[i].cells[rows[i].cells.length - 1].text.split(' ± ');
        const last = rows[i].cells[rows[i].cells.length - 1].column;
        const expected = rows[i].cells.slice(0, -1).map((c) => [rows[i].line, c.column, c.text]);
        expected.push([rows[i].line, last, mean], [rows[i].line, lineOf(f, rows[i].line).lastIndexOf(std) + 1, std]);
        expect(read, `${f.name}:${rows[i].line}`).toEqual(expected);
        expect(r.unknown).toEqual([]);
      });
    }
  });

  it('should read the rate as the total token throughput of the test, its spread apart', () => {
    const [pp, tg] = run(rocm).runs;
    expect([pp.metrics.total_token_throughput, pp.metrics.std_total_token_throughput].map((m) => [m.label, m.value, m.unit])).toEqual([
      ['t/s', 5404.8, 'tok/s'],
      ['t/s ±', 10.8, 'tok/s'],
    ]);
    expect([tg.metrics.test.text, tg.metrics.total_token_throughput.value, tg.metrics.gpu_layers.value]).toEqual(['tg512', 128.5, 999]);
    expect([pp.metrics.model_size.text, pp.metrics.model_params.text]).toEqual(['2.16 GiB', '3.82 B']);
  });

  it('should read the parameter columns a run varied, and report a column it does not know where it is', () => {
    const header = '| model | size | params | backend | ngl | fa | zz | test | t/s |';
    const row = '| llama 7B Q4_0 | 3.56 GiB | 6.74 B | CUDA | 99 | 1 | 7 | pp512 | 4321.00 ± 5.00 |';
    const { runs, messages } = fence(`${header}\n| --- | ---: | ---: | --- | --: | --: | --: | ---: | ---: |\n${row}`);
    expect(runs.map((r) => [r.label, r.metrics.flash_attention.text, r.metrics.total_token_throughput.value])).toEqual([
      ['llama 7B Q4_0 pp512', '1', 4321],
    ]);
    expect(runs[0].unknown.map((u) => [u.label, u.text, u.line, u.column])).toEqual([['zz', '7', 4, row.indexOf('| 7 |') + 3]]);
    expect(messages.map((m) => [m.ruleId, m.severity, m.line])).toEqual([['benchmark-unknown-metric', 'warning', 4]]);
  });

  it('should state no identity: one row prints one rate and nothing it follows from', () => {
    expect(identitiesOf('llama-bench')).toEqual([]);
  });
});

describe('llama-bench: claims on a page verified through analyze + checkAll', () => {
  const report = check(page);

  it('should read the four rows and verify every claim of the page against them, with no message but the one number it cannot judge', () => {
    // Each row is labelled by its model and test, and belongs to the variant (the backend) the page names.
    expect(report.runs.map((r) => [r.format, r.label, r.metrics.backend.text, r.context.variant])).toEqual([
      ['llama-bench', 'llama 7B Q4_0 pp512', 'Vulkan', 'Vulkan'],
      ['llama-bench', 'llama 7B Q4_0 tg128', 'Vulkan', 'Vulkan'],
      ['llama-bench', 'llama 7B Q4_0 pp512', 'SYCL', 'SYCL'],
      ['llama-bench', 'llama 7B Q4_0 tg128', 'SYCL', 'SYCL'],
    ]);
    expect(report.experiments.map((e) => e.variants.map((v) => [v.label, v.runs.length]))).toEqual([
      [
        ['Vulkan', 2],
        ['SYCL', 2],
      ],
    ]);
    expect(findings(report)).toEqual(UNJUDGED);
    expect(report.claims.map((c) => [c.kind, c.text, c.verdict])).toEqual([
      ['cell-value', '44.65', 'verified'],
      ['cell-value', '526.38', 'verified'],
      ['improvement', '+1078.9%', 'verified'],
      ['cell-value', '5.54', 'verified'],
      ['cell-value', '13.51', 'verified'],
      ['improvement', '+143.9%', 'verified'],
      ['ranking-value', '13.51', 'verified'],
      ['ranking-order', '>', 'verified'],
      ['ranking-value', '5.54', 'verified'],
    ]);
    // Each value is traced to the row that prints it, and to its test.
    const lines = page.split('\n');
    for (const c of report.claims.filter((x) => x.kind === 'cell-value' || x.kind === 'ranking-value')) {
      expect(lines[c.source!.line - 1]).toContain(`${c.text} ± `);
    }
  });

  it('should give claim-mismatch for an edited improvement, whose runs are certain', () => {
    const wrong = check(page.replace('(+143.9%)', '(+134.9%)'));
    expect(wrong.messages.filter((m) => m.severity !== 'info').map((m) => [m.ruleId, m.actual, m.expected])).toEqual([
      ['claim-mismatch', '+134.9%', '+143.9%'],
    ]);
  });

  it('should not give claim-mismatch for an edited rate that no row prints: its source is not certain', () => {
    const wrong = check(page.replace('Total TPS: 13.51', 'Total TPS: 15.31'));
    expect(wrong.claims.find((c) => c.text === '15.31')?.verdict).toBe('untraceable');
    expect(wrong.messages.filter((m) => m.ruleId === 'claim-mismatch' && m.actual === '15.31')).toEqual([]);
  });
});

describe('llama-bench: a table pasted outside a fence is read as runs too', () => {
  // The SYCL result pasted as Markdown: its header, delimiter and rows, as the tool printed them.
  const table = sycl.raw.split('\n').filter((l) => /^\| (?:model|-|llama)/.test(l));
  const start = page.indexOf('??? info "Benchmark result"\n    ```\n    ggml_sycl_init');
  const end = page.indexOf('\nResult:');
  const unfenced = `${page.slice(0, start)}The SYCL table, as the tool printed it:\n\n${table.join('\n')}\n${page.slice(end)}`;
  const report = check(unfenced);
  const lines = unfenced.split('\n');

  it('should read one run per row of the table, each cell at its own line and column of the page', () => {
    expect(table).toHaveLength(4);
    const rows = report.runs.filter((r) => r.metrics.backend.text === 'SYCL');
    expect(rows.map((r) => [r.label, r.context.variant, lines[r.line - 1]])).toEqual([
      ['llama 7B Q4_0 pp512', 'SYCL', table[2]],
      ['llama 7B Q4_0 tg128', 'SYCL', table[3]],
    ]);
    for (const r of rows) {
      for (const m of Object.values(r.metrics))
        expect(lines[m.line - 1].slice(m.column - 1).startsWith(m.text), `${m.name} ${m.text}`).toBe(true);
    }
  });

  it("should leave a table of the author's own alone, even under the tool's column names, when no row prints `mean ± std`", () => {
    const own = ['| model | backend | test | t/s |', '| --- | --- | --- | ---: |', '| llama 7B Q4_0 | SYCL | tg128 | 13.51 |'];
    const other = check(`${unfenced}\nThe same, rounded by hand:\n\n${own.join('\n')}\n`);
    expect(other.runs).toHaveLength(4);
    expect(findings(other)).toEqual(UNJUDGED);
  });

  it('should verify the same claims against the table rows, with no message but the one number it cannot judge; other tables give no run', () => {
    expect(findings(report)).toEqual(UNJUDGED);
    expect(report.runs).toHaveLength(4);
    const backend = (line: number | undefined) => report.runs.find((r) => r.line === line)?.metrics.backend.text ?? null;
    expect(report.claims.map((c) => [c.text, c.verdict, backend(c.source?.line)])).toEqual([
      ['44.65', 'verified', 'Vulkan'],
      ['526.38', 'verified', 'SYCL'],
      ['+1078.9%', 'verified', 'SYCL'],
      ['5.54', 'verified', 'Vulkan'],
      ['13.51', 'verified', 'SYCL'],
      ['+143.9%', 'verified', 'SYCL'],
      ['13.51', 'verified', 'SYCL'],
      ['>', 'verified', null],
      ['5.54', 'verified', 'Vulkan'],
    ]);
  });
});
