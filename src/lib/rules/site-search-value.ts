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
 * silently. Found when the site indexes the page (its `index` stage: the site's indexer, `site/search-value.ts`,
 * hands it each field with what is left of it); `perflab check` does not index.
 */
export const siteSearchValue = {
  id: 'site-search-value',
  severity: 'warning',
  description: 'A title, model, hardware, objective or engine has no plain text left for search; it is left out of the search filters.',
  fix: 'Give the field plain text (no markup only, no invisible characters).',
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
  index: ({ key, text, indexed }) =>
    text.trim() !== '' && indexed === null
      ? {
          ruleId: 'site-search-value',
          severity: 'warning',
          line: 1,
          column: 1,
          message: `The ${key} ${JSON.stringify(text.slice(0, 40))} has no plain text left for search; it is left out of the search ${key === 'title' ? 'metadata' : 'filters'}.`,
        }
      : null,
} satisfies Rule;
