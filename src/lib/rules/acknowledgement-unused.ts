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
 * later, different finding. Found after the other rules (its `after` stage), on the comments the acknowledgement
 * pass (`acknowledge.ts`) read and the ones it found a finding for.
 */
export const acknowledgementUnused = {
  id: 'acknowledgement-unused',
  severity: 'warning',
  description: 'An acknowledgement comment accepts no finding.',
  fix: 'Remove the comment, or move it next to the finding it means (on its line, or alone on the line above its block).',
  examples: {
    ok: acknowledgedChart('perflab-ignore', 'chart-kept-upstream.png'),
    notOk: acknowledgedChart('perflab-ignore', 'https://example.org/chart.png'),
  },
  after: ({ path, acks, used }) =>
    acks
      .filter((a) => a.problem === undefined && !used.has(a))
      .map((a) => ({
        file: path,
        line: a.line,
        column: 1,
        ruleId: 'acknowledgement-unused',
        severity: 'warning',
        message: `Acknowledgement of \`${a.ruleId}\` matches no finding; remove it or move it next to the finding`,
      })),
} satisfies Rule;
