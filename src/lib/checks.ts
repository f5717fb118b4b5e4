import { existsSync } from 'node:fs';
import { VFile } from 'vfile';
import { emit, toMessage } from './diagnostics.js';
import type { Analysis } from './page.js';
import { pagePaths, siteFindingsOf } from './render/findings.js';
import { rules } from './rules/index.js';
import type { Rule } from './rules/types.js';
import type { Claim } from './schemas/claim.js';
import type { Message } from './schemas/message.js';
import type { PageView } from './schemas/report.js';
import { verifyPage } from './claims/verify-claims.js';
import { RunIndex } from './claims/verify/run-index.js';
import { claimKinds } from './claims/kinds/index.js';

/**
 * Run one rule on one page. The rule reports on a fresh VFile of the page (so the page's own file is left as
 * it is); a rule that throws is reported as `rule-internal-error` and the other rules still run.
 */
export function runRule(rule: Rule, a: Analysis, reports: readonly PageView[], exists: (path: string) => boolean = existsSync): Message[] {
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
 * What the checks of one page read of the other pages: their reports as read (no claims), every run value by metric,
 * and their paths. Built once per set of pages, from the reports alone, so a page can be checked without the trees of
 * the others in memory.
 */
export interface PageSet {
  reports: readonly PageView[];
  runs: RunIndex;
  paths: ReadonlySet<string>;
}

export function pageSet(reports: readonly PageView[]): PageSet {
  return { reports, runs: new RunIndex(reports), paths: pagePaths(reports) };
}

/**
 * The checks of one page of a set: its claims are verified, what the site cannot show is found, then every rule
 * (one file each) runs on it, reading its report with its verified claims and the other pages' reports as read.
 * Nothing it is given is changed. `exists` is how it asks whether a linked file is on disk (the only thing outside
 * the pages it reads).
 */
export function checkPage(a: Analysis, set: PageSet, exists: (path: string) => boolean = existsSync): PageFindings {
  const verified = verifyPage(a, set.runs, claimKinds);
  const page: Analysis = { ...a, report: { ...a.report, claims: verified.claims } };
  return {
    claims: verified.claims,
    messages: [
      ...verified.messages,
      ...siteFindingsOf(a, set.paths, exists),
      ...rules.flatMap((rule) => runRule(rule, page, set.reports, exists)),
    ],
  };
}

/** `checkPage` over a set of pages; each page's claims and messages in input order. */
export function runChecks(analyses: readonly Analysis[]): PageFindings[] {
  const set = pageSet(analyses.map((a) => a.report));
  return analyses.map((a) => checkPage(a, set));
}
