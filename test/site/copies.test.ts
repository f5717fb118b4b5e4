// A production build copies each report's Markdown source and data into the site (src/lib/site/copies.ts) instead of
// writing them through their routes: to the files the routes would write, never where the site or a report's page
// writes.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeCache } from '../../src/lib/engine/site-cache.js';
import { outputsOf } from '../../src/lib/route.js';
import { copyReportFiles, notePublished } from '../../src/lib/site/copies.js';

let root = '';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'perflab-copies-'));
});
afterEach(() => {
  notePublished([]);
  rmSync(root, { recursive: true, force: true });
});

/** A report's cache files as the loader writes them, with the reference the store keeps. */
function cached(id: string, source: string, data: string) {
  const cache = join(root, 'cache', id.replace(/[^A-Za-z0-9._-]/g, '__'));
  const cacheHashes = writeCache(cache, { html: '<p></p>', source, runs: '[]', entry: '{}', rows: '[]', data, csv: '{}' });
  return { id, ref: { cache, cacheHashes } };
}

it("should write each report's source and data where its routes would, hostile names included", () => {
  const site = join(root, 'dist');
  const reports = [cached('qwen3-14b/h100', '# Q\n', '{"a":1}'), cached('hash#dir/why?', '# H — ✓\n', '{"b":"é"}')];
  expect(copyReportFiles(site, reports)).toEqual({ copied: 4, kept: [] });
  expect(readFileSync(join(site, 'reports', 'qwen3-14b', 'h100.md'), 'utf8')).toBe('# Q\n');
  expect(readFileSync(join(site, 'data', 'qwen3-14b', 'h100.json'), 'utf8')).toBe('{"a":1}');
  const [, markdown, data] = outputsOf('hash#dir/why?');
  expect(markdown).toBe('reports/hash%23dir/why%3F.md');
  expect(readFileSync(join(site, markdown), 'utf8')).toBe('# H — ✓\n');
  expect(readFileSync(join(site, data), 'utf8')).toBe('{"b":"é"}');
});

it("should not write where the site writes its own files or a report's page, and name each file left out", () => {
  const site = join(root, 'dist');
  // `reports.md`'s data would be the site's list of reports; the sources of `a.md` and `x.md` would be files where the
  // pages of `a.md/b.md` and `x.md/y.md` need folders (a page comes first, wherever it is in the list).
  const reports = [cached('reports', '# R\n', '{}'), cached('a.md/b', '# B\n', '{}'), cached('a', '# A\n', '{}')];
  reports.push(cached('x', '# X\n', '{}'), cached('x.md/y', '# Y\n', '{}'));
  const done = copyReportFiles(site, reports);
  expect(done.kept).toEqual(['data/reports.json', 'reports/a.md', 'reports/x.md']);
  expect(done.copied).toBe(7);
  expect(readFileSync(join(site, 'reports', 'x.md', 'y.md'), 'utf8')).toBe('# Y\n');
});

it('should link each file to its cache file, which the cache never changes in place', () => {
  const site = join(root, 'dist');
  const report = cached('a/b', '# A\n', '{"v":1}');
  copyReportFiles(site, [report]);
  const published = join(site, 'data', 'a', 'b.json');
  expect(statSync(published).ino).toBe(statSync(`${report.ref.cache}.data.json`).ino);
  // The page is rendered again: its cache files are written anew; the site's file is as it was published.
  cached('a/b', '# A, edited\n', '{"v":2}');
  expect(readFileSync(published, 'utf8')).toBe('{"v":1}');
});

it('should refuse, naming the file, a cache file that is gone', () => {
  const report = cached('a/b', '# A\n', '{}');
  rmSync(`${report.ref.cache}.md`);
  expect(() => copyReportFiles(join(root, 'dist'), [report])).toThrow(/a__b\.md` could not be published/);
});

it('should copy the reports the build published, and nothing when it published none', () => {
  const site = join(root, 'dist');
  notePublished([cached('a/b', '# A\n', '{"x":1}')]);
  expect(copyReportFiles(site)).toEqual({ copied: 2, kept: [] });
  expect(readFileSync(join(site, 'data', 'a', 'b.json'), 'utf8')).toBe('{"x":1}');
  notePublished([]);
  expect(copyReportFiles(join(root, 'dist2'))).toEqual({ copied: 0, kept: [] });
});

it('should stop a build whose routes recorded no list of reports, rather than publish pages without their files', () => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('perflab.published-reports')];
  expect(() => copyReportFiles(join(root, 'dist'))).toThrow(/recorded no list of reports/);
});
