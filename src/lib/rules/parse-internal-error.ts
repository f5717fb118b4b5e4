/**
 * `parse-internal-error` (error): Parsing the Markdown stopped on an internal error; the page is read as empty.
 *
 * Examples: `examples` below holds an ok page and says why no page is not ok; the tests check it and docs/rules.md#parse-internal-error
 * shows it.
 */
import type { Rule } from './types.js';

/**
 * The Markdown parser threw on the page. perflab never throws on content, so the page is read as an empty tree and
 * this message says what stopped. Reported by the Markdown parser (`src/lib/markdown/parse.ts`); this file
 * documents the id.
 */
export const parseInternalError: Rule = {
  id: 'parse-internal-error',
  severity: 'error',
  description: 'Parsing the Markdown stopped on an internal error; the page is read as empty.',
  fix: 'Report it as a perflab bug with the page attached; the message names the error.',
  reportedBy: 'the Markdown parser (`src/lib/markdown/parse.ts`)',
  examples: {
    ok: `# Demo

A page the parser reads.
`,
    notOk: ``,
    unreachable:
      'Internal error: no page content causes it: it is raised only when perflab itself throws on a page (a bug), and the rest of the page and the set are still checked.',
  },
  check() {
    // Reported by the Markdown parser, not by a check of its own.
  },
};
