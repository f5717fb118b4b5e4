// Every claim the check stage does not report as `site-claim-unplaced` is marked on the rendered page, with its own
// text, at its id: on the real pages and on generated ones.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { fromHtml } from 'hast-util-from-html';
import { select } from 'hast-util-select';
import type { Nodes } from 'hast';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll, type Analysis } from '../../src/lib/pipeline.js';
import { renderReport } from '../../src/lib/render/index.js';
import type { Report } from '../../src/lib/schemas/report.js';
import { pageArb } from '../fuzz/pages.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

/** The text of a hast node. */
const toString = (n: Nodes): string =>
  n.type === 'text' ? n.value : 'children' in n ? n.children.map((c) => toString(c as Nodes)).join('') : '';

const links = { pageUrl: () => null, anchors: () => null, image: () => null };

/** What disagrees between the check stage's placement and the rendered marks (empty when they agree). */
function disagreements(analysis: Analysis, report: Report): string[] {
  const tree = fromHtml(renderReport(analysis, report, links).html, { fragment: true });
  const unplaced = new Set(report.messages.filter((m) => m.ruleId === 'site-claim-unplaced').map((m) => `${m.line}:${m.column}`));
  const out: string[] = [];
  for (const claim of report.claims) {
    const mark = select(`[id="${claim.id}"]`, tree);
    const reported = unplaced.has(`${claim.line}:${claim.column}`);
    if (reported && mark) out.push(`${claim.id} is marked but reported as unplaced`);
    if (!reported && !mark) out.push(`${claim.id} \`${claim.text}\` is neither marked nor reported`);
    const sr = mark && select('.sr-only', mark);
    if (mark && !toString(mark).startsWith(claim.text + (sr ? toString(sr) : '')))
      out.push(`${claim.id} marks \`${toString(mark)}\`, not \`${claim.text}\``);
  }
  return out;
}

describe('claim marks agree with the check stage', () => {
  it('should mark every claim of the real pages at its place', () => {
    const files = [...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])];
    const analyses = files.map((f) => analyze(readFileSync(f, 'utf8'), f));
    const reports = checkAll(analyses);
    expect(reports.reduce((n, r) => n + r.claims.length, 0)).toBeGreaterThan(100);
    expect(analyses.flatMap((a, i) => disagreements(a, reports[i]))).toEqual([]);
  });

  it('should mark every claim it does not report, on generated pages', () => {
    fc.assert(
      fc.property(pageArb, (page) => {
        const analysis = analyze(page.text, 'fuzz/page.md');
        const [report] = checkAll([analysis]);
        expect(disagreements(analysis, report)).toEqual([]);
      }),
      { seed: 13, numRuns: Number(process.env.PERFLAB_FUZZ_RUNS) || 60 },
    );
  });
});
