import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { rules } from '../../src/lib/rules/index.js';
import { stagesOf } from '../../src/lib/rules/stages.js';
import type { Rule } from '../../src/lib/rules/types.js';
import { searchValueProblems } from '../../src/lib/site/search-value.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Check one example page (with the rule's context page, if any) and return that page's messages of the rule. */
function messagesOf(rule: Rule, example: string, path: string) {
  // Ids about files next to a page check their examples as pages of a folder of the repository.
  const onDisk = (name: string) => (rule.examples.folder ? join(ROOT, rule.examples.folder, name) : null);
  const pages = [analyze(example, path, onDisk(path))];
  if (rule.examples.context !== undefined) pages.push(analyze(rule.examples.context, 'context.md', onDisk('context.md')));
  const [report] = checkAll(pages);
  // Ids of the site are found when it indexes the checked page.
  if (rule.index)
    return searchValueProblems({ ...report, title: report.title ?? '' })
      .map((p) => ({ ...p, severity: 'warning' as const }))
      .filter((m) => m.ruleId === rule.id);
  return report.messages.filter((m) => m.ruleId === rule.id);
}

/** The header comment of a rule file, without the ` * ` prefixes. */
function header(rule: Rule): string {
  const file = fileURLToPath(new URL(`../../src/lib/rules/${rule.id}.ts`, import.meta.url));
  const text = readFileSync(file, 'utf8');
  const m = /^\/\*\*\n([\s\S]*?)\n \*\//.exec(text);
  return (m?.[1] ?? '')
    .split('\n')
    .map((l) => l.replace(/^ \* ?/, ''))
    .join('\n');
}

describe('rule examples', () => {
  it('should register rules with unique ids', () => {
    const ids = rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const rule of rules) {
    describe(rule.id, () => {
      it('should yield no message on the ok example', () => {
        expect(messagesOf(rule, rule.examples.ok, 'ok.md')).toEqual([]);
      });

      if (rule.examples.unreachable !== undefined) {
        it('should say why it has no not-ok example (an internal error no content causes)', () => {
          expect(rule.examples.notOk).toBe('');
          // Internal errors, and the renderer's faults in placing what it read from the same tree.
          expect(rule.id, rule.id).toMatch(/-internal-error$|^site-claim-unplaced$/);
          expect(rule.examples.unreachable!.length).toBeGreaterThan(20);
          // Worded by the rule where the failure is caught, or where the claims are placed.
          expect(stagesOf(rule)).toEqual([rule.id === 'site-claim-unplaced' ? 'placement' : 'internal']);
        });
      } else {
        it('should yield a positioned message on the not-ok example', () => {
          // A rule about file names gives the name its not-ok page is checked under.
          const path = rule.examples.notOkPath ?? 'not-ok.md';
          const page = rule.examples.expand ? rule.examples.expand.page(rule.examples.notOk) : rule.examples.notOk;
          const messages = messagesOf(rule, page, path);
          expect(messages.length).toBeGreaterThan(0);
          for (const m of messages) {
            expect(m.line).toBeGreaterThan(0);
            expect(m.severity).toBe(rule.severity);
          }
        });
      }

      it('should describe itself in its header comment and point to its examples in docs/rules.md', () => {
        const text = header(rule).replace(/\s+/g, ' ');
        // The header states the id, severity and description in words; the pages live only in `examples`.
        expect(text).toContain(`\`${rule.id}\` (${rule.severity}): `);
        expect(text).toContain(`docs/rules.md#${rule.id}`);
        for (const page of [rule.examples.ok, rule.examples.notOk, rule.examples.context ?? '']) {
          const heading = page.split('\n').find((l) => l.startsWith('#'));
          if (heading) expect(text, 'the header restates an example page').not.toContain(heading);
        }
      });

      it('should give an ok and a not-ok page that differ', () => {
        expect(rule.examples.ok.trim().length).toBeGreaterThan(0);
        const checked = rule.examples.expand ? rule.examples.expand.page(rule.examples.notOk) : rule.examples.notOk;
        if (rule.examples.unreachable === undefined) expect(checked).not.toBe(rule.examples.ok);
      });
    });
  }
});
