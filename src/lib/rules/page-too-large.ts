/**
 * `page-too-large` (error): A page is over the size limit (1 MiB); it is not parsed.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#page-too-large shows them.
 */
import type { Rule } from './types.js';

/**
 * A page larger than `LIMITS.pageBytes` (1 MiB): parsing time grows with the size, so such a page is reported and
 * not parsed, and the rest of the set is still checked. Reported by the page limits (`src/lib/limits.ts`), before
 * parsing; this file documents the id.
 */
export const pageTooLarge: Rule = {
  id: 'page-too-large',
  severity: 'error',
  description: 'A page is over the size limit (1 MiB); it is not parsed.',
  fix: 'Split the page into several pages, or move raw data out of it.',
  reportedBy: 'the page limits (`src/lib/limits.ts`), before parsing',
  examples: {
    ok: `# Raw dump

\`\`\`
run 1: 6595.66 tok/s
\`\`\`
`,
    notOk: `# Raw dump

\`\`\`
run 1: 6595.66 tok/s
\`\`\`
`,
    expand: {
      note: 'the fence line `run 1: 6595.66 tok/s` repeated 50,000 times (1.1 MB)',
      page: (shown) => shown.replace('run 1: 6595.66 tok/s\n', 'run 1: 6595.66 tok/s\n'.repeat(50_000)),
    },
  },
  check() {
    // Reported by the page limits, not by a check of its own.
  },
};
