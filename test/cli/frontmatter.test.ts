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

  it("should say what each field takes in plain words, never in zod's phrasing", () => {
    for (const [fm, says] of [
      ['model: 5', 'Front matter `model` must be a non-empty text; got `5` (ignored)'],
      ['gpu: [a, b]', 'Front matter `gpu` must be a non-empty text; got `[a, b]` (ignored)'],
      ['objective: 3', 'Front matter `objective` must be text naming `throughput` or `latency`; got `3` (ignored)'],
      ['kind: 1', 'Front matter `kind` must be `report`, `engine-baseline` or `essay`; got `1` (ignored)'],
      ['gpus: many', 'Front matter `gpus` must be a positive whole number; got `many` (ignored)'],
    ] as const) {
      const [m] = checkAll([analyze(page(fm), 'page.md')])[0].messages.filter((x) => x.ruleId === 'frontmatter-invalid');
      expect(m?.message, fm).toBe(says);
    }
    const [title] = checkAll([analyze('---\ntitle: 5\n---\n\n# T\n', 'page.md')])[0].messages;
    expect(title.message).toBe('Front matter `title` must be a non-empty text; got `5` (ignored)');
    expect(title.message).not.toMatch(/Expected|received|Required/);
  });

  it('should accept valid fields and keep other keys as written', () => {
    const report = checkAll([analyze(page('gpus: 4\nobjective: Latency\nkind: report\ntags: [a, b]'), 'page.md')])[0];
    expect(report.messages.filter((x) => x.ruleId === 'frontmatter-invalid')).toEqual([]);
    expect(report.hardware?.count).toBe(4);
    expect(report.objective).toBe('latency');
    expect(report.frontmatter.tags).toEqual(['a', 'b']);
  });
});
