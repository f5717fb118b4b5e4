/**
 * `site-image-missing` (warning): A relative image exists but is not an image the site publishes (PNG, JPEG, GIF,
 * WebP, AVIF); the site shows a placeholder.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#site-image-missing shows them.
 */
import { dirname, resolve } from 'node:path';
import { emit } from '../diagnostics.js';
import { isExternal, pageLinks, splitUrl } from '../model/tree.js';
import type { Rule } from './types.js';

/** The images the site publishes: raster formats only (an SVG opened directly would run its scripts on our origin). */
export const PUBLISHED_IMAGE = /\.(png|jpe?g|gif|webp|avif)$/i;

/**
 * A relative image whose file exists but is not a raster image: the site publishes raster formats only (an SVG
 * opened directly would run its scripts on the site), so it shows a placeholder with the alt text, without a word;
 * `perflab check` says it. A missing file is `image-missing`; pages without a file on disk are left to it.
 */
export const siteImageMissing: Rule = {
  id: 'site-image-missing',
  severity: 'warning',
  description: 'A relative image exists but is not an image the site publishes (PNG, JPEG, GIF, WebP, AVIF); the site shows a placeholder.',
  fix: 'Convert the image to PNG (or another raster format), or link to it instead of showing it.',
  examples: {
    ok: `# Results

![chart](https://example.org/chart.png)
`,
    notOk: `# Results

![icon](../public/favicon.svg)
`,
    folder: 'docs',
  },
  check({ file, tree, absolutePath, exists }) {
    if (!absolutePath) return;
    const base = dirname(absolutePath);
    for (const image of pageLinks(tree, true)) {
      if (isExternal(image.url) || image.url.startsWith('/')) continue;
      const { path } = splitUrl(image.url);
      if (!path || !exists(resolve(base, path)) || PUBLISHED_IMAGE.test(path)) continue;
      emit(
        file,
        'site-image-missing',
        'warning',
        image,
        `Unexpected image \`${path}\`: the site publishes PNG, JPEG, GIF, WebP and AVIF images only; it shows a placeholder`,
        { expected: 'a raster image', actual: path },
      );
    }
  },
};
