// The charts of the real pages: an x axis with round ticks, gridlines and the unit; bars in proportion on that axis;
// beside the headline metric the latencies (mean TPOT from the Conclusion table, mean TTFT from the runs the table
// cites), with a latency that gets worse drawn and labelled as worse; a wrong latency drawn at its recomputed value.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { axis, tickLabel } from '../../src/lib/site/chart-axis.js';
import { headlineSeries, latencySeries, numberAfter, type Series } from '../../src/lib/site/chart-series.js';
import { axisTitle, layout, seriesSvg } from '../../src/lib/site/chart.js';
import { formatNumber } from '../../src/lib/site/format.js';
import { corrected } from '../../src/lib/site/gain.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

const load = (root: string) => {
  const files = markdownFiles(root);
  return checkAll(files.map((f) => analyze(readFileSync(f, 'utf8'), relative(root, f), f)));
};
const reports = [...load(SEED_PAGES), ...(hasCorpus ? load(CORPUS) : [])];
const charted = reports.flatMap((report) => {
  const c = corrected(report);
  return c ? [{ report, c, series: [headlineSeries(c), ...latencySeries(report, c)] }] : [];
});

/** The attributes of each element `tag` with class `cls` (first class) in an SVG string. */
const elements = (svg: string, tag: string, cls: string) =>
  [...svg.matchAll(new RegExp(`<${tag} class="${cls}[ "][^>]*>`, 'g'))].map((m) =>
    Object.fromEntries([...m[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
const texts = (svg: string, cls: string) => [...svg.matchAll(new RegExp(`<text class="${cls}"[^>]*>([^<]*)</text>`, 'g'))].map((m) => m[1]);
const unshort = (label: string) => Number(label.replace(/k$/, 'e3').replace(/M$/, 'e6'));
const maxOf = (s: Series) => Math.max(...s.cases.flatMap((k) => [k.baseline, k.optimized]));

describe('the value axis', () => {
  it('should run from 0 to a round top at or above the largest value, in even steps, on every real chart', () => {
    expect(charted.length).toBeGreaterThan(0);
    for (const { report, series } of charted) {
      for (const s of series) {
        const max = maxOf(s);
        const { ticks, top } = axis(max);
        expect(ticks[0], report.path).toBe(0);
        expect(ticks.at(-1)).toBe(top);
        expect(top).toBeGreaterThanOrEqual(max);
        expect(ticks.length).toBeGreaterThanOrEqual(3);
        expect(ticks.length).toBeLessThanOrEqual(12);
        const step = ticks[1] - ticks[0];
        ticks.forEach((t, i) => expect(t).toBeCloseTo(i * step, 6));
        // Fewer than two steps of headroom: the longest bar fills most of the axis.
        expect(top - max).toBeLessThan(2 * step);
        for (const t of ticks) expect(unshort(tickLabel(t)), tickLabel(t)).toBeCloseTo(t, 6);
      }
    }
  });
});

describe('the charts of the real pages', () => {
  it('should draw every chart with ticks, gridlines and the unit on the axis, bars in proportion on it', () => {
    let charts = 0;
    for (const { report, series } of charted) {
      for (const s of series) {
        const svg = seriesSvg(s, 'c');
        const { ticks, top } = axis(maxOf(s));
        expect(texts(svg, 'chart-tick-label'), report.path).toEqual(ticks.map(tickLabel));
        expect(elements(svg, 'line', 'chart-grid')).toHaveLength(ticks.length);
        expect(texts(svg, 'chart-axis-title')).toEqual([axisTitle(s)]);
        expect(axisTitle(s)).toContain(`(${s.unit})`);
        expect(axisTitle(s)).toContain(`${s.better} is better`);
        // Each bar ends where its value sits on the axis: the tick positions and the bar widths share one scale.
        const rects = elements(svg, 'rect', 'bar-\\w+');
        expect(rects).toHaveLength(2 * s.cases.length);
        s.cases.forEach((k, i) => {
          for (const [j, v] of [k.baseline, k.optimized].entries()) {
            expect(parseFloat(rects[2 * i + j].width), `${report.path} ${k.case}`).toBeCloseTo((v / top) * layout.barSpan, 1);
          }
        });
        const grid = elements(svg, 'line', 'chart-grid').map((l) => parseFloat(l.x1));
        ticks.forEach((t, i) => expect(grid[i]).toBeCloseTo((t / top) * layout.barSpan, 1));
        // Only the plot (bars, lines) has a viewBox, stretched to the width: the outer SVG and its text are never scaled.
        expect(svg.match(/viewBox=/g)).toHaveLength(1);
        expect(svg).toMatch(/^<svg class="chart"(?![^>]*viewBox)/);
        expect(svg).toContain('preserveAspectRatio="none"');
        charts++;
      }
    }
    expect(charts).toBeGreaterThan(charted.length);
  });

  it('should show mean TPOT as the table states it, and a TPOT that gets worse as worse', () => {
    let worse = 0;
    let better = 0;
    for (const { report, series } of charted) {
      const tpot = series.find((s) => s.key === 'tpot' && s.source === 'table');
      if (!tpot) continue;
      expect(tpot.better).toBe('lower');
      const svg = seriesSvg(tpot, 'c');
      const rects = elements(svg, 'rect', 'bar-optimized');
      const changes = texts(svg, 'chart-change[^"]*');
      tpot.cases.forEach((k, i) => {
        const row = report.conclusion.find((r) => r.line === k.line)!;
        const stated = (side: 'baseline' | 'optimized') => Number(numberAfter(row[side].text, 'Mean TPOT(ms):'));
        expect(k.stated?.baseline ?? k.baseline, `${report.path}:${k.line}`).toBe(stated('baseline'));
        expect(k.stated?.optimized ?? k.optimized).toBe(stated('optimized'));
        const isWorse = k.optimized > k.baseline;
        expect(k.worse).toBe(isWorse);
        expect(rects[i].class.split(' ').includes('is-worse'), `${report.path} ${k.case}`).toBe(isWorse);
        expect(changes[i].endsWith(' worse')).toBe(isWorse);
        // The change is the computed one, signed, with digits enough that a worse case never reads `+0.0%`.
        const pct = (k.optimized / k.baseline - 1) * 100;
        const shown = parseFloat(changes[i].replace('−', '-'));
        expect(Math.abs(shown - pct), changes[i]).toBeLessThanOrEqual(0.05);
        if (isWorse) expect(shown).toBeGreaterThan(0);
        if (isWorse) worse++;
        else better++;
      });
    }
    // The real pages hold both: throughput gains bought with a higher TPOT, and TPOT that drops.
    expect(worse).toBeGreaterThan(0);
    expect(better).toBeGreaterThan(0);
  });

  it('should account for every headline case in each latency chart: drawn, or named as not shown', () => {
    for (const { report, c, series } of charted) {
      for (const s of series.slice(1)) {
        expect([...s.cases.map((k) => k.case), ...s.missing].sort(), `${report.path} ${s.key}`).toEqual(c.cases.map((k) => k.case).sort());
      }
    }
  });

  it('should draw a bar from a run only for a run of that side, never from a run of the other side', () => {
    let drawn = 0;
    for (const { report, series } of charted) {
      for (const s of series.filter((x) => x.key === 'ttft' || x.key === 'tpot')) {
        for (const k of s.cases) {
          const row = report.conclusion.find((r) => r.line === k.line)!;
          for (const side of ['baseline', 'optimized'] as const) {
            const cited = report.claims.find(
              (c) => c.line === row[side].line && c.column >= row[side].column && c.source?.path === report.path,
            );
            const run = cited && report.runs.find((r) => r.line <= cited.source!.line && cited.source!.line <= r.endLine);
            if (!run || row[side].text.includes(s.key === 'ttft' ? 'TTFT' : 'TPOT')) continue;
            expect(run.setup.role, `${report.path} ${k.case} ${side}`).toMatch(side === 'baseline' ? /baseline/ : /optimized/);
            drawn++;
          }
        }
      }
    }
    expect(drawn).toBeGreaterThan(0);
  });

  it('should read mean TTFT from the very run the cell was checked against', () => {
    let read = 0;
    for (const { report, series } of charted) {
      const ttft = series.find((s) => s.key === 'ttft');
      if (!ttft) continue;
      for (const k of ttft.cases) {
        const row = report.conclusion.find((r) => r.line === k.line)!;
        for (const [side, value] of [
          ['baseline', k.baseline],
          ['optimized', k.optimized],
        ] as const) {
          const cited = report.claims.find(
            (c) => c.line === row[side].line && c.column >= row[side].column && c.source?.path === report.path,
          );
          const run = report.runs.find((r) => r.line <= cited!.source!.line && cited!.source!.line <= r.endLine)!;
          const ms = run.metrics.mean_ttft_ms.value!;
          expect(value, `${report.path} ${k.case} ${side}`).toBeCloseTo(ttft.unit === 's' ? ms / 1000 : ms, 6);
          read++;
        }
      }
    }
    expect(read).toBeGreaterThan(0);
  });

  it('should show the latency of a latency report with its own worse cases', () => {
    const lat = charted.filter(({ c }) => c.metric === 'latency');
    expect(lat.length).toBeGreaterThan(0);
    for (const { series } of lat) {
      expect(series[0].better).toBe('lower');
      for (const s of series) for (const k of s.cases) expect(k.worse).toBe(k.optimized > k.baseline);
    }
  });
});

describe('a latency the page states wrongly', () => {
  const base = charted.find(({ series }) => series.some((s) => s.key === 'tpot' && s.source === 'table'));
  it('should be drawn at its recomputed value and labelled `stated → recomputed`', () => {
    expect(base).toBeDefined();
    const report = base!.report;
    const row = report.conclusion[0];
    const token = numberAfter(row.optimized.text, 'Mean TPOT(ms):')!;
    const right = Number(token) * 1.5;
    const page: Report = {
      ...report,
      claims: report.claims.map((k) =>
        k.kind === 'cell-value' && k.line === row.optimized.line && k.column >= row.optimized.column && k.text === token
          ? { ...k, verdict: 'mismatch' as const, recomputed: right }
          : k,
      ),
    };
    const tpot = latencySeries(page, corrected(page)!).find((s) => s.key === 'tpot')!;
    const k = tpot.cases.find((x) => x.line === row.line)!;
    expect(k.optimized).toBe(right);
    expect(k.stated?.optimized).toBe(Number(token));
    const svg = seriesSvg(tpot, 'c');
    expect(svg).toContain(`${formatNumber(Number(token), 2)} → ${formatNumber(right, 2)}`);
    expect(svg).toMatch(/class="chart-value is-corrected"/);
    expect(svg).toContain(`the page states ${formatNumber(Number(token))}`);
  });
});
