import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { rules } from '../../src/lib/rules/index.js';
import { STAGES, stagesOf } from '../../src/lib/rules/stages.js';
import { expectGenerated } from '../helpers/generated.js';

const DOC = fileURLToPath(new URL('../../docs/rules.md', import.meta.url));

/** A page as the documentation shows it: whole, in a fence that a page's own fences cannot close. */
const fence = (s: string) => ['````markdown', s.replace(/\n$/, ''), '````'].join('\n');

/** `docs/rules.md` from the rule objects themselves, so the documentation cannot drift from the code. */
function render(): string {
  const parts = [
    '# Rules',
    '',
    '<!-- Generated from src/lib/rules by test/rules/docs.test.ts; do not edit. -->',
    '',
    'One rule per file (`src/lib/rules/<rule-id>.ts`), one file for every message id perflab reports, with the function that finds its findings: most read the page model; the ones found at another stage of the pipeline (before parsing, where an internal error is caught, when claims are placed, after the acknowledgements, when the site indexes a page) say so. Severities are defaults; `perflab.config.json` can change them.',
    '',
    '| Rule | Severity | Checks |',
    '|---|---|---|',
    ...rules.map((r) => `| [\`${r.id}\`](#${r.id}) | ${r.severity} | ${r.description.replace(/\|/g, '\\|')} |`),
  ];
  for (const r of rules) {
    parts.push('', `## ${r.id}`, '', `Severity: ${r.severity}. ${r.description}`);
    if (r.formula) parts.push('', `Formula and tolerance: ${r.formula}`);
    parts.push('', `What to do: ${r.fix}`);
    if (r.examples.context !== undefined) parts.push('', 'Checked together with this page (`context.md`):', '', fence(r.examples.context));
    // Most rules read the page model; the others say at which stage they find their findings.
    const stage = stagesOf(r)[0];
    if (stage !== 'check') parts.push('', `Found ${STAGES[stage]}.`);
    if (r.examples.folder) parts.push('', `The examples are checked as pages of the repository's \`${r.examples.folder}/\` folder.`);
    parts.push('', 'ok:', '', fence(r.examples.ok));
    if (r.examples.unreachable !== undefined) parts.push('', `not ok: none. ${r.examples.unreachable}`);
    else {
      parts.push('', 'not ok:', '');
      if (r.examples.expand) parts.push(`(shown shortened: the page checked is this one with ${r.examples.expand.note})`, '');
      parts.push(fence(r.examples.notOk));
    }
  }
  return `${parts.join('\n')}\n`;
}

it('should match the committed docs/rules.md (a mismatch writes docs/rules.md-changed)', () => {
  expectGenerated(DOC, render());
});

it("should show every rule's example pages in full under its own heading", () => {
  const doc = render();
  rules.forEach((r, i) => {
    // A rule's section runs to the next rule's heading (example pages have `## ` headings of their own).
    const start = doc.indexOf(`\n## ${r.id}\n`);
    expect(start, r.id).toBeGreaterThan(0);
    const section = i + 1 < rules.length ? doc.slice(start, doc.indexOf(`\n## ${rules[i + 1].id}\n`, start)) : doc.slice(start);
    // The same strings the examples test checks: what the tests run is what the documentation shows.
    expect(section, r.id).toContain(`ok:\n\n${fence(r.examples.ok)}`);
    if (r.examples.unreachable === undefined)
      expect(section, r.id).toContain(`not ok:\n\n${r.examples.expand ? '' : fence(r.examples.notOk)}`);
    else expect(section, r.id).toContain(`not ok: none. ${r.examples.unreachable}`);
    if (r.examples.expand) expect(section, r.id).toContain(fence(r.examples.notOk));
    if (r.examples.context !== undefined) expect(section, r.id).toContain(fence(r.examples.context));
  });
});
