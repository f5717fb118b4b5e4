/**
 * `table-no-blank-line` (warning): A table follows a paragraph without a blank line; MkDocs does not render it as a
 * table.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#table-no-blank-line shows them.
 */
import type { Rule } from './types.js';

/**
 * A table that starts on the line right after a paragraph: GitHub-flavoured Markdown reads it as a table,
 * Python-Markdown (MkDocs) as part of the paragraph, so the published page shows pipes. Reported by the Markdown
 * parser (`src/lib/markdown/tables.ts`); this file documents the id.
 */
export const tableNoBlankLine: Rule = {
  id: 'table-no-blank-line',
  severity: 'warning',
  description: 'A table follows a paragraph without a blank line; MkDocs does not render it as a table.',
  fix: 'Put a blank line between the paragraph and the table.',
  reportedBy: 'the Markdown parser (`src/lib/markdown/tables.ts`)',
  examples: {
    ok: `# Results

The runs:

| Case | TPS |
|---|---|
| A | 1 |
`,
    notOk: `# Results

The runs:
| Case | TPS |
|---|---|
| A | 1 |
`,
  },
  check() {
    // Reported by the Markdown parser, not by a check of its own.
  },
};
