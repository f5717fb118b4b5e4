// /verification/'s order, each report's page there and the site's totals (./verification-order.ts), gathered one
// report at a time (./digest.ts reads the reports and keeps the index).
import { trustSummary } from './claims.js';
import type { ReportEntry } from './collection';
import { pageTitle } from './describe.js';
import type { StoredEntry } from './entry.js';
import { findings, type NamedPage } from './findings.js';
import type { Fold } from './fold.js';
import { paged, type VerificationIndex, type VerifySummary } from './verification-order.js';

export { VERIFY_PAGE, verificationHref, verificationPage } from './verification-order.js';

/** A report as the verification index reads it: its route entry (to read it again later) and its data, read now. */
export interface ReadReport {
  entry: ReportEntry;
  data: StoredEntry;
}

export function verificationFold(): Fold<ReadReport, VerificationIndex> {
  const order: VerifySummary[] = [];
  const named: NamedPage[] = [];
  return {
    add({ entry: e, data }) {
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
    },
    result: () => ({ ...paged(order), named }),
  };
}
