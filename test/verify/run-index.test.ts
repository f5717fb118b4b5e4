// The index of every run value by metric: built again on each dev reload from the same parsed pages, it reads each
// page's runs once and must answer as an index built afresh.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { analyze, pageView } from '../../src/lib/pipeline.js';
import { RunIndex } from '../../src/lib/claims/verify/run-index.js';
import { printsAs, valueOf } from '../../src/lib/claims/verify/sources.js';
import { SEED_PAGES } from '../helpers/pages.js';

const report = (name: string) => analyze(readFileSync(join(SEED_PAGES, name), 'utf8'), name).report;

it('should give the same answers when built again from the same pages', () => {
  const pages = ['qwen3-14b/h100.md', 'qwen3-32b/h100.md'].map(report);
  const run = pages[0].runs.find((r) => !r.failed && r.metrics.total_token_throughput)!;
  const m = run.metrics.total_token_throughput!;
  const ask = (index: RunIndex) => index.find('total_token_throughput', m.value ?? Number.NaN, m.decimals ?? 0, 'elsewhere.md');
  const first = ask(new RunIndex(pages.map(pageView)));
  expect(first.length).toBeGreaterThan(0);
  expect(first[0].source).toMatchObject({ path: 'qwen3-14b/h100.md', runId: run.id, line: m.line });
  expect(ask(new RunIndex(pages.map(pageView)))).toEqual(first);
  // A page left out of the set is not found; the page set in another order is searched in that order.
  expect(ask(new RunIndex([pageView(pages[1])]))).toEqual(first.filter((f) => f.source.path === 'qwen3-32b/h100.md'));
  // The same runs under another path (a renamed page) are found under the new path.
  const renamed = ask(new RunIndex([pageView({ ...pages[0], path: 'renamed.md' })]));
  expect(renamed.map((f) => f.source.path)).toEqual(first.filter((f) => f.source.path === 'qwen3-14b/h100.md').map(() => 'renamed.md'));
});

it('should find runs that print alike in page order, whatever their exact values, and stop at the limit', () => {
  // Copies of one page, one with its values moved below the last printed decimal: a stated number with one decimal
  // fewer matches all of them. The answer is the one a scan of every run of every page in order gives.
  const base = report('qwen3-14b/h100.md');
  const m = base.runs.find((r) => !r.failed && (r.metrics.total_token_throughput?.decimals ?? 0) >= 2)!.metrics.total_token_throughput!;
  const nudged = structuredClone(base);
  for (const r of nudged.runs) {
    const t = r.metrics.total_token_throughput;
    if (t && t.value !== null && t.value === m.value) t.value = Number((t.value + 0.001).toFixed(3));
  }
  const pages = [
    { ...base, path: 'a.md' },
    { ...nudged, path: 'b.md' },
    { ...base, path: 'c.md' },
  ];
  const decimals = (m.decimals ?? 2) - 1;
  const stated = Number(m.value!.toFixed(decimals));
  const scan = pages.flatMap((p) =>
    p.runs.flatMap((r) => {
      const f = r.failed ? null : valueOf(p.path, r, 'total_token_throughput');
      return f && printsAs(f, stated, decimals) ? [f] : [];
    }),
  );
  const index = new RunIndex(pages.map(pageView));
  const found = index.find('total_token_throughput', stated, decimals, 'none.md');
  expect(found.map((f) => f.source.path)).toEqual(scan.map((f) => f.source.path));
  expect(new Set(found.map((f) => f.operand.value)).size).toBe(2);
  expect(found.map((f) => f.source.path)).toEqual(expect.arrayContaining(['a.md', 'b.md', 'c.md']));
  expect(index.find('total_token_throughput', stated, decimals, 'a.md', 1).map((f) => f.source.path)).toEqual(['b.md']);
});
