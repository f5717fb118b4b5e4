/**
 * `site-link-unpublished` (warning): A link points to a file the site does not publish; its text is shown unlinked.
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
 * See [the setup](setup-not-published.md).
 * ````
 */
import type { Rule } from './types.js';

/**
 * A relative link to a file that is not a published page (another folder, a file that is not Markdown, a missing
 * page): the link text is kept without a link, so the site has no dead link. `link-unresolved` reports a missing
 * file to `perflab check`. Reported by the site's renderer (`src/lib/render/decorate.ts`) when it builds the page;
 * `perflab check` does not render; this file documents the id.
 */
export const siteLinkUnpublished: Rule = {
  id: 'site-link-unpublished',
  severity: 'warning',
  description: 'A link points to a file the site does not publish; its text is shown unlinked.',
  fix: 'Link to a page of the content folders, or to the file\'s published URL.',
  site: true,
  reportedBy: 'the site\'s renderer (`src/lib/render/decorate.ts`) when it builds the page; `perflab check` does not render',
  examples: {
    ok: `# Notes

See [the same page](ok.md).
`,
    notOk: `# Notes

See [the setup](setup-not-published.md).
`,
  },
  check() {
    // Reported by the site's renderer, not by a check of its own.
  },
};
