/**
 * `site-claim-unplaced` (warning): A checked claim could not be marked in the rendered page; its verdict shows in
 * the findings only.
 *
 * ok:
 *
 * ````markdown
 * # Demo
 *
 * A page whose claims are all marked.
 * ````
 *
 * not ok: none. Renderer fault: the claims and runs are read from the very tree the site renders, so no page content
 * is known to cause it; it is reported, never silent, when the renderer misses one.
 */
import type { Rule } from './types.js';

/**
 * Every claim of the page is marked in the rendered HTML with its verdict and a link to its source run; a claim
 * the renderer cannot find in the rendered text is listed here instead of disappearing. Reported by the site's
 * renderer (`src/lib/render/decorate.ts`) when it builds the page; `perflab check` does not render; this file
 * documents the id.
 */
export const siteClaimUnplaced: Rule = {
  id: 'site-claim-unplaced',
  severity: 'warning',
  description: 'A checked claim could not be marked in the rendered page; its verdict shows in the findings only.',
  fix: 'Report it as a perflab bug with the page attached.',
  site: true,
  reportedBy: 'the site\'s renderer (`src/lib/render/decorate.ts`) when it builds the page; `perflab check` does not render',
  examples: {
    ok: `# Demo

A page whose claims are all marked.
`,
    notOk: ``,
    unreachable: 'Renderer fault: the claims and runs are read from the very tree the site renders, so no page content is known to cause it; it is reported, never silent, when the renderer misses one.',
  },
  check() {
    // Reported by the site's renderer, not by a check of its own.
  },
};
