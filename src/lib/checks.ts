import type { Analysis } from './page.js';
import { rules } from './rules/index.js';
import { existsSync } from 'node:fs';
import { verifyClaims } from './verify/index.js';
import { siteFindings } from './render/findings.js';

/**
 * The checks over the set of pages: every rule (one file each) on every page. Rule messages are appended to
 * each report's messages.
 */
export function runChecks(analyses: Analysis[]): void {
  const verified = verifyClaims(analyses);
  const site = siteFindings(analyses);
  analyses.forEach((a, i) => ((a.report.claims = verified[i].claims), a.report.messages.push(...verified[i].messages, ...site[i])));
  const reports = analyses.map((a) => a.report);
  for (const a of analyses) {
    for (const rule of rules) {
      try {
        const drafts = rule.check({
          report: a.report,
          source: a.source,
          tree: a.tree,
          file: a.file,
          sites: a.sites,
          reports,
          exists: existsSync,
          absolutePath: a.absolutePath,
        });
        a.report.messages.push(...drafts.map((d) => ({ ...d, file: a.report.path })));
      } catch (error) {
        a.report.messages.push({
          file: a.report.path,
          line: 1,
          column: 1,
          ruleId: 'rule-internal-error',
          severity: 'error',
          message: `Rule ${rule.id} failed: ${String(error)}`,
        });
      }
    }
  }
}
