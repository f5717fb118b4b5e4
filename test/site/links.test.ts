// Every internal link on every built page resolves to a file, and its fragment to an element.
import { existsSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { selectAll } from 'hast-util-select';
import { beforeAll, expect, it } from 'vitest';
import { builtSite } from './build.js';
import { htmlTree, ids } from './helpers.js';

let dist = '';
let pages: string[] = [];
beforeAll(async () => {
  dist = await builtSite();
  pages = readdirSync(dist, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.html') && !f.startsWith('pagefind'))
    .map(
      (f) =>
        `/${f
          .replace(/index\.html$/, '')
          .split('\\')
          .join('/')}`,
    );
});

function fileFor(urlPath: string): string | null {
  const clean = decodeURIComponent(urlPath);
  for (const candidate of [join(dist, clean), join(dist, clean, 'index.html')]) {
    if (existsSync(candidate) && !candidate.endsWith('/')) {
      try {
        readdirSync(candidate);
      } catch {
        return candidate;
      }
    }
  }
  return null;
}

it('should build the pages the site promises', () => {
  for (const p of ['/', '/verification/', '/engines/', '/techniques/', '/404.html', '/data/reports.json', '/data/runs.csv', '/llms.txt']) {
    expect(fileFor(p), p).not.toBeNull();
  }
});

it('should resolve every internal link and fragment', () => {
  const broken: string[] = [];
  for (const page of pages) {
    const tree = htmlTree(dist, page.endsWith('.html') ? page : page);
    for (const a of selectAll('a[href]', tree)) {
      const href = String(a.properties.href);
      if (/^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//')) continue;
      const [address, hash] = href.split('#');
      // A query (`/compare/?model=...`) names a view of the page, not another file.
      const path = address.split('?')[0];
      const target = path ? (path.startsWith('/') ? path : posix.join(posix.dirname(page.endsWith('/') ? `${page}x` : page), path)) : page;
      const file = fileFor(target);
      if (!file) {
        broken.push(`${page}: ${href} (no file)`);
        continue;
      }
      if (
        hash &&
        file.endsWith('.html') &&
        !ids(htmlTree(dist, target.endsWith('.html') ? target : target.replace(/\/?$/, '/'))).has(decodeURIComponent(hash))
      ) {
        broken.push(`${page}: ${href} (no #${hash})`);
      }
    }
  }
  expect(broken).toEqual([]);
});

it('should resolve relative links between reports to site URLs, keeping MkDocs anchors', () => {
  const body = selectAll('.report-body a[href]', htmlTree(dist, '/reports/fixtures/links/')).map((a) => String(a.properties.href));
  expect(body).toContain('/reports/qwen3-14b/h100/#1-choosing-the-inference-engine');
  expect(body).toContain('/reports/qwen3-32b/h100/');
  expect(body.some((h) => h.includes('benchmark_serving'))).toBe(false);
  expect(body).toContain('#links-between-reports');
});

it('should publish images found next to the page and serve them from /media/', () => {
  const imgs = selectAll('.report-body img', htmlTree(dist, '/reports/fixtures/links/'));
  expect(imgs).toHaveLength(1);
  const src = String(imgs[0].properties.src);
  expect(src).toMatch(/^\/media\/[0-9a-f]{10}\/pixel\.png$/);
  expect(fileFor(src)).not.toBeNull();
  expect(imgs[0].properties.alt).toBe('A one-pixel chart');
});
