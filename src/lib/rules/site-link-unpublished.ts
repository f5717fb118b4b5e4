/**
 * `site-link-unpublished` (warning): A relative link points to an existing file that is not a page of the site; the
 * site shows its text unlinked.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#site-link-unpublished shows them.
 */
import type { Rule } from './types.js';

/**
 * A relative link to a file that exists but is not a page of the set being checked (a file of another folder, a
 * file that is not a report): the site publishes only its pages, so it keeps the link text without a link rather
 * than a dead link. A missing file is `link-unresolved`. Reported by the check stage's site findings
 * (`src/lib/render/findings.ts`); this file documents the id.
 */
export const siteLinkUnpublished: Rule = {
  id: 'site-link-unpublished',
  severity: 'warning',
  description: 'A relative link points to an existing file that is not a page of the site; the site shows its text unlinked.',
  fix: "Link to a page of the checked folders, or to the file's published URL.",
  reportedBy: "the check stage's site findings (`src/lib/render/findings.ts`)",
  examples: {
    ok: `# Notes

See [the same page](ok.md).
`,
    notOk: `# Notes

See [the rules](rules.md).
`,
    folder: 'docs',
  },
  check() {
    // Reported by the check stage's site findings, not by a check of its own.
  },
};
