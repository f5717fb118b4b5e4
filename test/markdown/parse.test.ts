import { join } from 'node:path';
import type { Heading, Nodes } from 'mdast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { headingText, mkdocsSlug, parseMarkdown } from '../../src/lib/markdown/index.js';
import { parseInternalError } from '../../src/lib/rules/parse-internal-error.js';
import { compact, hasCorpus, corpusDir, markdownFiles, page, read, root } from './helpers.js';

/** Assert that every point's offset is where its line and column say, in `text`. */
function expectConsistentPositions(text: string, tree: Nodes): void {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  let bad = 0;
  visit(tree, (node) => {
    for (const point of [node.position?.start, node.position?.end]) {
      if (point && starts[point.line - 1] + point.column - 1 !== point.offset) bad++;
    }
  });
  expect(bad).toBe(0);
}

describe('parseMarkdown', () => {
  it('should give an empty root, no frontmatter and no messages for an empty file', () => {
    expect(parseMarkdown('')).toEqual({
      tree: { type: 'root', children: [], position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } } },
      frontmatter: {},
      failures: [],
      notes: [],
    });
  });

  it('should give CRLF input the same tree as LF, with offsets into the CRLF text', () => {
    const lf = page('qwen3-8b/h100-latency.md');
    const crlf = lf.replace(/\n/g, '\r\n');
    const a = parseMarkdown(lf);
    const b = parseMarkdown(crlf);
    const strip = (s: string) => s.replace(/ @\d+-\d+/g, '');
    expect(strip(JSON.stringify(compact(b.tree)))).toBe(strip(JSON.stringify(compact(a.tree))));
    expect(b.failures).toEqual(a.failures);
    expectConsistentPositions(crlf, b.tree);
  });

  it('should keep offsets consistent with lines and columns on every seed page', () => {
    for (const file of markdownFiles(join(root, 'test', 'fixtures', 'seed-pages'))) {
      const text = read(file);
      expectConsistentPositions(text, parseMarkdown(text).tree);
    }
  });

  it.skipIf(!hasCorpus)('should keep offsets consistent with lines and columns on every corpus page', () => {
    for (const file of markdownFiles(corpusDir)) {
      const text = read(file);
      expectConsistentPositions(text, parseMarkdown(text).tree);
    }
  });

  it('should read YAML frontmatter into a record', () => {
    expect(parseMarkdown('---\ntitle: A\nn: 2\n---\n# A\n').frontmatter).toEqual({ title: 'A', n: 2 });
  });

  it('should report invalid YAML as `frontmatter-invalid` at its line, not throw', () => {
    const { frontmatter, failures, notes } = parseMarkdown('---\na: 1\nb: [x\n---\n');
    expect(frontmatter).toEqual({});
    expect(failures).toEqual([]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ ruleId: 'frontmatter-invalid', line: 3, problem: { kind: 'yaml' } });
  });

  it('should turn an unexpected exception into `parse-internal-error`', () => {
    const hostile = {
      toString: () => {
        throw new Error('boom');
      },
    } as unknown as string;
    const { tree, failures } = parseMarkdown(hostile);
    expect(tree.children).toEqual([]);
    expect(failures).toEqual([{ error: new Error('boom'), where: 'parser', line: 1, column: 1 }]);
    // The rule of the parse stage words it.
    expect(failures.map(parseInternalError.internal)).toEqual([
      expect.objectContaining({ ruleId: 'parse-internal-error', line: 1, column: 1, message: 'Internal parser error: boom' }),
    ]);
  });

  it('should never throw on random markdown-like input', () => {
    const pieces = [
      '!!! note',
      '??? info "t"',
      '???+ tip ""',
      '    ',
      '\t',
      '```',
      '~~~',
      '- ',
      '1. ',
      '> ',
      '| a |',
      '|---|',
      '\n',
      '\r\n',
      '\r',
      '"',
      'x',
      '---',
      '[^a]: ',
      '<span>',
      '#',
      '  ',
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 300; round++) {
      let text = '';
      for (let i = 0; i < 40; i++) text += pieces[Math.floor(random() * pieces.length)];
      expect(parseMarkdown(text).failures).toEqual([]);
    }
  });
});

describe('mkdocsSlug', () => {
  it.each([
    ['1. Choosing the Inference Engine', '1-choosing-the-inference-engine'],
    ['Summary of Optimization Options', 'summary-of-optimization-options'],
    ['0.85', '085'],
    ['TP4+EP4', 'tp4ep4'],
    ['Parallelism: DP+EP', 'parallelism-dpep'],
    ['Qwen3-235B-A22B  on  H100', 'qwen3-235b-a22b-on-h100'],
    ['Café — résumé', 'cafe-resume'],
  ])('should slug %j as %j', (text, slug) => {
    expect(mkdocsSlug(text)).toBe(slug);
  });

  it('should slug the heading text of `### 1. Choosing the Inference Engine` on a seed page', () => {
    const { tree } = parseMarkdown(page('qwen3-14b/h100.md'));
    const headings: Heading[] = [];
    visit(tree, 'heading', (node) => {
      headings.push(node);
    });
    const slugs = headings.map((h) => mkdocsSlug(headingText(h)));
    expect(slugs).toContain('1-choosing-the-inference-engine');
    expect(slugs).toContain('other-benchmark-cases');
  });

  it('should drop inline HTML from heading text, as toc does', () => {
    const { tree } = parseMarkdown('## Fast <span style="x">path</span> `vLLM`\n');
    const heading = tree.children[0] as Heading;
    expect(headingText(heading)).toBe('Fast path vLLM');
    expect(mkdocsSlug(headingText(heading))).toBe('fast-path-vllm');
  });
});
