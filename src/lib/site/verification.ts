// /verification/ in pages: every report's findings, the reports that need attention first (unacknowledged errors,
// then warnings, then by title), VERIFY_PAGE reports per page, so that no page grows with the site (at 10,000 reports
// one page of every finding was 150 MB of HTML). The order, each report's page and the site's totals are read once per
// production build, one report at a time.
import { compareText } from '../order.js';
import { trustSummary } from './claims.js';
import { reports, type ReportEntry } from './collection';
import { pageTitle } from './describe.js';
import { findings, reportAnchor, type NamedPage } from './findings.js';
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

let memo: Promise<VerificationIndex> | undefined;
/** Dev: the index stands while every entry file is the one it was made from (a report page links into it). */
let devMemo: { key: string; index: Promise<VerificationIndex> } | undefined;

export async function verificationIndex(): Promise<VerificationIndex> {
  if (import.meta.env.PROD) return (memo ??= reports().then(load));
  const entries = await reports();
  const key = entries.map((e) => `${e.ref.cache}\n${e.ref.cacheHashes.entry}`).join('\n');
  if (devMemo?.key !== key) devMemo = { key, index: load(entries) };
  return devMemo.index;
}

function load(entries: readonly ReportEntry[]): Promise<VerificationIndex> {
  const order: VerifySummary[] = [];
  const named: NamedPage[] = [];
  for (const e of entries) {
    const data = e.data;
    const list = findings(data);
    const open = (severity: string) => list.filter((f) => f.severity === severity && !f.acknowledged).length;
    const title = pageTitle(data);
    order.push({
      id: e.id,
      slug: data.slug,
      title,
      findings: list.length,
      errors: open('error'),
      warnings: open('warning'),
      wrong: trustSummary(data.claims).mismatch,
    });
    named.push({ path: data.path, sourcePath: data.site.sourcePath, url: data.site.url, title, entry: () => e.data });
  }
  order.sort(byAttention);
  const pageOf = new Map(order.map((r, i) => [r.slug, Math.floor(i / VERIFY_PAGE) + 1]));
  const sum = (f: (r: VerifySummary) => number) => order.reduce((n, r) => n + f(r), 0);
  return Promise.resolve({
    order,
    pages: Math.max(1, Math.ceil(order.length / VERIFY_PAGE)),
    pageOf,
    named,
    totals: { findings: sum((r) => r.findings), errors: sum((r) => r.errors), wrong: sum((r) => r.wrong) },
  });
}

/** The address of page `page` of /verification/ (`verification/`, `verification/2/`). */
export const verificationPage = (base: string, page: number): string =>
  siteUrl(base, page <= 1 ? 'verification/' : `verification/${page}/`);

/** Where a report's findings are on /verification/. */
export function verificationHref(base: string, index: VerificationIndex, slug: string): string {
  return `${verificationPage(base, index.pageOf.get(slug) ?? 1)}#${reportAnchor(slug)}`;
}
