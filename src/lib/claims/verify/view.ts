// What the checks of the other pages read of a page (`PageView`, ../../schemas/report.ts): its path; its headings'
// slugs and texts (`anchor-missing`: a link names a heading by its MkDocs slug or by the GitHub slug of its text);
// each run's id, line, failure, format and fingerprint (`duplicate-block-across-pages`); and the values a stated
// number is looked up by on other pages (the run index, ./run-index.ts). Every check makes its page set from these
// views, whether it holds every page (`checkAll`) or lets each page go once it is read (`perflab check` on many
// pages, the site's loader), so both read the same: a page's full report costs tens to hundreds of KB, its view a
// few.
import type { PageView, Report, ViewRun, ViewValue } from '../../schemas/report.js';
import { INDEXED } from './run-index.js';
import { valueOf } from './sources.js';

/** The view of a page, from its report as read. */
export function pageView(report: Pick<Report, 'path' | 'headings' | 'runs'>): PageView {
  const runs = report.runs.map((run): ViewRun => {
    const values: Record<string, ViewValue> = {};
    for (const metric of INDEXED) {
      const found = valueOf(report.path, run, metric);
      if (!found) continue;
      const { value, decimals, text, interval, exact } = found.operand;
      values[metric] = {
        value,
        decimals,
        ...(text !== undefined && { text }),
        ...(interval && { interval: { lo: interval.lo, hi: interval.hi } }),
        ...(exact && { exact }),
        ...(found.formula !== null && { formula: found.formula }),
        line: found.source.line,
        ...(found.source.metric !== metric && { metric: found.source.metric }),
        ...(found.source.saved && { saved: found.source.saved }),
      };
    }
    return { id: run.id, line: run.line, failed: run.failed, format: run.format, fingerprint: run.fingerprint, values };
  });
  return { path: report.path, headings: report.headings.map((h) => ({ slug: h.slug, text: h.text })), runs };
}
