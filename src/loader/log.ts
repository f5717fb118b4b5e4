// Diagnostics in the CLI's line format (`path:line:col  severity  message  rule-id`), then a one-line summary.
import type { AstroIntegrationLogger } from 'astro';
import { formatMessage } from '../lib/diagnostics.js';
import { isBlocking } from '../lib/pipeline.js';
import type { Claim } from '../lib/schemas/claim.js';
import type { ListedEntry, SiteData } from '../lib/site/entry.js';

/** What the log reads of an entry. */
export type LoggedEntry = Pick<ListedEntry, 'messages'> & {
  claims: readonly Pick<Claim, 'verdict'>[];
  site: Pick<SiteData, 'sourcePath' | 'problems'>;
};

/** Logs every message and renderer problem; returns the number of unacknowledged errors. */
export function logDiagnostics(logger: AstroIntegrationLogger, entries: readonly LoggedEntry[]): number {
  let blocking = 0;
  let warnings = 0;
  for (const entry of entries) {
    for (const m of entry.messages) {
      const line = formatMessage({ ...m, file: entry.site.sourcePath });
      if (isBlocking(m)) {
        blocking++;
        logger.error(line);
      } else if (m.severity === 'info' || m.acknowledged) logger.debug(line);
      else {
        warnings++;
        logger.warn(line);
      }
    }
    // The pipeline usually reports the same place already (missing image, unresolved link): say it once.
    const places = new Set(entry.messages.map((m) => `${m.line}:${m.column}`));
    for (const p of entry.site.problems.filter((p) => !places.has(`${p.line}:${p.column}`))) {
      warnings++;
      logger.warn(`${entry.site.sourcePath}:${p.line}:${p.column}  warning  ${p.message}  ${p.ruleId}`);
    }
  }
  const claims = entries.flatMap((e) => e.claims);
  const verified = claims.filter((c) => c.verdict === 'verified').length;
  logger.info(`${entries.length} reports, ${verified}/${claims.length} numbers verified; ${blocking} errors, ${warnings} warnings`);
  return blocking;
}
