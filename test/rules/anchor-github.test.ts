/**
 * GitHub-style anchors: a table of contents written for GitHub (`#中文标题`, repeats `-1`, `-2`) resolves on
 * GitHub, so it is no `anchor-missing` or `toc-mismatch` error, and the rendered page carries each heading's GitHub
 * slug as a second anchor target, so that the same links work on the site. The page is ours
 * (test/fixtures/anchor-pages/github-toc-zh.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { githubSlugs, mkdocsSlug } from '../../src/lib/markdown/index.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { renderReport, type LinkContext } from '../../src/lib/render/index.js';

const name = 'github-toc-zh.md';
const page = readFileSync(fileURLToPath(new URL(`../fixtures/anchor-pages/${name}`, import.meta.url)), 'utf8');
const links: LinkContext = { pageUrl: () => null, anchors: () => null, image: () => null };
const checked = (source: string) => {
  const analysis = analyze(source, name);
  const report = checkAll([analysis])[0];
  return { analysis, report };
};
const errors = (source: string) => checked(source).report.messages.filter((m) => m.severity === 'error');

describe('GitHub-style anchors', () => {
  it("should slug as GitHub does: every script's letters kept, punctuation dropped, repeats suffixed -1, -2", () => {
    expect(githubSlugs(['性能测试报告', '结果', '结果', '附录：命令与参数', 'Qwen3-8B (FP8)', 'Qwen3-8B (FP8)'])).toEqual([
      '性能测试报告',
      '结果',
      '结果-1',
      '附录命令与参数',
      'qwen3-8b-fp8',
      'qwen3-8b-fp8-1',
    ]);
    // MkDocs' default slug drops the letters of such a heading altogether.
    expect(mkdocsSlug('结果')).toBe('');
  });

  it('should find no error on a Chinese table of contents that links the GitHub slugs, repeats included', () => {
    expect(errors(page)).toEqual([]);
  });

  it('should still report a truly broken anchor, in the table of contents or in the text', () => {
    const broken = page.replace('(#吞吐量-1)\n', '(#吞吐量-2)\n').replace('[第一轮](#吞吐量)', '[第一轮](#吞吐率)');
    expect(broken).not.toBe(page);
    const found = errors(broken).map((m) => [m.ruleId, m.line]);
    expect(found.filter(([rule]) => rule === 'anchor-missing')).toEqual([
      ['anchor-missing', 11],
      ['anchor-missing', 32],
    ]);
    // The table of contents no longer lists the second `吞吐量`.
    expect(found.filter(([rule]) => rule === 'toc-mismatch')).toEqual([['toc-mismatch', 5]]);
  });

  it('should give each heading its GitHub slug as a second anchor target on the site, so no link degrades', () => {
    const { analysis, report } = checked(page);
    const html = renderReport(analysis, report, links).html;
    for (const id of ['性能测试报告', '目录', '测试环境', '结果', '结果-1', '吞吐量', '吞吐量-1', '附录命令与参数'])
      expect(html).toContain(`id="${id}"`);
    expect(html).not.toContain('link-unavailable');
    // A heading whose GitHub slug is its MkDocs id gets no second target.
    const plain = checked('# Report\n\n## Setup\n\nSee [setup](#setup).\n');
    expect(renderReport(plain.analysis, plain.report, links).html).not.toContain('heading-alias');
  });
});
