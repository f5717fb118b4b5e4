/**
 * claim-other-page: a stated number that no run on its own page supports but that a run on ANOTHER page
 * prints: a value copied from another report. Runs over the whole set of pages checked together.
 *
 * ok:
 *   a page whose `Result: A (100.00 tok/s)` restates its own run
 * not ok:
 *   a page whose `Total TPS: 8424.86` matches only a run on another page
 */
import { draft } from '../../diagnostics.js';
import type { Rule } from '../../rules/types.js';
import { EXAMPLE_OK } from './examples.js';

export const claimOtherPage: Rule = {
  id: 'claim-other-page',
  severity: 'error',
  description: "A stated number that matches a run on another page instead of its own page's runs.",
  examples: { ok: EXAMPLE_OK, notOk: EXAMPLE_OK },
  check({ report }) {
    return report.claims
      .filter((c) => c.verdict === 'untraceable' && c.source && c.source.path !== report.path)
      .map((c) =>
        draft('claim-other-page', 'error', c, `\`${c.text}\` matches no run on this page but a run of ${c.source!.path} (line ${c.source!.line})`, {
          expected: 'a run on this page',
          actual: `${c.source!.path}:${c.source!.line}`,
          cause: { file: c.source!.path, line: c.source!.line, note: 'the run that prints this value' },
        }),
      );
  },
};
