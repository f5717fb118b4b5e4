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
 * message says what stopped. Reported by the claim verification (`src/lib/claims/verify-claims.ts`); this file documents
 * the id.
 */
export const verifyInternalError: Rule = {
  id: 'verify-internal-error',
  severity: 'error',
  description: 'Claim verification stopped on an internal error; the page keeps the claims checked so far.',
  fix: 'Report it as a perflab bug with the page attached; the message names the error.',
  reportedBy: 'the claim verification (`src/lib/claims/verify-claims.ts`)',
  examples: {
    ok: `# Demo

A page whose claims are checked.
`,
    notOk: ``,
    unreachable:
      'Internal error: no page content causes it: it is raised only when perflab itself throws on a page (a bug), and the rest of the page and the set are still checked.',
  },
  check() {
    // Reported by the claim verification, not by a check of its own.
  },
};
