/**
 * `parse-internal-error` (error): Parsing the Markdown stopped on an internal error; the page is read as empty.
 *
 * Examples: `examples` below holds an ok page and says why no page is not ok; the tests check it and docs/rules.md#parse-internal-error
 * shows it.
 */
import type { Rule } from './types.js';

/** What was thrown, in words: an error's message, anything else as a string. */
const describe = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause));

/**
 * The Markdown parser threw on the page. perflab never throws on content, so the page is read as an empty tree and
 * this message says what stopped. The parser (`markdown/parse.ts`) catches the error and hands it over; the
 * pipeline turns it into this message with the rule's `internal` stage.
 */
export const parseInternalError = {
  id: 'parse-internal-error',
  severity: 'error',
  description: 'Parsing the Markdown stopped on an internal error; the page is read as empty.',
  fix: 'Report it as a perflab bug with the page attached; the message names the error.',
  examples: {
    ok: `# Demo

A page the parser reads.
`,
    notOk: ``,
    unreachable:
      'Internal error: no page content causes it: it is raised only when perflab itself throws on a page (a bug), and the rest of the page and the set are still checked.',
  },
  internal: ({ error, line, column }) => ({
    ruleId: 'parse-internal-error',
    severity: 'error',
    line,
    column,
    message: `Internal parser error: ${describe(error)}`,
    expected: 'a parsed page',
    actual: 'an exception',
  }),
} satisfies Rule;
