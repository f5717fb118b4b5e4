// The search index covers the report pages (scripts/search-index.mjs indexes `reports/**/*.html`): every page that
// asks to be indexed must be one of them, or it would silently drop out of search. A large site's index comes in
// shards; together they index every report page once.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtSite, projectRoot } from './build.js';

let dist = '';
beforeAll(async () => {
  dist = await builtSite();
});

const htmlFiles = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).map((f) => f.split('\\').join('/'));

/** Pages each bundle of a site's index counts (Pagefind's own count), the first bundle first. */
function bundleCounts(site: string): number[] {
  const root = join(site, 'pagefind');
  const { merge } = JSON.parse(readFileSync(join(root, 'shards.json'), 'utf8')) as { merge: string[] };
  return ['', ...merge].map((m) => {
    const entry = JSON.parse(readFileSync(join(root, m, 'pagefind-entry.json'), 'utf8'));
    return Object.values(entry.languages as Record<string, { page_count: number }>).reduce((n, l) => n + l.page_count, 0);
  });
}

it('should index every page that carries data-pagefind-body, and those only live under reports/', () => {
  const indexed = htmlFiles(dist).filter((f) => readFileSync(join(dist, f), 'utf8').includes('data-pagefind-body'));
  expect(indexed.length).toBeGreaterThan(3);
  expect(indexed.filter((f) => !f.startsWith('reports/'))).toEqual([]);
  // And search found them all, in one piece at this size: Pagefind's own count of indexed pages.
  expect(bundleCounts(dist)).toEqual([indexed.length]);
});

let copy = '';
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

it('should split the index into shards of at most PERFLAB_SEARCH_SHARD report pages that together count every one', () => {
  copy = mkdtempSync(join(tmpdir(), 'perflab-shards-'));
  const site = join(copy, 'dist');
  cpSync(dist, site, { recursive: true });
  const reports = htmlFiles(join(site, 'reports')).length;
  const shard = Math.max(1, Math.floor(reports / 3));
  execFileSync(process.execPath, [join(projectRoot, 'scripts', 'search-index.mjs'), site], {
    env: { ...process.env, PERFLAB_SEARCH_SHARD: String(shard) },
    stdio: 'ignore',
  });
  const counts = bundleCounts(site);
  expect(counts.length).toBe(Math.ceil(reports / shard));
  expect(counts.every((n) => n > 0 && n <= shard)).toBe(true);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(reports);
  // The shards' staging folders (beside the site) are gone.
  expect(readdirSync(copy).filter((n) => n.includes('.search-'))).toEqual([]);
  expect(existsSync(join(site, 'pagefind', '2', 'pagefind.js'))).toBe(true);
});
