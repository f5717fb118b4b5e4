/**
 * `site-image-missing` (warning): A relative image exists but is not an image the site publishes (PNG, JPEG, GIF,
 * WebP, AVIF); the site shows a placeholder.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#site-image-missing shows them.
 */
import type { Rule } from './types.js';

/**
 * A relative image whose file exists but is not a raster image: the site publishes raster formats only (an SVG
 * opened directly would run its scripts on the site), so it shows a placeholder with the alt text. A missing file
 * is `image-missing`. Reported by the check stage's site findings (`src/lib/render/findings.ts`); this file
 * documents the id.
 */
export const siteImageMissing: Rule = {
  id: 'site-image-missing',
  severity: 'warning',
  description: 'A relative image exists but is not an image the site publishes (PNG, JPEG, GIF, WebP, AVIF); the site shows a placeholder.',
  fix: 'Convert the image to PNG (or another raster format), or link to it instead of showing it.',
  reportedBy: "the check stage's site findings (`src/lib/render/findings.ts`)",
  examples: {
    ok: `# Results

![chart](https://example.org/chart.png)
`,
    notOk: `# Results

![icon](../public/favicon.svg)
`,
    folder: 'docs',
  },
  check() {
    // Reported by the check stage's site findings, not by a check of its own.
  },
};
