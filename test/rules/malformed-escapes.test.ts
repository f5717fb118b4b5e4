// Malformed %-escapes in links are content, not a crash: each link gets its finding, no rule stops.
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';

describe('links with malformed %-escapes', () => {
  it('reports the anchor and the file, and no rule-internal-error', () => {
    const page = '# Title\n\n## Section\n\nSee [y](#%zz) and [x](%E0%A4%A.md).\n';
    const [report] = checkAll([analyze(page, 'a/page.md')]);
    const ids = report.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`);
    expect(ids).toEqual(['5:5 anchor-missing', '5:19 link-unresolved']);
  });
});
