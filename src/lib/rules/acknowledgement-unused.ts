/**
 * `acknowledgement-unused` (warning): An acknowledgement comment accepts no finding.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#acknowledgement-unused shows them.
 */
import { acknowledgedChart } from './shared/examples.js';
import type { Rule } from './types.js';

/**
 * A well-formed `<!-- perflab-ignore rule-id: reason -->` that no finding of its rule falls within (its own line,
 * or, alone on its line, the block below it). Stale acknowledgements would otherwise pile up and silently accept a
 * later, different finding. Reported by the acknowledgement pass of the pipeline (`src/lib/acknowledge.ts`), after
 * the rules; this file documents the id.
 */
export const acknowledgementUnused: Rule = {
  id: 'acknowledgement-unused',
  severity: 'warning',
  description: 'An acknowledgement comment accepts no finding.',
  fix: 'Remove the comment, or move it next to the finding it means (on its line, or alone on the line above its block).',
  reportedBy: 'the acknowledgement pass of the pipeline (`src/lib/acknowledge.ts`), after the rules',
  examples: {
    ok: acknowledgedChart('perflab-ignore', 'chart-kept-upstream.png'),
    notOk: acknowledgedChart('perflab-ignore', 'https://example.org/chart.png'),
  },
  check() {
    // Reported by the acknowledgement pass of the pipeline, not by a check of its own.
  },
};
