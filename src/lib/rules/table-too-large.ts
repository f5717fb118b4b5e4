/**
 * `table-too-large` (error): A table is over the row limit (2,000 rows) or the cell limit (20,000 cells); the page is not parsed.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#table-too-large shows them.
 */
import type { Rule } from './types.js';

/**
 * A table of more than `LIMITS.tableRows` consecutive rows, or more than `LIMITS.tableCells` cells (its `|`): table
 * parsing time grows faster than the rows and costs much per cell, so such a page is reported and not parsed, and the rest of the set is still checked. Reported by the page limits
 * (`src/lib/limits.ts`), before parsing; this file documents the id.
 */
export const tableTooLarge: Rule = {
  id: 'table-too-large',
  severity: 'error',
  description: 'A table is over the row limit (2,000 rows) or the cell limit (20,000 cells); the page is not parsed.',
  fix: 'Split the table, or put the raw data in a fenced block.',
  reportedBy: 'the page limits (`src/lib/limits.ts`), before parsing',
  examples: {
    ok: `# Results

| Case | TPS |
|---|---|
| A | 1 |
`,
    notOk: `# Results

| Case | TPS |
|---|---|
| A | 1 |
`,
    expand: {
      note: 'the row `| A | 1 |` repeated 2,001 times',
      page: (shown) => shown.replace('| A | 1 |\n', '| A | 1 |\n'.repeat(2_001)),
    },
  },
  check() {
    // Reported by the page limits, not by a check of its own.
  },
};
