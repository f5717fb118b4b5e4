// A site built from hostile pages in a content folder outside the project: every page is there, images beside the
// pages are published, no byte of a file outside the content folder is, and the output holds only the site.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECRET, hostileSite, type HostileBuild } from './hostile.js';

let site: HostileBuild;
beforeAll(async () => {
  site = await hostileSite();
}, 300_000);

const allFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));

describe('hostile site build', () => {
  it('should publish no byte of the files outside the content folder (Pagefind fragments included)', () => {
    const files = allFiles(site.dist);
    expect(files.length).toBeGreaterThan(10);
    const leaking = files.filter((f) => {
      const bytes = readFileSync(f);
      const text = f.includes('/pagefind/') && bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
      return text.includes(SECRET);
    });
    expect(leaking.map((f) => relative(site.dist, f))).toEqual([]);
  });

  it('should have every page, including the ones with malformed links and markup-only names', () => {
    const pages = readdirSync(join(site.dist, 'reports', 'models'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(pages).toEqual(['bad-links', 'escape', 'front-matter', 'only-markup', 'serving-command', 'sinks']);
    expect(existsSync(join(site.dist, 'reports/inner/leaky/index.html'))).toBe(true);
  });

  it('should publish the real image beside a page in the outside content folder, and only that one', () => {
    const media = allFiles(join(site.dist, 'media')).map((f) => relative(site.dist, f));
    expect(media).toHaveLength(1);
    expect(media[0]).toMatch(/^media\/[0-9a-f]{10}\/pixel\.png$/);
    expect(readFileSync(join(site.dist, media[0]))).toEqual(readFileSync(join(site.content, 'models', 'pixel.png')));
    // ... and the page links to it rather than showing a "not found" placeholder.
    expect(site.log).not.toMatch(/front-matter\.md:\d+:\d+ +warning +Image `pixel\.png` not found/);
    expect(readFileSync(join(site.dist, 'reports/models/front-matter/index.html'), 'utf8')).toContain(`src="/${media[0]}"`);
  });

  it('should put only the site in the output folder, none of Astro internals', () => {
    for (const name of [
      'data-store.json',
      'collections',
      'content-assets.mjs',
      'content-modules.mjs',
      'settings.json',
      'chunks',
      '.prerender',
    ]) {
      expect(existsSync(join(site.dist, name)), name).toBe(false);
    }
    expect(readdirSync(site.dist).filter((n) => /^manifest_.*\.mjs$|\.mjs$/.test(n))).toEqual([]);
  });

  it('should index filter and title values as plain text, and say which values were left out', () => {
    const page = readFileSync(join(site.dist, 'reports/models/front-matter/index.html'), 'utf8');
    const attributes = [...page.matchAll(/data-(?:filter|title)="([^"]*)"/g)].map((m) => m[1]);
    expect(attributes.length).toBeGreaterThanOrEqual(3);
    for (const value of attributes) expect(value).not.toMatch(/[<>]|&(?!amp;)/);
    expect(page).not.toMatch(/data-pagefind-filter="(model|hardware|engine|objective)"/);
    expect(site.log).toMatch(/only-markup\.md:1:1 +warning +The model .* has no plain text left for search.* site-search-value/);
  });

  it('should say which symlinks it did not follow', () => {
    expect(site.log).toMatch(/content\/linked: not read: a symlink that leaves its content folder/);
    expect(site.log).toMatch(/leak\.md: not read: a symlink that leaves its content folder/);
  });
});
