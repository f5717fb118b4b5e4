/**
 * No rule stub: a rule file's `check` finds its findings itself, on the page model it is given (tree, report,
 * sites, scripts, the other pages), or the rule is one of the ids listed below, reported where the evidence is
 * only there, with the reason. The list is the whole set of rules with `reportedBy`: a new one needs its reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageSet, runRule } from '../../src/lib/checks.js';
import { claimKinds } from '../../src/lib/claims/kinds/index.js';
import { verifyPage } from '../../src/lib/claims/verify-claims.js';
import { analyze } from '../../src/lib/pipeline.js';
import { rules } from '../../src/lib/rules/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const LIMITS = 'a page over a limit is not parsed: there is no tree for a rule to read';
const INTERNAL = 'a failure of the code itself, reported where it is caught';
const ACK = 'reads the messages of every rule, so it runs after them';
const SITE = 'found when the site renders or indexes the page';

/** The rules whose check reports nothing, and why their finding is made elsewhere. */
const REPORTED_ELSEWHERE: Record<string, string> = {
  'page-too-large': LIMITS,
  'table-too-large': LIMITS,
  'nesting-too-deep': LIMITS,
  'inline-too-complex': LIMITS,
  'parse-internal-error': INTERNAL,
  'model-internal-error': INTERNAL,
  'rule-internal-error': INTERNAL,
  'verify-internal-error': INTERNAL,
  'acknowledgement-invalid': ACK,
  'acknowledgement-unused': ACK,
  'site-claim-unplaced': SITE,
  'site-image-missing': SITE,
  'site-link-unpublished': SITE,
  'site-search-value': SITE,
};

describe('no rule stub', () => {
  const elsewhere = rules.filter((r) => r.reportedBy !== undefined);
  const own = rules.filter((r) => r.reportedBy === undefined);

  it('should list every rule reported elsewhere, with its reason, and no other', () => {
    expect(elsewhere.map((r) => r.id).sort()).toEqual(Object.keys(REPORTED_ELSEWHERE).sort());
    console.log(`${own.length} of ${rules.length} rules check the page themselves; ${elsewhere.length} are reported elsewhere`);
  });

  for (const rule of elsewhere) {
    it(`${rule.id}: the module its reportedBy names reports the id`, () => {
      const paths = [...rule.reportedBy!.matchAll(/`(src\/[^`]+\.ts)`/g)].map((m) => m[1]);
      expect(paths.length, rule.reportedBy).toBeGreaterThan(0);
      expect(paths.some((path) => readFileSync(join(ROOT, path), 'utf8').includes(`'${rule.id}'`))).toBe(true);
    });
  }

  for (const rule of own.filter((r) => r.examples.unreachable === undefined)) {
    it(`${rule.id}: its own check finds its not-ok example`, () => {
      const onDisk = (name: string) => (rule.examples.folder ? join(ROOT, rule.examples.folder, name) : null);
      const path = rule.examples.notOkPath ?? 'not-ok.md';
      const shown = rule.examples.expand ? rule.examples.expand.page(rule.examples.notOk) : rule.examples.notOk;
      const page = analyze(shown, path, onDisk(path));
      const pages = [page];
      if (rule.examples.context !== undefined) pages.push(analyze(rule.examples.context, 'context.md', onDisk('context.md')));
      const reports = pages.map((p) => p.report);
      const verified = verifyPage(page, pageSet(reports).runs, claimKinds);
      // The parse, the page model and the claim verification report none of it: the finding is the check's.
      expect([...page.report.messages, ...verified.messages].filter((m) => m.ruleId === rule.id)).toEqual([]);
      const found = runRule(rule, { ...page, report: { ...page.report, claims: verified.claims } }, reports);
      expect(found.filter((m) => m.ruleId === rule.id).length).toBeGreaterThan(0);
    });
  }
});
