// Engines head to head on real pages (the seed pages and, when present, the shared corpus): workloads measured with two or
// more engines, each engine's best usable run there, and the links to the raw lines behind every figure.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { compareRows, type ComparedPage, type RunRow } from '../../src/lib/site/compare/rows.js';
import { isGreyed } from '../../src/lib/site/compare/state.js';
import { headToHeads } from '../../src/lib/site/head-to-head.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

const sources = new Map<string, string>();
function load(root: string): ComparedPage[] {
  const files = markdownFiles(root);
  const analyses = files.map((f) => analyze(readFileSync(f, 'utf8'), relative(root, f), f));
  return checkAll(analyses).map((report, i) => {
    sources.set(`/reports/${report.slug}/`, analyses[i].source);
    return { report, url: `/reports/${report.slug}/` };
  });
}
if (!hasCorpus) console.warn('head-to-head: ../shared/corpus is absent; only the seed pages are read');
const rows = compareRows([...load(SEED_PAGES), ...(hasCorpus ? load(CORPUS) : [])]);
const matches = headToHeads(rows);
const byHref = new Map(rows.map((r) => [r.href, r]));
// A run a sentence misquotes (`contradicted`) is still a run: only failed, partial and flagged runs are left out.
const usable = (r: RunRow) => !r.failed && !isGreyed(r);
const workloadOf = (r: RunRow) => [r.model, r.precision, r.gpu, r.gpus, r.dataset, r.concurrency, r.requested];
const lineOf = (href: string) => {
  const [url, id] = href.split('#');
  const m = /-m(\d+)$/.exec(id);
  return m ? sources.get(url)!.split('\n')[Number(m[1]) - 1] : null;
};

describe('engines head to head on real pages', () => {
  it('should find workloads measured with two or more engines', () => {
    expect(matches.length).toBeGreaterThan(0);
    for (const h of matches) {
      expect(h.engines.length).toBeGreaterThanOrEqual(2);
      expect(new Set(h.engines.map((e) => e.engine)).size).toBe(h.engines.length);
    }
  });

  it('should give each engine its best usable run of exactly that workload, best engine first', () => {
    for (const h of matches) {
      const key = JSON.stringify([h.model, h.precision, h.gpu, h.gpus, h.dataset, h.concurrency, h.requested]);
      for (const e of h.engines) {
        const run = byHref.get(e.href)!;
        expect(run.engine).toBe(e.engine);
        expect(JSON.stringify(workloadOf(run))).toBe(key);
        expect(usable(run)).toBe(true);
        const rivals = rows.filter((r) => usable(r) && r.engine === e.engine && JSON.stringify(workloadOf(r)) === key && r.values.total);
        expect(rivals.length).toBe(e.runs);
        expect(e.perGpu).toBeCloseTo(Math.max(...rivals.map((r) => r.values.total!.value / r.gpus!)), 6);
      }
      const perGpu = h.engines.map((e) => e.perGpu);
      expect(perGpu).toEqual([...perGpu].sort((a, b) => b - a));
      expect(h.lead).toBeCloseTo((perGpu[0] / perGpu[1] - 1) * 100, 6);
    }
  });

  it('should link every figure to the raw line that prints it', () => {
    for (const h of matches)
      for (const e of h.engines)
        for (const v of [e.total, e.tpot, e.ttft]) {
          if (!v || v.derived) continue;
          expect(lineOf(v.href), v.href).toContain(v.text);
        }
  });
});

describe('engines head to head on made-up rows', () => {
  const row = (o: Partial<RunRow> & { engine: string; total: number }): RunRow =>
    ({
      key: `${o.engine}-${o.total}`,
      report: 'r',
      title: 'R',
      url: '/reports/r/',
      run: 'run',
      line: 1,
      href: `/reports/r/#run-${o.engine}-${o.total}`,
      setting: null,
      format: 'vllm',
      failed: false,
      error: null,
      family: 'M',
      model: 'M-8B',
      gpu: 'H100',
      gpus: 1,
      gpusFrom: 'command',
      version: null,
      precision: 'default',
      parallelism: null,
      dataset: 'ShareGPT',
      concurrency: null,
      requested: 1000,
      successRate: 100,
      verdict: 'verified',
      verdictNote: '',
      ...o,
      values: {
        total: { value: o.total, unit: 'tok/s', text: String(o.total), href: '#', derived: null },
        output: null,
        tpot: null,
        ttft: null,
        e2e: null,
      },
    }) as RunRow;

  it('should leave out failed and flagged runs, keep a run the page misquotes, and split workloads by precision and requests', () => {
    const got = headToHeads([
      row({ engine: 'A', total: 100 }),
      row({ engine: 'A', total: 120, verdict: 'contradicted' }),
      row({ engine: 'B', total: 150 }),
      row({ engine: 'B', total: 990, failed: true }),
      row({ engine: 'C', total: 500, verdict: 'flagged' }),
      row({ engine: 'C', total: 400, precision: 'FP8' }),
      row({ engine: 'A', total: 100, requested: 200 }),
      row({ engine: 'B', total: 100, gpus: null }),
    ]);
    expect(got).toHaveLength(1);
    expect(got[0].engines.map((e) => [e.engine, e.perGpu])).toEqual([
      ['B', 150],
      ['A', 120],
    ]);
    expect(got[0].lead).toBeCloseTo(25, 6);
  });

  it('should compare throughput per GPU when the GPU counts are the same', () => {
    const got = headToHeads([row({ engine: 'A', total: 800, gpus: 8 }), row({ engine: 'B', total: 1200, gpus: 8 })]);
    expect(got[0].engines.map((e) => e.perGpu)).toEqual([150, 100]);
  });
});
