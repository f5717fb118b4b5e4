/**
 * `table-too-large` (error): A table is over the row limit (2,000 rows) or the cell limit (20,000 cells); the page is not parsed.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#table-too-large shows them.
 */
import type { Draft } from '../diagnostics.js';
import { LIMITS } from '../limit-scan.js';
import type { Rule } from './types.js';

function tooLarge(line: number, limit: number, what: 'rows' | 'cells'): Draft {
  return {
    ruleId: 'table-too-large',
    severity: 'error',
    line,
    column: 1,
    message: `Table of more than ${limit} ${what} is over the limit; the page is not parsed. Split the table, or put the raw data in a fenced block.`,
    expected: `at most ${limit} table ${what}`,
    actual: `more than ${limit} ${what}`,
  };
}

/**
 * A table of more than `LIMITS.tableRows` consecutive rows, or more than `LIMITS.tableCells` cells (its `|`): table
 * parsing time grows faster than the rows and costs much per cell, so such a page is reported and not parsed, and the rest of the set is still checked. Found before
 * parsing (its `source` stage), on each table's rows and cells as the line scan counts them, at the table's first line.
 */
export const tableTooLarge = {
  id: 'table-too-large',
  severity: 'error',
  description: 'A table is over the row limit (2,000 rows) or the cell limit (20,000 cells); the page is not parsed.',
  fix: 'Split the table, or put the raw data in a fenced block.',
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
  source(m) {
    if (m.kind !== 'table') return null;
    if (m.cells > LIMITS.tableCells) return tooLarge(m.line, LIMITS.tableCells, 'cells');
    return m.rows > LIMITS.tableRows ? tooLarge(m.line, LIMITS.tableRows, 'rows') : null;
  },
} satisfies Rule;
