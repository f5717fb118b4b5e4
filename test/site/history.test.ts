// A setup's history on pages: the history fixtures (one model, accelerator, workload and engine on two reports of two
// vLLM versions: a baseline that falls by 10 %, a tuned launch measured twice on the newer one, and a partial run),
// the seed pages and, when present, the shared corpus. Every history is checked against a brute-force grouping of
// the runs, and every change against its stated formula.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { compareRows, type ComparedPage, type RunRow } from '../../src/lib/site/compare/rows.js';
import { isGreyed } from '../../src/lib/site/compare/state.js';
import { compareVersions, DEFAULT_LAUNCH, historyChange, NOISE_PERCENT, setupHistories } from '../../src/lib/site/history.js';
import { historyAxis, historySvg } from '../../src/lib/site/history-chart.js';
import { CORPUS, SEED_PAGES, hasCorpus, markdownFiles } from '../helpers/pages.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'history');

function load(root: string): ComparedPage[] {
  const files = markdownFiles(root);
  const analyses = files.map((f) => analyze(readFileSync(f, 'utf8'), relative(root, f), f));
  return checkAll(analyses).map((report) => ({ report, url: `/reports/${report.slug}/` }));
}
if (!hasCorpus) console.warn('history: ../shared/corpus is absent; only the fixtures and seed pages are read');

const fixtureRows = compareRows(load(FIXTURES));
const allRows = compareRows([...load(FIXTURES), ...load(SEED_PAGES), ...(hasCorpus ? load(CORPUS) : [])]);
const setupOf = (r: RunRow) =>
  JSON.stringify([r.model, r.precision, r.gpu, r.gpus, r.dataset, r.concurrency, r.rate, r.requested, r.engine]);

describe('engine versions in order', () => {
  it('should order numbers by value, a pre-release before its release, with or without a v', () => {
    const versions = ['0.11.0', 'v0.10.2', '0.5.3rc0', '0.5.3', '0.5.3.post1', '0.9.2', '1.0.0', '0.5.10'];
    expect([...versions].sort(compareVersions)).toEqual([
      '0.5.3rc0',
      '0.5.3',
      '0.5.3.post1',
      '0.5.10',
      '0.9.2',
      'v0.10.2',
      '0.11.0',
      '1.0.0',
    ]);
    expect(compareVersions('v0.11.0', '0.11.0')).not.toBe(0);
  });
});

describe('a setup measured in two reports of two engine versions', () => {
  const histories = setupHistories(fixtureRows);

  it('should make one history with a line per launch configuration, the default launch first', () => {
    expect(histories).toHaveLength(1);
    const [h] = histories;
    expect(h.versions).toEqual(['0.10.1', '0.11.0']);
    expect(h.reports).toHaveLength(2);
    expect(h.lines.map((l) => l.configuration)).toEqual([DEFAULT_LAUNCH, '--max-num-seqs 512']);
    expect(h.slug).toMatch(/^fixture-9b-1x-l40s-sharegpt-1000-requests-vllm-[0-9a-f]{6}$/);
  });

  it('should flag the baseline falling beyond the noise floor as a regression, and a change within the spread as none', () => {
    const [base, tuned] = histories[0].lines;
    expect(base.points.map((p) => p.version)).toEqual(['0.10.1', '0.11.0']);
    expect(base.changes).toHaveLength(1);
    expect(base.changes[0].kind).toBe('regression');
    expect(base.changes[0].percent).toBeCloseTo((base.points[1].median / base.points[0].median - 1) * 100, 9);
    expect(base.changes[0].percent).toBeLessThan(-NOISE_PERCENT);
    // The newer tuned point has two runs: its median is their mean, its spread their range over it.
    const newer = tuned.points[1];
    expect(newer.runs).toHaveLength(2);
    expect(newer.median).toBeCloseTo((newer.runs[0].perGpu + newer.runs[1].perGpu) / 2, 9);
    expect(newer.spread).toBeCloseTo(((newer.max - newer.min) / newer.median) * 100, 9);
    expect(tuned.changes[0].kind).toBe('within spread');
  });

  it('should make no history when the runs of the other report are not results (flagged)', () => {
    const older = fixtureRows.find((r) => r.version === '0.10.1')!.report;
    const flagged = fixtureRows.map((r): RunRow => (r.report === older ? { ...r, verdict: 'flagged' } : r));
    // The newer report alone still spans one report and one version: no history.
    expect(setupHistories(flagged)).toEqual([]);
  });

  it('should draw no point from the partial run, and list it with its verdict', () => {
    const [h] = histories;
    const partial = fixtureRows.filter((r) => r.verdict === 'partial');
    expect(partial).toHaveLength(1);
    expect(h.excluded.map((x) => x.href)).toEqual([partial[0].href]);
    const drawn = h.lines.flatMap((l) => l.points.flatMap((p) => p.runs.map((r) => r.href)));
    expect(drawn).not.toContain(partial[0].href);
  });

  it('should draw each point once on the axis and describe every flagged change in the text alternative', () => {
    const [h] = histories;
    expect(historyAxis(h).map((t) => t.label)).toEqual(['0.10.1', '0.11.0']);
    const svg = historySvg(h, 'h');
    expect(svg.match(/class="history-point"/g)).toHaveLength(4);
    expect(svg).toContain('regression −10.4%');
    expect(svg).toMatch(
      /<desc id="h-desc">default launch: 0\.10\.1 6,984 tok\/s per GPU, 0\.11\.0 6,254 tok\/s per GPU \(regression, −10\.4%\)/,
    );
  });
});

describe('every history on the pages', () => {
  const histories = setupHistories(allRows);

  it('should exist for every setup whose usable runs span two reports or versions, and hold exactly its runs', () => {
    const groups = new Map<string, RunRow[]>();
    for (const r of allRows)
      if (r.engine && r.model && r.gpu && r.gpus && r.dataset && r.values.total)
        groups.set(setupOf(r), [...(groups.get(setupOf(r)) ?? []), r]);
    const usable = (runs: RunRow[]) => runs.filter((r) => !r.failed && !isGreyed(r));
    const expected = [...groups.values()].filter(
      (runs) =>
        new Set(usable(runs).map((r) => r.report)).size > 1 ||
        new Set(
          usable(runs)
            .map((r) => r.version)
            .filter(Boolean),
        ).size > 1,
    );
    expect(histories).toHaveLength(expected.length);
    for (const runs of expected) {
      const h = histories.find((x) => x.lines.some((l) => l.points.some((p) => p.runs.some((r) => runs.some((q) => q.href === r.href)))))!;
      expect(h).toBeDefined();
      const drawn = h.lines.flatMap((l) => l.points.flatMap((p) => p.runs.map((r) => r.href))).sort();
      expect(drawn).toEqual(
        runs
          .filter((r) => !r.failed && !isGreyed(r))
          .map((r) => r.href)
          .sort(),
      );
      expect(h.excluded.map((x) => x.href).sort()).toEqual(
        runs
          .filter((r) => r.failed || isGreyed(r))
          .map((r) => r.href)
          .sort(),
      );
    }
  });

  it('should judge each change by its formula: beyond max(noise floor, either spread)', () => {
    for (const h of histories)
      for (const l of h.lines)
        l.changes.forEach((c, i) => {
          expect(c).toEqual(historyChange(l.points[i], l.points[i + 1]));
          const threshold = Math.max(NOISE_PERCENT, l.points[i].spread, l.points[i + 1].spread);
          expect(c.kind === 'within spread').toBe(Math.abs(c.percent) <= threshold);
        });
  });

  it('should give every history its own address, the same whatever other setups the pages have', () => {
    const slugs = histories.map((h) => h.slug);
    expect(setupHistories(fixtureRows)[0].slug).toBe(histories.find((h) => h.model === 'Fixture-9B')!.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
