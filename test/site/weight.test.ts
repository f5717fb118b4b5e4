// Report pages ship at most 20 KB of gzipped JavaScript before search is opened.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { pageWeight } from '../../scripts/page-weight.mjs';
import { builtSite } from './build.js';

let dist = '';
beforeAll(async () => {
  dist = await builtSite();
});

it('should keep every report page under 20 KB of gzipped JS', () => {
  const pages = readdirSync(join(dist, 'reports'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('index.html'));
  expect(pages.length).toBeGreaterThan(0);
  for (const page of pages) {
    const { total } = pageWeight(dist, join(dist, 'reports', page)) as { total: number };
    expect(total, page).toBeLessThanOrEqual(20 * 1024);
  }
});

it('should not load Pagefind until search is opened', () => {
  const html = readdirSync(join(dist, 'reports'), { recursive: true })
    .map(String)
    .find((f) => f.endsWith('index.html'))!;
  const { scripts } = pageWeight(dist, join(dist, 'reports', html)) as { scripts: Array<{ src: string }> };
  expect(scripts.some((s) => s.src.includes('pagefind'))).toBe(false);
});
