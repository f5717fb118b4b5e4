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
    const out = [];
    for (const c of report.claims) {
      if (c.verdict === 'verified') continue;
      const foreign = [c.source, ...c.sources].find((s) => s && s.path !== report.path);
      if (!foreign) continue;
      out.push(
        draft('claim-other-page', 'error', c, `\`${c.text}\` is printed by no run of this page but by a run of ${foreign.path} (line ${foreign.line})`, {
          expected: c.recomputed !== null ? String(c.recomputed) : 'a run on this page',
          actual: `${c.text}, as in ${foreign.path}:${foreign.line}`,
          cause: { file: foreign.path, line: foreign.line, note: 'the run that prints this value' },
        }),
      );
    }
    return out;
  },
};
