/**
 * `site-run-unplaced` (warning): A run of the page has no rendered fence to anchor it; links to it go to the page.
 *
 * ok:
 *
 * ````markdown
 * # Demo
 *
 * A page whose runs are all anchored.
 * ````
 *
 * not ok: none. Renderer fault: the claims and runs are read from the very tree the site renders, so no page content
 * is known to cause it; it is reported, never silent, when the renderer misses one.
 */
import type { Rule } from './types.js';

/**
 * Every run is anchored at its fence in the rendered page so that claims can link to its lines; a run whose fence
 * the renderer did not produce is reported. Reported by the site's renderer (`src/lib/render/decorate.ts`) when it
 * builds the page; `perflab check` does not render; this file documents the id.
 */
export const siteRunUnplaced: Rule = {
  id: 'site-run-unplaced',
  severity: 'warning',
  description: 'A run of the page has no rendered fence to anchor it; links to it go to the page.',
  fix: 'Report it as a perflab bug with the page attached.',
  site: true,
  reportedBy: 'the site\'s renderer (`src/lib/render/decorate.ts`) when it builds the page; `perflab check` does not render',
  examples: {
    ok: `# Demo

A page whose runs are all anchored.
`,
    notOk: ``,
    unreachable: 'Renderer fault: the claims and runs are read from the very tree the site renders, so no page content is known to cause it; it is reported, never silent, when the renderer misses one.',
  },
  check() {
    // Reported by the site's renderer, not by a check of its own.
  },
};
