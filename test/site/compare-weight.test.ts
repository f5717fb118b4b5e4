// The explorer may ship more JavaScript than a report page (20 KB), but stays within 12 KB gzipped and never loads
// Pagefind before search is opened; its data is JSON, not script.
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { pageWeight } from '../../scripts/page-weight.mjs';
import { builtSite } from './build.js';

let dist = '';
beforeAll(async () => {
  dist = await builtSite();
});

it('should keep /compare/ under 12 KB of gzipped JS', () => {
  const { total, scripts } = pageWeight(dist, join(dist, 'compare', 'index.html')) as { total: number; scripts: Array<{ src: string }> };
  expect(scripts.some((s) => s.src.includes('compare'))).toBe(true);
  expect(scripts.some((s) => s.src.includes('pagefind'))).toBe(false);
  expect(total).toBeLessThanOrEqual(12 * 1024);
});
