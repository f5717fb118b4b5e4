// /verification/ in pages: every report's findings, the reports that need attention first (unacknowledged errors,
// then warnings, then by title), VERIFY_PAGE reports per page, so that no page grows with the site (at 10,000 reports
// one page of every finding was 150 MB of HTML). The order and the addresses; ./verification.ts reads the reports.
import { compareText } from '../order.js';
import { reportAnchor, type NamedPage } from './findings.js';
import { siteUrl } from './urls.js';

/** Reports per page of /verification/. */
export const VERIFY_PAGE = 50;

/** What the order and the totals read of one report. */
export interface VerifySummary {
  id: string;
  slug: string;
  title: string;
  findings: number;
  errors: number;
  warnings: number;
  /** Stated numbers that disagree with their runs. */
  wrong: number;
}

export interface VerificationIndex {
  /** The reports in the order of the pages. */
  order: VerifySummary[];
  pages: number;
  /** The page (from 1) that shows each report's findings, by slug. */
  pageOf: ReadonlyMap<string, number>;
  /** Every report as a message may name it (its data read when a message links one of its lines). */
  named: NamedPage[];
  totals: { findings: number; errors: number; wrong: number };
}

/** The reports that need attention first: unacknowledged errors, then warnings, then by title. */
export const byAttention = (a: VerifySummary, b: VerifySummary): number =>
  b.errors - a.errors || b.warnings - a.warnings || compareText(a.title, b.title);

/** The reports in the order of the pages, the page of each and the site's totals. */
export function paged(summaries: readonly VerifySummary[]): Omit<VerificationIndex, 'named'> {
  const order = [...summaries].sort(byAttention);
  const pageOf = new Map(order.map((r, i) => [r.slug, Math.floor(i / VERIFY_PAGE) + 1]));
  const sum = (f: (r: VerifySummary) => number) => order.reduce((n, r) => n + f(r), 0);
  return {
    order,
    pages: Math.max(1, Math.ceil(order.length / VERIFY_PAGE)),
    pageOf,
    totals: { findings: sum((r) => r.findings), errors: sum((r) => r.errors), wrong: sum((r) => r.wrong) },
  };
}

/** The address of page `page` of /verification/ (`verification/`, `verification/2/`). */
export const verificationPage = (base: string, page: number): string =>
  siteUrl(base, page <= 1 ? 'verification/' : `verification/${page}/`);

/** Where a report's findings are on /verification/. */
export function verificationHref(base: string, index: Pick<VerificationIndex, 'pageOf'>, slug: string): string {
  return `${verificationPage(base, index.pageOf.get(slug) ?? 1)}#${reportAnchor(slug)}`;
}
