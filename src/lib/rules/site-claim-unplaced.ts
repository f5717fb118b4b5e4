/**
 * `site-claim-unplaced` (warning): A checked claim cannot be marked on the rendered page; its verdict shows in the
 * findings only.
 *
 * Examples: `examples` below holds an ok page and says why no page is not ok; the tests check it and docs/rules.md#site-claim-unplaced
 * shows it.
 */
import type { Rule } from './types.js';

/**
 * Every claim of the page is marked in the rendered HTML with its verdict and a link to its source run; a claim
 * the renderer cannot find in the rendered text is listed here instead of disappearing. The claim verification
 * (`claims/verify-claims.ts`) places each claim as the renderer will and hands on the ones it cannot place, with
 * why; the check stage (`checks.ts`) words each with this rule's `placement` stage.
 */
export const siteClaimUnplaced = {
  id: 'site-claim-unplaced',
  severity: 'warning',
  description: 'A checked claim cannot be marked on the rendered page; its verdict shows in the findings only.',
  fix: 'Report it as a perflab bug with the page attached.',
  examples: {
    ok: `# Demo

A page whose claims are all marked.
`,
    notOk: ``,
    unreachable:
      'Renderer fault: each claim is marked in the very text node it was read from, at its source offsets, so no page content is known to cause it; it is reported, never silent, when the placement misses one.',
  },
  placement: ({ line, column, text, reason }) => ({
    ruleId: 'site-claim-unplaced',
    severity: 'warning',
    line,
    column,
    message: `Claim \`${text}\` cannot be marked on the site: ${reason}`,
  }),
} satisfies Rule;
