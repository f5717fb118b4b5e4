/**
 * `site-link-anchor` (warning): A link's `#section` names no section of its page; the link goes to the page, or,
 * in-page, is shown unlinked.
 *
 * ok:
 *
 * ````markdown
 * # Notes
 *
 * See [the results](#results).
 *
 * ## Results
 *
 * None yet.
 * ````
 *
 * not ok:
 *
 * ````markdown
 * # Notes
 *
 * See [the results](#result-table).
 *
 * ## Results
 *
 * None yet.
 * ````
 */
import type { Rule } from './types.js';

/**
 * An in-page `#anchor` or a `page.md#anchor` whose section the rendered page does not have. `anchor-missing`
 * reports the same to `perflab check` for the pages checked together. Reported by the site's renderer
 * (`src/lib/render/decorate.ts`) when it builds the page; `perflab check` does not render; this file documents the
 * id.
 */
export const siteLinkAnchor: Rule = {
  id: 'site-link-anchor',
  severity: 'warning',
  description: 'A link\'s `#section` names no section of its page; the link goes to the page, or, in-page, is shown unlinked.',
  fix: 'Point the link at an existing heading\'s anchor.',
  site: true,
  reportedBy: 'the site\'s renderer (`src/lib/render/decorate.ts`) when it builds the page; `perflab check` does not render',
  examples: {
    ok: `# Notes

See [the results](#results).

## Results

None yet.
`,
    notOk: `# Notes

See [the results](#result-table).

## Results

None yet.
`,
  },
  check() {
    // Reported by the site's renderer, not by a check of its own.
  },
};
