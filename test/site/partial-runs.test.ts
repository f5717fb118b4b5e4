// One verdict per run: a run that did not complete every request it sent (`partial`) or printed no result (`failed`)
// is never a view's best: not the explorer's answer, not an engine's best on /engines/, not a card's gain, not a
// chart's gain, not a technique's result; each shows it greyed with its reason. On a page this test writes, and on
// the shared corpus's page with such a run when it is there.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { techniques } from '../../src/lib/site/catalog.js';
import { headlineSeries, latencySeries } from '../../src/lib/site/chart-series.js';
import { seriesSvg } from '../../src/lib/site/chart.js';
import { compareRows } from '../../src/lib/site/compare/rows.js';
import { bestSeries, seriesOf } from '../../src/lib/site/compare/series.js';
import { isGreyed, isPoint, pointOf } from '../../src/lib/site/compare/state.js';
import { corrected, headline } from '../../src/lib/site/gain.js';
import { headToHeads } from '../../src/lib/site/head-to-head.js';
import { listing } from '../../src/lib/site/listing.js';
import { CORPUS, hasCorpus } from '../helpers/pages.js';

/** A vLLM bench block whose derived lines agree with its counts (so no consistency finding muddies the verdicts). */
function block(ok: number, seconds: number, tpot: string, failed: number | null = null): { text: string; total: string } {
  const input = ok * 200;
  const output = ok * 180;
  const total = ((input + output) / seconds).toFixed(2);
  const lines = [
    '============ Serving Benchmark Result ============',
    `Successful requests:                     ${ok}`,
    ...(failed === null ? [] : [`Failed requests:                         ${failed}`]),
    `Benchmark duration (s):                  ${seconds.toFixed(2)}`,
    `Total input tokens:                      ${input}`,
    `Total generated tokens:                  ${output}`,
    `Request throughput (req/s):              ${(ok / seconds).toFixed(2)}`,
    `Output token throughput (tok/s):         ${(output / seconds).toFixed(2)}`,
    `Total Token throughput (tok/s):          ${total}`,
    '---------------Time to First Token----------------',
    'Mean TTFT (ms):                          1100.00',
    'Median TTFT (ms):                        900.00',
    'P99 TTFT (ms):                           2000.00',
    '-----Time per Output Token (excl. 1st token)------',
    `Mean TPOT (ms):                          ${tpot}`,
    'Median TPOT (ms):                        20.00',
    'P99 TPOT (ms):                           40.00',
    '==================================================',
  ];
  return { text: lines.map((l) => `    ${l}`).join('\n'), total };
}

const section = (name: string, command: string, b: { text: string }) =>
  `${name}\n??? info "Serving script"\n    \`\`\`bash\n    ${command}\n    \`\`\`\n\n??? info "Benchmark result"\n    \`\`\`\n${b.text}\n    \`\`\`\n`;

const pct = (a: string, b: string) => `+${((Number(a) / Number(b) - 1) * 100).toFixed(1)}%`;

const base = block(1000, 63.33, '21.25');
// 514 of the command's 1000 requests: no failed line, a count no one sets (not a multiple of ten).
const halfDone = block(514, 12.97, '30.75');
const sglang = block(1000, 70.0, '23.75');
const tuned = block(1000, 42.22, '24.50');
// 12 failed requests printed beside 988 successful ones.
const lossy = block(988, 39.52, '26.75', 12);

/** The page; `headlineRun` is the run the Conclusion's optimized cell quotes. */
function page(headlineRun: { total: string; tpot: string }): string {
  return `# Optimizing Toy-7B Throughput on NVIDIA H100 GPUs

## Conclusion

Recommended configuration for optimizing throughput of Toy-7B on H100 GPUs:

???+ tip "Serving Command"
    \`\`\`bash
    vllm serve org/Toy-7B --max-num-seqs 512
    \`\`\`

Comparison of benchmark results before and after optimization:

| Benchmark Case | baseline (vLLM without any optimizations) | Optimized |
|----------|-------------------------------------------|-----------|
| **ShareGPT** | Total TPS: ${base.total}<br>Mean TPOT(ms): 21.25 | Total TPS: ${headlineRun.total} <span style="background-color:lightgreen;">(${pct(headlineRun.total, base.total)})</span><br>Mean TPOT(ms): ${headlineRun.tpot} |

## Experimental Setup

### Model

org/Toy-7B

### Hardware

A single NVIDIA H100 SXM GPU.

### Engine Version

- vLLM: v0.11.0
- SGLang: v0.5.5

### Benchmark Script

\`\`\`bash
vllm bench serve --model org/Toy-7B --dataset-name sharegpt --dataset-path ShareGPT.json --num-prompts 1000
\`\`\`

## Experiment Results

### 1. Choosing the Inference Engine

${section('vLLM', 'vllm serve org/Toy-7B', base)}
${section('SGLang', 'python3 -m sglang.launch_server --model-path org/Toy-7B --mem-fraction-static 0.9', halfDone)}
${section('SGLang with a smaller cache', 'python3 -m sglang.launch_server --model-path org/Toy-7B --mem-fraction-static 0.8', sglang)}
### 2. Max Num Seqs

${section('vLLM', 'vllm serve org/Toy-7B --max-num-seqs 512', tuned)}
### 3. Larger Batches

${section('vLLM', 'vllm serve org/Toy-7B --max-num-seqs 1024', lossy)}
### Summary of Optimization Options

| Benchmark Cases | Optimized | Baseline |
| --------------- | --------- | -------- |
| Max Num Seqs | Total TPS: ${tuned.total} <span style="background-color:lightgreen;">(${pct(tuned.total, base.total)})</span><br>Mean TPOT(ms): 24.50 | Total TPS: ${base.total}<br>Mean TPOT(ms): 21.25 |
| Larger Batches | Total TPS: ${lossy.total} <span style="background-color:lightgreen;">(${pct(lossy.total, base.total)})</span><br>Mean TPOT(ms): 26.75 | Total TPS: ${base.total}<br>Mean TPOT(ms): 21.25 |
`;
}

const read = (text: string, path: string): Report => checkAll([analyze(text, path, path)])[0];
const good = read(page({ total: tuned.total, tpot: '24.50' }), 'toy/h100.md');
const bad = read(page({ total: lossy.total, tpot: '26.75' }), 'toy/h100-bad.md');
const url = (r: Report) => `/reports/${r.slug}/`;
const entry = (r: Report) => ({ ...r, site: { url: url(r), lastUpdated: null } }) as never;
const runAt = (r: Report, total: string) => r.runs.find((x) => x.metrics.total_token_throughput?.text === total)!;

describe('partial and failed runs (a page the test writes)', () => {
  it('should read the run model status and its reason from the run itself', () => {
    const half = runAt(good, halfDone.total);
    expect(half.setup.status).toBe('partial');
    expect(half.setup.numPrompts).toBe(1000);
    expect(half.setup.statusReason).toBe(`514 of 1000 requests succeeded (line ${half.metrics.successful_requests!.line})`);
    const lost = runAt(good, lossy.total);
    expect(lost.setup.status).toBe('partial');
    expect(lost.setup.statusReason).toBe(`12 failed requests (line ${lost.metrics.failed_requests!.line})`);
    expect(runAt(good, tuned.total).setup).toMatchObject({ status: 'ok', statusReason: null });
  });

  const rows = compareRows([{ report: good, url: url(good) }]);
  const rowOf = (total: string) => rows.find((r) => r.values.total?.text === total)!;

  it('should give the explorer one verdict per run, partial greyed with its reason', () => {
    expect(rowOf(halfDone.total)).toMatchObject({ verdict: 'partial', successRate: 51.4 });
    expect(rowOf(halfDone.total).verdictNote).toMatch(/^Partial: 514 of 1000 requests succeeded \(line \d+\)\.$/);
    expect(rowOf(lossy.total).verdict).toBe('partial');
    expect(isGreyed(rowOf(halfDone.total))).toBe(true);
    expect(isGreyed(rowOf(tuned.total))).toBe(false);
  });

  it("should never crown a partial run as the explorer's best, though it prints the highest throughput", () => {
    const points = rows.map((r) => pointOf(r, { x: 'tpot', y: 'total' })).filter(isPoint);
    expect(Math.max(...points.map((p) => p.y))).toBe(Number(halfDone.total));
    const best = bestSeries(seriesOf(points, null))!.best!;
    expect(best.row.values.total!.text).toBe(tuned.total);
  });

  it("should leave a partial run out of an engine's best on /engines/ and list it greyed with its reason", () => {
    const [h] = headToHeads(rows);
    expect(h.engines.map((e) => [e.engine, e.total.text])).toEqual([
      ['vLLM', tuned.total],
      ['SGLang', sglang.total],
    ]);
    expect(h.excluded.map((x) => [x.engine, x.verdict])).toEqual([
      ['SGLang', 'partial'],
      ['vLLM', 'partial'],
    ]);
    expect(h.excluded[0].note).toContain('514 of 1000 requests succeeded');
  });

  it("should grey a technique whose run is partial, with the reason, and keep a complete one's result", () => {
    const uses = techniques([entry(good)]).flatMap((t) => t.uses);
    const of = (name: string) => uses.find((u) => u.option === name)!;
    expect(of('Max Num Seqs').incomplete).toBeNull();
    expect(of('Larger Batches').incomplete).toEqual({ verdict: 'partial', note: expect.stringContaining('12 failed requests') });
  });

  it("should never rank a card's gain or draw a chart's gain from a partial optimized run", () => {
    expect(headline(good)!.incomplete).toBeNull();
    expect(listing(entry(good))).toMatchObject({ gainNote: null, gainKind: 'throughput' });
    expect(listing(entry(good)).gain).toBeGreaterThan(1);

    expect(headline(bad)!.incomplete).toEqual({ verdict: 'partial', note: expect.stringContaining('12 failed requests') });
    const card = listing(entry(bad));
    expect(card).toMatchObject({ gain: null, gainKind: null, gainText: `${pct(lossy.total, base.total)} throughput` });
    expect(card.gainNote).toContain('12 failed requests');

    const c = corrected(bad)!;
    const series = [headlineSeries(c), ...latencySeries(bad, c)];
    for (const s of series) expect(s.cases[0].incomplete).toContain('12 failed requests');
    const svg = seriesSvg(series[0], 'chart');
    expect(svg).toMatch(/class="bar-optimized is-grey"/);
    expect(svg).toContain('not a result: Partial: 12 failed requests');
    expect(seriesSvg(headlineSeries(corrected(good)!), 'chart')).not.toContain('is-grey');
  });
});

describe('partial runs on the shared corpus', () => {
  const file = join(CORPUS, 'qwen3.5-35b-a3b', 'h200.md');
  const present = hasCorpus && existsSync(file);
  if (!present) console.warn('SKIPPED: partial runs on the corpus need ../shared/corpus');
  it.skipIf(!present)('should grey the run that completed about half its requests and answer with the adopted one', () => {
    const report = read(readFileSync(file, 'utf8'), 'qwen3.5-35b-a3b/h200.md');
    const partial = report.runs.filter((r) => r.setup.status === 'partial');
    expect(partial.length).toBeGreaterThan(0);
    for (const r of partial) expect(r.setup.statusReason).toMatch(/^\d+ of \d+ requests succeeded \(line \d+\)$/);
    const rows = compareRows([{ report, url: url(report) }]);
    for (const r of partial) expect(rows.find((x) => x.run === r.id)!.verdict).toBe('partial');
    // The explorer's question for the page's own workload: the best is a complete run, the adopted one.
    const adopted = rows.find((r) => r.role === 'optimized')!;
    const points = rows
      .filter((r) => r.dataset === adopted.dataset && r.concurrency === adopted.concurrency && r.rate === adopted.rate)
      .map((r) => pointOf(r, { x: 'tpot', y: 'total' }))
      .filter(isPoint);
    const best = bestSeries(seriesOf(points, null))!.best!;
    expect(best.row.verdict).not.toBe('partial');
    expect(best.row.key).toBe(adopted.key);
  });
});
