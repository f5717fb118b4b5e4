import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenizeCount } from '../../src/lib/markdown/index.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('one tokenize per page', () => {
  const files = [...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])];

  it(`should tokenize each of the ${files.length} seed pages${hasCorpus ? ' and the corpus' : ''} exactly once, and checking tokenizes none again`, () => {
    expect(files.length).toBeGreaterThan(4);
    const perPage: number[] = [];
    const analyses = files.map((file) => {
      const before = tokenizeCount();
      const analysis = analyze(readFileSync(file, 'utf8'), relative(ROOT, file), file);
      perPage.push(tokenizeCount() - before);
      return analysis;
    });
    expect(perPage).toEqual(files.map(() => 1));
    const before = tokenizeCount();
    const reports = checkAll(analyses);
    expect(tokenizeCount() - before).toBe(0);
    expect(reports.reduce((n, r) => n + r.claims.length, 0)).toBeGreaterThan(0);
  });

  it('should count a page over a limit as tokenized once too (its empty stand-in), and an empty page', () => {
    const before = tokenizeCount();
    analyze('', 'empty.md');
    analyze(`${'| a |\n'.repeat(2_001)}`, 'big.md');
    expect(tokenizeCount() - before).toBe(2);
  });

  it('should leave micromark to src/lib/markdown: no other module of src/ imports a Markdown tokenizer', () => {
    const tokenizers = /from ['"](micromark|micromark\/[^'"]*|mdast-util-from-markdown|remark-parse|remark)['"]/;
    const offenders: string[] = [];
    for (const entry of readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|mts|mjs|js|astro)$/.test(entry.name)) continue;
      const file = join(entry.parentPath, entry.name);
      const rel = relative(ROOT, file);
      if (rel.startsWith(join('src', 'lib', 'markdown'))) continue;
      if (tokenizers.test(readFileSync(file, 'utf8'))) offenders.push(rel);
    }
    expect(offenders).toEqual([]);
  });
});
