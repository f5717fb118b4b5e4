/**
 * `verify-internal-error` (error): Claim verification stopped on an internal error; the page keeps the claims
 * checked so far.
 *
 * Examples: `examples` below holds an ok page and says why no page is not ok; the tests check it and docs/rules.md#verify-internal-error
 * shows it.
 */
import type { Rule } from './types.js';

/**
 * The claim verification threw on the page. The claims checked before it stopped keep their verdicts and this
 * message says what stopped. The claim verification (`claims/verify-claims.ts`) catches the error at the node a claim
 * kind stopped on and hands it over with the kind; the check stage (`checks.ts`) turns it into this message with the
 * rule's `internal` stage.
 */
export const verifyInternalError = {
  id: 'verify-internal-error',
  severity: 'error',
  description: 'Claim verification stopped on an internal error; the page keeps the claims checked so far.',
  fix: 'Report it as a perflab bug with the page attached; the message names the error.',
  examples: {
    ok: `# Demo

A page whose claims are checked.
`,
    notOk: ``,
    unreachable:
      'Internal error: no page content causes it: it is raised only when perflab itself throws on a page (a bug), and the rest of the page and the set are still checked.',
  },
  internal: ({ error, where, line, column }) => ({
    ruleId: 'verify-internal-error',
    severity: 'error',
    line,
    column,
    message: `Claim verification stopped (${where}): ${String(error)}`,
  }),
} satisfies Rule;
