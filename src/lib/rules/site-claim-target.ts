/**
 * `site-claim-target` (warning): A claim's link to its source run points to no element of the rendered page; the
 * claim is shown unlinked.
 *
 * ok:
 *
 * ````markdown
 * # Demo
 *
 * A page whose claims link to their runs.
 * ````
 *
 * not ok: none. Renderer fault: the claims and runs are read from the very tree the site renders, so no page content
 * is known to cause it; it is reported, never silent, when the renderer misses one.
 */
import type { Rule } from './types.js';

/**
 * A claim links to the raw line of its run (`#run-L89-m98`); a link whose target the rendered page lacks is
 * reported and the claim is kept, unlinked. Reported by the site's renderer (`src/lib/render/decorate.ts`) when it
 * builds the page; `perflab check` does not render; this file documents the id.
 */
export const siteClaimTarget: Rule = {
  id: 'site-claim-target',
  severity: 'warning',
  description: 'A claim\'s link to its source run points to no element of the rendered page; the claim is shown unlinked.',
  fix: 'Report it as a perflab bug with the page attached.',
  site: true,
  reportedBy: 'the site\'s renderer (`src/lib/render/decorate.ts`) when it builds the page; `perflab check` does not render',
  examples: {
    ok: `# Demo

A page whose claims link to their runs.
`,
    notOk: ``,
    unreachable: 'Renderer fault: the claims and runs are read from the very tree the site renders, so no page content is known to cause it; it is reported, never silent, when the renderer misses one.',
  },
  check() {
    // Reported by the site's renderer, not by a check of its own.
  },
};
