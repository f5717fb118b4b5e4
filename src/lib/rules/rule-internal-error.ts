/**
 * `rule-internal-error` (error): A rule stopped on an internal error on this page; the other rules still ran.
 *
 * Examples: `examples` below holds an ok page and says why no page is not ok; the tests check it and docs/rules.md#rule-internal-error
 * shows it.
 */
import type { Rule } from './types.js';

/**
 * A rule threw while checking the page. Its findings on this page are lost, so the message says which rule stopped
 * and why; every other rule still runs. The rule runner (`checks.ts`) catches the error and hands it over with the
 * id of the rule that threw; this rule's `internal` stage words the message.
 */
export const ruleInternalError = {
  id: 'rule-internal-error',
  severity: 'error',
  description: 'A rule stopped on an internal error on this page; the other rules still ran.',
  fix: 'Report it as a perflab bug with the page attached; the message names the rule and the error.',
  examples: {
    ok: `# Demo

A page every rule checks.
`,
    notOk: ``,
    unreachable:
      'Internal error: no page content causes it: it is raised only when perflab itself throws on a page (a bug), and the rest of the page and the set are still checked.',
  },
  internal: ({ error, where, line, column }) => ({
    ruleId: 'rule-internal-error',
    severity: 'error',
    line,
    column,
    message: `Rule ${where} failed: ${String(error)}`,
  }),
} satisfies Rule;
