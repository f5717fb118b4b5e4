import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The site reads what the page model holds; it never reads a page's Markdown text again (issue: one reading of
 * a page). The one exception is the route that serves the Markdown file itself, verbatim.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SITE = ['src/lib/site', 'src/pages', 'src/components', 'src/layouts', 'src/lib/rules'];
const SERVES_THE_FILE = 'src/pages/reports/[...slug].md.ts';

function files(dir: string): string[] {
  return (
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[]
  )
    .filter((e) => e.isFile() && /\.(ts|astro|mjs)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** What reading the page text looks like: the cached Markdown, or an analysis' `source` field. */
const READS_TEXT = [/\bcachedSource\s*\(/, /\b(?:analysis|a|page|entry)\.source\b(?!s)/];

describe('the site and the rules read the page model, not the page text', () => {
  const all = SITE.flatMap(files);

  it('should find the modules it audits', () => {
    expect(all.length).toBeGreaterThan(50);
    expect(all).toContain(SERVES_THE_FILE);
  });

  it('should read the Markdown text only in the route that serves the file itself', () => {
    const readers = all.filter((f) => f !== SERVES_THE_FILE && READS_TEXT.some((re) => re.test(readFileSync(join(ROOT, f), 'utf8'))));
    expect(readers).toEqual([]);
  });

  it('should catch a module that reads the text (the audit is not blind)', () => {
    expect(READS_TEXT.some((re) => re.test('const s = cachedSource(entry);'))).toBe(true);
    expect(READS_TEXT.some((re) => re.test('lines = analysis.source.split("\\n")'))).toBe(true);
    expect(READS_TEXT.some((re) => re.test('claim.sources.map(x)'))).toBe(false);
  });
});
