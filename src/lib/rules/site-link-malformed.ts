/**
 * `site-link-malformed` (warning): A link's target has a malformed %-escape; its text is shown unlinked.
 *
 * ok:
 *
 * ````markdown
 * # Notes
 *
 * See [the same page](ok.md).
 * ````
 *
 * not ok:
 *
 * ````markdown
 * # Notes
 *
 * See [the same page](not%zzok.md).
 * ````
 */
import type { Rule } from './types.js';

/**
 * A relative link whose path does not decode (`%zz`): the site cannot tell which page it means, so the link text
 * is kept without a link. Reported by the site's renderer (`src/lib/render/decorate.ts`) when it builds the page;
 * `perflab check` does not render; this file documents the id.
 */
export const siteLinkMalformed: Rule = {
  id: 'site-link-malformed',
  severity: 'warning',
  description: 'A link\'s target has a malformed %-escape; its text is shown unlinked.',
  fix: 'Fix the escape (`%20` for a space) or write the path plainly.',
  site: true,
  reportedBy: 'the site\'s renderer (`src/lib/render/decorate.ts`) when it builds the page; `perflab check` does not render',
  examples: {
    ok: `# Notes

See [the same page](ok.md).
`,
    notOk: `# Notes

See [the same page](not%zzok.md).
`,
  },
  check() {
    // Reported by the site's renderer, not by a check of its own.
  },
};
