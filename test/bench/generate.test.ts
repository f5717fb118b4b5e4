import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { generateCorpus, readSources } from '../../scripts/bench/generate.mjs';
import { analyze } from '../../src/lib/pipeline.js';

interface Page {
  path: string;
  source: string;
  content: string;
}

// The tests' own seed pages: the bench generates from content/, whose pages contributors add and change.
const content = fileURLToPath(new URL('../fixtures/seed-pages', import.meta.url));
const sources: Page[] = readSources(content);
const bySource = new Map(sources.map((s) => [s.path, s]));

describe('bench corpus generator', () => {
  it('should produce the same pages for the same seed', () => {
    expect(generateCorpus(sources, 12, 7)).toEqual(generateCorpus(sources, 12, 7));
  });

  it('should produce different names for another seed', () => {
    const a = generateCorpus(sources, 5, 1).map((p: Page) => p.path);
    const b = generateCorpus(sources, 5, 2).map((p: Page) => p.path);
    expect(a).not.toEqual(b);
  });

  it('should be prefix-stable across sizes', () => {
    expect(generateCorpus(sources, 30, 1).slice(0, 10)).toEqual(generateCorpus(sources, 10, 1));
  });

  it('should give every page a unique path and title', () => {
    const pages: Page[] = generateCorpus(sources, 300, 1);
    expect(new Set(pages.map((p) => p.path)).size).toBe(300);
    expect(new Set(pages.map((p) => /^# (.+)$/m.exec(p.content)?.[1])).size).toBe(300);
  });

  it('should finish at N=5000, past the number of plain engine versions, every path unique', () => {
    // The version names are drawn from 94 x 31; a corpus larger than that once drew forever.
    const pages: Page[] = generateCorpus(sources, 5000, 1);
    expect(new Set(pages.map((p) => p.path)).size).toBe(5000);
    expect(generateCorpus(sources, 5000, 1).slice(0, 300)).toEqual(generateCorpus(sources, 300, 1));
  });

  it('should keep every number and every relative link target', () => {
    // Free-standing numbers (not parts of names such as `H100`, `Qwen3.5-35B`, `v0.5.1`).
    const numbers = (t: string) => t.match(/(?<![\w./-])\d+(?:\.\d+)?(?![\w.])/g) ?? [];
    const links = (t: string) => [...t.matchAll(/\]\((\.[^)]*)\)/g)].map((m) => m[1]);
    for (const page of generateCorpus(sources, sources.length, 3) as Page[]) {
      const original = bySource.get(page.source)!.content;
      expect(links(page.content)).toEqual(links(original));
      expect(page.path.split('/').length).toBe(page.source.split('/').length);
      expect(numbers(page.content)).toEqual(numbers(original));
    }
  });

  it('should generate pages that still parse, with new titles and models and the same runs', () => {
    const pages: Page[] = generateCorpus(sources, sources.length, 1);
    for (const page of pages.filter((p) => /qwen3-14b|qwen3\.5/.test(p.source))) {
      const original = bySource.get(page.source)!;
      const before = analyze(original.content, original.path).report;
      const after = analyze(page.content, page.path).report;
      expect(after.title).toBeTruthy();
      expect(after.title).not.toBe(before.title);
      if (before.model) {
        expect(after.model).toBeTruthy();
        expect(after.model).not.toBe(before.model);
      }
      expect(after.runs.length).toBe(before.runs.length);
      expect(after.messages.filter((m) => m.severity === 'error').length).toBe(
        before.messages.filter((m) => m.severity === 'error').length,
      );
    }
  });
});
