import { existsSync } from 'node:fs';
import { VFile } from 'vfile';
import { emit, toMessage, type Draft } from './diagnostics.js';
import type { Analysis } from './page.js';
import { rules } from './rules/index.js';
import { ruleInternalError } from './rules/rule-internal-error.js';
import { siteClaimUnplaced } from './rules/site-claim-unplaced.js';
import type { Rule } from './rules/types.js';
import { verifyInternalError } from './rules/verify-internal-error.js';
import type { Claim } from './schemas/claim.js';
import type { Message } from './schemas/message.js';
import type { PageView } from './schemas/report.js';
import { verifyPage } from './claims/verify-claims.js';
import { pageView } from './claims/verify/view.js';
import { RunIndex } from './claims/verify/run-index.js';
import { claimKinds } from './claims/kinds/index.js';

/**
 * Run one rule's `check` on one page (a rule of another stage finds nothing here). The rule reports on a fresh VFile
 * of the page (so the page's own file is left as it is); a rule that throws is reported as `rule-internal-error`
 * and the other rules still run.
 */
export function runRule(rule: Rule, a: Analysis, reports: readonly PageView[], exists: (path: string) => boolean = existsSync): Message[] {
  if (!rule.check) return [];
  const file = new VFile({ path: a.file.path });
  try {
    rule.check({
      report: a.report,
      tree: a.tree,
      file,
      sites: a.sites,
      scripts: a.scripts,
      notes: a.notes,
      reports,
      exists,
      absolutePath: a.absolutePath,
    });
  } catch (error) {
    const failed = ruleInternalError.internal({ error, where: rule.id, line: 1, column: 1 });
    emit(file, failed.ruleId, failed.severity, failed, failed.message);
  }
  return file.messages.map((m) => toMessage(m, a.report.path));
}

/** What the checks find on one page: its verified claims and its messages (claims, site, rules). */
export interface PageFindings {
  claims: Claim[];
  messages: Message[];
}

/**
 * What the checks of one page read of the other pages: their reports as read (no claims) and every run value by
 * metric. Built once per set of pages, from the reports alone, so a page can be checked without the trees of the
 * others in memory.
 */
export interface PageSet {
  reports: readonly PageView[];
  runs: RunIndex;
}

export function pageSet(reports: readonly PageView[]): PageSet {
  return { reports, runs: new RunIndex(reports) };
}

/** A message of the check stage made from a rule's draft, on the page at `file`. */
const onPage = (file: string, d: Draft): Message => ({
  file,
  line: d.line,
  column: d.column,
  ruleId: d.ruleId,
  severity: d.severity,
  message: d.message,
});

/**
 * The checks of one page of a set: its claims are verified (what stopped a claim kind, and the claims the renderer
 * cannot mark, worded by the rules of their ids), then every rule's `check` (one file each) runs on it, reading its
 * report with its verified claims and the other pages' reports as read. Nothing it is given is changed. `exists` is
 * how it asks whether a linked file is on disk (the only thing outside the pages it reads).
 */
export function checkPage(a: Analysis, set: PageSet, exists: (path: string) => boolean = existsSync): PageFindings {
  const verified = verifyPage(a, set.runs, claimKinds);
  const page: Analysis = { ...a, report: { ...a.report, claims: verified.claims } };
  const path = a.report.path;
  return {
    claims: verified.claims,
    messages: [
      ...verified.failures.map((f) => onPage(path, verifyInternalError.internal(f))),
      ...verified.unplaced.map((miss) => onPage(path, siteClaimUnplaced.placement(miss))),
      ...rules.flatMap((rule) => runRule(rule, page, set.reports, exists)),
    ],
  };
}

/** `checkPage` over a set of pages; each page's claims and messages in input order. */
export function runChecks(analyses: readonly Analysis[]): PageFindings[] {
  const set = pageSet(analyses.map((a) => pageView(a.report)));
  return analyses.map((a) => checkPage(a, set));
}
