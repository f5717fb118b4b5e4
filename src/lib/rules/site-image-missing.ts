/**
 * `site-image-missing` (warning): An image of the page is not published with the site; a placeholder with its alt
 * text is shown.
 *
 * ok:
 *
 * ````markdown
 * # Results
 *
 * ![chart](https://example.org/chart.png)
 * ````
 *
 * not ok:
 *
 * ````markdown
 * # Results
 *
 * ![chart](chart-not-published.png)
 * ````
 */
import type { Rule } from './types.js';

/**
 * A relative image whose file the site cannot publish (missing, or outside the content folders): the page shows a
 * placeholder naming the image, never a broken image. `image-missing` reports the same file to `perflab check`.
 * Reported by the site's renderer (`src/lib/render/decorate.ts`) when it builds the page; `perflab check` does not
 * render; this file documents the id.
 */
export const siteImageMissing: Rule = {
  id: 'site-image-missing',
  severity: 'warning',
  description: 'An image of the page is not published with the site; a placeholder with its alt text is shown.',
  fix: 'Add the image file inside the content folders, or point the image at a published URL.',
  site: true,
  reportedBy: 'the site\'s renderer (`src/lib/render/decorate.ts`) when it builds the page; `perflab check` does not render',
  examples: {
    ok: `# Results

![chart](https://example.org/chart.png)
`,
    notOk: `# Results

![chart](chart-not-published.png)
`,
  },
  check() {
    // Reported by the site's renderer, not by a check of its own.
  },
};
