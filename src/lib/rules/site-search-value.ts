/**
 * `site-search-value` (warning): A title, model, hardware, objective or engine has no plain text left for search; it
 * is left out of the search filters.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#site-search-value shows them.
 */
import type { Rule } from './types.js';

/**
 * A value that becomes a search filter or meta value is reduced to plain visible text (markup and invisible
 * characters removed); a value with nothing left is not indexed, and this says so rather than dropping the filter
 * silently. Reported by the site's content loader (`src/lib/site/search-value.ts`) when it indexes the page;
 * `perflab check` does not index; this file documents the id.
 */
export const siteSearchValue: Rule = {
  id: 'site-search-value',
  severity: 'warning',
  description: 'A title, model, hardware, objective or engine has no plain text left for search; it is left out of the search filters.',
  fix: 'Give the field plain text (no markup only, no invisible characters).',
  site: true,
  reportedBy: "the site's content loader (`src/lib/site/search-value.ts`) when it indexes the page; `perflab check` does not index",
  examples: {
    ok: `---
title: Demo report
---

# Demo report
`,
    notOk: `---
title: "<>"
---

# Demo report
`,
  },
  check() {
    // Reported by the site's content loader, not by a check of its own.
  },
};
