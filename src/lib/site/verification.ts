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

/** What the index reads of one report: its summary, and its names as messages may give them (no data). */
export interface VerifyPiece {
  summary: VerifySummary;
  page: Omit<NamedPage, 'entry'>;
}

/** One report's piece of the index (a dev server keeps it while the entry stays the same: ./kept.ts). */
export function verifyPiece({ entry: e, data }: ReadReport): VerifyPiece {
  const list = findings(data);
  const open = (severity: string) => list.filter((f) => f.severity === severity && !f.acknowledged).length;
  const title = pageTitle(data);
  return {
    summary: {
      id: e.id,
      slug: data.slug,
      title,
      findings: list.length,
      errors: open('error'),
      warnings: open('warning'),
      wrong: trustSummary(data.claims, data.messages).mismatch,
    },
    page: { path: data.path, sourcePath: data.site.sourcePath, url: data.site.url, title },
  };
}

/** The index of every report's piece, in the order of the reports; a message's page is read when it links a line. */
export function indexOf(pieces: ReadonlyArray<{ piece: VerifyPiece; entry: ReportEntry }>): VerificationIndex {
  return {
    ...paged(pieces.map((p) => p.piece.summary)),
    named: pieces.map(({ piece, entry }) => ({ ...piece.page, entry: () => entry.data })),
  };
}

export function verificationFold(): Fold<ReadReport, VerificationIndex> {
  const pieces: Array<{ piece: VerifyPiece; entry: ReportEntry }> = [];
  return {
    add: (r) => void pieces.push({ piece: verifyPiece(r), entry: r.entry }),
    result: () => indexOf(pieces),
  };
}
