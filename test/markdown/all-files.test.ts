import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/lib/markdown/index.js';
import { admonitions, codes, corpusDir, grepLines, hasCorpus, markdownFiles, read, root } from './helpers.js';

const OPENER = /^\s*(!!!|\?\?\?\+?) /;
const FENCE = /^ *```/;

function checkFile(path: string): void {
  const text = read(path);
  const { tree, failures } = parseMarkdown(text);
  expect(failures).toEqual([]);
  const lines = text.split('\n');
  for (const code of codes(tree)) {
    const { start, end } = code.position!;
    expect(start.offset).toBeGreaterThanOrEqual(0);
    expect(end.offset).toBeLessThanOrEqual(text.length);
    // The fence opener is at the node's start, both by line/column and by offset.
    expect(lines[start.line - 1].slice(start.column - 1)).toMatch(/^```/);
    expect(text.slice(start.offset, start.offset! + 3)).toBe('```');
    expect(text.slice(end.offset! - 3, end.offset)).toBe('```');
  }
  // No opener in these pages sits inside a code block, so each one is an admonition.
  expect(admonitions(tree).map((a) => a.position?.start.line)).toEqual(grepLines(text, OPENER));
  const fences = grepLines(text, FENCE).length;
  expect(codes(tree)).toHaveLength(fences / 2);
}

describe('every seed page (test/fixtures/seed-pages/)', () => {
  const seeds = join(root, 'test', 'fixtures', 'seed-pages');
  const files = markdownFiles(seeds);

  it('should find the five seed pages', () => {
    expect(files.map((f) => relative(seeds, f))).toEqual([
      'engine-baselines/sglang-v0.5.1.md',
      'qwen3-14b/h100.md',
      'qwen3-32b/h100.md',
      'qwen3-8b/h100-latency.md',
      'qwen3.5-35b-a3b/h200-latency.md',
    ]);
  });

  it.each(files.map((f) => [relative(root, f), f]))('should parse %s with every fence and admonition in place', (_, path) => {
    checkFile(path);
  });
});

describe.skipIf(!hasCorpus)('every page of ../shared/corpus', () => {
  const files = markdownFiles(corpusDir);

  it('should find the corpus pages', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });

  it.each(files.map((f) => [relative(corpusDir, f), f]))('should parse %s with every fence and admonition in place', (_, path) => {
    checkFile(path);
  });
});
