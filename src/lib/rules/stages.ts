/** The stages of the pipeline a rule finds its findings in: one function of its file each (`types.ts`). */
import type { Rule } from './types.js';

/** Where each stage runs, in the words of the rules' documentation (docs/rules.md). */
export const STAGES = {
  source: 'before the page is parsed, on what the line scan of the page limits measures (`src/lib/limits.ts`)',
  check: 'on the page model, with the other rules (`src/lib/checks.ts`)',
  internal: "where perflab's own code stops on the page: the stage that catches the error hands it to this rule",
  placement: 'when the claim verification places the claims for the renderer (`src/lib/checks.ts`)',
  after: "after the other rules and the acknowledgements, on the page's `perflab-ignore` comments (`src/lib/acknowledge.ts`)",
  index: 'when the site indexes the page (`src/lib/site/search-value.ts`); `perflab check` does not index',
} as const;

export type Stage = keyof typeof STAGES;

/** The stages a rule has a function for. */
export function stagesOf(rule: Rule): Stage[] {
  return (Object.keys(STAGES) as Stage[]).filter((stage) => typeof rule[stage] === 'function');
}
