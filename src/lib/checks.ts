import { existsSync } from 'node:fs';
import { VFile } from 'vfile';
import { emit, toMessage } from './diagnostics.js';
import type { Analysis } from './page.js';
import { siteFindings } from './render/findings.js';
import { rules } from './rules/index.js';
import type { Rule } from './rules/types.js';
import type { Claim } from './schemas/claim.js';
import type { Message } from './schemas/message.js';
import type { Report } from './schemas/report.js';
import { verifyClaims } from './verify/index.js';

/**
 * Run one rule on one page. The rule reports on a fresh VFile of the page (so the page's own file is left as
 * it is); a rule that throws is reported as `rule-internal-error` and the other rules still run.
 */
export function runRule(rule: Rule, a: Analysis, reports: readonly Report[]): Message[] {
  const file = new VFile({ path: a.file.path, value: a.file.value });
  try {
    rule.check({
      report: a.report,
      source: a.source,
      tree: a.tree,
      file,
      sites: a.sites,
      scripts: a.scripts,
      reports,
      exists: existsSync,
      absolutePath: a.absolutePath,
    });
  } catch (error) {
    emit(file, 'rule-internal-error', 'error', { line: 1, column: 1 }, `Rule ${rule.id} failed: ${String(error)}`);
  }
  return file.messages.map((m) => toMessage(m, a.report.path));
}

/** What the checks find on one page: its verified claims and its messages (claims, site, rules). */
export interface PageFindings {
  claims: Claim[];
  messages: Message[];
}

/**
 * The checks over the set of pages: the claims of every page are verified, what the site cannot show is found,
 * then every rule (one file each) runs on every page, reading the reports with their verified claims. Returns
 * each page's claims and messages in input order; nothing it is given is changed.
 */
export function runChecks(analyses: readonly Analysis[]): PageFindings[] {
  const verified = verifyClaims(analyses);
  const site = siteFindings(analyses);
  const pages = analyses.map((a, i): Analysis => ({ ...a, report: { ...a.report, claims: verified[i].claims } }));
  const reports = pages.map((a) => a.report);
  return pages.map((a, i) => ({
    claims: verified[i].claims,
    messages: [...verified[i].messages, ...site[i], ...rules.flatMap((rule) => runRule(rule, a, reports))],
  }));
}
