// Pagefind reads only the files `pagefind.yml` names (report pages): every page that asks to be indexed must be
// one of them, or it would silently drop out of search.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { builtSite, projectRoot } from './build.js';

let dist = '';
beforeAll(async () => {
  dist = await builtSite();
});

it('should index every page that carries data-pagefind-body, and those only live where pagefind.yml looks', () => {
  const glob = /^glob:\s*'([^']+)'/m.exec(readFileSync(join(projectRoot, 'pagefind.yml'), 'utf8'))?.[1];
  expect(glob).toBe('reports/**/*.html');
  const html = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).map((f) => f.split('\\').join('/'));
  const indexed = html.filter((f) => readFileSync(join(dist, f), 'utf8').includes('data-pagefind-body'));
  expect(indexed.length).toBeGreaterThan(3);
  expect(indexed.filter((f) => !f.startsWith('reports/'))).toEqual([]);
  // And search found them all: Pagefind's own count of indexed pages.
  const entry = JSON.parse(readFileSync(join(dist, 'pagefind', 'pagefind-entry.json'), 'utf8'));
  const counted = Object.values(entry.languages as Record<string, { page_count: number }>).reduce((n, l) => n + l.page_count, 0);
  expect(counted).toBe(indexed.length);
});
