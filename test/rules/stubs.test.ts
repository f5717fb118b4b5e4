/**
 * No rule stub: every rule's findings are made by a function of its own file, the function of the pipeline stage
 * where its evidence is (`src/lib/rules/stages.ts`). Most rules `check` the page model. The limits find theirs
 * before parsing (`source`: a page over one is not parsed, so there is no tree to check); the internal errors where
 * perflab's own code stops (`internal`: the stage that ran the code catches the error and hands it to the rule);
 * `site-claim-unplaced` when the claims are placed for the renderer (`placement`); the acknowledgement rules after
 * the other rules' findings are acknowledged (`after`); `site-search-value` when the site indexes the page
 * (`index`). Each rule has exactly one; this runs it on the rule's examples (an internal error on a thrown error)
 * and sees the finding, and sees that the pipeline reports what the function says.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accept, findAcknowledgements } from '../../src/lib/acknowledge.js';
import { checkPage, pageSet, runRule } from '../../src/lib/checks.js';
import { scanLimits } from '../../src/lib/limit-scan.js';
import { analyze, checkAll, toMessages, pageView } from '../../src/lib/pipeline.js';
import { rules } from '../../src/lib/rules/index.js';
import { stagesOf, type Stage } from '../../src/lib/rules/stages.js';
import type { Rule } from '../../src/lib/rules/types.js';
import { searchFields, searchValue } from '../../src/lib/site/search-value.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RULES = join(ROOT, 'src', 'lib', 'rules');

/** The not-ok page as it is checked (a page too large to show is built from the one shown). */
const notOkPage = (rule: Rule) => (rule.examples.expand ? rule.examples.expand.page(rule.examples.notOk) : rule.examples.notOk);

/** One example page of a rule, read as the examples test reads it (in its folder when it has one). */
function read(rule: Rule, text: string, path: string) {
  return analyze(text, path, rule.examples.folder ? join(ROOT, rule.examples.folder, path) : null);
}

const stageOf = (rule: Rule): Stage => stagesOf(rule)[0];

describe('no rule stub', () => {
  it('should give every rule exactly one stage function, in its own file', () => {
    for (const rule of rules) expect(stagesOf(rule), rule.id).toHaveLength(1);
    const count = (stage: Stage) => rules.filter((r) => stageOf(r) === stage).length;
    console.log(
      `${rules.length} rules: ${(['check', 'source', 'internal', 'placement', 'after', 'index'] as const).map((s) => `${count(s)} ${s}`).join(', ')}`,
    );
  });

  it('should keep the rule files in their layer: nothing imported from cli/, site/, render/ or loader/', () => {
    const files = readdirSync(RULES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(rules.length);
    for (const f of files) {
      const imports = [...readFileSync(join(RULES, f), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect(
        imports.filter((i) => /\/(cli|site|render|loader)\//.test(i)),
        f,
      ).toEqual([]);
    }
  });

  for (const rule of rules.filter((r) => stageOf(r) === 'check' && r.examples.unreachable === undefined)) {
    it(`${rule.id}: its own check finds its not-ok example`, () => {
      const path = rule.examples.notOkPath ?? 'not-ok.md';
      const page = read(rule, notOkPage(rule), path);
      const pages = [page];
      if (rule.examples.context !== undefined) pages.push(read(rule, rule.examples.context, 'context.md'));
      const set = pageSet(pages.map((p) => pageView(p.report)));
      // The parse and the page model report none of it: the finding is the check's.
      expect(page.report.messages.filter((m) => m.ruleId === rule.id)).toEqual([]);
      const { claims } = checkPage(page, set);
      const found = runRule(rule, { ...page, report: { ...page.report, claims } }, set.reports);
      expect(found.filter((m) => m.ruleId === rule.id).length).toBeGreaterThan(0);
    });
  }

  for (const rule of rules.filter((r) => stageOf(r) === 'source')) {
    it(`${rule.id}: its source test finds its not-ok page over the limit, and the pipeline reports it`, () => {
      const text = notOkPage(rule);
      const found = scanLimits(text, rule.source!);
      expect(found).toMatchObject({ ruleId: rule.id, severity: rule.severity });
      expect(scanLimits(rule.examples.ok, rule.source!)).toBeNull();
      expect(analyze(text, 'not-ok.md').report.messages).toEqual(toMessages('not-ok.md', [found!]));
    });
  }

  for (const rule of rules.filter((r) => stageOf(r) === 'after')) {
    it(`${rule.id}: after the acknowledgements, it finds its not-ok page's comment, and the pipeline reports it`, () => {
      const after = (text: string) => {
        const page = read(rule, text, 'not-ok.md');
        const found = checkPage(page, pageSet([pageView(page.report)]));
        const acks = findAcknowledgements(page.tree);
        const { used } = accept([...page.report.messages, ...found.messages], acks, { ...page.report, claims: found.claims });
        return { page, own: rule.after!({ path: page.report.path, acks, used }) };
      };
      expect(after(rule.examples.ok).own).toEqual([]);
      const { page, own } = after(rule.examples.notOk);
      expect(own.length).toBeGreaterThan(0);
      for (const m of own) expect(m).toMatchObject({ ruleId: rule.id, severity: rule.severity });
      const [report] = checkAll([page]);
      expect(report.messages.filter((m) => m.ruleId === rule.id)).toEqual(own);
    });
  }

  for (const rule of rules.filter((r) => stageOf(r) === 'internal')) {
    it(`${rule.id}: it words the failure its stage caught`, () => {
      const found = rule.internal!({ error: new Error('boom'), where: 'somewhere', line: 3, column: 2 });
      expect(found).toMatchObject({ ruleId: rule.id, severity: rule.severity, line: 3, column: 2 });
      expect(found.message).toContain('boom');
    });
  }

  it('rule-internal-error: the rule runner reports a rule that throws as the rule words it', () => {
    const page = analyze('# Demo\n', 'demo.md');
    const error = new Error('boom');
    const throwing: Rule = {
      ...rules.find((r) => r.id === 'toc-mismatch')!,
      check() {
        throw error;
      },
    };
    const worded = rules.find((r) => r.id === 'rule-internal-error')!.internal!({ error, where: 'toc-mismatch', line: 1, column: 1 });
    expect(runRule(throwing, page, [pageView(page.report)])).toEqual([
      { file: 'demo.md', line: 1, column: 1, ruleId: worded.ruleId, severity: worded.severity, message: worded.message },
    ]);
  });

  for (const rule of rules.filter((r) => stageOf(r) === 'placement')) {
    it(`${rule.id}: it words a claim the placement cannot mark`, () => {
      const found = rule.placement!({ line: 4, column: 7, text: '12.5 tok/s', reason: 'its text is not in the node' });
      expect(found).toMatchObject({ ruleId: rule.id, severity: rule.severity, line: 4, column: 7 });
      expect(found.message).toContain('12.5 tok/s');
    });
  }

  for (const rule of rules.filter((r) => stageOf(r) === 'index')) {
    it(`${rule.id}: it finds the field of its not-ok page that has nothing left to index`, () => {
      const indexed = (text: string) => {
        const [report] = checkAll([read(rule, text, 'not-ok.md')]);
        return searchFields({ ...report, title: report.title ?? '' }).flatMap(([key, value]) => {
          const found = rule.index!({ key, text: value, indexed: searchValue(value) });
          return found ? [found] : [];
        });
      };
      expect(indexed(rule.examples.ok)).toEqual([]);
      const found = indexed(rule.examples.notOk);
      expect(found.length).toBeGreaterThan(0);
      for (const m of found) expect(m).toMatchObject({ ruleId: rule.id, severity: rule.severity });
    });
  }
});
