// /verification/'s order, each report's page there and the site's totals (./verification-order.ts), read once per
// production build, one report at a time; in dev, again when an entry changed.
import { trustSummary } from './claims.js';
import { reports, type ReportEntry } from './collection';
import { pageTitle } from './describe.js';
import { findings, type NamedPage } from './findings.js';
import { paged, type VerificationIndex, type VerifySummary } from './verification-order.js';

export { VERIFY_PAGE, verificationHref, verificationPage } from './verification-order.js';

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
  return Promise.resolve({ ...paged(order), named });
}
