// The chart draws a bar whose number the page states wrongly at the value recomputed from the runs, and labels a
// wrong improvement `stated → recomputed`: on a rule example made wrong, and on every real page's Conclusion table.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { claimMismatch } from '../../src/lib/rules/claim-mismatch.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { chartDescription, chartSvg } from '../../src/lib/site/chart.js';
import { correction } from '../../src/lib/site/claims.js';
import { formatNumber } from '../../src/lib/site/format.js';
import { comparison, corrected } from '../../src/lib/site/gain.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

const check = (source: string, path = 'page.md'): Report => checkAll([analyze(source, path)])[0];
/** The bar widths of a chart, by class and case. */
const widths = (svg: string) =>
  Object.fromEntries(
    [...svg.matchAll(/<rect class="(bar-\w+)" data-case="([^"]*)"[^>]*width="([\d.]+)"/g)].map((m) => [`${m[2]} ${m[1]}`, Number(m[3])]),
  );

describe('a wrong number in the Conclusion table', () => {
  // The ok example states both cells right. Here the optimized cell is changed, and its claim graded as the check
  // stage grades a cell whose one run it knows (a mismatch, recomputed from that run): no run prints the new value,
  // so on this small page the check itself only finds it untraceable.
  const ok = claimMismatch.examples.ok;
  const cell = /(\| Total TPS: )(\d+\.\d+)( \(\+[\d.]+%\) \|)/.exec(ok)!;
  const wrongCell = (Number(cell[2]) * 0.8).toFixed(2);
  const checked = check(ok.replace(cell[0], `${cell[1]}${wrongCell}${cell[3]}`));
  const page: Report = {
    ...checked,
    claims: checked.claims.map((c) =>
      c.kind === 'cell-value' && c.text === wrongCell ? { ...c, verdict: 'mismatch' as const, recomputed: Number(cell[2]) } : c,
    ),
  };

  it('should draw the bar at the recomputed value and keep what the page states', () => {
    const claim = page.claims.find((c) => c.text === wrongCell)!;
    expect(correction(claim)).toBe(cell[2]);
    const plain = comparison(page)!.cases[0];
    const fixed = corrected(page)!.cases[0];
    expect(plain.optimized).toBe(Number(wrongCell));
    expect(fixed.optimized).toBe(Number(cell[2]));
    expect(fixed.stated?.optimized).toBe(Number(wrongCell));
    expect(fixed.baseline).toBe(plain.baseline);
    expect(fixed.stated?.baseline).toBeUndefined();
  });

  it('should label the corrected bar `stated → recomputed` and say so in the text alternative', () => {
    const c = corrected(page)!;
    const svg = chartSvg(c, 'chart');
    expect(svg).toContain(`${formatNumber(Number(wrongCell), 2)} → ${formatNumber(Number(cell[2]), 2)}`);
    expect(svg).toMatch(/class="chart-value is-corrected"/);
    expect(chartDescription(c)).toContain(`the page states ${formatNumber(Number(wrongCell))}`);
    // The bars stand in the ratio of the recomputed values, not of the stated ones.
    const w = widths(svg);
    const k = c.cases[0];
    expect(w[`${k.case} bar-optimized`] / w[`${k.case} bar-baseline`]).toBeCloseTo(k.optimized / k.baseline, 2);
    expect(k.optimized / k.baseline).not.toBeCloseTo(k.stated!.optimized! / k.baseline, 2);
  });

  it('should label a wrong improvement with its recomputed value', () => {
    const wrong = check(claimMismatch.examples.notOk);
    const claim = wrong.claims.find((c) => c.kind === 'improvement' && correction(c) !== null)!;
    const k = corrected(wrong)!.cases[0];
    expect(k.stated?.gain).toBe(claim.text);
    expect(k.gainText).toBe(correction(claim));
    expect(chartSvg(corrected(wrong)!, 'chart')).toContain(`(${claim.text} → ${correction(claim)})`);
  });

  it('should leave a right table as it is', () => {
    const right = check(ok);
    expect(corrected(right)).toEqual(comparison(right));
  });
});

describe('the charts of the real pages', () => {
  const load = (root: string) => {
    const files = markdownFiles(root);
    return checkAll(files.map((f) => analyze(readFileSync(f, 'utf8'), relative(root, f), f)));
  };
  const reports = [...load(SEED_PAGES), ...(hasCorpus ? load(CORPUS) : [])];

  it('should show every wrong improvement of a Conclusion row as `stated → recomputed`, and change nothing else', () => {
    let shown = 0;
    for (const report of reports) {
      const c = corrected(report);
      if (!c) continue;
      const svg = chartSvg(c, 'chart');
      for (const row of report.conclusion) {
        const wrong = report.claims.filter(
          (k) => k.kind === 'improvement' && k.line === row.optimized.line && k.column >= row.optimized.column && correction(k),
        );
        for (const k of wrong) {
          if (!c.cases.some((x) => x.line === row.line)) continue;
          expect(svg, `${report.path}:${k.line}`).toContain(`${k.text} → ${correction(k)}`);
          shown++;
        }
      }
      // A case without a wrong number is drawn exactly as stated.
      const plain = comparison(report)!;
      c.cases.forEach((k, i) => {
        if (!k.stated) expect(k).toEqual(plain.cases[i]);
      });
    }
    expect(shown).toBeGreaterThan(0);
  });
});
