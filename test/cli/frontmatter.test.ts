/** One schema for front matter: what `perflab check` passes, the site's report schema accepts. */
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { reportSchema } from '../../src/lib/schemas/report.js';

const page = (fm: string) => `---\ntitle: Demo\n${fm}\n---\n\n# Optimizing Demo-8B Throughput on 8 × H100\n`;

describe('front matter through the shared schema', () => {
  for (const [fm, column, actual] of [
    ['gpus: 0', 7, '0'],
    ['gpus: -3', 7, '-3'],
    ['gpus: 2.5', 7, '2.5'],
    ['gpus: 1e400', 7, '1e400'],
    ['gpus: "8"', 7, '"8"'],
    ['kind: blog', 7, 'blog'],
    ['objective: speed', 12, 'speed'],
    ['model: ""', 8, '""'],
  ] as const) {
    it(`should report \`${fm}\` at the field, ignore it, and leave a page the site schema accepts`, () => {
      const report = checkAll([analyze(page(fm), 'page.md')])[0];
      const m = report.messages.filter((x) => x.ruleId === 'frontmatter-invalid');
      expect(m).toHaveLength(1);
      expect(m[0]).toMatchObject({ line: 3, column, severity: 'error', actual });
      expect(m[0].message).toContain('(ignored)');
      expect(m[0].expected).toBeTruthy();
      const field = fm.split(':')[0];
      expect(report.frontmatter).not.toHaveProperty(field);
      expect(report.frontmatter.title).toBe('Demo');
      // The page is not dropped later: the report (hardware count included) passes the site's schema.
      expect(reportSchema.safeParse(report).success).toBe(true);
    });
  }

  it('should accept valid fields and keep other keys as written', () => {
    const report = checkAll([analyze(page('gpus: 4\nobjective: Latency\nkind: report\ntags: [a, b]'), 'page.md')])[0];
    expect(report.messages.filter((x) => x.ruleId === 'frontmatter-invalid')).toEqual([]);
    expect(report.hardware?.count).toBe(4);
    expect(report.objective).toBe('latency');
    expect(report.frontmatter.tags).toEqual(['a', 'b']);
  });
});
